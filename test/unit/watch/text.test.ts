import { describe, expect, it } from 'vitest';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import { formatBriefAmount } from '../../../lib/format';
import type { ChangeDetail } from '../../../lib/watch/event';
import {
  awayNotification,
  awaySummaryNotification,
  burstNotification,
  changeText,
  displayName,
  eventNotification,
  eventText,
  walletNames,
} from '../../../lib/watch/text';
import {
  addr,
  BONK,
  bonkToken,
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
    expect(eventText(filled({ wallet: w, usd: null }))).toBe('Filled: 50 USDC → 0.31 SOL, 40% done');
    expect(eventText(filled({ wallet: w, usd: 50 }))).toBe('Filled: 50 USDC → 0.31 SOL ($50), 40% done');
  });

  it('Filled with odd amounts: 3 significant digits, compact, progress rounded down as on the cards', () => {
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
    expect(eventText(e)).toBe('Filled: 12.3 USDC → 1.23M BONK ($12.3), 66% done');
  });

  it('Filled: brief amounts, as a notification is read at a glance (review: 3,678.2672 USDC -> 34,675.4161 BONK)', () => {
    const fill = (inAmount: string, outAmount: string, out = bonkToken) =>
      eventText(
        DcaTxEventSchema.parse({
          ...filled({ wallet: w, usd: null, progress: null }),
          outputMint: out.mint,
          inAmount,
          outAmount,
          usd: { inAmountUsd: 3678.2672 },
          order: { input: usdcToken, output: out },
        }),
      );
    expect(fill('3678267200', '3467541610')).toBe('Filled: 3.68K USDC → 34.7K BONK ($3.68K)');
    expect(fill('3678267200', '120000000000')).toBe('Filled: 3.68K USDC → 1.2M BONK ($3.68K)');
    // small amounts keep their first digits and never read 0
    expect(fill('3678267200', '31234567', solToken)).toBe('Filled: 3.68K USDC → 0.0312 SOL ($3.68K)');
    expect(fill('3678267200', '12000', solToken)).toBe('Filled: 3.68K USDC → 0.000012 SOL ($3.68K)');
    expect(fill('3678267200', '1', solToken)).toBe('Filled: 3.68K USDC → <0.000001 SOL ($3.68K)');
  });

  it('Filled without decimals leaves the amounts out rather than show base units', () => {
    const e = DcaTxEventSchema.parse({ ...filled({ wallet: w, usd: null }), order: undefined });
    expect(eventText(e)).toBe(
      `Filled: ${USDC.slice(0, 4)}…${USDC.slice(-4)} → ${SOL.slice(0, 4)}…${SOL.slice(-4)}`,
    );
  });

  it('Opened: deposit → target token, amount per cycle and frequency (seconds or "1h")', () => {
    expect(eventText(opened({ wallet: w }))).toBe('Opened: 1K USDC → BONK, 100 USDC every hour');
    expect(eventText(opened({ wallet: w, freq: '86400', deposit: '250000000', usd: 250 }))).toBe(
      'Opened: 250 USDC → BONK ($250), 100 USDC every day',
    );
    expect(eventText(opened({ wallet: w, freq: '1h' }))).toBe('Opened: 1K USDC → BONK, 100 USDC every hour');
    // what the event does not tell is left out
    const bare = (patch: Record<string, unknown>) =>
      eventText(DcaTxEventSchema.parse({ ...opened({ wallet: w }), ...patch }));
    expect(bare({ cycleFrequency: undefined })).toBe('Opened: 1K USDC → BONK, 100 USDC per cycle');
    expect(bare({ inAmountPerCycle: undefined })).toBe('Opened: 1K USDC → BONK, every hour');
    expect(bare({ inAmountPerCycle: undefined, cycleFrequency: undefined })).toBe('Opened: 1K USDC → BONK');
  });

  it('Closed, Deposit, Withdraw', () => {
    expect(eventText(closed({ wallet: w }))).toBe('Completed: received 51.2M BONK');
    expect(eventText(deposit({ wallet: w }))).toBe('Deposit: 250 USDC ($250)');
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
      'Cancelled by owner: 1K USDC returned',
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
      `Cancelled by owner: ${USDC.slice(0, 4)}…${USDC.slice(-4)} → ${BONK.slice(0, 4)}…${BONK.slice(-4)}`,
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
    expect(eventText(e)).toBe('Filled: 50 USDC → 0.31 <img src=x>…');
  });

  it('title is who, message is what', () => {
    expect(eventNotification(filled({ wallet: w, usd: null }), { wallet: w, label: 'Whale' })).toEqual({
      title: 'Whale',
      message: 'Filled: 50 USDC → 0.31 SOL, 40% done',
    });
  });
});

