import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BUILD_TEST_HOOKS } from '../env';
import { ask, messenger, onPush } from '../messenger';
import { createScanner } from '../page';
import { recordWork } from '../page/probe';
import { afterFrame } from '../page/schedule';
import { adapterFor } from '../sites';
import { createOverlay } from './runtime';

/**
 * Marks the page for the e2e smoke test. Not `data-onchain-lens`: that attribute is the scanner's
 * "our own UI, skip it" marker, and on <html> it would hide the whole page from the scanner.
 */
function mark(state: 'ready' | 'off'): void {
  document.documentElement.dataset.onchainLensOverlay = state;
}

/** The content script: ask whether this site is on, then one overlay, restarted per page view. */
export async function startOverlay(ctx: ContentScriptContext): Promise<void> {
  if (ctx.isInvalid) return;
  const adapter = adapterFor(location.href, { generic: true });
  if (!adapter) return;
  const readConfig = () => ask('overlayConfig', { host: location.hostname }).catch(() => null);
  // (null: the background is unreachable: show nothing rather than broken badges)
  let config = await readConfig();
  // Without a key every badge could only say so: none until one is saved (the options page opens
  // on install and says what to do); then the config is read again (the site may be off by now).
  while (config?.enabled && !config.hasKey && !ctx.isInvalid) {
    mark('off');
    await new Promise<void>((go) => {
      const stop: () => void = messenger.onMessage('configChanged', ({ data }) => {
        if (data.hasKey) go(stop());
      });
      ctx.onInvalidated(stop);
    });
    config = await readConfig();
  }
  if (!config || ctx.isInvalid) return;
  if (!config.enabled) return mark('off');
  // Scanning starts once the page has rendered its first frame: the first badges read computed
  // styles (where a badge goes, its theme), which before that frame would force the page's whole
  // first style calculation into our work. A hidden tab renders no frame: it starts after 1 s.
  await afterFrame(window, 1000);
  if (ctx.isInvalid) return;
  const overlay = createOverlay({
    ask,
    onPush,
    document,
    config,
    adapter,
    createScanner,
    // Test builds only (spread from `false`, nothing, in store builds): the e2e mirrors; the first
    // retry of a failed badge after 3 s instead of 15 s, so the e2e recovery test
    // (test/e2e/faults.e2e.ts) stays short (production keeps the full schedule); the benchmark's
    // record of the overlay's own work.
    ...(BUILD_TEST_HOOKS && { testHooks: true, retryFirstMs: 3_000, onWork: recordWork }),
  });
  overlay.startPage();
  mark('ready');
  // Another path is another page view. A query or fragment change (a tab, a sort, an in-page link)
  // is not: it kept no badge for a moment and closed an open popover (the scanner sees what the page
  // changes). The event comes before the page is at its new address: its URLs are the truth.
  ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl, oldUrl }) => {
    if (newUrl.pathname !== oldUrl.pathname)
      overlay.startPage(adapterFor(newUrl, { generic: true }) ?? adapter);
  });
  // A new key or API host: a new page view (failed badges are dropped and asked again); the key
  // removed: no badges, as without one. The network back: failed badges are asked again now.
  ctx.onInvalidated(
    messenger.onMessage('configChanged', ({ data }) => {
      if (data.hasKey) overlay.startPage();
      else overlay.stopPage();
      mark(data.hasKey ? 'ready' : 'off');
    }),
  );
  ctx.addEventListener(window, 'online', () => overlay.retryFailed());
  ctx.onInvalidated(() => overlay.destroy());
}
