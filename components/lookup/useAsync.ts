import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorView } from '../../lib/errors';
import { toErrorView } from '../shared/Loadable';

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; value: T }
  | { status: 'error'; error: ErrorView };

/**
 * Runs `load` whenever `deps` change (or on `reload`) and keeps only the answer of the latest run, so
 * a slow earlier request never overwrites a newer one.
 */
export function useAsync<T>(load: (() => Promise<T>) | null, deps: unknown[]): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>(load ? { status: 'loading' } : { status: 'idle' });
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  // the caller's deps decide when to reload
  useEffect(() => {
    if (!load) {
      setState({ status: 'idle' });
      return;
    }
    const id = ++run.current;
    setState({ status: 'loading' });
    load().then(
      (value) => id === run.current && setState({ status: 'ok', value }),
      (e) => id === run.current && setState({ status: 'error', error: toErrorView(e) }),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return [state, reload];
}
