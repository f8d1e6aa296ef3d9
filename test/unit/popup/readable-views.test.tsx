// @vitest-environment happy-dom
/**
 * What the lookup views say must read right to a trader: the event chart's switch is candle sizes,
 * its legend follows the outcome list in the list's colours and says the period; the token chart
 * says its period and change and does not contradict the card's price; Recent says what each entry
 * is; a wallet's own orders do not link back to it; the order view's ways on look like links.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SERIES_TONES } from '../../../components/lookup/Chart';
import { spanText } from '../../../components/lookup/chartData';
import { seriesInListOrder } from '../../../components/lookup/EventResult';
import { recentMetaItem } from '../../../components/lookup/recentMeta';
import type { LookupResult } from '../../../lib/lookup';
import { recentItem } from '../../../lib/recent';
import { fakeAsk } from './fake-ask';
import { event, MINT, order, page, token, USDC, WALLET, wallet } from './fixtures';
import { answer, recentRows, search, setup, shownRecent } from './panel';

const THEME_CSS = readFileSync(join(process.cwd(), 'components/lookup/theme.css'), 'utf8');
const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

/** The body of the first rule whose selector is exactly `selector`. */
function ruleBody(selector: string): string | undefined {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(THEME_CSS)?.[1];
}

const groupEvent = () =>
  event({
    outcomes: [
      { label: 'No change', price: 0.6, market: 'Fed: no change?' },
      { label: '25 bp cut', price: 0.3, market: 'Fed: 25 bp cut?' },
      { label: '50 bp cut', price: 0.1, market: 'Fed: 50 bp cut?' },
    ],
    leading: { label: 'No change', price: 0.6, market: 'Fed: no change?' },
  });
const line = (label: string, from: number, to: number, span = 7 * DAY) => ({
  label,
  points: [
    { t: T0, p: from },
    { t: T0 + span, p: to },
  ],
});

describe('event view', () => {
  it('the interval switch is labelled as candle sizes, each button named in full', async () => {
    setup({
      lookup: answer({ kind: 'event', event: event() }),
      candles: () => ({ series: [line('Yes', 0.5, 0.63)] }),
    });
    search('https://polymarket.com/event/will-it-rain');
    const history = await screen.findByRole('group', { name: 'Candle size' });
    expect(history.querySelector('.tabs-label')?.textContent).toBe('Candles:');
    for (const [text, name] of [
      ['1m', '1-minute candles'],
      ['1h', '1-hour candles'],
      ['1d', '1-day candles'],
    ]) {
      const button = within(history).getByRole('button', { name: `${text} (${name})` });
      expect(button.textContent).toBe(text);
      expect(button.getAttribute('title')).toBe(name);
    }
  });

  it('the legend follows the outcome list, each in its row’s tone, and says the period', async () => {
    // the API's market order, not the list's (the list is by odds)
    setup({
      lookup: answer({ kind: 'event', event: groupEvent() }),
      candles: () => ({
        series: [line('50 bp cut', 0.2, 0.1), line('No change', 0.29, 0.2), line('25 bp cut', 0.4, 0.3)],
      }),
    });
    search('fed-decision');
    const caption = await screen.findByTestId('odds-chart-summary');
    const items = [...caption.querySelectorAll('.chart-item')];
    expect(items.map((i) => i.textContent)).toEqual([
      'Over 7 days:',
      'No change 29% → 20%,',
      '25 bp cut 40% → 30%,',
      '50 bp cut 20% → 10%',
    ]);
    // the nth outcome row is tone n-1: theme.css colours that row's bar as the line (see below)
    expect(items.slice(1).map((i) => i.getAttribute('data-tone'))).toEqual(['0', '1', '2']);
    expect(items.slice(1).map((i) => i.getAttribute('data-row'))).toEqual(['0', '1', '2']);
    expect(items.slice(1).every((i) => i.querySelector('.swatch[aria-hidden=true]'))).toBe(true);
    expect(caption.textContent).toBe(
      'Over 7 days: No change 29% → 20%, 25 bp cut 40% → 30%, 50 bp cut 20% → 10%',
    );
  });

  it('a single market’s line is its Yes price, named and toned as the Yes row', () => {
    const outcomes = [
      { label: 'No', price: 0.7 },
      { label: 'Yes', price: 0.3 },
    ];
    expect(seriesInListOrder([line('Will it rain tomorrow?', 0.2, 0.3)], outcomes)).toEqual([
      { ...line('Yes', 0.2, 0.3), tone: 1, row: 1 },
    ]);
    // a series no row names comes after the matched ones, in a tone no row has
    const mixed = seriesInListOrder([line('Other', 0, 1), line('yes ', 0, 1)], outcomes);
    expect(mixed.map((s) => [s.label, s.tone])).toEqual([
      ['Yes', 1],
      ['Other', 2],
    ]);
  });

  it('theme.css colours the nth outcome’s bar with the nth series colour when that line is drawn', () => {
    for (let k = 1; k <= SERIES_TONES; k++) {
      expect(THEME_CSS).toMatch(new RegExp(`--series-${k}:\\s*#[0-9a-f]{6};`));
      const body = ruleBody(
        `.view-event:has(.chart-item[data-row="${k - 1}"]) [data-section="outcomes"] > li:nth-child(${k}) .ol-bar > i`,
      );
      expect(body, `rule for outcome ${k}`).toMatch(new RegExp(`background:\\s*var\\(--series-${k}\\);`));
    }
  });

  it('no caption part wraps inside itself', () => {
    expect(ruleBody('.chart-item')).toMatch(/white-space:\s*nowrap/);
  });

  it('says the span the chart covers in a trader’s words', () => {
    const s = (seconds: number) => spanText([0, seconds]);
    expect(s(60)).toBe('1 min');
    expect(s(45 * 60)).toBe('45 min');
    expect(s(6 * 3600 - 60)).toBe('6 h');
    expect(s(24 * 3600)).toBe('24 h');
    expect(s(7 * 86400 - 3600)).toBe('7 days');
    expect(s(90 * 86400)).toBe('90 days');
    expect(spanText([5])).toBeNull();
  });
});

