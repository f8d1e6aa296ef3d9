/**
 * Instant, local validation of what the user typed, before any message is sent: parseLookupInput
 * (the same classifier the background uses) gives junk a specific message. A valid input is sent as
 * typed (trimmed); the background classifies it again and answers with the result.
 */
import { parseLookupInput } from '../../lib/detect/links';
import { tooLongForLookup } from '../../lib/detect/lookup';
import { pairOfInput } from '../../lib/lookup';

export function validateLookupInput(
  raw: string,
): { ok: true; input: string } | { ok: false; message: string } {
  const input = raw.trim();
  // the lookup message's bound (LOOKUP_INPUT_MAX), refused with its message: the box never cuts a paste
  const tooLong = tooLongForLookup(input.length);
  if (tooLong) return { ok: false, message: tooLong };
  // two mints ask for their pair: the background reads them with the same function
  if (pairOfInput(input)) return { ok: true, input };
  const parsed = parseLookupInput(input);
  if (parsed.type === 'error') return { ok: false, message: parsed.message };
  return { ok: true, input };
}
