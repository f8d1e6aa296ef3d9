/**
 * "Looking up…" while a lookup runs, saying why when it takes long: the background's request queue
 * waits out a 429's Retry-After ("Rate limited; retrying in 4 s", read from the status answer, the
 * only place the page can learn it while the lookup's own answer is pending), or the service is slow
 * ("Still waiting for the service…" after SLOW_MS: the client's retries can take a minute).
 */
import { useEffect, useState } from 'preact/hooks';
import { formatCountdown } from '../../lib/format';
import { useAsk } from './ask';
import { Loading } from './states';

/** How often the status is asked while the lookup runs (its answer is local to the background). */
const WAIT_POLL_MS = 1000;

export function LookupLoading() {
  const ask = useAsk();
  const [waitMs, setWaitMs] = useState(0);
  useEffect(() => {
    let alive = true;
    const check = () =>
      ask('status', {}).then(
        (s) => alive && setWaitMs(s.rateLimitedMs ?? 0),
        () => {},
      );
    const timer = setInterval(check, WAIT_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [ask]);
  return waitMs > 0 ? (
    <Loading label="Rate limited; retrying" after={` in ${formatCountdown(waitMs)}`} />
  ) : (
    <Loading label="Looking up" slowLabel="Still waiting for the service" />
  );
}
