/**
 * The options page's list of watched wallets: each one's name (label, else .sol name, else short
 * address, as the popup shows it), when it was added, an inline rename and a remove.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDate, shortAddress } from '../../lib/format';
import { LABEL_MAX, type WatchEntry } from '../../lib/watch/watchlist';
import { useAsk } from '../lookup/ask';
import { focusIsFree, useRemoveFocus } from '../lookup/focus';
import { Empty, errorText } from '../lookup/states';
import { watchName } from '../popup/Watchlist';

export function WatchedWallets({
  entries,
  onChange,
}: {
  entries: WatchEntry[];
  onChange: (next: WatchEntry[]) => void;
}) {
  const ask = useAsk();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const removing = useRemoveFocus(boxRef, '[data-testid="watch-remove"]', entries);

  async function remove(wallet: string, row: number) {
    setRemoveError(null);
    try {
      onChange(await removing(wallet, row, () => ask('watchRemove', { wallet })));
    } catch (e) {
      setRemoveError(errorText(e));
    }
  }

  return (
    // tabIndex -1: focus comes here when the last wallet is removed
    <div ref={boxRef} class="watched" tabIndex={-1} data-testid="watched-wallets">
      {entries.length === 0 ? (
        <Empty>
          No watched wallets yet. Look up a wallet in the popup and press Watch, or import a file.
        </Empty>
      ) : (
        <ul class="watched-rows">
          {entries.map((e, i) => (
            <WatchedWallet
              key={e.wallet}
              entry={e}
              onRenamed={onChange}
              onRemove={() => void remove(e.wallet, i)}
            />
          ))}
        </ul>
      )}
      {removeError && (
        <p class="field-error small" role="alert" data-testid="watch-remove-error">
          {removeError}
        </p>
      )}
    </div>
  );
}

function WatchedWallet({
  entry,
  onRenamed,
  onRemove,
}: {
  entry: WatchEntry;
  onRenamed: (next: WatchEntry[]) => void;
  onRemove: () => void;
}) {
  const ask = useAsk();
  /** The label being typed; null while the row is not being edited. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const name = watchName(entry, LABEL_MAX);
  const id = `watch-label-${entry.wallet}`;
  const editing = draft !== null;

  // opening the editor puts focus in its field; closing it gives focus back to Rename
  const opened = useRef(false);
  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (opened.current && focusIsFree(renameRef.current?.closest('li') ?? null))
      renameRef.current?.focus();
    opened.current = editing;
  }, [editing]);

  function close() {
    setDraft(null);
    setError(null);
  }

  async function save() {
    if (draft === null || saving.current) return;
    const label = draft.trim(); // (the field's maxLength keeps it within the watchRename schema's bound)
    if (label === (entry.label ?? '')) {
      close(); // nothing changed: nothing to write
      return;
    }
    saving.current = true;
    setError(null);
    try {
      onRenamed(await ask('watchRename', { wallet: entry.wallet, label }));
      close();
    } catch (e) {
      setError(errorText(e));
    } finally {
      saving.current = false;
    }
  }

  const nameCell = (
    <span class="watched-name truncate" title={entry.wallet} data-testid="watch-name">
      {name}
      <span class="sr-only">, wallet {entry.wallet}</span>
    </span>
  );
  const added =
    Number.isFinite(entry.addedAt) && entry.addedAt > 0 ? (
      <span class="muted small watched-added">
        Added <time dateTime={new Date(entry.addedAt).toISOString()}>{formatDate(entry.addedAt)}</time>
      </span>
    ) : null;

  if (editing) {
    return (
      <li class="watched-row editing" data-testid="watched-row">
        <form
          class="watched-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.preventDefault();
            close();
          }}
        >
          <label for={id}>
            Label for <span class="mono">{shortAddress(entry.wallet, 6, 6)}</span>
          </label>
          <input
            id={id}
            ref={inputRef}
            data-testid="watch-label-input"
            type="text"
            value={draft}
            maxLength={LABEL_MAX}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          {/* named apart from the key section's Save */}
          <button type="submit" data-testid="watch-label-save" aria-label="Save label">
            Save
          </button>
          <button type="button" data-testid="watch-label-cancel" aria-label="Cancel rename" onClick={close}>
            Cancel
          </button>
          {error ? (
            <p id={`${id}-error`} class="field-error small" role="alert" data-testid="watch-label-error">
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} class="muted small">
              Up to {LABEL_MAX} characters; leave it empty for no label. Esc cancels.
            </p>
          )}
        </form>
      </li>
    );
  }
  return (
    <li class="watched-row" data-testid="watched-row">
      {nameCell}
      {added}
      <span class="watched-actions">
        <button
          type="button"
          ref={renameRef}
          data-testid="watch-rename"
          aria-label={`Rename ${name}`}
          onClick={() => setDraft(entry.label ?? '')}
        >
          Rename
        </button>
        <button
          type="button"
          data-testid="watch-remove"
          aria-label={`Remove ${name} from watchlist`}
          onClick={onRemove}
        >
          Remove
        </button>
      </span>
    </li>
  );
}
