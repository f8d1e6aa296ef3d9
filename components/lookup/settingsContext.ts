import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Settings } from '../../lib/settings';

/** The few settings the pages' views need, read once by the page shell rather than by every view. */
export interface ViewSettings {
  currency: string;
  theme: Settings['theme'];
  /** the options page reports a saved theme/currency so the page follows at once */
  update: (patch: Partial<Pick<Settings, 'currency' | 'theme'>>) => void;
}
export const SettingsContext = createContext<ViewSettings>({
  currency: 'usd',
  theme: 'auto',
  update: () => {},
});
export const useSettings = () => useContext(SettingsContext);
