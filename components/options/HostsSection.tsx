/**
 * Advanced: where the extension sends requests (tests and the demo point these at the simulator).
 * The background validates them (https/wss, or http/ws on localhost only) and names the bad field.
 */
import { useEffect, useState } from 'preact/hooks';
import { defaultHosts, type Hosts, type Settings } from '../../lib/settings';
import { type Note, type SaveFn, SaveNote } from './save';

const FIELDS: [keyof Hosts, string][] = [
  ['data', 'Data API'],
  ['prediction', 'Prediction-market API'],
  ['datastream', 'Datastream (WebSocket)'],
  ['rpc', 'RPC'],
];

export function HostsSection({
  settings,
  save,
  notes,
}: {
  settings: Settings;
  save: SaveFn;
  notes: Record<string, Note>;
}) {
  const [draft, setDraft] = useState<Hosts>(settings.hosts);
  useEffect(() => setDraft(settings.hosts), [settings.hosts]);
  return (
    <details data-testid="options-hosts">
      <summary>Advanced: API hosts</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save('hosts', { hosts: draft });
        }}
      >
        {FIELDS.map(([key, label]) => (
          <div class="row" key={key}>
            <label for={`host-${key}`}>{label}</label>
            <input
              id={`host-${key}`}
              data-testid={`host-${key}`}
              type="url"
              spellcheck={false}
              value={draft[key]}
              onInput={(e) => setDraft((d) => ({ ...d, [key]: e.currentTarget.value }))}
            />
          </div>
        ))}
        <div class="row">
          <button type="submit" data-testid="hosts-save">
            Save hosts
          </button>
          <button type="button" onClick={() => void save('hosts', { hosts: defaultHosts() })}>
            Reset to defaults
          </button>
          <SaveNote section="hosts" note={notes.hosts} />
        </div>
      </form>
    </details>
  );
}
