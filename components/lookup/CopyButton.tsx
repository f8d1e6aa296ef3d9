/** Copies a full address to the clipboard and says, politely and briefly, whether that worked. */
import { useEffect, useState } from 'preact/hooks';

/** How long "Copied" stays; a failure stays longer: it is the one to read (the address was not copied). */
const SAID_MS = { ok: 2000, failed: 6000 } as const;

const SAID_TEXT = { ok: 'Copied', failed: 'Could not copy: the browser refused' } as const;

export function CopyButton({ address }: { address: string }) {
  const [said, setSaid] = useState<keyof typeof SAID_TEXT | null>(null);
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), SAID_MS[said]);
    return () => clearTimeout(timer);
  }, [said]);

  function copy() {
    setSaid(null);
    // no clipboard API at all (an old browser, a test page) is a refusal too
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(address))
      .then(
        () => setSaid('ok'),
        () => setSaid('failed'),
      );
  }

  return (
    <>
      <button type="button" class="link small copy" aria-label={`Copy address ${address}`} onClick={copy}>
        Copy
      </button>
      {/* always in the page, so the change is announced; empty while there is nothing to say */}
      <span role="status" class={`copy-said ${said ?? ''}`}>
        {said && SAID_TEXT[said]}
      </span>
    </>
  );
}
