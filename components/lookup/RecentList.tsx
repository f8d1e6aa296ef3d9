/**
 * Recent searches as a listbox driven from the search box (combobox pattern): focus stays in the
 * input, arrow keys move the active option, Enter runs it, Shift+Delete forgets it (each option says so
 * in aria-keyshortcuts, the box in its description, and a hint shows beside "Recent" while an option
 * is active). The × in each entry is for the pointer only: hidden from assistive technology and out of
 * the tab order, it is no control nested in the option (axe nested-interactive, WCAG 4.1.2).
 * `active` is owned by the parent so the input's key handler and this list agree.
 * Each entry says what it is ("Token", "Wallet", "Slot") and its short name ("BONK", "7Jsi…cTZz"),
 * from the note of its answer (recentMeta.ts) or else from its text; the whole input stays in the
 * tooltip and in the option's accessible name. The panel passes only the entries that hold what is
 * typed in the box (matchingRecent), so `active` and the option ids count within those.
 */
import { describeInput, RECENT_KINDS, type RecentMetaMap, recentNote } from './recentMeta';

export const RECENT_LIST_ID = 'recent-searches';
export const recentOptionId = (i: number) => `recent-option-${i}`;
/** The id of the text telling the keys of the list: the search box is described by it while the list shows. */
export const RECENT_KEYS_ID = 'recent-keys';
/** What forgets the active entry (LookupPanel's key handler), in aria-keyshortcuts' syntax. */
export const FORGET_SHORTCUT = 'Shift+Delete';

/**
 * What an entry is: the note of its answer, else what its text looks like. An own note only: an
 * input named `constructor` or `toString` is no Object.prototype member.
 */
const describeEntry = (meta: RecentMetaMap, item: string) => recentNote(meta, item) ?? describeInput(item);

/**
 * The entries that hold the typed text, in their order: in the input itself (the start or any part
 * of an address or link) or in the name the list shows for it (a token looked up by its mint is
 * found by "bonk"). Case does not count; an empty box keeps them all.
 */
export function matchingRecent(items: string[], meta: RecentMetaMap, typed: string): string[] {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return items;
  return items.filter(
    (item) =>
      item.toLowerCase().includes(wanted) || describeEntry(meta, item).label.toLowerCase().includes(wanted),
  );
}

export function RecentList({
  items,
  meta = {},
  active,
  onPick,
  onRemove,
}: {
  items: string[];
  /** what each input's lookup answered, by input; an input without one is described from its text */
  meta?: RecentMetaMap;
  active: number;
  onPick: (input: string) => void;
  onRemove: (input: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section class="recent" aria-labelledby="recent-title" data-testid="recent-searches">
      <h2 id="recent-title">Recent</h2>
      <p id={RECENT_KEYS_ID} class="sr-only">
        Up and down arrows choose a recent search, Enter looks it up, Shift+Delete forgets it.
      </p>
      {/* for the keyboard user who reached an entry: how to forget it (screen readers have the line above) */}
      {active >= 0 && (
        <span class="recent-hint muted small" aria-hidden="true" data-testid="recent-hint">
          Shift+Delete forgets
        </span>
      )}
      <div id={RECENT_LIST_ID} role="listbox" aria-label="Recent searches">
        {items.map((item, i) => {
          const { kind, label } = describeEntry(meta, item);
          const kindText = RECENT_KINDS[kind];
          return (
            <div
              key={item}
              id={recentOptionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              aria-keyshortcuts={FORGET_SHORTCUT}
              // what it is and its name first, then the whole input (when the name is not all of it)
              aria-label={label === item ? `${kindText} ${item}` : `${kindText} ${label}, ${item}`}
              class={i === active ? 'active' : undefined}
              data-testid="recent-item"
              // preventing mousedown keeps focus in the search box, so the keyboard flow continues
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(item)}
              onKeyDown={(e) => e.key === 'Enter' && onPick(item)}
            >
              <span class="recent-kind" data-testid="recent-kind">
                {kindText}
              </span>
              {/* a space (not drawn between flex items): the text reads "Token BONK", as the name does */}{' '}
              {/* a short form or a name, cut with an ellipsis if long; the title shows the whole input */}
              <span class="recent-label truncate" title={item} data-testid="recent-label">
                {label}
              </span>
              {/* the pointer's "Forget": the keyboard's is Shift+Delete, so no control sits inside the option */}
              <span
                class="recent-forget"
                aria-hidden="true"
                data-testid="recent-forget"
                onClick={(e) => {
                  e.stopPropagation();
                  onRemove(item);
                }}
              >
                ×
              </span>
            </div>
          );
        })}
      </div>
    </section>
  );
}
