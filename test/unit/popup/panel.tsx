/** Renders the lookup panel inside the page shell with a fake ask, and types a search. */
import { fireEvent, render, screen } from '@testing-library/preact';
import { LookupPanel } from '../../../components/lookup/LookupPanel';
import { PageShell } from '../../../components/lookup/PageShell';
import type { LookupResult } from '../../../lib/lookup';
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
