/**
 * Light or dark overlay, to match the page under the badge: the first non-transparent background
 * walking up from the anchor decides (unless the user forced a theme in the options).
 */
export type Theme = 'light' | 'dark';

export function parseColor(css: string): { r: number; g: number; b: number; a: number } | null {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/i.exec(
    css.trim(),
  );
  if (!m) return null;
  // (a group that took part is never empty: `[\d.]+`)
  const alpha = m[4] ? Number(m[4]) / (m[5] ? 100 : 1) : 1;
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
}

/** WCAG relative luminance of an sRGB colour, 0 (black) .. 1 (white). */
export function luminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function detectTheme(el: Element | null, win: Pick<Window, 'getComputedStyle'>): Theme {
  for (let node = el; node; node = node.parentElement) {
    const color = parseColor(win.getComputedStyle(node).backgroundColor || '');
    // A half-transparent overlay says little about what shows through; keep walking.
    if (color && color.a >= 0.5) return luminance(color) < 0.2 ? 'dark' : 'light';
  }
  return 'light';
}

/** Per page view: one computation per parent element, since siblings share a background. */
export function createThemePicker(setting: 'auto' | Theme, win: Pick<Window, 'getComputedStyle'>) {
  const cache = new WeakMap<Element, Theme>();
  return (anchor: Element): Theme => {
    if (setting !== 'auto') return setting;
    const key = anchor.parentElement ?? anchor;
    let theme = cache.get(key);
    if (!theme) {
      theme = detectTheme(anchor, win);
      cache.set(key, theme);
    }
    return theme;
  };
}
