import { describe, expect, it } from 'vitest';
import { eventUsd, fromLiveEvent, liveEventKey } from '../../../lib/watch/event';
import {
  applyRules,
  countByName,
  decide,
  decideAll,
  inQuietHours,
  localMinutes,
  type PolicyEvent,
  planBurst,
  type Shown,
} from '../../../lib/watch/policy';
import { addr, closed, deposit, filled, opened, rules, SOL, withdraw } from './fixtures';

// 2025-01-15 00:00 UTC
const MIDNIGHT_UTC = Date.UTC(2025, 0, 15);
const at = (h: number, m = 0) => MIDNIGHT_UTC + (h * 60 + m) * 60_000;
const ev = (patch: Partial<PolicyEvent> = {}): PolicyEvent => ({
  key: 't:sig:0',
  eventName: 'Filled',
  usd: 50,
  ...patch,
});
const noon = { now: at(12), timezoneOffsetMinutes: 0 };

describe('local time', () => {
  it('applies the timezone offset in the Date#getTimezoneOffset convention', () => {
    expect(localMinutes(at(12, 30), 0)).toBe(12 * 60 + 30);
    expect(localMinutes(at(23, 30), -120)).toBe(60 + 30); // UTC+2: already 01:30 next day
    expect(localMinutes(at(1), 300)).toBe(20 * 60); // UTC-5: 20:00 the day before
  });
});

describe('quiet hours', () => {
  const q = (start: string, end: string) => ({ enabled: true, start, end });

  it('same-day window: [start, end)', () => {
    expect(inQuietHours(q('13:00', '15:00'), at(12, 59), 0)).toBe(false);
    expect(inQuietHours(q('13:00', '15:00'), at(13), 0)).toBe(true);
    expect(inQuietHours(q('13:00', '15:00'), at(14, 59), 0)).toBe(true);
    expect(inQuietHours(q('13:00', '15:00'), at(15), 0)).toBe(false);
  });

  it('window spanning midnight (22:00-07:00)', () => {
    const w = q('22:00', '07:00');
    expect(inQuietHours(w, at(21, 59), 0)).toBe(false);
    expect(inQuietHours(w, at(22), 0)).toBe(true);
    expect(inQuietHours(w, at(23, 59), 0)).toBe(true);
    expect(inQuietHours(w, at(0), 0)).toBe(true);
    expect(inQuietHours(w, at(6, 59), 0)).toBe(true);
    expect(inQuietHours(w, at(7), 0)).toBe(false);
    expect(inQuietHours(w, at(12), 0)).toBe(false);
  });

  it('uses local time: 21:00 UTC is 23:00 in UTC+2', () => {
    const w = q('22:00', '07:00');
    expect(inQuietHours(w, at(21), 0)).toBe(false);
    expect(inQuietHours(w, at(21), -120)).toBe(true);
    expect(inQuietHours(w, at(5), 360)).toBe(true); // UTC-6: 23:00 the day before
    expect(inQuietHours(w, at(13), 360)).toBe(false); // UTC-6: 07:00, the window's end
  });

  it('disabled, or start equal to end, is never quiet', () => {
    expect(inQuietHours({ enabled: false, start: '00:00', end: '23:59' }, at(12), 0)).toBe(false);
    expect(inQuietHours(q('08:00', '08:00'), at(8), 0)).toBe(false);
  });

  it('quiet events are kept as unread (quiet), not dropped', () => {
    const r = rules({ quietHours: { enabled: true, start: '22:00', end: '07:00' } });
    expect(applyRules(r, ev(), { now: at(23), timezoneOffsetMinutes: 0 })).toEqual({
      action: 'quiet',
      reason: 'quiet-hours',
    });
    expect(applyRules(r, ev(), noon)).toEqual({ action: 'notify' });
  });
});

