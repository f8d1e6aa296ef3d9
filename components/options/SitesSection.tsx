/**
 * Per-site switches and "any site" detection. Any-site needs the optional host permission, which the
 * browser grants only from a user gesture: the request is the first thing the click handler does.
 */
import { useEffect, useState } from 'preact/hooks';
import { ANY_SITE_ORIGINS, SUPPORTED_SITES } from '../../lib/sites/hosts';
import { SaveNote, type SectionProps } from './save';

/** The slice of browser.permissions the page uses; injected so tests need no browser. */
export interface PermissionsApi {
  request(p: { origins: string[] }): Promise<boolean>;
  remove(p: { origins: string[] }): Promise<boolean>;
  contains(p: { origins: string[] }): Promise<boolean>;
  /** Permissions granted or removed elsewhere (the browser's own site access settings). */
  onAdded?: PermissionEvent;
  onRemoved?: PermissionEvent;
}

interface PermissionEvent {
  addListener(listener: () => void): void;
  removeListener(listener: () => void): void;
}

export function SitesSection({
  settings,
  save,
  notes,
  permissions,
}: SectionProps & { permissions: PermissionsApi }) {
  const [granted, setGranted] = useState<boolean | null>(null);
  const [anyError, setAnyError] = useState<string | null>(null);
  /** The browser's permission prompt is open: the box waits for its answer (one request at a time). */
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const check = () => {
      permissions.contains({ origins: ANY_SITE_ORIGINS }).then(setGranted, () => setGranted(false));
    };
    check();
    // Access removed (or given) in the browser's own settings shows here at once, not after a reload.
    const events = [permissions.onAdded, permissions.onRemoved];
    for (const event of events) event?.addListener(check);
    return () => {
      for (const event of events) event?.removeListener(check);
    };
  }, [permissions]);

  function toggleAnySite(on: boolean) {
    setAnyError(null);
    // no await before request(): the browser only prompts inside the click's user gesture
    const asked = on
      ? permissions.request({ origins: ANY_SITE_ORIGINS })
      : permissions.remove({ origins: ANY_SITE_ORIGINS });
    setAsking(true);
    void asked
      .then(async (ok) => {
        if (on && !ok) {
          setGranted(false);
          setAnyError('Permission not granted: detection stays on the supported sites.');
          return;
        }
        setGranted(on);
        await save('anySite', { anySite: on });
      })
      .catch(() => setAnyError('The browser refused the permission request.'))
      .finally(() => setAsking(false));
  }

  // A permission removed in the browser's own UI turns the switch off here too.
  const anyOn = settings.anySite && granted !== false;
  return (
    <section aria-labelledby="sites-title" data-testid="options-sites">
      <h2 id="sites-title">Sites</h2>
      <ul>
        {SUPPORTED_SITES.map((site) => (
          <li key={site.id} class="row">
            <label>
              <input
                type="checkbox"
                data-testid={`site-${site.id}`}
                checked={settings.sites[site.id] !== false}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  void save('sites', (s) => ({ sites: { ...s.sites, [site.id]: on } }));
                }}
              />{' '}
              {site.label}
            </label>
          </li>
        ))}
      </ul>
      <SaveNote section="sites" note={notes.sites} />
      <div class="row">
        <label>
          <input
            type="checkbox"
            data-testid="any-site"
            checked={anyOn}
            disabled={asking}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              // Unchanged until the browser answers: it looked on while the prompt was still open.
              e.currentTarget.checked = anyOn;
              toggleAnySite(on);
            }}
          />{' '}
          Detect addresses on any site (asks for access to all sites)
        </label>
        <p class="muted small" data-testid="any-site-note">
          Other sites' tabs already open get badges once reloaded; the sites above follow at once.
        </p>
        <SaveNote section="anySite" note={notes.anySite} />
      </div>
      {settings.anySite && granted === false && !anyError && (
        <p class="field-error small">
          The permission was removed in the browser: turn this on again to restore it.
        </p>
      )}
      {anyError && (
        <p class="field-error small" role="alert" data-testid="any-site-error">
          {anyError}
        </p>
      )}
    </section>
  );
}
