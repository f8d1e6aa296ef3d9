import { describe, expect, it } from 'vitest';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import {
  awayNotification,
  burstNotification,
  displayName,
  eventNotification,
  eventText,
} from '../../../lib/watch/text';
import { addr, closed, deposit, filled, opened, SOL, USDC, withdraw } from './fixtures';

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
    expect(eventText(closed({ wallet: w }))).toBe('Closed: USDC -> BONK');
    expect(eventText(deposit({ wallet: w }))).toBe('Deposit: 250 USDC ($250.00)');
    expect(eventText(deposit({ wallet: w, usd: null, amount: '1500' }))).toBe('Deposit: 0.0015 USDC');
    expect(eventText(withdraw({ wallet: w }))).toBe('Withdraw: 1.5 SOL');
    expect(eventText(withdraw({ wallet: w, inAmount: '20000000', outAmount: '0' }))).toBe(
      'Withdraw: 20 USDC',
    );
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
