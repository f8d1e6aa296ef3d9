import type { LookupResult } from '../../lib/lookup';
import { EventResult } from './EventResult';
import { OrderResult } from './OrderResult';
import { PairResult } from './PairResult';
import { BlockResult, PoolResult, ProgramResult, SearchResult } from './SmallResults';
import { TokenResult } from './TokenResult';
import { WalletResult } from './WalletResult';

/** One view per LookupResult kind; `onReload` re-runs the lookup (PnL queued, partial errors). */
export function ResultView({ result, onReload }: { result: LookupResult; onReload?: () => void }) {
  switch (result.kind) {
    case 'wallet':
      return <WalletResult wallet={result.wallet} onReload={onReload} />;
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
  }
}
