/** Renders the lookup panel inside the page shell with a fake ask, and types a search. */
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { LookupPanel } from '../../../components/lookup/LookupPanel';
import { PageShell } from '../../../components/lookup/PageShell';
import { RecentList } from '../../../components/lookup/RecentList';
import type { LookupResult } from '../../../lib/lookup';
import { recentItem } from '../../../lib/recent';
import { fakeAsk, type Handlers } from './fake-ask';

export function setup(handlers: Handlers) {
  const fake = fakeAsk(handlers);
  render(
    <PageShell ask={fake.ask} page="popup">
      <LookupPanel />
    </PageShell>,
  );
  return fake;
}

export function search(text: string) {
  const box = screen.getByTestId('search-input');
  fireEvent.input(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
}

export const answer = (r: LookupResult) => () => r;

/** Recent's entries on screen, each as [kind, label]. */
export const recentRows = () =>
  screen
    .getAllByTestId('recent-item')
    .map((o) => [
      within(o).getByTestId('recent-kind').textContent,
      within(o).getByTestId('recent-label').textContent,
    ]);

/** Renders Recent as stored and reads its entries (recentRows). */
export async function shownRecent() {
  render(
    <RecentList items={await recentItem.getValue()} active={-1} onPick={() => {}} onRemove={() => {}} />,
  );
  return recentRows();
}
