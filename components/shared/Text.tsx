import { cleanText, truncateText } from '../../lib/format';

/**
 * Untrusted text (token names, identities, outcome labels): cleaned of bidi/control characters,
 * cut to `max` code points, the full cleaned text in the title when cut. Rendered as a Preact text
 * node, so markup in it stays literal.
 */
export function SafeText({
  text,
  max = 32,
  class: cls,
}: {
  text: string | null | undefined;
  max?: number;
  class?: string;
}) {
  const full = cleanText(text);
  const shown = truncateText(full, max);
  return (
    <span class={cls} title={shown === full ? undefined : full}>
      {shown}
    </span>
  );
}