describe('rules', () => {
  it('per-event switches; CollectedFee and unknown names have none', () => {
    const r = rules({
      events: { Opened: true, Filled: false, Closed: true, Deposit: false, Withdraw: true },
    });
    expect(applyRules(r, ev({ eventName: 'Filled' }), noon)).toEqual({ action: 'drop', reason: 'event-off' });
    expect(applyRules(r, ev({ eventName: 'Deposit' }), noon)).toEqual({
      action: 'drop',
      reason: 'event-off',
    });
    expect(applyRules(r, ev({ eventName: 'Opened' }), noon)).toEqual({ action: 'notify' });
    expect(applyRules(r, ev({ eventName: 'CollectedFee' }), noon).action).toBe('drop');
    expect(applyRules(r, ev({ eventName: 'SomethingNew' }), noon).action).toBe('drop');
  });

  it('the master switch drops everything', () => {
    expect(applyRules(rules({ enabled: false }), ev(), noon)).toEqual({ action: 'drop', reason: 'disabled' });
  });

  it('minimum USD: below drops, equal passes; an unknown value is kept as unread without a pop-up', () => {
    const r = rules({ minUsd: 100 });
    expect(applyRules(r, ev({ usd: 99.99 }), noon)).toEqual({ action: 'drop', reason: 'below-min' });
    expect(applyRules(r, ev({ usd: 100 }), noon)).toEqual({ action: 'notify' });
    // unknown: it may or may not clear the minimum, so it is counted (quiet), never silently lost
    expect(applyRules(r, ev({ usd: null }), noon)).toEqual({ action: 'quiet', reason: 'no-usd' });
    expect(applyRules(r, ev({ eventName: 'Deposit', usd: null }), noon)).toEqual({
      action: 'quiet',
      reason: 'no-usd',
    });
    expect(applyRules(rules({ minUsd: 0 }), ev({ usd: null }), noon)).toEqual({ action: 'notify' });
  });

  it('minimum USD: an order opening or closing below it is dropped; of unknown value it is shown', () => {
    const r = rules({ minUsd: 100 });
    for (const eventName of ['Opened', 'Closed']) {
      expect(applyRules(r, ev({ eventName, usd: null }), noon), eventName).toEqual({ action: 'notify' });
      expect(applyRules(r, ev({ eventName, usd: 5 }), noon), eventName).toEqual({
        action: 'drop',
        reason: 'below-min',
      });
      expect(applyRules(r, ev({ eventName, usd: 50_000 }), noon), eventName).toEqual({ action: 'notify' });
    }
    // still switched off when the user turned them off, and quiet in quiet hours
    const off = rules({
      minUsd: 100,
      events: { Opened: false, Filled: true, Closed: true, Deposit: true, Withdraw: true },
    });
    expect(applyRules(off, ev({ eventName: 'Opened', usd: null }), noon)).toEqual({
      action: 'drop',
      reason: 'event-off',
    });
    const night = rules({ minUsd: 100, quietHours: { enabled: true, start: '22:00', end: '07:00' } });
    expect(
      applyRules(night, ev({ eventName: 'Closed', usd: null }), { now: at(23), timezoneOffsetMinutes: 0 }),
    ).toEqual({
      action: 'quiet',
      reason: 'quiet-hours',
    });
  });

  it('reads USD from the event, or from amount x price when the USD field is missing', () => {
    const w = addr(1);
    expect(eventUsd(filled({ wallet: w, usd: 49.95 }))).toBe(49.95);
    expect(eventUsd(deposit({ wallet: w, usd: 250 }))).toBe(250);
    expect(eventUsd(closed({ wallet: w }))).toBeNull();
    const priced = { ...deposit({ wallet: w, usd: null, amount: '2500000' }), prices: {} };
    priced.prices = { EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 1.0 };
    expect(eventUsd(priced)).toBeCloseTo(2.5);
    expect(eventUsd(opened({ wallet: w, usd: 1000 }))).toBe(1000);
  });

  it('a zero USD field does not hide the non-zero one; a genuinely $0 event stays $0', () => {
    const w = addr(1);
    // Withdraw of the bought token: nothing on the input side, $240 of SOL out
    const out = { ...withdraw({ wallet: w }), usd: { inAmountUsd: 0, outAmountUsd: 240 } };
    expect(eventUsd(out)).toBe(240);
    // A fully filled order closing: nothing left of the input to withdraw, $1,000 of output
    const done = { ...closed({ wallet: w }), usd: { totalInWithdrawnUsd: 0, totalOutWithdrawnUsd: 1000 } };
    expect(eventUsd(done)).toBe(1000);
    expect(decide(rules({ minUsd: 10 }), fromLiveEvent(done, 0)!, noon)).toEqual({ action: 'notify' });
    expect(decide(rules({ minUsd: 10 }), fromLiveEvent(out, 0)!, noon)).toEqual({ action: 'notify' });
    // every field zero: the service says $0, and $0 it is
    expect(eventUsd({ ...out, usd: { inAmountUsd: 0, outAmountUsd: 0 } })).toBe(0);
    // no USD field, no input amount: the output side's amount x price values the withdrawal
    const priced = { ...withdraw({ wallet: w }), prices: { [SOL]: 160 } };
    expect(eventUsd(priced)).toBeCloseTo(240);
  });
});

