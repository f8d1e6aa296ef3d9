import { describe, expect, it } from 'vitest';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import type { ChangeDetail } from '../../../lib/watch/event';
import {
  awayNotification,
  awaySummaryNotification,
  burstNotification,
  changeText,
  displayName,
  eventNotification,
  eventText,
} from '../../../lib/watch/text';
import {
  addr,
  BONK,
  closed,
  deposit,
  filled,
  opened,
  SOL,
  solToken,
  USDC,
  usdcToken,
  withdraw,
} from './fixtures';

const w = addr(1);

describe('who', () => {
  it('label, else .sol name, else short address', () => {
    expect(displayName({ wallet: w, label: 'Whale', domain: 'whale.sol' })).toBe('Whale');
    expect(displayName({ wallet: w, label: null, domain: 'whale.sol' })).toBe('whale.sol');
    expect(displayName({ wallet: w, label: '  ', domain: null })).toBe(`${w.slice(0, 4)}…${w.slice(-4)}`);
  });

  it('cleans bidi overrides out of labels and names', () => {
    expect(displayName({ wallet: w, label: 'evil\u202eabc' })).toBe('evilabc');
  });
});

describe('what', () => {
  it('Filled with decimals (USDC 6, SOL 9), USD and progress', () => {
    expect(eventText(filled({ wallet: w, usd: null }))).toBe('Filled: 50 USDC -> 0.31 SOL, 40% done');
    expect(eventText(filled({ wallet: w, usd: 50 }))).toBe('Filled: 50 USDC -> 0.31 SOL ($50.00), 40% done');
  });

  it('Filled with odd amounts: fraction cut to 4 digits, millions compact, progress rounded down as on the cards', () => {
    const e = DcaTxEventSchema.parse({
      ...filled({ wallet: w }),
      inAmount: '12345678', // 12.345678 USDC
      outAmount: '123456789012', // 1,234,567.89012 BONK (5 decimals)
      usd: { inAmountUsd: 12.345678 },
      order: {
        input: { symbol: 'USDC', decimals: 6 },
        output: { symbol: 'BONK', decimals: 5 },
        progressPercent: 66.6666,
      },
    });
    expect(eventText(e)).toBe('Filled: 12.3456 USDC -> 1.23M BONK ($12.35), 66% done');
  });

  it('Filled without decimals leaves the amounts out rather than show base units', () => {
    const e = DcaTxEventSchema.parse({ ...filled({ wallet: w, usd: null }), order: undefined });
    expect(eventText(e)).toBe(
      `Filled: ${USDC.slice(0, 4)}…${USDC.slice(-4)} -> ${SOL.slice(0, 4)}…${SOL.slice(-4)}`,
    );
  });

  it('Opened: deposit, target token and frequency (seconds or "1h")', () => {
    expect(eventText(opened({ wallet: w }))).toBe('Opened: 1,000 USDC DCA into BONK, every hour');
    expect(eventText(opened({ wallet: w, freq: '86400', deposit: '250000000', usd: 250 }))).toBe(
      'Opened: 250 USDC ($250.00) DCA into BONK, every day',
    );
    expect(eventText(opened({ wallet: w, freq: '1h' }))).toBe('Opened: 1,000 USDC DCA into BONK, every hour');
  });

  it('Closed, Deposit, Withdraw', () => {
    expect(eventText(closed({ wallet: w }))).toBe('Completed: received 51.23M BONK');
    expect(eventText(deposit({ wallet: w }))).toBe('Deposit: 250 USDC ($250.00)');
    expect(eventText(deposit({ wallet: w, usd: null, amount: '1500' }))).toBe('Deposit: 0.0015 USDC');
    expect(eventText(withdraw({ wallet: w }))).toBe('Withdraw: 1.5 SOL');
    expect(eventText(withdraw({ wallet: w, inAmount: '20000000', outAmount: '0' }))).toBe(
      'Withdraw: 20 USDC',
    );
  });

  it('Closed says how the order ended and what came of it', () => {
    const close = (patch: Record<string, unknown>) =>
      DcaTxEventSchema.parse({
        ...closed({ wallet: w }),
        outputMint: SOL,
        order: { input: usdcToken, output: solToken },
        ...patch,
      });
    // ran to its end: nothing unfilled
    expect(
      eventText(close({ unfilledAmount: '0', totalOutWithdrawn: '3100000000', userClosed: false })),
    ).toBe('Completed: received 3.1 SOL');
    // the owner cancelled it: what was left goes back, what was bought is theirs
    expect(
      eventText(close({ unfilledAmount: '200000000', totalOutWithdrawn: '3100000000', userClosed: true })),
    ).toBe('Cancelled by owner: 200 USDC returned, 3.1 SOL received');
    expect(eventText(close({ unfilledAmount: '1000000000', totalOutWithdrawn: '0', userClosed: true }))).toBe(
      'Cancelled by owner: 1,000 USDC returned',
    );
    // closed with input left, not by its owner; and the owner closing a finished order
    expect(
      eventText(close({ unfilledAmount: '200000000', totalOutWithdrawn: '3100000000', userClosed: false })),
    ).toBe('Closed: 200 USDC returned, 3.1 SOL received');
    expect(eventText(close({ unfilledAmount: '0', totalOutWithdrawn: '3100000000', userClosed: true }))).toBe(
      'Completed: received 3.1 SOL',
    );
    // amounts without decimals are left out: the pair stands in
    const bare = DcaTxEventSchema.parse({
      ...closed({ wallet: w }),
      unfilledAmount: '200000000',
      userClosed: true,
      order: undefined,
    });
    expect(eventText(bare)).toBe(
      `Cancelled by owner: ${USDC.slice(0, 4)}…${USDC.slice(-4)} -> ${BONK.slice(0, 4)}…${BONK.slice(-4)}`,
    );
    // an event that says nothing but its name
    const minimal = DcaTxEventSchema.parse({
      program: 'jupiter',
      address: addr(900),
      owner: w,
      signature: 'S'.repeat(88),
      eventName: 'Closed',
    });
    expect(eventText(minimal)).toBe('Closed');
  });

  it('a hostile symbol is cleaned and cut, never passed through', () => {
    const e = DcaTxEventSchema.parse({
      ...filled({ wallet: w, usd: null, progress: null }),
      order: {
        input: { symbol: 'USDC', decimals: 6 },
        output: { symbol: '<img src=x>\u202eVERYLONGNAME', decimals: 9 },
      },
    });
    expect(eventText(e)).toBe('Filled: 50 USDC -> 0.31 <img src=x>…');
  });

  it('title is who, message is what', () => {
    expect(eventNotification(filled({ wallet: w, usd: null }), { wallet: w, label: 'Whale' })).toEqual({
      title: 'Whale',
      message: 'Filled: 50 USDC -> 0.31 SOL, 40% done',
    });
  });
});

