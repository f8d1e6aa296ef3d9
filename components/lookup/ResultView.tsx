import { countOf, formatNumber, shortAddress, truncateText } from '../../lib/format';
import type { LookupResult } from '../../lib/lookup';
import { EventResult } from './EventResult';
import { OrderResult } from './OrderResult';
import { PairResult } from './PairResult';
import { BlockResult, PoolResult, ProgramResult, SearchResult, TokenAccountResult } from './SmallResults';
import { TokenResult } from './TokenResult';
import { type ResultReloads, WalletResult } from './WalletResult';

/** One view per LookupResult kind; the reloads go to the views that offer one (the wallet's). */
export function ResultView({ result, ...reloads }: { result: LookupResult } & ResultReloads) {
  switch (result.kind) {
    case 'wallet':
      return <WalletResult wallet={result.wallet} noAccount={result.noAccount} {...reloads} />;
    case 'token':
      return <TokenResult mint={result.mint} token={result.token} />;
    case 'order':
      return <OrderResult order={result.order} />;
    case 'pair':
      return <PairResult inputMint={result.inputMint} outputMint={result.outputMint} page={result.page} />;
    case 'event':
      return <EventResult event={result.event} />;
    case 'block':
      return <BlockResult slot={result.slot} block={result.block} />;
    case 'search':
      return <SearchResult query={result.query} hits={result.hits} />;
    case 'program':
      return <ProgramResult address={result.address} label={result.label} />;
    case 'pool':
      return <PoolResult address={result.address} />;
    case 'tokenAccount':
      return <TokenAccountResult address={result.address} mint={result.mint} owner={result.owner} />;
  }
}

/** The name of the wallet, token, order or event a result is about; null for the other kinds. */
function cardName(result: LookupResult): string | null {
  switch (result.kind) {
    case 'wallet':
      return `Wallet ${shortAddress(result.wallet.address)}`;
    case 'token':
      return `Token ${truncateText(result.token.flow.token?.symbol, 20) || shortAddress(result.mint)}`;
    case 'order':
      return `DCA order ${truncateText(result.order.pair, 30)}`;
    case 'event':
      return result.event.found ? `Market ${truncateText(result.event.title, 60)}` : null;
    default:
      return null;
  }
}

/**
 * The heading a result's view lacks: the wallet, token, order and event cards (components/shared)
 * title themselves with no heading and head their parts with <h3>, so the result panel puts this
 * visually hidden <h2> above them (the page's outline reads h1, h2, h3: axe heading-order). Null for
 * the views that have a visible <h2> of their own.
 */
export function resultHeading(result: LookupResult): string | null {
  switch (result.kind) {
    case 'event':
      return cardName(result) ?? 'Market not found';
    case 'block':
      return result.block ? null : `Slot ${formatNumber(result.slot)}`;
    case 'search':
      return `Tokens matching ${truncateText(result.query, 40)}`;
    default:
      return cardName(result);
  }
}

/** What a screen reader hears when a result is in: one short line, never the whole result. */
export function resultSummary(result: LookupResult): string {
  const card = cardName(result);
  if (card) return `${card} loaded`;
  switch (result.kind) {
    case 'pair':
      return `Pair loaded, ${countOf(result.page.orders.length, 'order')}`;
    case 'block':
      return result.block
        ? `Block ${formatNumber(result.slot)} loaded`
        : `Slot ${formatNumber(result.slot)} has no block`;
    case 'search':
      return `${countOf(result.hits.length, 'token')} found`;
    case 'program':
      return `Program ${truncateText(result.label, 60)} loaded`;
    case 'pool':
      return `Liquidity pool ${shortAddress(result.address)} loaded`;
    case 'tokenAccount':
      return `Token account ${shortAddress(result.address)} loaded`;
    default:
      return 'Market not found'; // (the other kinds left have a card's name)
  }
}
