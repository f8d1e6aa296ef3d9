/** How every options section saves: one settingsSet patch, then "Saved" or the field's message. */
import type { Settings } from '../../lib/settings';

export type Note = { state: 'saving' } | { state: 'saved' } | { state: 'error'; message: string };
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
    <span class="field-error small" role="alert" data-testid={`error-${section}`}>
      {note.message}
    </span>
  );
}
