/** Cache statistics against the size limit, the limit itself (saved like every setting), and a clear button. */
import { useState } from 'preact/hooks';
import { formatNumber, formatPercent } from '../../lib/format';
import { useAsk } from '../lookup/ask';
import { ErrorState, errorText, Loading } from '../lookup/states';
import { useAsync } from '../lookup/useAsync';
import { invalidProps, SaveNote, type SectionProps } from './save';

const MB = 1_048_576;
const mb = (n: number) => formatNumber(n, { maxFraction: 1 });
/** What the cache holds: under a megabyte in whole kilobytes (not "0.1332 MB"). */
const held = (bytes: number) =>
  bytes < MB ? `${formatNumber(Math.ceil(bytes / 1024), { maxFraction: 0 })} KB` : `${mb(bytes / MB)} MB`;

/** `settings` is null while the page's settings read is pending or failed: the limit control waits. */
export function CacheSection({
  settings,
  save,
  notes,
}: { settings: SectionProps['settings'] | null } & Omit<SectionProps, 'settings'>) {
  const ask = useAsk();
  const [state, reload] = useAsync(() => ask('cacheStats', {}), []);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const limits = settings?.cache ?? null;
  // settingsSet merges top-level keys only: the whole cache object goes in the patch (of the latest
  // settings); a lower limit evicts at once, so the statistics are read again after a save
  async function saveMaxMB(maxMB: number) {
    if (await save('cache', (latest) => ({ cache: { ...latest.cache, maxMB } }))) reload();
  }

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
    const size = limits ? `${held(s.bytes)} of ${mb(limits.maxMB)} MB` : held(s.bytes);
    stats = (
      <p class="small" data-testid="cache-stats">
        {formatNumber(s.entries)} entries · {size} · hit rate{' '}
        {lookups ? formatPercent((s.hits / lookups) * 100) : '—'}
      </p>
    );
  }
  return (
    <section aria-labelledby="cache-title" data-testid="options-cache">
      <h2 id="cache-title">Cache</h2>
      {stats}
      {limits && (
        <div class="row">
          <label for="cache-max-mb">Maximum size (MB)</label>
          <input
            id="cache-max-mb"
            data-testid="cache-max-mb"
            {...invalidProps(notes.cache, 'cache', 'cache-max-mb')}
            type="number"
            min={1}
            max={500}
            step={1}
            value={limits.maxMB}
            onChange={(e) => {
              const n = e.currentTarget.valueAsNumber;
              void saveMaxMB(Number.isFinite(n) ? n : 0); // 0 lets settingsSet explain the bound
            }}
          />
          <SaveNote section="cache" note={notes.cache} />
        </div>
      )}
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
