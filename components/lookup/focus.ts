/**
 * Where focus goes from a control about to go away with what it acts on (Retry, "Check PnL again"):
 * the nearest container that takes focus (tabIndex -1: the lookup result, an order list, the
 * watchlist), so a keyboard or screen reader user is not sent back to the top of the page.
 */
export function focusContainer(from: Element): void {
  from.parentElement?.closest<HTMLElement>('[tabindex="-1"]')?.focus();
}
