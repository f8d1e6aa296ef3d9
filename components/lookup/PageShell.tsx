/**
 * The frame of every extension page (popup, lookup tab, options): the injected `ask`, the theme
 * (settings.theme, or prefers-color-scheme when 'auto'), the view settings, and the shared cards'
 * stylesheet. The cards style themselves under `.ol[data-theme]`, so the page root carries both.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../lib/settings';
import { CARD_CSS } from '../shared/styles';
import { type AskFn, AskProvider, useAsk } from './ask';
import { SettingsContext } from './settingsContext';

type Theme = Settings['theme'];

export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
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
  const [view, setView] = useState<{ currency: string; theme: Theme }>({ currency: 'usd', theme: 'auto' });
  const prefersDark = usePrefersDark();
  useEffect(() => {
    ask('settingsGet', {}).then(
      (s) => setView({ currency: s.currency, theme: s.theme }),
      () => {}, // unreadable settings: keep the defaults (usd, follow the system)
    );
  }, [ask]);
  const theme = resolveTheme(view.theme, prefersDark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const update = (patch: Partial<{ currency: string; theme: Theme }>) => setView((v) => ({ ...v, ...patch }));
  return (
    <SettingsContext.Provider value={{ ...view, update }}>
      <style>{CARD_CSS}</style>
      <main class={`ol app ${page}`} data-theme={theme} data-testid={`page-${page}`}>
        {children}
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