describe('token view', () => {
  const chart =
    (closes: number[], span = DAY) =>
    () => ({
      points: closes.map((c, i) => ({ t: T0 + (i * span) / (closes.length - 1), o: c, h: c, l: c, c, v: 1 })),
    });

  it('the price line says its period and its change in %', async () => {
    setup({
      lookup: answer({ kind: 'token', mint: MINT, token: { ...token(), priceUsd: 0.1106 } }),
      chart: chart([0.1104, 0.1105, 0.1106]),
      tokenOrders: () => page([]),
    });
    search(MINT);
    expect((await screen.findByTestId('price-chart-summary')).textContent).toBe(
      'Price over 24 h: $0.1104 → $0.1106 (+0.2%)',
    );
    // the card's price and the chart's last close agree: nothing to explain
    expect(screen.queryByTestId('price-note')).toBeNull();
  });

  it('a card price unlike the chart’s last close is named as the latest quote', async () => {
    setup({
      lookup: answer({ kind: 'token', mint: MINT, token: token() }), // card: $140.00
      chart: chart([150, 130]),
      tokenOrders: () => page([]),
    });
    search(MINT);
    expect((await screen.findByTestId('price-chart-summary')).textContent).toBe(
      'Price over 24 h: $150.00 → $130.00 (-13%)',
    );
    expect(screen.getByTestId('price-note').textContent).toBe(
      'Price above: latest quote. Chart: candle closes, so its last value can differ.',
    );
  });

  it('a chart in another currency than the card’s USD says so', async () => {
    setup({
      settingsGet: async () => ({ ...(await fakeAsk().ask('settingsGet', {})), currency: 'eur' }),
      lookup: answer({ kind: 'token', mint: MINT, token: token() }),
      chart: chart([128.8, 128.8]),
      tokenOrders: () => page([]),
    });
    search(MINT);
    expect((await screen.findByTestId('price-note')).textContent).toBe(
      'Price above: latest quote (USD). Chart: candle closes (EUR).',
    );
  });
});

