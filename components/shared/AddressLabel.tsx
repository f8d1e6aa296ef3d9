import { shortAddress, truncateText } from '../../lib/format';
import type { AddressLabelProps, AddressToolsContext } from './addressTools';
import { ExternalLink } from './ExternalLink';

/**
 * A short address ("7Jsi…TZz8"), the full one in the title, with an optional name and https link.
 * An extension page's tools (copy, look up) render it when the page provides them: see addressTools.ts.
 */
export function AddressLabel(props: AddressLabelProps, context?: AddressToolsContext) {
  const { address, name, href } = props;
  const text = name ? truncateText(name, 24) : shortAddress(address);
  const body = (
    <span class={name ? undefined : 'ol-addr'} title={address}>
      {text}
    </span>
  );
  const Tools = context?.addressTools;
  if (Tools) return <Tools {...props}>{body}</Tools>;
  return href ? <ExternalLink href={href}>{body}</ExternalLink> : body;
}

/** Solscan page of an account: where "open in explorer" goes. */
export function explorerUrl(address: string): string {
  return `https://solscan.io/account/${encodeURIComponent(address)}`;
}
