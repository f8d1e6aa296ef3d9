import { defineContentScript } from 'wxt/utils/define-content-script';
import { startOverlay } from '../../lib/overlay/start';

export default defineContentScript({
  // The supported sites (and, in simulator builds, the local fixture hosts) are written into the
  // manifest by wxt.config.ts (build:manifestGenerated): the script itself never needs the list.
  matches: [],
  runAt: 'document_idle',
  main: (ctx) => startOverlay(ctx),
});