describe('de-dup', () => {
  it('drops a key already seen, before any rule', () => {
    const seen = new Set(['t:sig:0']);
    const ctx = { ...noon, seen: (k: string) => seen.has(k) };
    expect(decide(rules({ enabled: false }), ev(), ctx)).toEqual({ action: 'drop', reason: 'duplicate' });
    expect(decide(rules(), ev({ key: 't:sig:1' }), ctx)).toEqual({ action: 'notify' });
  });

  it('drops copies inside one batch and events whose alias was seen', () => {
    const d = decideAll(
      rules(),
      [ev(), ev(), ev({ key: 't:other:0', aliases: ['opened:X'] }), ev({ key: 'poll:x', aliases: [] })],
      { ...noon, seen: (k) => k === 'poll:x' },
    );
    expect(d.map((x) => (x.action === 'drop' ? x.reason : x.action))).toEqual([
      'notify',
      'duplicate',
      'notify',
      'duplicate',
    ]);
    const alias = decideAll(rules(), [ev({ key: 'opened:X' })], { ...noon, seen: (k) => k === 'opened:X' });
    expect(alias[0]).toEqual({ action: 'drop', reason: 'duplicate' });
  });

  it('keys live events by signature + eventIndex, and Opened/Closed also by order', () => {
    const e = opened({ wallet: addr(1), order: addr(50), signature: 'S1', eventIndex: 2 });
    expect(liveEventKey(e)).toBe('t:S1:2');
    const w = fromLiveEvent(e, 0);
    expect(w).toMatchObject({
      key: 't:S1:2',
      aliases: [`opened:${addr(50)}`],
      wallet: addr(1),
      order: addr(50),
    });
    // same transaction, another instruction: a different event
    expect(liveEventKey({ ...e, eventIndex: 3 })).toBe('t:S1:3');
  });

  it('takes the wallet from the wallet room it arrived on', () => {
    const e = { ...filled({ wallet: addr(1) }), owner: undefined };
    expect(fromLiveEvent(e, 0, `dca:jupiter:wallet:${addr(2)}`)?.wallet).toBe(addr(2));
  });
});

describe('bursts', () => {
  const s = (i: number, atMs: number, eventName = 'Filled', id?: string): Shown => ({
    key: `k${i}`,
    eventName,
    at: atMs,
    count: 1,
    ...(id ? { notificationId: id } : {}),
  });

  it('up to 3 events in 60 s stay individual notifications', () => {
    const plan = planBurst([s(1, 0, 'Filled', 'n1'), s(2, 1000, 'Filled', 'n2')], [s(3, 2000)], 2000);
    expect(plan.summary).toBe(false);
    expect(plan.recent).toHaveLength(3);
  });

  it('the 4th within 60 s turns the run into one summary that replaces the individual ones', () => {
    const recent = [s(1, 0, 'Filled', 'n1'), s(2, 1000, 'Filled', 'n2'), s(3, 2000, 'Filled', 'n3')];
    const plan = planBurst(recent, [s(4, 3000), s(5, 3000, 'Deposit')], 3000);
    expect(plan.summary).toBe(true);
    expect(plan.replace).toEqual(['n1', 'n2', 'n3']);
    expect([...countByName(plan.recent)]).toEqual([
      ['Filled', 4],
      ['Deposit', 1],
    ]);
    // the summary replaced them: nothing to clear next time
    expect(plan.recent.every((x) => x.notificationId === undefined)).toBe(true);
  });

  it('events older than 60 s no longer count', () => {
    const recent = [s(1, 0, 'Filled', 'n1'), s(2, 1000, 'Filled', 'n2'), s(3, 2000, 'Filled', 'n3')];
    const plan = planBurst(recent, [s(4, 60_500)], 60_500);
    expect(plan.summary).toBe(false);
    expect(plan.recent.map((x) => x.key)).toEqual(['k2', 'k3', 'k4']);
  });

  it('counts what a polled change stands for (3 fills found at once)', () => {
    const plan = planBurst([s(1, 0, 'Filled', 'n1')], [{ ...s(2, 10), count: 3 }], 10);
    expect(plan.summary).toBe(true);
  });
});
