/**
 * The lookup UI shared by the popup and the lookup tab: one search box, recent searches, and the
 * result of `lookup` rendered by kind. Local validation runs first so a bad input gets a specific
 * message without a round trip.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LookupResult } from '../../lib/lookup';
import { loadRecent, removeRecent } from '../../lib/recent';
import { refreshStatus } from '../popup/statusRefresh';
import { useAsk } from './ask';
import { LookupLoading } from './LookupLoading';
import { LookupNav } from './nav';
import { matchingRecent, RECENT_KEYS_ID, RECENT_LIST_ID, RecentList, recentOptionId } from './RecentList';
import { ResultView, resultHeading, resultSummary } from './ResultView';
import { loadRecentMeta, type RecentMetaMap, recordLookup } from './recentMeta';
import { ErrorState } from './states';
import { type AsyncState, useAsync } from './useAsync';
import { validateLookupInput } from './validate';
import { type ViewMemory, ViewMemoryContext } from './viewMemory';
import { type WatchChange, WatchSync } from './watchSync';

/**
 * One lookup in the panel's history, with what Back needs to show it again as it was left, without a
 * request: its answer once it came, what the user set inside the result (viewMemory.ts), and where
 * the page was scrolled.
 */
interface HistoryEntry {
  /** the result's key: two results of one kind (a wallet, then Back to another) never share state */
  id: number;
  input: string;
  answer?: LookupResult;
  memory: ViewMemory;
  scrollTop?: number;
}

let entries = 0;
const newEntry = (input: string): HistoryEntry => ({ id: ++entries, input, memory: new Map() });

/** What scrolls the panel: the panel itself in the popup, the page in the lookup tab. */
function scrollerOf(panel: HTMLElement | null): Element | null {
  if (panel && getComputedStyle(panel).overflowY === 'auto') return panel;
  return document.scrollingElement;
}

export interface LookupPanelProps {
  initialQuery?: string;
  /** Called with each query that runs (the lookup tab mirrors it into its URL hash). */
  onQueryChange?: (query: string | null) => void;
  /** Shown under the recent searches or the result, always (the popup puts the watchlist here). */
  aside?: ComponentChildren;
}