describe('recent searches say what each entry is', () => {
  it('an answered lookup is listed by kind and name; the whole input stays in title and name', async () => {
    setup({ lookup: answer({ kind: 'token', mint: MINT, token: token() }) });
    search(MINT);
    await screen.findByTestId('view-token');
    await waitFor(async () => expect(Object.keys(await recentMetaItem.getValue())).toEqual([MINT]));
    cleanup();
    setup({});
    const item = await screen.findByTestId('recent-item');
    await waitFor(() => expect(within(item).getByTestId('recent-label').textContent).toBe('SOL'));
    expect(within(item).getByTestId('recent-kind').textContent).toBe('Token');
    expect(within(item).getByTestId('recent-label').getAttribute('title')).toBe(MINT);
    expect(screen.getByRole('option', { name: `Token SOL, ${MINT}` })).toBe(item);
  });

  it('a wallet by its .sol name, an order by its pair, a slot as such', async () => {
    // searched in this order (an object's integer-like keys would come first)
    const answers: [string, LookupResult][] = [
      [WALLET, { kind: 'wallet', wallet: wallet() }],
      ['order-url', { kind: 'order', order: order(1) }],
      ['312345678', { kind: 'block', slot: 312345678, block: null }],
    ];
    setup({ lookup: (d: { input: string }) => answers.find(([input]) => input === d.input)![1] });
    for (const [input] of answers) {
      search(input);
      await waitFor(async () => expect(Object.keys(await recentMetaItem.getValue())).toContain(input));
    }
    cleanup();
    setup({});
    // the slot as the block view writes it
    await waitFor(() => expect(screen.getAllByTestId('recent-label')[0]!.textContent).toBe('312,345,678'));
    const shown = recentRows();
    expect(shown).toEqual([
      ['Slot', '312,345,678'],
      ['Order', 'USDC → SOL'],
      ['Wallet', 'alice.sol'],
    ]);
  });

  it('an entry saved without a note says what its text is, an address cut to first 4…last 4', async () => {
    await recentItem.setValue([WALLET, USDC, '312345678', '512340', 'bonk']);
    const shown = await shownRecent();
    expect(shown).toEqual([
      ['Address', '7Jsi…cTZz'],
      ['Token', 'EPjF…Dt1v'], // a mint the extension knows
      ['Slot', '312,345,678'],
      ['Slot or event', '512340'], // a small number may be a Polymarket id
      ['Search', 'bonk'],
    ]);
    expect(screen.getByRole('option', { name: `Address 7Jsi…cTZz, ${WALLET}` })).toBeTruthy();
  });

  it('a stored note with an unknown kind or no label is ignored', async () => {
    await recentMetaItem.setValue({
      [WALLET]: { kind: 'nonsense', label: 'x' },
      [USDC]: { kind: 'token' },
    } as never);
    await recentItem.setValue([WALLET, USDC]);
    setup({});
    await screen.findAllByTestId('recent-item');
    expect(screen.getAllByTestId('recent-kind').map((k) => k.textContent)).toEqual(['Address', 'Token']);
  });
});

describe('order lists', () => {
  it("a wallet's own orders have no link back to that same wallet", async () => {
    const other = 'Hx7bT2WkX8s3aZrD5n6YqLmPv9cEeJfU1o4KiN2gRtVb';
    setup({
      lookup: answer({
        kind: 'wallet',
        wallet: wallet({ orders: page([order(1), order(2, { owner: other })]) }),
      }),
    });
    search(WALLET);
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).queryByRole('button', { name: /^Owner's wallet/ })).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: /^Order details / })).toBeTruthy();
    // a row of someone else's order (should the answer hold one) still has it
    expect(within(rows[1]!).getByRole('button', { name: `Owner's wallet ${other}` })).toBeTruthy();
  });

  it("a token's buyers keep each owner's wallet link", async () => {
    setup({
      lookup: answer({ kind: 'token', mint: MINT, token: token() }),
      chart: () => ({ points: [] }),
      tokenOrders: () => page([order(1)]),
    });
    search(MINT);
    const [row] = await screen.findAllByTestId('order-row');
    expect(within(row!).getByRole('button', { name: `Owner's wallet ${WALLET}` })).toBeTruthy();
  });
});

describe('order view', () => {
  it('the ways on ("Sells USDC", "Buys SOL", owner) are underlined: links, not statements', async () => {
    setup({ lookup: answer({ kind: 'order', order: order(1) }) });
    search('order-url');
    const view = await screen.findByTestId('view-order');
    const links = view.querySelector('.links')!;
    expect([...links.querySelectorAll('button.link')].map((b) => b.textContent)).toEqual([
      "Owner's wallet",
      'Sells USDC',
      'Buys SOL',
    ]);
    expect(ruleBody('.view-order .links button.link')).toMatch(/text-decoration:\s*underline/);
  });
});
