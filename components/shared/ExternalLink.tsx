import { Component, type ComponentChildren } from 'preact';
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

interface TokenLogoProps {
  src: string | null | undefined;
  alt: string;
  /** symbol or name the initials come from */
  fallback?: string | null;
}

/**
 * A token logo, https only and without a referrer. Without a usable image, or when the image fails
 * to load (dead host, blocked, not an image), the token's initials take its place: same size, so
 * nothing shifts and no broken-image icon shows.
 *
 * (A class, not hooks: the popover is the content script's, and preact/hooks would be about 0.8 KiB
 * of its 30 KiB gzipped budget for this one piece of state.)
 */
export class TokenLogo extends Component<TokenLogoProps, { failed?: string }> {
  render({ src, alt, fallback }: TokenLogoProps, { failed }: { failed?: string }) {
    const safe = safeHttpsUrl(src);
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
        onError={() => this.setState({ failed: safe })}
      />
    );
  }
}
