/** Cache statistics and a clear button. */
import { useState } from 'preact/hooks';
import { formatNumber, formatPercent } from '../../lib/format';
import { useAsk } from '../lookup/ask';
import { ErrorState, errorText, Loading } from '../lookup/states';
import { useAsync } from '../lookup/useAsync';

export function CacheSection() {
  const ask = useAsk();
  const [state, reload] = useAsync(() => ask('cacheStats', {}), []);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function clear() {
    setNote(null);
    try {
      await ask('cacheClear', {});
      setNote({ ok: true, text: 'Cache cleared.' });
      reload();
    } catch (e) {
      setNote({ ok: false, text: errorText(e) });
    }
  }

  let stats = null;
  if (state.status === 'loading' || state.status === 'idle') stats = <Loading label="Reading cache" />;
  else if (state.status === 'error') stats = <ErrorState error={state.error} onRetry={reload} />;
  else {
    const s = state.value;
    const lookups = s.hits + s.misses;
    stats = (
      <p class="small" data-testid="cache-stats">
        {formatNumber(s.entries)} entries · {formatNumber(s.bytes / 1_048_576, { maxFraction: 1 })} MB · hit
        rate {lookups ? formatPercent((s.hits / lookups) * 100) : '—'}
      </p>
    );
  }
  return (
    <section aria-labelledby="cache-title" data-testid="options-cache">
      <h2 id="cache-title">Cache</h2>
      {stats}
      <div class="row">
        <button type="button" data-testid="cache-clear" onClick={() => void clear()}>
          Clear cache
        </button>
        {note && (
          <span class={note.ok ? 'saved small' : 'field-error small'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </span>
        )}
      </div>
    </section>
  );
}
