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
 *
 * The third value reloads on its own (ErrorState's `autoRetry`, when a Retry-After has run out): one
 * such reload per run the user started (new deps, or `reload`), so a service that keeps answering
 * "wait" is not asked again and again with nobody looking; undefined once used.
 */
export function useAsync<T>(
  load: (() => Promise<T>) | null,
  deps: unknown[],
): [AsyncState<T>, () => void, (() => void) | undefined] {
  const [state, setState] = useState<AsyncState<T>>(load ? { status: 'loading' } : { status: 'idle' });
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  /** 'pending': the next run is the automatic one; 'used': the current run is. */
  const auto = useRef<'unused' | 'pending' | 'used'>('unused');
  // the caller's deps decide when to reload
  useEffect(() => {
    auto.current = auto.current === 'pending' ? 'used' : 'unused';
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
  const autoReload = useCallback(() => {
    auto.current = 'pending';
    setTick((t) => t + 1);
  }, []);
  return [state, reload, auto.current === 'used' ? undefined : autoReload];
}
