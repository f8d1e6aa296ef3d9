import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { cleanText, safeHttpsUrl } from '../../lib/format';

/** A link only when the URL is https; otherwise its children as plain text. */
export function ExternalLink({
  href,
  children,
  label,
}: {
  href: string | null | undefined;
  children: ComponentChildren;
  label?: string;
}) {
  const safe = safeHttpsUrl(href);
  if (!safe) return <span>{children}</span>;
  return (
    <a class="ol-link" href={safe} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
    </a>
  );
}

/** Up to two letters of a symbol or name, for a logo that is missing or failed to load. */
export function initials(text: string | null | undefined): string {
  const letters = Array.from(cleanText(text).replace(/[^\p{L}\p{N}]/gu, ''));
  return letters.slice(0, 2).join('').toUpperCase() || '?';
}

/**
 * A token logo, https only and without a referrer. Without a usable image, or when the image fails
 * to load (dead host, blocked, not an image), the token's initials take its place: same size, so
 * nothing shifts and no broken-image icon shows.
 */
export function TokenLogo({
  src,
  alt,
  fallback,
}: {
  src: string | null | undefined;
  alt: string;
  /** symbol or name the initials come from */
  fallback?: string | null;
}) {
  const safe = safeHttpsUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (!safe || failed === safe) {
    return (
      <span class="ol-logo ol-initials" aria-hidden="true">
        {initials(fallback)}
      </span>
    );
  }
  return (
    <img
      class="ol-logo"
      src={safe}
      alt={alt}
      referrerpolicy="no-referrer"
      loading="lazy"
      width={20}
      height={20}
      onError={() => setFailed(safe)}
    />
  );
}
