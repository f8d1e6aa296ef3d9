/**
 * Recent searches as a listbox driven from the search box (combobox pattern): focus stays in the
 * input, arrow keys move the active option, Enter runs it, Shift+Delete forgets it (the × buttons are
 * for the pointer). `active` is owned by the parent so the input's key handler and this list agree.
 */
export const RECENT_LIST_ID = 'recent-searches';
export const recentOptionId = (i: number) => `recent-option-${i}`;

export function RecentList({
  items,
  active,
  onPick,
  onRemove,
}: {
  items: string[];
  active: number;
  onPick: (input: string) => void;
  onRemove: (input: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section class="recent" aria-labelledby="recent-title" data-testid="recent-searches">
      <h2 id="recent-title">Recent</h2>
      <div id={RECENT_LIST_ID} role="listbox" aria-label="Recent searches">
        {items.map((item, i) => (
          <div
            key={item}
            id={recentOptionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            class={i === active ? 'active' : undefined}
            data-testid="recent-item"
            // preventing mousedown keeps focus in the search box, so the keyboard flow continues
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(item)}
            onKeyDown={(e) => e.key === 'Enter' && onPick(item)}
          >
            {/* a long input (a link) is cut with an ellipsis; the title shows it whole */}
            <span class="mono truncate" title={item}>
              {item}
            </span>
            <button
              type="button"
              class="icon"
              aria-label={`Forget ${item}`}
              tabIndex={-1}
              onClick={(e) => {
                e.stopPropagation();
                onRemove(item);
              }}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