describe('brief amounts (formatBriefAmount)', () => {
  it('3 significant digits, compact from a thousand, rounded', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [0.31, '0.31'],
      [1.5, '1.5'],
      [12.345678, '12.3'],
      [50, '50'],
      [999.4, '999'],
      [999.6, '1K'], // carried, never "1,000"
      [3678.2672, '3.68K'],
      [34675.4161, '34.7K'],
      [242_000, '242K'],
      [999_600, '1M'],
      [1_200_000, '1.2M'],
      [51_234_567.89, '51.2M'],
      [7.5e9, '7.5B'],
      [1e15, '1,000T'],
      [-3678.2672, '-3.68K'],
    ];
    for (const [n, text] of cases) expect(formatBriefAmount(n), String(n)).toBe(text);
  });

  it('a small non-zero amount keeps its first digits and never reads 0', () => {
    expect(formatBriefAmount(0.0312345)).toBe('0.0312');
    expect(formatBriefAmount(0.000012)).toBe('0.000012');
    expect(formatBriefAmount(0.000001)).toBe('0.000001');
    expect(formatBriefAmount(0.00000099)).toBe('<0.000001');
    expect(formatBriefAmount(1e-9)).toBe('<0.000001');
  });

  it('unknown is a dash', () => {
    expect(formatBriefAmount(null)).toBe('—');
    expect(formatBriefAmount(Number.NaN)).toBe('—');
    expect(formatBriefAmount(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('every notification text', () => {
  it('writes a pair with "→" as the cards do, never "->"', () => {
    const texts = [
      eventText(filled({ wallet: w })),
      eventText(opened({ wallet: w })),
      eventText(
        DcaTxEventSchema.parse({
          ...closed({ wallet: w }),
          userClosed: true,
          unfilledAmount: '1',
          order: undefined,
        }),
      ),
      changeText({
        eventName: 'Closed',
        count: 1,
        usd: null,
        detail: {
          input: usdcToken,
          output: solToken,
          amount: null,
          received: null,
          returned: null,
          progress: null,
          frequency: null,
          status: 'completed',
        },
      }),
      burstNotification([filled({ wallet: w }), filled({ wallet: w })], { wallet: w }).message,
    ];
    for (const t of texts) {
      expect(t).toContain(' → ');
      expect(t).not.toContain('->');
    }
  });
});

describe('summaries', () => {
  it('burst from counts: what happened, without the wallet the title already names', () => {
    const counts = new Map([
      ['Filled', 4],
      ['Deposit', 1],
    ]);
    expect(burstNotification(counts, { wallet: w, label: 'Whale' })).toEqual({
      title: 'Whale',
      message: '4 fills, 1 deposit',
    });
  });

  describe('burst from the events: what they did, added up', () => {
    const order = addr(50);
    const bonkFill = (inAmount: string, outAmount: string, usd: number | null, progress: number, o = order) =>
      DcaTxEventSchema.parse({
        ...filled({ wallet: w, order: o }),
        outputMint: BONK,
        inAmount,
        outAmount,
        usd: usd === null ? {} : { inAmountUsd: usd },
        order: { input: usdcToken, output: bonkToken, progressPercent: progress },
      });
    const whale = { wallet: w, label: 'luckywhale1.sol' };

    it('fills of one order: the amounts summed, the USD summed, the furthest progress', () => {
      // 7 × 3,672.5 USDC -> 34,600 BONK; progress 20..80, one arriving late
      const fills = [20, 30, 40, 50, 70, 80, 60].map((p) => bonkFill('3672500000', '3460000000', 3672.5, p));
      expect(burstNotification(fills, whale)).toEqual({
        title: 'luckywhale1.sol',
        message: '7 fills: 25.7K USDC → 242K BONK ($25.7K), 80% done',
      });
    });

    it('fills of one pair over several orders: no progress (it is per order)', () => {
      const fills = [bonkFill('1000000', '100000', 1, 10), bonkFill('1000000', '100000', 1, 90, addr(51))];
      expect(burstNotification(fills, whale).message).toBe('2 fills: 2 USDC → 2 BONK ($2)');
    });

    it('an amount or USD value not known is not summed into a partial total', () => {
      const noUsd = [
        bonkFill('3672500000', '3460000000', 3672.5, 20),
        bonkFill('1000000', '100000', null, 30),
      ];
      expect(burstNotification(noUsd, whale).message).toBe('2 fills: 3.67K USDC → 34.6K BONK, 30% done');
      const noDecimals = DcaTxEventSchema.parse({ ...filled({ wallet: w, order }), order: undefined });
      expect(burstNotification([filled({ wallet: w, order }), noDecimals], whale).message).toBe(
        `2 fills: USDC → SOL ($100), 40% done`,
      );
    });

    it('fills of several pairs name the pairs, most filled first, two at most', () => {
      const usdcSol = () => filled({ wallet: w, usd: 100 });
      const three = [usdcSol(), bonkFill('1000000', '100000', 1, 10), usdcSol()];
      expect(burstNotification(three, whale).message).toBe('3 fills ($201): USDC → SOL ×2, USDC → BONK');
      const solUsdc = DcaTxEventSchema.parse({
        ...filled({ wallet: w, usd: 100 }),
        inputMint: 'So11111111111111111111111111111111111111112',
        outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        order: undefined,
      });
      expect(burstNotification([...three, solUsdc], whale).message).toMatch(
        /^4 fills \(\$301\): USDC → SOL ×2, USDC → BONK, 1 other pair$/,
      );
    });

    it('mixed kinds: a short list by kind with USD values, fills of several pairs counted', () => {
      const events = [
        filled({ wallet: w, usd: 400 }),
        bonkFill('400000000', '3700000000', 400, 10),
        filled({ wallet: w, usd: 400 }),
        opened({ wallet: w, usd: 5000 }),
        closed({ wallet: w }),
      ];
      expect(burstNotification(events, whale).message).toBe(
        '3 fills ($1.2K): USDC → SOL ×2, USDC → BONK; 1 new order ($5K), 1 closed order',
      );
    });

    it('fills of one pair lead, the rest follows', () => {
      const events = [
        opened({ wallet: w, usd: 1000 }),
        bonkFill('3672500000', '3460000000', 3672.5, 20),
        bonkFill('3672500000', '3460000000', 3672.5, 30),
        deposit({ wallet: w }),
        withdraw({ wallet: w }),
      ];
      expect(burstNotification(events, whale).message).toBe(
        '2 fills: 7.35K USDC → 69.2K BONK ($7.35K), 30% done; 1 new order ($1K), 1 deposit ($250), 1 withdrawal',
      );
    });

    it('changes found by polling add up like live events (a change may stand for several cycles)', () => {
      const detail: ChangeDetail = {
        input: usdcToken,
        output: solToken,
        amount: 150,
        received: 0.93,
        returned: null,
        progress: 20,
        frequency: null,
        status: null,
      };
      const changes = [
        { eventName: 'Filled', count: 3, usd: 150, order, detail },
        {
          eventName: 'Filled',
          count: 1,
          usd: 50,
          order,
          detail: { ...detail, amount: 50, received: 0.31, progress: 25 },
        },
        { eventName: 'Deposit', count: 1, usd: 500, order, detail: { ...detail, amount: 500 } },
      ];
      expect(burstNotification(changes, whale).message).toBe(
        '4 fills: 200 USDC → 1.24 SOL ($200), 25% done; 1 deposit ($500)',
      );
      // a polled change without detail is counted, not guessed
      expect(burstNotification([{ eventName: 'Filled', count: 2, usd: null, order }], whale).message).toBe(
        '2 fills',
      );
    });
  });

  it('away: title "<name>", body "While you were away: 3 fills" (the body does not repeat the name)', () => {
    expect(
      awayNotification([{ eventName: 'Filled', count: 3, order: null }], { wallet: w, domain: 'whale.sol' }),
    ).toEqual({
      title: 'whale.sol',
      message: 'While you were away: 3 fills',
    });
    expect(
      awayNotification(
        [
          { eventName: 'Filled', count: 1, order: null },
          { eventName: 'Opened', count: 2, order: null },
          { eventName: 'Closed', count: 1, order: null },
        ],
        { wallet: w, label: 'W' },
      ).message,
    ).toBe('While you were away: 1 fill, 2 new orders, 1 closed order');
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
    ).toBe('3 fills: 150 USDC → 0.93 SOL ($150), 40% done');
    // what the lists do not tell is left out, never guessed
    expect(changeText({ eventName: 'Filled', count: 1, usd: null, detail: detail() })).toBe(
      'Filled: USDC → SOL',
    );
    expect(changeText({ eventName: 'Filled', count: 2, usd: null })).toBe('2 fills');
  });

  it('a withdrawal found by polling says how much of what came out', () => {
    expect(changeText({ eventName: 'Withdraw', count: 1, usd: 300, detail: detail({ amount: 300 }) })).toBe(
      'Withdraw: 300 USDC ($300)',
    );
    expect(changeText({ eventName: 'Withdraw', count: 1, usd: null, detail: detail() })).toBe(
      'Withdraw: USDC',
    );
  });

  it("amounts as brief as a live event's, whatever the float arithmetic left in them", () => {
    const d = detail({ output: bonkToken, amount: 3678.2672, received: 34675.4161, progress: 40 });
    expect(changeText({ eventName: 'Filled', count: 1, usd: 3678.27, detail: d })).toBe(
      'Filled: 3.68K USDC → 34.7K BONK ($3.68K), 40% done',
    );
    expect(
      changeText({
        eventName: 'Filled',
        count: 1,
        usd: null,
        detail: detail({ amount: 0.1 + 0.2, received: 0.000012 }),
      }),
    ).toBe('Filled: 0.3 USDC → 0.000012 SOL');
    expect(
      changeText({
        eventName: 'Closed',
        count: 1,
        usd: null,
        detail: detail({ status: 'cancelled', returned: 1234.5678, received: 0.0312345 }),
      }),
    ).toBe('Cancelled: 1.23K USDC returned, 0.0312 SOL received');
  });

  it('a new order and a deposit', () => {
    expect(
      changeText({
        eventName: 'Opened',
        count: 1,
        usd: 1000,
        detail: detail({ amount: 1000, frequency: '1h' }),
      }),
    ).toBe('Opened: 1K USDC → SOL ($1K), every hour');
    expect(changeText({ eventName: 'Deposit', count: 1, usd: 500, detail: detail({ amount: 500 }) })).toBe(
      'Deposit: 500 USDC ($500)',
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
    expect(close({ status: 'completed' })).toBe('Completed: USDC → SOL');
  });
});

describe('a catch-up over many wallets', () => {
  it('"While you were away: 12 fills, 2 new orders across 7 wallets: Whale, whale.sol and 5 more"', () => {
    const counts = new Map([
      ['Filled', 12],
      ['Opened', 2],
    ]);
    const whos = [
      { wallet: w, label: 'Whale' },
      { wallet: w, domain: 'whale.sol' },
      ...Array(5).fill({ wallet: w }),
    ];
    expect(awaySummaryNotification(counts, whos)).toEqual({
      title: 'Watched wallets',
      message: 'While you were away: 12 fills, 2 new orders across 7 wallets: Whale, whale.sol and 5 more',
    });
  });

  it('names: two, then how many more; all of them when only one more', () => {
    const who = (label: string) => ({ wallet: w, label });
    expect(walletNames(['A', 'B', 'C', 'D'].map(who))).toBe('A, B and 2 more');
    expect(walletNames(['A', 'B', 'C'].map(who))).toBe('A, B and C');
    expect(walletNames(['A', 'B'].map(who))).toBe('A and B');
  });
});

describe('events that leave things out', () => {
  const p = (o: unknown) => DcaTxEventSchema.parse(o);
  it('a deposit or withdrawal naming no token says no "tokens": "Deposit ($250)", "Withdraw"', () => {
    expect(eventText(p({ ...deposit({ wallet: w }), order: {} }))).toBe('Deposit ($250)');
    expect(eventText(p({ ...withdraw({ wallet: w }), order: {} }))).toBe('Withdraw');
    const detail = {
      input: null,
      output: null,
      amount: 150,
      received: null,
      returned: null,
      progress: null,
      frequency: null,
      status: null,
    };
    expect(changeText({ eventName: 'Deposit', count: 1, usd: 150, detail })).toBe('Deposit ($150)');
  });

  it('an amount of "00" is nothing withdrawn: "Withdraw: 1.5 SOL", not "Withdraw: 0 USDC, 1.5 SOL"', () => {
    expect(eventText(withdraw({ wallet: w, inAmount: '00' }))).toBe('Withdraw: 1.5 SOL');
    expect(eventText(withdraw({ wallet: w, inAmount: '00', outAmount: '0' }))).toBe('Withdraw');
  });

  it('a cycle frequency of 0 is left out: "…, 100 USDC per cycle", not "100 USDC 0"', () => {
    expect(eventText(p({ ...opened({ wallet: w }), cycleFrequency: 0 }))).toBe(
      'Opened: 1K USDC → BONK, 100 USDC per cycle',
    );
    const detail = {
      input: usdcToken,
      output: solToken,
      amount: 1000,
      received: null,
      returned: null,
      progress: 0,
      frequency: '0',
      status: null,
    };
    expect(changeText({ eventName: 'Opened', count: 1, usd: 1000, detail })).toBe(
      'Opened: 1K USDC → SOL ($1K)',
    );
  });
});
