/**
 * The watched wallets (WatchedWallets: rename, remove) with how many of the limit are used; export (a
 * JSON download) and import (a file, checked here for size and JSON syntax, then validated entry by
 * entry by the background's watchImport).
 */
import { useEffect, useState } from 'preact/hooks';
import { countOf } from '../../lib/format';
import {
  exportText,
  type ImportResult,
  WATCH_LIMIT,
  type WatchEntry,
  watchlistItem,
} from '../../lib/watch/watchlist';
import { useAsk } from '../lookup/ask';
import { ErrorState, errorText, Loading } from '../lookup/states';
import { useAsync } from '../lookup/useAsync';
import { WatchedWallets } from './WatchedWallets';

const MAX_BYTES = 200_000; // the watchImport message's bound

type Outcome = { ok: boolean; text: string } | null;

/** Checks done before sending: a clear message for the common mistakes. */
export function precheckImport(text: string, size: number): string | null {
  if (size > MAX_BYTES) return `That file is too large (${Math.ceil(size / 1000)} KB; at most 200 KB).`;
  try {
    JSON.parse(text);
  } catch {
    return 'That file is not JSON: choose a file exported from Onchain Lens.';
  }
  return null;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Added 2, skipped 12: 9 over the limit (50 max), 2 not wallets, 1 already on the list." */
export function importSummary(r: Pick<ImportResult, 'added' | 'skipped' | 'reasons'>): string {
  const head = `Added ${r.added}, skipped ${r.skipped}`;
  const why = r.reasons;
  const parts = [
    why.full > 0 && `${why.full} over the limit (${WATCH_LIMIT} max)`,
    why.notWallet > 0 && count(why.notWallet, 'not a wallet', 'not wallets'),
    why.invalid > 0 && count(why.invalid, 'not a valid address', 'not valid addresses'),
    why.duplicate > 0 && `${why.duplicate} already on the list`,
  ].filter(Boolean);
  return parts.length ? `${head}: ${parts.join(', ')}.` : `${head}.`;
}

/** "12 of 50 watched"; at the limit, what to do about it. */
function watchCount(n: number): string {
  const head = `${n} of ${WATCH_LIMIT} watched`;
  return n >= WATCH_LIMIT ? `${head}: remove one to watch another.` : head;
}

export function WatchlistSection({ download }: { download?: (name: string, json: string) => void }) {
  const ask = useAsk();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [state, reload] = useAsync(() => ask('watchList', {}), []);
  // every change made here answers with the whole list: shown as it is, without reading it again
  const [changed, setChanged] = useState<WatchEntry[] | null>(null);
  const entries = changed ?? (state.status === 'ok' ? state.value : null);
  // A wallet watched, renamed or removed elsewhere (the popup, a notification read) shows here at
  // once: the page read the list once and said "2 of 50" beside a list of 3.
  useEffect(
    () =>
      watchlistItem.watch(() => {
        ask('watchList', {}).then(setChanged, () => {});
      }),
    [ask],
  );

  async function exportList() {
    setOutcome(null);
    try {
      const list = await ask('watchList', {});
      setChanged(list); // fresh: the list above shows what the file holds
      // the same file the background's import reads back (a {version, entries} file was refused)
      const json = exportText(list, Date.now());
      (download ?? saveFile)('onchain-lens-watchlist.json', json);
      setOutcome({ ok: true, text: `Exported ${countOf(list.length, 'wallet')}.` });
    } catch (e) {
      setOutcome({ ok: false, text: errorText(e) });
    }
  }

  async function importFile(file: File) {
    setOutcome(null);
    const text = file.size > MAX_BYTES ? '' : await file.text();
    const problem = precheckImport(text, file.size);
    if (problem) {
      setOutcome({ ok: false, text: problem });
      return;
    }
    try {
      const r = await ask('watchImport', { json: text });
      setChanged(r.entries);
      setOutcome({ ok: true, text: importSummary(r) });
    } catch (e) {
      setOutcome({ ok: false, text: errorText(e) });
    }
  }

  return (
    <section aria-labelledby="watch-title" data-testid="options-watchlist">
      <h2 id="watch-title">Watchlist</h2>
      {entries ? (
        <>
          <p class="small muted" role="status" data-testid="watch-count">
            {watchCount(entries.length)}
          </p>
          <WatchedWallets entries={entries} onChange={setChanged} />
        </>
      ) : state.status === 'error' ? (
        <ErrorState error={state.error} onRetry={reload} />
      ) : (
        <Loading label="Loading watchlist" />
      )}
      <div class="row">
        <button type="button" data-testid="watch-export" onClick={() => void exportList()}>
          Export JSON
        </button>
        <label for="watch-import">Import JSON</label>
        <input
          id="watch-import"
          data-testid="watch-import"
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = ''; // the same file can be chosen again after a fix
            if (file) void importFile(file);
          }}
        />
      </div>
      {outcome && (
        <p
          class={outcome.ok ? 'saved small' : 'field-error small'}
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="watch-io-result"
        >
          {outcome.text}
        </p>
      )}
    </section>
  );
}

function saveFile(name: string, json: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
