/** The options page: every setting saves on change through settingsSet and says "Saved" or why not. */
import { useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { STORAGE_DOWN_TEXT } from '../../lib/errors';
import type { Settings } from '../../lib/settings';
import { type AskFn, useAsk } from '../lookup/ask';
import { PageShell } from '../lookup/PageShell';
import { useSettings } from '../lookup/settingsContext';
import { ErrorState, errorText, Loading } from '../lookup/states';
import { CacheSection } from './CacheSection';
import { DisplaySection } from './DisplaySection';
import { HostsSection } from './HostsSection';
import { KeySection } from './KeySection';
import { NotificationsSection } from './NotificationsSection';
import { type PermissionsApi, SitesSection } from './SitesSection';
import { fieldError, type Note, type Patch } from './save';
import { WatchlistSection } from './WatchlistSection';

export interface OptionsAppProps {
  ask?: AskFn;
  permissions?: PermissionsApi;
  download?: (name: string, json: string) => void;
}

function Options({ permissions, download }: Omit<OptionsAppProps, 'ask'>) {
  const ask = useAsk();
  const { loaded, reload, update } = useSettings(); // the page shell's settingsGet read
  const [current, setCurrent] = useState<Settings | null>(null);
  const [notes, setNotes] = useState<Record<string, Note>>({});
  const settings = current ?? (loaded.status === 'ok' ? loaded.value : null);
  // `latest` includes edits still being saved; `confirmed` is what the background last answered
  const latest = useRef<Settings | null>(null);
  const confirmed = useRef<Settings | null>(null);
  const inFlight = useRef(0);
  if (settings && !latest.current) latest.current = confirmed.current = settings;
  // The extension's own database not opening: a save still answers "Saved", but lasts only until
  // the browser closes. From the status the key section reads (when the page opens, and after each
  // key action): one status read for the page.
  const [storageDown, setStorageDown] = useState(false);

  async function save(section: string, patchOrFn: Patch): Promise<boolean> {
    const base = latest.current;
    if (!base) return false;
    const patch = typeof patchOrFn === 'function' ? patchOrFn(base) : patchOrFn;
    latest.current = { ...base, ...patch };
    setCurrent(latest.current); // optimistic: the control shows the change at once
    setNotes((n) => ({ ...n, [section]: { state: 'saving' } }));
    inFlight.current += 1;
    try {
      confirmed.current = await ask('settingsSet', { patch });
      update({ theme: confirmed.current.theme, currency: confirmed.current.currency });
      setNotes((n) => ({ ...n, [section]: { state: 'saved' } }));
      return true;
    } catch (e) {
      setNotes((n) => ({ ...n, [section]: { state: 'error', ...fieldError(errorText(e)) } }));
      return false;
    } finally {
      inFlight.current -= 1;
      // once nothing is pending the form shows exactly what is saved (a refused patch is undone)
      if (inFlight.current === 0) {
        latest.current = confirmed.current;
        setCurrent(latest.current);
      }
    }
  }

  return (
    <>
      <h1>Onchain Lens settings</h1>
      <p class="muted small">Read-only: Onchain Lens never signs, sends or touches funds.</p>
      {storageDown && (
        <p class="field-error small" role="alert" data-testid="storage-down">
          {STORAGE_DOWN_TEXT}
        </p>
      )}
      <KeySection onStatus={(s) => setStorageDown(!!s.storageSessionOnly)} />
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
      <CacheSection settings={settings} save={save} notes={notes} />
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
