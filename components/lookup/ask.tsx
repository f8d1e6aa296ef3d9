/**
 * `ask` is injected through a context so the pages talk to the background in the extension and to a
 * fake in unit tests, with the same components.
 */
import { type ComponentChildren, createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { z } from 'zod';
import type { Outputs, PAGE_INPUTS, PageMessage } from '../../lib/messaging';
import { ask as realAsk } from '../../lib/messenger';

export type AskFn = <K extends PageMessage>(
  name: K,
  data: z.input<(typeof PAGE_INPUTS)[K]>,
) => Promise<Outputs[K]>;

const AskContext = createContext<AskFn>(realAsk as AskFn);

export function useAsk(): AskFn {
  return useContext(AskContext);
}

export function AskProvider({ ask, children }: { ask?: AskFn; children: ComponentChildren }) {
  return <AskContext.Provider value={ask ?? (realAsk as AskFn)}>{children}</AskContext.Provider>;
}
