import type { ContentScriptContext } from 'wxt/utils/content-script-context';

export function startOverlay(ctx: ContentScriptContext): void {
  if (ctx.isInvalid) return;
  document.documentElement.dataset.onchainLens = 'ready';
}
