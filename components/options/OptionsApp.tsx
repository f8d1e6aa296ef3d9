/** The options page: every setting saves on change through settingsSet and says "Saved" or why not. */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Settings } from '../../lib/settings';
import { type AskFn, useAsk } from '../lookup/ask';
import { PageShell } from '../lookup/PageShell';
import { useSettings } from '../lookup/settingsContext';
import { ErrorState, Loading } from '../lookup/states';
import { useAsync } from '../lookup/useAsync';
import { CacheSection } from './CacheSection';
import { DisplaySection } from './DisplaySection';
import { HostsSection } from './HostsSection';
import { KeySection } from './KeySection';
import { NotificationsSection } from './NotificationsSection';
import { type PermissionsApi, SitesSection } from './SitesSection';
import { type Note, saveErrorText } from './save';
import { WatchlistSection } from './WatchlistSection';

export interface OptionsAppProps {
  ask?: AskFn;
  permissions?: PermissionsApi;
  download?: (name: string, json: string) => void;
}

function Options({ permissions, download }: Omit<OptionsAppProps, 'ask'>) {
  const ask = useAsk();
  const view = useSettings();
  const [loaded, reload] = useAsync(() => ask('settingsGet', {}), []);
  const [current, setCurrent] = useState<Settings | null>(null);
  const [notes, setNotes] = useState<Record<string, Note>>({});
  const settings = current ?? (loaded.status === 'ok' ? loaded.value : null);

  async function save(section: string, patch: Partial<Settings>): Promise<boolean> {
    setNotes((n) => ({ ...n, [section]: { state: 'saving' } }));
    try {
      const next = await ask('settingsSet', { patch });
      setCurrent(next);
      view.update({ theme: next.theme, currency: next.currency });
      setNotes((n) => ({ ...n, [section]: { state: 'saved' } }));
      return true;
    } catch (e) {
      setNotes((n) => ({ ...n, [section]: { state: 'error', message: saveErrorText(e) } }));
      return false;
    }
  }

  return (
    <>
      <h1>Onchain Lens settings</h1>
      <p class="muted small">Read-only: Onchain Lens never signs, sends or touches funds.</p>
      <KeySection />
      {loaded.status === 'error' && !settings && <ErrorState error={loaded.error} onRetry={reload} />}
      {!settings && loaded.status !== 'error' && <Loading label="Loading settings" />}
      {settings && (
        <>
          <SitesSection
            settings={settings}
            save={save}
            notes={notes}
            permissions={permissions ?? (browser.permissions as unknown as PermissionsApi)}
          />
          <NotificationsSection settings={settings} save={save} notes={notes} />
          <DisplaySection settings={settings} save={save} notes={notes} />
        </>
      )}
      <CacheSection />
      <WatchlistSection download={download} />
      {settings && <HostsSection settings={settings} save={save} notes={notes} />}
    </>
  );
}

export function OptionsApp({ ask, ...rest }: OptionsAppProps) {
  return (
    <PageShell ask={ask} page="options">
      <Options {...rest} />
    </PageShell>
  );
}
