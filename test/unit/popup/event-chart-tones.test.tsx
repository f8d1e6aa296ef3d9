// @vitest-environment happy-dom
/**
 * The event chart's colours against the outcome list's: each line drawing an outcome row has that
 * row's colour and marks the row (data-row) so theme.css tints its bar; a line no row names gets a
 * colour no drawn row has (a grey once all twelve are taken) and tints no bar; two outcomes named
 * alike are matched to their lines by position.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LineChart, SERIES_TONES } from '../../../components/lookup/Chart';
import type { ChartSeries } from '../../../components/lookup/chartData';
import { seriesInListOrder } from '../../../components/lookup/EventResult';
import { event } from './fixtures';
import { answer, search, setup } from './panel';

const THEME_CSS = readFileSync(join(process.cwd(), 'components/lookup/theme.css'), 'utf8');
const T0 = 1_700_000_000_000;
const line = (label: string): ChartSeries => ({
  label,
  points: [
    { t: T0, p: 0.1 },
    { t: T0 + 3_600_000, p: 0.2 },
  ],
});
/** The view's most outcome rows: O1 … O12. */
const twelve = Array.from({ length: 12 }, (_, i) => ({
  label: `O${i + 1}`,
  price: 0.05,
  market: `M${i + 1}`,
}));
const colour = (tone: ChartSeries['tone']) => (typeof tone === 'number' ? tone % SERIES_TONES : tone);
/** The tone and row the caption marks on each line, in order. */
const marks = (caption: HTMLElement) =>
  [...caption.querySelectorAll('.chart-item[data-tone]')].map((i) => [
    i.getAttribute('data-tone'),
    i.getAttribute('data-row'),
  ]);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('a line no outcome row names', () => {
  it('with 12 rows, takes a colour no drawn row has, and marks no row', () => {
    const out = seriesInListOrder([line('O1'), line('O3'), line('Some market not in the top 12')], twelve);
    expect(out.map((s) => s.label)).toEqual(['O1', 'O3', 'Some market not in the top 12']);
    expect(out.map((s) => s.row)).toEqual([0, 2, undefined]);
    const colours = out.map((s) => colour(s.tone));
    expect(new Set(colours).size).toBe(3);
    expect(colours.slice(0, 2)).toEqual([0, 2]);
  });

  it('is grey when all twelve colours draw rows', () => {
    const out = seriesInListOrder(
      [line('Unlisted'), ...twelve.map((o) => line(o.label)), line('Other')],
      twelve,
    );
    expect(out.slice(0, 12).map((s) => [s.tone, s.row])).toEqual(twelve.map((_, i) => [i, i]));
    expect(out.slice(12).map((s) => [s.label, s.tone, s.row])).toEqual([
      ['Unlisted', 'neutral', undefined],
      ['Other', 'neutral', undefined],
    ]);
  });

  it('with fewer rows, takes the colours past the list first', () => {
    const out = seriesInListOrder([line('X'), line('B'), line('Y')], [{ label: 'A' }, { label: 'B' }]);
    expect(out.map((s) => [s.label, s.tone, s.row])).toEqual([
      ['B', 1, 1],
      ['X', 2, undefined],
      ['Y', 3, undefined],
    ]);
  });
});

describe('two outcomes named alike', () => {
  it('are matched to their lines by position, each in its own row’s colour', () => {
    const outcomes = [{ label: 'Trump' }, { label: 'Harris' }, { label: 'trump ' }];
    const out = seriesInListOrder([line('Trump'), line('Harris'), line('Trump')], outcomes);
    expect(out.map((s) => [s.label, s.tone, s.row])).toEqual([
      ['Trump', 0, 0],
      ['Harris', 1, 1],
      ['trump ', 2, 2],
    ]);
    // a third line of that name has no row left
    const more = seriesInListOrder([line('Trump'), line('Trump'), line('Trump')], outcomes);
    expect(more.map((s) => [s.tone, s.row])).toEqual([
      [0, 0],
      [2, 2],
      [3, undefined],
    ]);
  });
});

describe('the legend marks only the rows whose lines are drawn', () => {
  it('LineChart: data-row on a row’s line only; a grey line’s swatch is --series-neutral', () => {
    const series = seriesInListOrder([...twelve.map((o) => line(o.label)), line('Other')], twelve);
    render(<LineChart series={series} label="Odds history" format={String} testId="odds-chart" />);
    const caption = screen.getByTestId('odds-chart-summary');
    expect(marks(caption)).toEqual([...twelve.map((_, i) => [String(i), String(i)]), ['neutral', null]]);
    const swatch = caption.querySelector<HTMLElement>('.chart-item[data-tone=neutral] .swatch');
    expect(swatch?.getAttribute('style')).toMatch(/var\(--series-neutral\)/);
  });

  it('the event view: 12 rows, one drawn, and a line no row names', async () => {
    setup({
      lookup: answer({
        kind: 'event',
        event: event({ outcomes: twelve, leading: twelve[0]! }),
      }),
      candles: () => ({ series: [line('Some market not in the top 12'), line('O1')] }),
    });
    search('big-event');
    const caption = await screen.findByTestId('odds-chart-summary');
    const [first, other] = marks(caption);
    expect(first).toEqual(['0', '0']);
    expect(other![1]).toBeNull(); // tints no row's bar
    expect(other![0]).not.toBe('0'); // and is not row 1's colour
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(12);
  });

  it('theme.css tints a row’s bar by data-row, never by a tone, and has a grey', () => {
    expect(THEME_CSS).toMatch(/--series-neutral:\s*#[0-9a-f]{6};/);
    expect(THEME_CSS).not.toMatch(/\.chart-item\[data-tone=/);
    for (let k = 1; k <= SERIES_TONES; k++)
      expect(THEME_CSS).toContain(
        `.view-event:has(.chart-item[data-row="${k - 1}"]) [data-section="outcomes"] > li:nth-child(${k}) .ol-bar > i {`,
      );
  });
});
