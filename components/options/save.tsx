/** How every options section saves: one settingsSet patch, then "Saved" or the field's message. */
import type { Settings } from '../../lib/settings';

/** A refused save names the field (`field`: the id of its input) when the background said which. */
export type Note =
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'error'; message: string; field?: string };
/**
 * A patch, or a function of the latest settings (including changes still being saved), so quick
 * successive edits of one object (notification rules, site map) never overwrite each other.
 */
export type Patch = Partial<Settings> | ((latest: Settings) => Partial<Settings>);
export type SaveFn = (section: string, patch: Patch) => Promise<boolean>;

/** What every settings section receives from the options page. */
export interface SectionProps {
  settings: Settings;
  save: SaveFn;
  notes: Record<string, Note>;
}

/** Each settings path the background may refuse: the label the page shows for it, and its input's id. */
export const FIELDS: Record<string, { label: string; id: string }> = {
  'hosts.data': { label: 'Data API', id: 'host-data' },
  'hosts.prediction': { label: 'Prediction-market API', id: 'host-prediction' },
  'hosts.datastream': { label: 'Datastream (WebSocket)', id: 'host-datastream' },
  'hosts.rpc': { label: 'RPC', id: 'host-rpc' },
  'notifications.minUsd': { label: 'Minimum value (USD)', id: 'min-usd' },
  'notifications.quietHours.start': { label: 'Quiet hours start', id: 'quiet-start' },
  'notifications.quietHours.end': { label: 'Quiet hours end', id: 'quiet-end' },
  pnlMode: { label: 'PnL mode', id: 'opt-pnlMode' },
  currency: { label: 'Currency', id: 'opt-currency' },
  theme: { label: 'Theme', id: 'opt-theme' },
  maxBadges: { label: 'Most badges on a page at once', id: 'opt-maxBadges' },
  'cache.maxMB': { label: 'Maximum size (MB)', id: 'cache-max-mb' },
  key: { label: 'Solana Tracker API key', id: 'api-key' },
};

/**
 * The background names a refused field by its settings path ("hosts.datastream: must use wss: or
 * ws:"): the page says it with the field's visible label instead, and knows which input it was.
 */
export function fieldError(message: string): { message: string; field?: string } {
  const at = message.indexOf(': ');
  const known = at > 0 ? FIELDS[message.slice(0, at)] : undefined;
  return known ? { message: `${known.label}${message.slice(at)}`, field: known.id } : { message };
}

/** aria-invalid and aria-describedby for input `id` while the section's last save was refused for it. */
export function invalidProps(note: Note | undefined, section: string, id: string) {
  return note?.state === 'error' && note.field === id
    ? { 'aria-invalid': true, 'aria-describedby': `error-${section}` }
    : {};
}

export function SaveNote({ section, note }: { section: string; note: Note | undefined }) {
  if (!note) return null;
  if (note.state === 'saving') return <span class="muted small">Saving…</span>;
  if (note.state === 'saved') {
    return (
      <span class="saved small" role="status" data-testid={`saved-${section}`}>
        Saved
      </span>
    );
  }
  return (
    <span id={`error-${section}`} class="field-error small" role="alert" data-testid={`error-${section}`}>
      {note.message}
    </span>
  );
}
