import { defineContentScript } from 'wxt/utils/define-content-script';
import { startOverlay } from '../../lib/overlay/start';
import { OVERLAY_RUN_AT } from '../../lib/sites/run-at';

export default defineContentScript({
  // The supported sites (and, in simulator builds, the local fixture hosts) are written into the
  // manifest by wxt.config.ts (build:manifestGenerated): the script itself never needs the list.
  matches: [],
  runAt: OVERLAY_RUN_AT,
  // WXT would also announce each start with window.postMessage(..., '*'), its type holding the
  // extension's id: every page (and frame) would learn the extension is installed. A newer copy of
  // this script still stops the old one (WXT's document event does that).
  noScriptStartedPostMessage: true,
  main: (ctx) => startOverlay(ctx),
});
