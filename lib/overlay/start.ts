import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BUILD_TEST_HOOKS } from '../env';
import { ask, messenger, onPush } from '../messenger';
import { createScanner } from '../page';
import { recordWork } from '../page/probe';
import { afterFrame } from '../page/schedule';
import { adapterFor } from '../sites';
import { createOverlay } from './runtime';
import { overlaySession } from './session';

/**
 * Marks the page for the e2e tests (test builds only: a store build tells no page it is installed).
 * Not `data-onchain-lens`: that attribute is the scanner's "our own UI, skip it" marker, and on
 * <html> it would hide the whole page from the scanner.
 */
function mark(state: 'ready' | 'off'): void {
  if (BUILD_TEST_HOOKS) document.documentElement.dataset.onchainLensOverlay = state;
}

/** The content script: one overlay while the site is on and a key is saved, restarted per page view. */
export async function startOverlay(ctx: ContentScriptContext): Promise<void> {
  if (ctx.isInvalid) return;
  let adapter = adapterFor(location.href, { generic: true });
  if (!adapter) return;
  // (run at document_start: the page is read once it is parsed)
  if (document.readyState === 'loading')
    await new Promise((parsed) => document.addEventListener('DOMContentLoaded', parsed, { once: true }));
  if (ctx.isInvalid) return;
  const session = overlaySession({
    readConfig: () => ask('overlayConfig', { host: location.hostname }).catch(() => null),
    // A hidden tab renders no frame: it starts after 1 s.
    firstFrame: () => afterFrame(window, 1000),
    mark,
    create(config) {
      const overlay = createOverlay({
        ask,
        onPush,
        document,
        config,
        adapter,
        createScanner,
        // Test builds only (spread from `false`, nothing, in store builds): the e2e mirrors; the
        // first retry of a failed badge after 3 s instead of 15 s, so the e2e recovery test
        // (test/e2e/faults.e2e.ts) stays short (production keeps the full schedule); the
        // benchmark's record of the overlay's own work.
        ...(BUILD_TEST_HOOKS && { testHooks: true, retryFirstMs: 3_000, onWork: recordWork }),
      });
      overlay.startPage();
      return overlay;
    },
  });
  // Another path is another page view. A query or fragment change (a tab, a sort, an in-page link)
  // is not: it kept no badge for a moment and closed an open popover (the scanner sees what the page
  // changes). The event comes before the page is at its new address: its URLs are the truth.
  ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl, oldUrl }) => {
    if (newUrl.pathname === oldUrl.pathname) return;
    adapter = adapterFor(newUrl, { generic: true }) ?? adapter;
    session.current()?.startPage(adapter);
  });
  // Open tabs follow the options at once: a site switched off loses its badges, a new theme,
  // currency, PnL mode or badge limit shows. A new key or API host starts a new overlay even with
  // the same settings (failed badges are asked again); the key removed: no badges, as without one.
  ctx.onInvalidated(
    messenger.onMessage('configChanged', ({ data }) => void session.apply(data.reason !== 'settings')),
  );
  // The network back: failed badges are asked again now.
  ctx.addEventListener(window, 'online', () => session.current()?.retryFailed());
  ctx.onInvalidated(session.destroy);
  await session.apply(true);
}
