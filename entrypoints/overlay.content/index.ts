import { defineContentScript } from 'wxt/utils/define-content-script';
import { startOverlay } from '../../lib/overlay/start';
import { SITE_MATCHES } from '../../lib/sites/hosts';

export default defineContentScript({
  // Simulator builds add the local fixture hosts in wxt.config.ts (build:manifestGenerated).
  matches: SITE_MATCHES,
  runAt: 'document_idle',
  main: (ctx) => startOverlay(ctx),
});
