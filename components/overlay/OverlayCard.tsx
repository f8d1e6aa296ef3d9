import { type ErrorView, isKeyCode } from '../../lib/errors';
import type { FillView, OddsHistoryView, OddsView, OrderView, TokenView, WalletView } from '../../lib/views';
import { ErrorLine } from '../shared/ErrorLine';
import type { Loadable } from '../shared/Loadable';
import { OddsCard } from '../shared/OddsCard';
import { OrderCard } from '../shared/OrderCard';
import { TokenCard } from '../shared/TokenCard';
import { WalletCard } from '../shared/WalletCard';

/** What an open popover shows; the overlay runtime keeps it and merges live pushes into it. */
export type PopoverContent =
  | { kind: 'wallet'; view: Loadable<WalletView> }
  | {
      kind: 'mint';
      view: Loadable<TokenView>;
      fills: FillView[];
      live: 'live' | 'connecting' | 'off';
      liveNote: string | null;
    }
  | { kind: 'order'; view: Loadable<OrderView> }
  | { kind: 'event'; odds: Loadable<OddsView>; history: Loadable<OddsHistoryView> };

function Skeleton() {
  return (
    <section class="ol-card">
      <div class="ol-skel" style={{ width: '60%' }} />
      <div class="ol-skel" />
      <div class="ol-skel" style={{ width: '80%' }} />
    </section>
  );
}

/** A key to add or replace is mended in the options page: one click there from where it was seen. */
function Failed({ error, onOpenOptions }: { error: ErrorView; onOpenOptions: () => void }) {
  return (
    <section class="ol-card">
      <ErrorLine error={error} />
      {isKeyCode(error.code) && (
        <div class="ol-actions">
          <span />
          <button type="button" class="ol-btn" onClick={onOpenOptions}>
            Open options
          </button>
        </div>
      )}
    </section>
  );
}

export function OverlayCard({
  content,
  now,
  currency,
  onOpenLookup,
  onOpenOptions,
}: {
  content: PopoverContent;
  now: number;
  currency: string;
  onOpenLookup: (input: string) => void;
  onOpenOptions: () => void;
}) {
  const data = content.kind === 'event' ? content.odds : content.view;
  if (data.status === 'loading') return <Skeleton />;
  if (data.status === 'error') return <Failed error={data.error} onOpenOptions={onOpenOptions} />;
  switch (content.kind) {
    case 'wallet':
      return content.view.status === 'ready' ? (
        <WalletCard view={content.view.value} now={now} currency={currency} onOpenLookup={onOpenLookup} />
      ) : null;
    case 'mint':
      return content.view.status === 'ready' ? (
        <TokenCard
          view={content.view.value}
          fills={content.fills}
          now={now}
          live={content.live}
          liveNote={content.liveNote}
        />
      ) : null;
    case 'order':
      return content.view.status === 'ready' ? <OrderCard order={content.view.value} now={now} /> : null;
    case 'event':
      return content.odds.status === 'ready' ? (
        <OddsCard odds={content.odds.value} history={content.history} now={now} />
      ) : null;
  }
}
