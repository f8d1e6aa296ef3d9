// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { placePopover } from '../../../components/overlay/position';
import { createThemePicker, detectTheme, luminance, parseColor } from '../../../lib/overlay/theme';

const viewport = { width: 1000, height: 800 };
const rect = (top: number, left: number, h = 18, w = 60) => ({ top, left, bottom: top + h, right: left + w });

describe('placePopover', () => {
  it('goes beside the badge, on its right, where it fits there: the badges above and below stay uncovered', () => {
    expect(placePopover(rect(100, 200), { width: 340, height: 300 }, viewport)).toEqual({
      top: 100,
      left: 200 + 60 + 6,
      maxHeight: 800 - 16,
    });
    // near the bottom it moves up into view, still beside
    expect(placePopover(rect(700, 200), { width: 340, height: 300 }, viewport)).toMatchObject({
      top: 800 - 8 - 300,
      left: 266,
    });
  });
  it('goes below the badge when its right has no room', () => {
    const p = placePopover(rect(100, 700), { width: 340, height: 300 }, viewport);
    expect(p).toMatchObject({ top: 124, left: 1000 - 340 - 8 });
  });
  it('flips above near the bottom of the viewport', () => {
    const p = placePopover(rect(700, 700), { width: 340, height: 300 }, viewport);
    expect(p.top).toBe(700 - 6 - 300);
  });
  it('shifts left to stay inside the right edge, and right of the left margin', () => {
    expect(placePopover(rect(100, 900), { width: 340, height: 200 }, viewport).left).toBe(1000 - 340 - 8);
    const narrow = { width: 380, height: 800 };
    expect(placePopover(rect(100, -50), { width: 370, height: 200 }, narrow)).toMatchObject({
      left: 8,
      top: 124,
    });
  });
  it('limits the height to the room on the chosen side (it scrolls inside)', () => {
    for (const left of [10, 700]) {
      const p = placePopover(rect(380, left), { width: 340, height: 900 }, viewport);
      expect(p.maxHeight).toBeLessThan(800);
      expect(p.top).toBeGreaterThanOrEqual(8);
      expect(p.top + Math.min(900, p.maxHeight)).toBeLessThanOrEqual(800 - 8);
    }
  });
});

describe('theme detection', () => {
  it('parses computed colours', () => {
    expect(parseColor('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0)')?.a).toBe(0);
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseColor('transparent')).toBeNull();
  });

  it('walks up to the first opaque background', () => {
    const outer = document.createElement('div');
    const inner = document.createElement('span');
    outer.append(inner);
    const styles = new Map<Element, string>([
      [inner, 'rgba(0, 0, 0, 0)'],
      [outer, 'rgb(13, 17, 23)'],
    ]);
    const win = {
      getComputedStyle: (el: Element) => ({ backgroundColor: styles.get(el) ?? '' }) as CSSStyleDeclaration,
    };
    expect(detectTheme(inner, win)).toBe('dark');
    styles.set(outer, 'rgb(250, 250, 250)');
    expect(detectTheme(inner, win)).toBe('light');
    styles.set(outer, 'rgba(0, 0, 0, 0.1)'); // a faint tint says nothing: default light
    expect(detectTheme(inner, win)).toBe('light');
  });

  it('uses the real computed style of the page', () => {
    const page = document.createElement('div');
    page.style.backgroundColor = 'rgb(20, 20, 20)';
    const a = document.createElement('a');
    page.append(a);
    document.body.append(page);
    expect(createThemePicker('auto', window)(a)).toBe('dark');
    expect(createThemePicker('light', window)(a)).toBe('light');
  });

  it('computes WCAG luminance', () => {
    expect(luminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1);
    expect(luminance({ r: 0, g: 0, b: 0 })).toBe(0);
  });
});
