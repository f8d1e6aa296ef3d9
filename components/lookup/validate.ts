/**
 * Instant, local validation of what the user typed, before any message is sent: parseLookupInput
 * (the same classifier the background uses) gives junk a specific message. A valid input is sent as
 * typed (trimmed); the background classifies it again and answers with the result.
 */
import { parseLookupInput } from '../../lib/detect/links';
import { pairOfInput } from '../../lib/lookup';

const MAX_INPUT = 500; // the lookup message's bound

export function validateLookupInput(
  raw: string,
): { ok: true; input: string } | { ok: false; message: string } {
  const input = raw.trim();
  if (input.length > MAX_INPUT)
    return { ok: false, message: `Input is too long (at most ${MAX_INPUT} characters)` };
  // two mints ask for their pair: the background reads them with the same function
  if (pairOfInput(input)) return { ok: true, input };
  const parsed = parseLookupInput(input);
  if (parsed.type === 'error') return { ok: false, message: parsed.message };
  return { ok: true, input };
}