export function LookupPanel({ initialQuery, onQueryChange, aside }: LookupPanelProps) {
  const ask = useAsk();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(initialQuery ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  /**
   * A search refused by the local check replaced the result on screen (the refused text stays in the
   * box): the old result under the new message would read as its answer. Back shows it again.
   */
  const [resultHidden, setResultHidden] = useState(false);
  // each run is a new entry (a new object), so the same query typed again asks again
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [recent, setRecent] = useState<string[]>([]);
  const [recentMeta, setRecentMeta] = useState<RecentMetaMap>({});
  const [activeIndex, setActive] = useState(-1);
  const entry = history.at(-1) ?? null;
  const query = entry?.input ?? null;
  const [watch, setWatch] = useState<{ version: number; last: WatchChange | null }>({
    version: 0,
    last: null,
  });

  // Only a lookup that answered goes to Recent, saved with the answer: an effect on "status is ok"
  // would also fire on a new query's first render, while the status is still the previous lookup's.
  // An entry that has its answer (Back) asks nothing: its answer is shown as it is (`outcome`).
  const asked = useRef<HistoryEntry | null>(null);
  const [state, retry, autoRetry] = useAsync(
    entry && !entry.answer
      ? () => {
          asked.current = entry;
          return ask('lookup', { input: entry.input }).then((result) => {
            entry.answer = result;
            void recordLookup(entry.input, result).then(({ recent, meta }) => {
              setRecent(recent);
              setRecentMeta(meta);
            });
            return result;
          });
        }
      : null,
    [entry],
  );
  // Until the new entry's lookup starts (useAsync's effect, after this render), `state` is still the
  // previous entry's: shown under the new entry, its views would keep their state in the new memory.
  const outcome: AsyncState<LookupResult> = entry?.answer
    ? { status: 'ok', value: entry.answer }
    : asked.current === entry
      ? state
      : { status: 'loading' };
  /** Reload and the automatic reload of a result ask again, for fresh data: nothing kept stays. */
  const afresh = (reload: () => void) => () => {
    if (entry) {
      delete entry.answer;
      entry.memory.clear();
    }
    reload();
  };

  // Once the lookup answers:
  // - the footer asks again: the answer may change what it says (a 401 makes the key invalid;
  //   credits were spent);
  // - a long address typed or pasted left the box scrolled to its end (or its middle, under the
  //   native ×): show its start, where a trader checks the first characters. Only the scroll
  //   position moves: focus and the caret stay where they were.
  useEffect(() => {
    if (state.status !== 'ok' && state.status !== 'error') return;
    refreshStatus();
    if (inputRef.current) inputRef.current.scrollLeft = 0;
  }, [state]);

  // Back: the result is on screen again at once (kept answer, kept lists), so its scroll position holds
  useEffect(() => {
    const top = entry?.scrollTop;
    const scroller = scrollerOf(panelRef.current);
    if (top !== undefined && scroller) scroller.scrollTop = top;
  }, [entry]);

  useEffect(() => {
    inputRef.current?.focus();
    // Together: a list shown before its notes said "Event order-url" for a moment, not "Order
    // USDC → SOL".
    void Promise.all([loadRecent(), loadRecentMeta()]).then(([list, meta]) => {
      setRecentMeta(meta);
      setRecent(list);
    });
  }, []);

  useEffect(() => {
    if (initialQuery) run(initialQuery, true);
  }, [initialQuery]);

  function run(raw: string, replace = false) {
    const checked = validateLookupInput(raw);
    setActive(-1);
    if (!checked.ok) {
      setInvalid(checked.message);
      setResultHidden(true);
      return;
    }
    setInvalid(null);
    setResultHidden(false);
    setText(checked.input);
    // where the page was scrolled goes with the result being left, for Back
    if (entry) entry.scrollTop = scrollerOf(panelRef.current)?.scrollTop;
    setHistory((h) => (replace ? [newEntry(checked.input)] : [...h, newEntry(checked.input)]));
    onQueryChange?.(checked.input);
  }

  function back() {
    if (resultHidden && query !== null) {
      // back from a refused search: to the result it hid
      setResultHidden(false);
      setInvalid(null);
      setText(query);
      inputRef.current?.focus();
      return;
    }
    const next = history.slice(0, -1);
    const input = next.at(-1)?.input ?? null;
    setHistory(next);
    setText(input ?? '');
    onQueryChange?.(input);
    inputRef.current?.focus();
  }

  /**
   * A lookup from inside the result (an order's owner, a search hit): the control that started it goes
   * away with the result, so focus moves to the result itself rather than to <body>. (Retry does the
   * same through lookup/focus.ts.)
   */
  function open(input: string) {
    const result = resultRef.current;
    const inside = result?.contains(document.activeElement);
    run(input);
    if (inside) result?.focus();
  }

  const shown = resultHidden ? null : query;
  // Recent narrowed to the entries that hold what is typed (all of them while the box is empty)
  const matching = shown === null ? matchingRecent(recent, recentMeta, text) : [];
  const showRecent = matching.length > 0;
  // always one of the options shown: typing narrows the list, a × shortens it
  const active = activeIndex < matching.length ? activeIndex : -1;
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' && showRecent) {
      e.preventDefault();
      setActive(Math.min(active + 1, matching.length - 1));
    } else if (e.key === 'ArrowUp' && showRecent) {
      e.preventDefault();
      setActive(Math.max(active - 1, -1));
    } else if (e.key === 'Escape' && (active >= 0 || query)) {
      e.preventDefault();
      if (active >= 0) setActive(-1);
      else back();
    } else if (e.key === 'Delete' && e.shiftKey && showRecent && matching[active] !== undefined) {
      // The keyboard's "Forget" (the × buttons are out of the tab order, focus stays in the box):
      // Shift+Delete, as in the browser's own address bar suggestions.
      e.preventDefault();
      const item = matching[active]!;
      setActive(Math.min(active, matching.length - 2));
      void removeRecent(item).then(setRecent);
    }
  }

  function onSubmit(e: Event) {
    e.preventDefault();
    const picked = showRecent && active >= 0 ? matching[active] : undefined;
    run(picked ?? text);
  }

  return (
    <LookupNav.Provider value={open}>
      <WatchSync.Provider
        value={{
          ...watch,
          changed: (last, reload = true) =>
            setWatch((w) => ({ version: w.version + (reload ? 1 : 0), last })),
        }}
      >
        <div ref={panelRef} class="lookup" data-testid="lookup-panel">
          <form class="search" aria-label="Lookup" onSubmit={onSubmit}>
            {history.length > 0 && (
              <button type="button" class="icon" aria-label="Back" data-testid="lookup-back" onClick={back}>
                ←
              </button>
            )}
            <input
              ref={inputRef}
              type="search"
              // a combobox while the recent searches list shows under it, driven by aria-activedescendant
              role="combobox"
              aria-label="Search"
              aria-expanded={showRecent}
              aria-autocomplete="list"
              data-testid="search-input"
              placeholder="Address, link, market, slot or token"
              autoComplete="off"
              spellcheck={false}
              // no maxLength: it cut a long paste silently, maybe inside an address (its first 43
              // characters are often another valid one); validateLookupInput refuses over-long input
              value={text}
              aria-controls={showRecent ? RECENT_LIST_ID : undefined}
              aria-activedescendant={showRecent && active >= 0 ? recentOptionId(active) : undefined}
              aria-invalid={invalid ? true : undefined}
              // the refusal, and while the recent searches show, their keys (Shift+Delete forgets)
              aria-describedby={
                [invalid && 'search-invalid', showRecent && RECENT_KEYS_ID].filter(Boolean).join(' ') ||
                undefined
              }
              onInput={(e) => {
                setText(e.currentTarget.value);
                setInvalid(null);
                // what the arrows picked from the old list is gone: Enter looks up what is typed
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
            />
            <button type="submit" data-testid="search-submit">
              Look up
            </button>
          </form>
          {invalid && (
            <p id="search-invalid" class="state state-invalid" data-testid="search-invalid" role="alert">
              {invalid}
            </p>
          )}
          {shown === null ? (
            showRecent && (
              <RecentList
                items={matching}
                meta={recentMeta}
                active={active}
                onPick={(item) => run(item)}
                onRemove={(item) => void removeRecent(item).then(setRecent)}
              />
            )
          ) : (
            // focus lands here when the control that started a lookup goes away with the old result
            <section
              ref={resultRef}
              class="result"
              data-testid="lookup-result"
              aria-label="Lookup result"
              tabIndex={-1}
            >
              {outcome.status === 'loading' && <LookupLoading />}
              {outcome.status === 'error' && (
                <ErrorState error={outcome.error} onRetry={retry} autoRetry={autoRetry} />
              )}
              {outcome.status === 'ok' && resultHeading(outcome.value) !== null && (
                <h2 class="sr-only" data-testid="result-heading">
                  {resultHeading(outcome.value)}
                </h2>
              )}
              {outcome.status === 'ok' && entry && (
                // each entry's result is its own: it starts from what was kept with it
                <ViewMemoryContext.Provider key={entry.id} value={entry.memory}>
                  <ResultView
                    result={outcome.value}
                    onReload={afresh(retry)}
                    onAutoReload={autoRetry && afresh(autoRetry)}
                  />
                </ViewMemoryContext.Provider>
              )}
            </section>
          )}
          {/* one short line for screen readers when a result is in, never the whole result again */}
          <p class="sr-only" role="status" data-testid="lookup-status">
            {shown !== null && outcome.status === 'ok' ? resultSummary(outcome.value) : ''}
          </p>
          {aside}
        </div>
      </WatchSync.Provider>
    </LookupNav.Provider>
  );
}
