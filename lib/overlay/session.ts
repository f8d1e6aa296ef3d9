import type { OverlayConfig } from './types';

export interface OverlaySessionDeps<T extends { destroy(): void }> {
  /** This page's config (null: the background cannot be reached: show nothing rather than broken badges). */
  readConfig(): Promise<OverlayConfig | null>;
  /** Resolves once the page has rendered its first frame (asked once, before the first overlay). */
  firstFrame(): Promise<void>;
  /** A new overlay running with `config`, its page view started. */
  create(config: OverlayConfig): T;
  mark(state: 'ready' | 'off'): void;
}

/**
 * A tab's overlay across changes of what it runs with: the site switched on or off, the theme, the
 * currency, the PnL mode, the most badges, the key. `apply` reads the config again and, when it
 * differs from the running overlay's (or `always`: a new key or data host, where failed badges must
 * ask again), replaces the overlay: none while the site is off or no key is saved (every badge could
 * only say so). The latest call wins: an older one still waiting for its answer does nothing, and
 * none does once `destroy` ran (the content script invalidated: the extension reloaded or updated).
 */
export function overlaySession<T extends { destroy(): void }>(deps: OverlaySessionDeps<T>) {
  let current: T | null = null;
  let shown = '';
  let turn = 0;
  let frame: Promise<void> | undefined;
  /** A key or host change still to act on: a later call that supersedes its call keeps it. */
  let forced = false;
  return {
    current: () => current,
    async apply(always: boolean): Promise<void> {
      const mine = ++turn;
      forced ||= always;
      const config = await deps.readConfig();
      const key = config?.enabled && config.hasKey ? JSON.stringify(config) : '';
      if (mine !== turn || (key === shown && !forced)) return;
      forced = false;
      current?.destroy();
      current = null;
      shown = '';
      if (!key) return deps.mark('off');
      // The first badges read computed styles (where a badge goes, its theme): before the page's
      // first frame that would force its whole first style calculation into our work.
      frame ??= deps.firstFrame();
      await frame;
      if (mine !== turn) return;
      current = deps.create(config!);
      shown = key;
      deps.mark('ready');
    },
    destroy(): void {
      turn++;
      current?.destroy();
      current = null;
    },
  };
}
