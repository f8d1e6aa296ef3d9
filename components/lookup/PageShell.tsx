/**
 * The frame of every extension page (popup, lookup tab, options): the injected `ask`, the theme
 * (settings.theme, or prefers-color-scheme when 'auto'), the view settings, and the shared cards'
 * stylesheet. The cards style themselves under `.ol[data-theme]`, so the page root carries both.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { normalizeSettings, type Settings, settingsItem } from '../../lib/settings';
import { CARD_CSS } from '../shared/styles';
import { AddressToolsProvider } from './addressTools';
import { type AskFn, AskProvider, useAsk } from './ask';
import { SettingsContext } from './settingsContext';
import { useAsync } from './useAsync';

type Theme = Settings['theme'];

function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return theme;
}

function usePrefersDark(): boolean {
  const [query] = useState(() =>
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null,
  );
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [query]);
  return dark;
}

function Shell({ page, children }: { page: string; children: ComponentChildren }) {
  const ask = useAsk();
  // the page's one settings read; a theme/currency the options page saves afterwards wins over it
  const [loaded, reload] = useAsync(() => ask('settingsGet', {}), [ask]);
  const [saved, setSaved] = useState<Partial<Pick<Settings, 'currency' | 'theme'>>>({});
  const prefersDark = usePrefersDark();
  const read = loaded.status === 'ok' ? loaded.value : null; // unreadable: usd, follow the system
  const currency = saved.currency ?? read?.currency ?? 'usd';
  const theme = resolveTheme(saved.theme ?? read?.theme ?? 'auto', prefersDark);
  // a layout effect: it runs before the views' effects, so a chart rebuilt for the new theme reads its colours
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const update = (patch: typeof saved) => setSaved((v) => ({ ...v, ...patch }));
  // A theme or currency saved elsewhere (the options page) shows here at once: an open lookup tab
  // kept the old theme until it was reloaded. Told of the change, it reads the stored settings
  // (the private store's own read, not a message).
  useEffect(
    () =>
      settingsItem.watch(async () => {
        const { theme, currency } = normalizeSettings(await settingsItem.getValue());
        update({ theme, currency });
      }),
    [],
  );
  return (
    <SettingsContext.Provider value={{ currency, theme, update, loaded, reload }}>
      <style>{CARD_CSS}</style>
      <main class={`ol app ${page}`} data-theme={theme} data-testid={`page-${page}`}>
        <AddressToolsProvider>{children}</AddressToolsProvider>
      </main>
    </SettingsContext.Provider>
  );
}

export function PageShell({
  ask,
  page,
  children,
}: {
  ask?: AskFn;
  page: string;
  children: ComponentChildren;
}) {
  return (
    <AskProvider ask={ask}>
      <Shell page={page}>{children}</Shell>
    </AskProvider>
  );
}
