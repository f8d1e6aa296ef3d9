/**
 * The extension pages' tools beside each address of the shared cards (see shared/addressTools.ts):
 * a copy button, and for a top DCA user a button that looks the wallet up here, as an order's
 * "Owner's wallet" does, with Solscan one ↗ away.
 */
import { Component, type ComponentChildren } from 'preact';
import type { AddressTools, AddressToolsContext } from '../shared/addressTools';
import { ExternalLink } from '../shared/ExternalLink';
import { CopyButton } from './CopyButton';
import { useOpenLookup } from './nav';

const PageAddress: AddressTools = ({ address, href, lookup, children }) => {
  const open = useOpenLookup();
  return (
    <span class="addr-tools">
      {lookup ? (
        <>
          {/* named by its content, so the name starts with what it shows ("7Jsi…cTZz, look up wallet
              7Jsi…"): speech input finds it by the visible text (WCAG 2.5.3 label in name) */}
          <button type="button" class="ol-link" onClick={() => open(address)}>
            {children}
            <span class="sr-only">, look up wallet {address}</span>
          </button>
          {href && (
            <>
              {' '}
              <ExternalLink href={href} label={`Open ${address} in Solscan`}>
                ↗
              </ExternalLink>
            </>
          )}
        </>
      ) : (
        // a link only when there is an https one (ExternalLink's check); plain text otherwise
        <ExternalLink href={href}>{children}</ExternalLink>
      )}{' '}
      <CopyButton address={address} />
    </span>
  );
};

/** Hands the tools down to every card under it (Preact's legacy context: see shared/addressTools.ts). */
export class AddressToolsProvider extends Component<{ children: ComponentChildren }> {
  override getChildContext(): AddressToolsContext {
    return { addressTools: PageAddress };
  }
  override render() {
    return this.props.children;
  }
}
