import { defineContentScript } from 'wxt/utils/define-content-script';
import { startOverlay } from '../../lib/overlay/start';

export default defineContentScript({
  // The supported sites (and, in simulator builds, the local fixture hosts) are written into the
  // manifest by wxt.config.ts (build:manifestGenerated): the script itself never needs the list.
  matches: [],
  // Injected before the page is parsed, and waits for it (startOverlay): a script injected at
  // document_idle makes Chromium split the end of a large page's parsing into two tasks, both
  // long (a content script that does nothing did so in most loads of the benchmark's heavy page;
  // at document_start it did not). Nothing is read before the page is parsed and has a frame.
  runAt: 'document_start',
  // WXT would also announce each start with window.postMessage(..., '*'), its type holding the
  // extension's id: every page (and frame) would learn the extension is installed. A newer copy of
  // this script still stops the old one (WXT's document event does that).
  noScriptStartedPostMessage: true,
  main: (ctx) => startOverlay(ctx),
});
