/**
 * The API key: paste, check, save, remove. The saved key is never shown (the background never sends
 * it back); the page only knows whether one is saved.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage } from '../../lib/errors';
import { formatNumber, lowerFirst, truncateText } from '../../lib/format';
import { PAGE_INPUTS } from '../../lib/messaging';
import type { KeyCheckState, StatusView } from '../../lib/views';
import { useAsk } from '../lookup/ask';
import { errorText } from '../lookup/states';
import { toErrorView } from '../shared/Loadable';
import { fieldError } from './save';

/** `field`: the error is about the pasted key (the input is marked invalid and points to it). */
type Outcome = { kind: 'ok' | 'error'; text: string; field?: boolean } | null;

const planText = (r: { plan: string | null; credits: number | null; live: boolean }) =>
  [
    `Plan: ${r.plan ? truncateText(r.plan, 24) : 'unknown'}`,
    r.credits === null ? null : `${formatNumber(r.credits)} credits left`,
    r.live ? 'live updates available' : 'no live updates on this plan',
  ]
    .filter(Boolean)
    .join(' · ');

/** Where a key is had: the service's own site (its plans and sign-up), never a third party. */
const KEY_SIGNUP_URL = 'https://www.solanatracker.io';

/** How soon the saved key's state is asked again while the background's check of it is still running. */
const RECHECK_MS = 2000;

/** The saved key's line: its state, and for one not checked yet, the check running or why it failed. */
function savedText(status: StatusView['key'], check: KeyCheckState | null, sessionOnly: boolean): string {
  if (status === 'invalid') return 'A key is saved, but the service refused it.';
  // (IndexedDB refused the save: the key is kept in memory until the browser closes)
  if (status === 'valid' && sessionOnly)
    return "A key works, but only until the browser closes: the browser's storage for extensions is not available, so it could not be saved.";
  if (status === 'valid') return 'A key is saved and works.';
  if (check?.error)
    return `A key is saved, but it could not be checked: ${lowerFirst(errorMessage(check.error.code))}`;
  return check?.checking ? 'A key is saved; checking it…' : 'A key is saved.';
}

/**
 * The generic "key refused: check it in the options page" reads oddly on the options page itself;
 * here the user needs to know the pasted key was refused and whether the saved one is still in use.
 */
function keyErrorText(e: unknown, action: 'keyCheck' | 'keySet' | 'keyClear'): string {
  if (action !== 'keyClear' && toErrorView(e).code === 'UNAUTHORIZED') {
    return action === 'keySet'
      ? 'The service refused this key, so it was not saved: check that you pasted the whole key.'
      : 'The service refused this key: check that you pasted the whole key.';
  }
  return fieldError(errorText(e)).message;
}

/** `onStatus`: each status this section reads, for the rest of the page (the storage notice). */
export function KeySection({ onStatus }: { onStatus?: (s: StatusView) => void } = {}) {
  const ask = useAsk();
  const [key, setKey] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  // null while asking; 'failed' when the background did not answer, so the page never waits forever
  const [status, setStatus] = useState<StatusView['key'] | 'failed' | null>(null);
  const [check, setCheck] = useState<KeyCheckState | null>(null);
  const [sessionOnly, setSessionOnly] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const recheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  /** `quiet`: a re-read while a check runs, without "Checking…" in between. */
  const refresh = (quiet = false) => {
    clearTimeout(recheck.current);
    if (!quiet) setStatus(null);
    return ask('status', {}).then(
      (s) => {
        if (!alive.current) return;
        onStatus?.(s);
        setStatus(s.key);
        setCheck(s.keyCheck ?? null);
        setSessionOnly(!!s.keySessionOnly);
        // the background answers without waiting for a slow check: its verdict is read shortly
        if (s.key === 'unchecked' && s.keyCheck?.checking)
          recheck.current = setTimeout(() => void refresh(true), RECHECK_MS);
      },
      () => alive.current && setStatus('failed'),
    );
  };
  // read when the page opens (again while a check runs)
  useEffect(() => {
    alive.current = true;
    void refresh();
    return () => {
      alive.current = false;
      clearTimeout(recheck.current);
    };
  }, []);

  async function run(action: 'keyCheck' | 'keySet' | 'keyClear') {
    const trimmed = key.trim();
    // the message's own schema decides what a plausible key is, so page and background agree
    if (action !== 'keyClear' && !PAGE_INPUTS.keySet.safeParse({ key: trimmed }).success) {
      setOutcome({
        kind: 'error',
        text: 'That does not look like an API key: paste the whole key.',
        field: true,
      });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      if (action === 'keyClear') {
        await ask('keyClear', {});
        setOutcome({ kind: 'ok', text: 'Key removed.' });
      } else if (action === 'keyCheck') {
        setOutcome({ kind: 'ok', text: `Key works. ${planText(await ask('keyCheck', { key: trimmed }))}` });
      } else {
        const r = await ask('keySet', { key: trimmed });
        setKey('');
        setShow(false);
        setOutcome({ kind: 'ok', text: `Key saved. ${planText(r)}` });
      }
      await refresh();
    } catch (e) {
      // a refused or malformed key is the field's fault; a network failure is not
      const field = action !== 'keyClear' && ['UNAUTHORIZED', 'INVALID_INPUT'].includes(toErrorView(e).code);
      setOutcome({ kind: 'error', text: keyErrorText(e, action), field });
    } finally {
      setBusy(false);
    }
  }

  // a key may be saved when the check failed, so Remove stays usable then
  const saved = status !== null && status !== 'missing';
  return (
    <section data-testid="options-key">
      <h2 id="key-title">API key</h2>
      <p class="small" data-testid="key-saved-state">
        {status === 'failed' ? (
          <>
            Could not check whether a key is saved.{' '}
            <button type="button" class="link" data-testid="key-state-retry" onClick={() => void refresh()}>
              Retry
            </button>
          </>
        ) : status === null ? (
          'Checking…'
        ) : saved ? (
          savedText(status, check, sessionOnly)
        ) : (
          'No key saved yet.'
        )}
      </p>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void run('keySet');
        }}
      >
        <label for="api-key">Solana Tracker API key</label>
        <input
          id="api-key"
          data-testid="key-input"
          type={show ? 'text' : 'password'}
          autoComplete="off"
          spellcheck={false}
          maxLength={200}
          aria-invalid={outcome?.field ? true : undefined}
          aria-describedby={outcome?.field ? 'key-result' : undefined}
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
        />
        <button
          type="button"
          aria-pressed={show}
          aria-label={show ? 'Hide API key' : 'Show API key'}
          onClick={() => setShow((s) => !s)}
        >
          {show ? 'Hide' : 'Show'}
        </button>
        <button type="button" disabled={busy} data-testid="key-check" onClick={() => void run('keyCheck')}>
          Check
        </button>
        <button type="submit" disabled={busy} data-testid="key-save">
          Save
        </button>
        <button
          type="button"
          disabled={busy || !saved}
          data-testid="key-remove"
          onClick={() => void run('keyClear')}
        >
          Remove
        </button>
      </form>
      <p class="small" data-testid="key-get">
        <a href={KEY_SIGNUP_URL} target="_blank" rel="noopener noreferrer">
          Get a key at solanatracker.io<span aria-hidden="true"> ↗</span>
        </a>
      </p>
      {outcome && (
        <p
          class={outcome.kind === 'ok' ? 'saved small' : 'field-error small'}
          id="key-result"
          role={outcome.kind === 'ok' ? 'status' : 'alert'}
          data-testid="key-result"
        >
          {outcome.text}
        </p>
      )}
    </section>
  );
}
