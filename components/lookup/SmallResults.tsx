/** The short result kinds: block, search hits, program, pool, token account. */
import { formatDateTime, formatNumber, formatUsd, shortAddress, truncateText } from '../../lib/format';
import type { BlockView, SearchHit } from '../../lib/lookup';
import { ExternalLink } from '../shared/ExternalLink';
import { CopyButton } from './CopyButton';
import { accountUrl, blockUrl, poolUrl, tokenUrl, txUrl } from './links';
import { useOpenLookup } from './nav';
import { Empty } from './states';

const LAMPORTS_PER_SOL = 1_000_000_000;

export function BlockResult({ slot, block }: { slot: number; block: BlockView | null }) {
  if (!block) {
    return (
      <article class="view view-block" data-testid="view-block">
        <Empty>Slot {formatNumber(slot)} has no block (skipped or not available yet).</Empty>
      </article>
    );
  }
  // the answer keeps a few signatures (the first ones of the block), its count is of all of them
  const listed = block.signatures.slice(0, 10);
  return (
    <article class="view view-block" data-testid="view-block">
      <header>
        <h2>
          Block <ExternalLink href={blockUrl(block.slot)}>{formatNumber(block.slot)}</ExternalLink>
        </h2>
      </header>
      <dl class="stats">
        <div class="stat">
          <dt>Time</dt>
          <dd data-testid="block-time">
            {block.blockTime === null ? '—' : formatDateTime(block.blockTime * 1000)}
          </dd>
        </div>
        <div class="stat">
          <dt>Transactions</dt>
          <dd data-testid="block-tx-count">{formatNumber(block.transactionCount)}</dd>
        </div>
        <div class="stat">
          <dt>Failed</dt>
          <dd data-testid="block-failed">{formatNumber(block.failedCount)}</dd>
        </div>
        <div class="stat">
          <dt>Fees</dt>
          <dd data-testid="block-fees">
            {formatNumber(block.totalFeesLamports / LAMPORTS_PER_SOL, { maxFraction: 6 })} SOL
          </dd>
        </div>
        <div class="stat">
          <dt>Parent slot</dt>
          <dd>{formatNumber(block.parentSlot)}</dd>
        </div>
      </dl>
      {listed.length > 0 && (
        <>
          <h3 id="block-signatures-title" data-testid="block-signatures-title">
            {listed.length < block.transactionCount
              ? `Transactions (first ${formatNumber(listed.length)} of ${formatNumber(block.transactionCount)})`
              : 'Transactions'}
          </h3>
          <ul class="signatures mono small" aria-labelledby="block-signatures-title">
            {listed.map((sig) => (
              <li key={sig}>
                <ExternalLink href={txUrl(sig)}>{shortAddress(sig, 8, 8)}</ExternalLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

export function SearchResult({ query, hits }: { query: string; hits: SearchHit[] }) {
  const open = useOpenLookup();
  return (
    <article class="view view-search" data-testid="view-search">
      {hits.length === 0 ? (
        <Empty>No tokens match “{truncateText(query, 40)}”.</Empty>
      ) : (
        <ul class="hits">
          {hits.map((h) => (
            <li key={h.mint}>
              <button type="button" class="hit" data-testid="search-hit" onClick={() => open(h.mint)}>
                <strong>{truncateText(h.symbol, 16)}</strong>{' '}
                <span class="muted truncate">{truncateText(h.name, 40)}</span>
                <span class="small">
                  {formatUsd(h.priceUsd)} · liq {formatUsd(h.liquidityUsd)}
                </span>
                <span class="muted small mono">{shortAddress(h.mint)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

export function PoolResult({ address }: { address: string }) {
  return (
    <article class="view view-pool" data-testid="view-pool">
      <h2>Liquidity pool</h2>
      <p class="muted small mono">
        <ExternalLink href={accountUrl(address)}>{shortAddress(address, 6, 6)}</ExternalLink>{' '}
        <CopyButton address={address} />
      </p>
      <p class="small">
        A pool has no DCA orders or PnL of its own. Look up one of its tokens (mint address or symbol) for DCA
        flow and price, or open the pair on <ExternalLink href={poolUrl(address)}>DexScreener ↗</ExternalLink>
        .
      </p>
    </article>
  );
}

export function ProgramResult({ address, label }: { address: string; label: string }) {
  return (
    <article class="view view-program" data-testid="view-program">
      <h2>{truncateText(label, 60)}</h2>
      <p class="muted small mono">
        Program · <ExternalLink href={accountUrl(address)}>{shortAddress(address, 6, 6)}</ExternalLink>{' '}
        <CopyButton address={address} />
      </p>
    </article>
  );
}

/** An address with its Solscan link and copy button, as the pool and program views show theirs. */
function AddressLine({ address, href }: { address: string; href: string }) {
  return (
    <span class="mono">
      <ExternalLink href={href}>{shortAddress(address, 6, 6)}</ExternalLink> <CopyButton address={address} />
    </span>
  );
}

/**
 * A holder's balance account (SPL token or Token-2022): not a wallet (no DCA, no PnL, nothing to
 * watch), so the view names what it holds and whose it is, and looks either up, as an order does.
 */
export function TokenAccountResult({
  address,
  mint,
  owner,
}: {
  address: string;
  mint: string;
  owner: string;
}) {
  const open = useOpenLookup();
  return (
    <article class="view view-token-account" data-testid="view-token-account">
      <h2>Token account</h2>
      <p class="muted small">
        <AddressLine address={address} href={accountUrl(address)} />
      </p>
      <p class="small" data-testid="token-account-parties">
        Holds <AddressLine address={mint} href={tokenUrl(mint)} /> for{' '}
        <AddressLine address={owner} href={accountUrl(owner)} />
      </p>
      <p class="links">
        <button type="button" class="link" onClick={() => open(owner)}>
          Owner's wallet
        </button>
        <button type="button" class="link" onClick={() => open(mint)}>
          Token
        </button>
      </p>
      <p class="muted small">
        A token account keeps one wallet's balance of one token: it has no DCA orders or PnL of its own. Watch
        its owner's wallet instead.
      </p>
    </article>
  );
}
