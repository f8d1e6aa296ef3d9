/**
 * A tab's overlay across setting changes (lib/overlay/session.ts): replaced when what it runs with
 * changes, kept when nothing did, none while the site is off or no key is saved; the latest change wins.
 */
import { describe, expect, it } from 'vitest';
import { overlaySession } from '../../../lib/overlay/session';
import type { OverlayConfig } from '../../../lib/overlay/types';

const ON: OverlayConfig = {
  enabled: true,
  maxBadges: 300,
  theme: 'auto',
  currency: 'usd',
  pnlMode: 'strict',
  hasKey: true,
};

/** A session whose config answers are set by the test (each read takes the next, or waits). */
function setup(first: OverlayConfig | null = ON) {
  let config: OverlayConfig | null = first;
  const held: ((c: OverlayConfig | null) => void)[] = [];
  let hold = false;
  let frames = 0;
  const made: { config: OverlayConfig; destroyed: boolean }[] = [];
  const marks: string[] = [];
  const session = overlaySession({
    readConfig: () => (hold ? new Promise((ok) => held.push(ok)) : Promise.resolve(config)),
    firstFrame: async () => {
      frames++;
    },
    create(c) {
      const o = {
        config: c,
        destroyed: false,
        destroy() {
          o.destroyed = true;
        },
      };
      made.push(o);
      return o;
    },
    mark: (state) => {
      marks.push(state);
    },
  });
  return {
    session,
    made,
    marks,
    live: () => made.filter((o) => !o.destroyed),
    frames: () => frames,
    set(c: OverlayConfig | null) {
      config = c;
    },
    hold(on: boolean) {
      hold = on;
    },
    answer: (i: number, c: OverlayConfig | null) => held[i]!(c),
  };
}

describe('overlaySession', () => {
  it('starts one overlay with the config, after the first frame, and marks the page ready', async () => {
    const t = setup();
    await t.session.apply(true);
    expect(t.made.map((o) => o.config)).toEqual([ON]);
    expect(t.frames()).toBe(1);
    expect(t.marks).toEqual(['ready']);
    expect(t.session.current()).toBe(t.made[0]);
  });

  it('a settings change that changes nothing for this tab keeps its overlay (another site switched off)', async () => {
    const t = setup();
    await t.session.apply(true);
    await t.session.apply(false);
    expect(t.made).toHaveLength(1);
    expect(t.live()).toHaveLength(1);
  });

  it.each([
    ['theme', { theme: 'dark' }],
    ['currency', { currency: 'eur' }],
    ['PnL mode', { pnlMode: 'raw' }],
    ['most badges', { maxBadges: 20 }],
  ] as const)('a new %s replaces the overlay with one running with it', async (_, patch) => {
    const t = setup();
    await t.session.apply(true);
    t.set({ ...ON, ...patch });
    await t.session.apply(false);
    expect(t.made).toHaveLength(2);
    expect(t.made[0]!.destroyed).toBe(true);
    expect(t.live().map((o) => o.config)).toEqual([{ ...ON, ...patch }]);
    expect(t.frames()).toBe(1); // the first frame is waited for once
  });

  it('the site switched off takes the overlay away; switched on again, it comes back', async () => {
    const t = setup();
    await t.session.apply(true);
    t.set({ ...ON, enabled: false });
    await t.session.apply(false);
    expect(t.live()).toEqual([]);
    expect(t.session.current()).toBeNull();
    expect(t.marks).toEqual(['ready', 'off']);
    t.set(ON);
    await t.session.apply(false);
    expect(t.live()).toHaveLength(1);
    expect(t.marks).toEqual(['ready', 'off', 'ready']);
  });

  it('no key: no overlay (every badge could only say so) until one is saved', async () => {
    const t = setup({ ...ON, hasKey: false });
    await t.session.apply(true);
    expect(t.made).toEqual([]);
    expect(t.marks).toEqual(['off']);
    expect(t.frames()).toBe(0);
    t.set(ON);
    await t.session.apply(true);
    expect(t.live()).toHaveLength(1);
    expect(t.marks).toEqual(['off', 'ready']);
  });

  it('a new key or data host replaces the overlay even with the same settings (failed badges ask again)', async () => {
    const t = setup();
    await t.session.apply(true);
    await t.session.apply(true);
    expect(t.made).toHaveLength(2);
    expect(t.live()).toEqual([t.made[1]]);
  });

  it('an unreachable background shows nothing rather than broken badges', async () => {
    const t = setup(null);
    await t.session.apply(true);
    expect(t.made).toEqual([]);
    expect(t.marks).toEqual(['off']);
  });

  it('the latest change wins: an earlier answer arriving last does nothing', async () => {
    const t = setup();
    await t.session.apply(true);
    t.hold(true);
    const older = t.session.apply(false);
    const newer = t.session.apply(false);
    t.answer(1, { ...ON, theme: 'dark' });
    await newer;
    t.answer(0, { ...ON, enabled: false }); // read before the change the newer answer reflects
    await older;
    expect(t.live().map((o) => o.config.theme)).toEqual(['dark']);
    expect(t.made).toHaveLength(2);
  });

  it('a key or host change superseded by a settings change that changes nothing here still replaces the overlay', async () => {
    const t = setup();
    await t.session.apply(true);
    t.hold(true);
    const hosts = t.session.apply(true); // the data host changed: failed badges must ask again
    const settings = t.session.apply(false); // another site switched off right after
    t.answer(0, ON);
    t.answer(1, ON);
    await Promise.all([hosts, settings]);
    expect(t.made).toHaveLength(2);
    expect(t.live()).toEqual([t.made[1]]);
  });

  it('destroy (the content script invalidated) takes the overlay down, and nothing starts after it', async () => {
    const t = setup();
    await t.session.apply(true);
    t.hold(true);
    const pending = t.session.apply(false);
    t.session.destroy();
    expect(t.live()).toEqual([]);
    t.answer(0, { ...ON, theme: 'dark' });
    await pending;
    expect(t.made).toHaveLength(1);
    expect(t.session.current()).toBeNull();
  });
});
