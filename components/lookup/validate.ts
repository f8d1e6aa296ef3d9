/**
 * Instant, local validation of what the user typed, before any message is sent. An invalid input gets
 * a specific message here; the background classifies valid inputs itself (lookup).
 */
const MAX_INPUT = 500;

export function validateLookupInput(
  raw: string,
): { ok: true; input: string } | { ok: false; message: string } {
  const input = raw.trim();
  if (!input)
    return { ok: false, message: 'Type a wallet, mint, order, URL, event slug, slot or token name.' };
  if (input.length > MAX_INPUT)
    return { ok: false, message: `That is too long (at most ${MAX_INPUT} characters).` };
  return { ok: true, input };
}
