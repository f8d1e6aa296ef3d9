/**
 * Advanced: where the extension sends requests (tests and the demo point these at the simulator).
 * The background validates them (https/wss, or http/ws on localhost only) and names the bad field.
 */
import { useState } from 'preact/hooks';
import { defaultHosts, type Hosts } from '../../lib/settings';
import { FIELDS, invalidProps, SaveNote, type SectionProps } from './save';

const HOSTS: (keyof Hosts)[] = ['data', 'prediction', 'datastream', 'rpc'];

export function HostsSection({ settings, save, notes }: SectionProps) {
  return (
    <details data-testid="options-hosts">
      <summary>Advanced: API hosts</summary>
      {/* the draft is the form's own: a refused value stays in place to be fixed */}
      <HostsForm hosts={settings.hosts} save={save} notes={notes} />
    </details>
  );
}

function HostsForm({ hosts, save, notes }: Omit<SectionProps, 'settings'> & { hosts: Hosts }) {
  const [draft, setDraft] = useState<Hosts>(hosts);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save('hosts', { hosts: draft });
      }}
    >
      {HOSTS.map((key) => (
        <div class="row" key={key}>
          <label for={`host-${key}`}>{FIELDS[`hosts.${key}`]?.label}</label>
          <input
            id={`host-${key}`}
            {...invalidProps(notes.hosts, 'hosts', `host-${key}`)}
            data-testid={`host-${key}`}
            // text, not url: the background's validation (with its field message) is the one that counts
            type="text"
            inputMode="url"
            spellcheck={false}
            value={draft[key]}
            onInput={(e) => {
              const value = e.currentTarget.value; // read now: the event is gone when the updater runs
              setDraft((d) => ({ ...d, [key]: value }));
            }}
          />
        </div>
      ))}
      <div class="row">
        <button type="submit" data-testid="hosts-save">
          Save hosts
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(defaultHosts());
            void save('hosts', { hosts: defaultHosts() });
          }}
        >
          Reset to defaults
        </button>
        <SaveNote section="hosts" note={notes.hosts} />
      </div>
    </form>
  );
}
