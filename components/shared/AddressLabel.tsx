import { shortAddress, truncateText } from '../../lib/format';
import { ExternalLink } from './ExternalLink';

/** A short address ("7Jsi…TZz8"), the full one in the title, with an optional name and https link. */
export function AddressLabel({
  address,
  name,
  href,
}: {
  address: string;
  name?: string | null;
  href?: string | null;
}) {
  const text = name ? truncateText(name, 24) : shortAddress(address);
  const body = (
    <span class={name ? undefined : 'ol-addr'} title={address}>
      {text}
    </span>
  );
  return href ? <ExternalLink href={href}>{body}</ExternalLink> : body;
}

/** Solscan page of an account: where "open in explorer" goes. */
export function explorerUrl(address: string): string {
  return `https://solscan.io/account/${encodeURIComponent(address)}`;
}
