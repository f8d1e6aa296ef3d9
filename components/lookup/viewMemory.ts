/**
 * What a lookup's result held when the user left it (an order list's filter, sort and loaded pages,
 * the token view's side, a chart's answer), kept with that lookup in the panel's history, so Back
 * shows the result as it was left without asking the service again. Outside a panel (a view rendered
 * alone) nothing is kept and these hooks are useState and useAsync.
 */
import { createContext } from 'preact';
import { type Dispatch, type StateUpdater, useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { type AsyncState, useAsync } from './useAsync';

/** One lookup's memory: each value under a key its view names (`DCA buyers page`). */
export type ViewMemory = Map<string, unknown>;

export const ViewMemoryContext = createContext<ViewMemory | null>(null);

/** useState that starts from the value kept under `key`, and keeps each new one there. */
export function useRemembered<T>(key: string, initial: T): [T, Dispatch<StateUpdater<T>>] {
  const memory = useContext(ViewMemoryContext);
  const [value, setValue] = useState<T>(() => (memory?.has(key) ? (memory.get(key) as T) : initial));
  useEffect(() => {
    memory?.set(key, value);
  }, [memory, key, value]);
  return [value, setValue];
}

/**
 * useAsync whose answer is kept under `key` and its deps: shown again as it was, without a request.
 * Only answers are kept: a failed load runs again.
 */
export function useRememberedAsync<T>(
  key: string,
  load: () => Promise<T>,
  deps: (string | number)[],
): [AsyncState<T>, () => void, (() => void) | undefined] {
  const memory = useContext(ViewMemoryContext);
  const slot = `${key} ${deps.join(' ')}`;
  const kept = memory?.has(slot) ? (memory.get(slot) as T) : undefined;
  const [state, retry, autoRetry] = useAsync(
    kept === undefined
      ? () =>
          load().then((value) => {
            memory?.set(slot, value);
            return value;
          })
      : null,
    deps,
  );
  const shown = useMemo<AsyncState<T>>(
    () => (kept === undefined ? state : { status: 'ok', value: kept }),
    [kept, state],
  );
  return [shown, retry, autoRetry];
}
