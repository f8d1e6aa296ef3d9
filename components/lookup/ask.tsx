/**
 * `ask` is injected through a context so the pages talk to the background in the extension and to a
 * fake in unit tests, with the same components. Whichever it is, every answer is parsed against its
 * schema (ANSWERS) before a component sees it.
 */
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useMemo } from 'preact/hooks';
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { ANSWERS, type Outputs, type PAGE_INPUTS, type PageMessage } from '../../lib/messaging';
import { LensError, ask as realAsk } from '../../lib/messenger';

export type AskFn = <K extends PageMessage>(
  name: K,
  data: z.input<(typeof PAGE_INPUTS)[K]>,
) => Promise<Outputs[K]>;

/**
 * `ask`, with each answer parsed against its message's schema: a value that does not fit is a
 * BAD_ANSWER failure (shown like any other, with the path of the first misfit in the console),
 * never a half-read value in the page.
 */
export function checkedAsk(ask: AskFn): AskFn {
  return async <K extends PageMessage>(name: K, data: z.input<(typeof PAGE_INPUTS)[K]>) => {
    const value = await ask(name, data);
    // ANSWERS[name]'s type is a union over every K; Outputs is defined from it, so this is exact.
    const schema = ANSWERS[name] as unknown as z.ZodType<Outputs[K]>;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    console.warn(
      `Onchain Lens: the ${name} answer does not fit its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
    throw new LensError('BAD_ANSWER', errorMessage('BAD_ANSWER'));
  };
}

const checkedReal = checkedAsk(realAsk as AskFn);
const AskContext = createContext<AskFn>(checkedReal);

export function useAsk(): AskFn {
  return useContext(AskContext);
}

export function AskProvider({ ask, children }: { ask?: AskFn; children: ComponentChildren }) {
  const value = useMemo(() => (ask ? checkedAsk(ask) : checkedReal), [ask]);
  return <AskContext.Provider value={value}>{children}</AskContext.Provider>;
}
