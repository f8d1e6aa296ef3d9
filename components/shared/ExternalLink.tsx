import type { ComponentChildren } from 'preact';
import { safeHttpsUrl } from '../../lib/format';

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

/** A token logo, https only and without a referrer; nothing at all otherwise. */
export function TokenLogo({ src, alt }: { src: string | null | undefined; alt: string }) {
  const safe = safeHttpsUrl(src);
  if (!safe) return null;
  return (
    <img
      class="ol-logo"
      src={safe}
      alt={alt}
      referrerpolicy="no-referrer"
      loading="lazy"
      width={20}
      height={20}
    />
  );
}
