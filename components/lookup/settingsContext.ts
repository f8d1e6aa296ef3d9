import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Settings } from '../../lib/settings';
import type { AsyncState } from './useAsync';

/** The few settings the pages' views need, read once by the page shell rather than by every view. */
export interface ViewSettings {
  currency: Settings['currency'];
  /** the theme the page shows ('auto' resolved by prefers-color-scheme): charts re-read its colours */
  theme: 'light' | 'dark';
  /** the options page reports a saved theme/currency so the page follows at once */
  update: (patch: Partial<Pick<Settings, 'currency' | 'theme'>>) => void;
  /** the shell's one settingsGet answer (the options page edits from it) and how to read it again */
  loaded: AsyncState<Settings>;
  reload: () => void;
}
export const SettingsContext = createContext<ViewSettings>({
  currency: 'usd',
  theme: 'light',
  update: () => {},
  loaded: { status: 'idle' },
  reload: () => {},
});
export const useSettings = () => useContext(SettingsContext);