describe('summaries', () => {
  it('burst: "5 DCA events for <name>: 4 fills, 1 deposit"', () => {
    const counts = new Map([
      ['Filled', 4],
      ['Deposit', 1],
    ]);
    expect(burstNotification(counts, { wallet: w, label: 'Whale' }).message).toBe(
      '5 DCA events for Whale: 4 fills, 1 deposit',
    );
  });

  it('away: "While you were away: 3 fills for <name>"', () => {
    expect(awayNotification(new Map([['Filled', 3]]), { wallet: w, domain: 'whale.sol' }).message).toBe(
      'While you were away: 3 fills for whale.sol',
    );
    expect(
      awayNotification(
        new Map([
          ['Filled', 1],
          ['Opened', 2],
          ['Closed', 1],
        ]),
        { wallet: w, label: 'W' },
      ).message,
    ).toBe('While you were away: 1 fill, 2 new orders, 1 closed order for W');
  });
});

describe('changes found by polling, worded like live events', () => {
  const detail = (patch: Partial<ChangeDetail> = {}): ChangeDetail => ({
    input: usdcToken,
    output: solToken,
    amount: null,
    received: null,
    returned: null,
    progress: null,
    frequency: null,
    status: null,
    ...patch,
  });

  it('a fill reads as the live one; several cycles found at once say how many', () => {
    const d = detail({ amount: 50, received: 0.31, progress: 40 });
    expect(changeText({ eventName: 'Filled', count: 1, usd: 50, detail: d })).toBe(
      eventText(filled({ wallet: w, usd: 50 })),
    );
    expect(
      changeText({ eventName: 'Filled', count: 3, usd: 150, detail: { ...d, amount: 150, received: 0.93 } }),
    ).toBe('3 fills: 150 USDC -> 0.93 SOL ($150.00), 40% done');
    // what the lists do not tell is left out, never guessed
    expect(changeText({ eventName: 'Filled', count: 1, usd: null, detail: detail() })).toBe(
      'Filled: USDC -> SOL',
    );
    expect(changeText({ eventName: 'Filled', count: 2, usd: null })).toBe('2 fills');
  });

  it('a new order and a deposit', () => {
    expect(
      changeText({
        eventName: 'Opened',
        count: 1,
        usd: 1000,
        detail: detail({ amount: 1000, frequency: '1h' }),
      }),
    ).toBe('Opened: 1,000 USDC ($1K) DCA into SOL, every hour');
    expect(changeText({ eventName: 'Deposit', count: 1, usd: 500, detail: detail({ amount: 500 }) })).toBe(
      'Deposit: 500 USDC ($500.00)',
    );
  });

  it('a close says how the order ended, by its status and what was left in it', () => {
    const close = (patch: Partial<ChangeDetail>) =>
      changeText({ eventName: 'Closed', count: 1, usd: 800, detail: detail(patch) });
    expect(close({ status: 'completed', received: 3.1, returned: 0 })).toBe('Completed: received 3.1 SOL');
    expect(close({ status: 'cancelled', received: 3.1, returned: 200 })).toBe(
      'Cancelled: 200 USDC returned, 3.1 SOL received',
    );
    expect(close({ status: 'closed', received: 3.1, returned: 0 })).toBe('Completed: received 3.1 SOL');
    expect(close({ status: 'expired', received: 0, returned: 200 })).toBe('Closed: 200 USDC returned');
    expect(close({ status: 'completed' })).toBe('Completed: USDC -> SOL');
  });
});

describe('a catch-up over many wallets', () => {
  it('"While you were away: 12 fills, 2 new orders across 7 wallets"', () => {
    const counts = new Map([
      ['Filled', 12],
      ['Opened', 2],
    ]);
    expect(awaySummaryNotification(counts, 7)).toEqual({
      title: 'Watched wallets',
      message: 'While you were away: 12 fills, 2 new orders across 7 wallets',
    });
  });
});
