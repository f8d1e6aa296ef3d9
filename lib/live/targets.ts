/**
 * Which wanted rooms an event belongs to. The hub delivers each distinct event once, on its first
 * copy, so it cannot wait for the other copies to learn their rooms: it derives them from the event
 * itself (the service's fan-out rule: global, type, wallet, order, buyers, sellers) and keeps those
 * the extension has joined. The arrival room is always included.
 */
import { type DcaRoomType, dcaRoomsFor, type RoomKind } from '../api/rooms';
import type { LiveMessage, LivePartialOrder } from '../api/schemas/live';

const TYPE_ROOM: Record<string, DcaRoomType> = {
  Opened: 'opened',
  Filled: 'filled',
  Closed: 'closed',
  Deposit: 'deposit',
  Withdraw: 'withdraw',
  CollectedFee: 'collected_fee',
};

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/** The wallet a DCA event or position snapshot belongs to, where it says. */
export function ownerOf(
  data: Record<string, unknown>,
  order: LivePartialOrder | undefined,
): string | undefined {
  return str(data.owner) ?? str(order?.owner) ?? str(data.userKey);
}

/**
 * `kinds` holds the kinds of the wanted rooms: a candidate of a kind nobody wants is not even built
 * (string building and Map lookups are most of the routing cost on the hot path).
 */
export function deliveryRooms(
  msg: LiveMessage,
  isWanted: (room: string) => boolean,
  kinds: ReadonlySet<RoomKind>,
): string[] {
  if (msg.kind !== 'dca-event' && msg.kind !== 'dca-other-event' && msg.kind !== 'dca-position') {
    return [msg.room];
  }
  const data: Record<string, unknown> = msg.kind === 'dca-position' ? msg.snapshot : msg.event;
  const order = msg.kind === 'dca-position' ? msg.snapshot.order : msg.event.order;
  const type: DcaRoomType | undefined =
    msg.kind === 'dca-position' ? 'position' : TYPE_ROOM[msg.event.eventName as string];
  const candidates = dcaRoomsFor({
    program: msg.program,
    type: kinds.has('dcaType') ? type : undefined,
    wallet: kinds.has('dcaWallet') ? ownerOf(data, order) : undefined,
    orders: kinds.has('dcaOrder') ? [str(data.address), str(data.dcaKey), str(order?.address)] : undefined,
    inputMint: kinds.has('dcaTokenSellers') ? (str(data.inputMint) ?? str(order?.input?.mint)) : undefined,
    outputMint: kinds.has('dcaTokenBuyers') ? (str(data.outputMint) ?? str(order?.output?.mint)) : undefined,
  });
  const out = [msg.room];
  for (const room of candidates)
    if (room !== msg.room && isWanted(room) && !out.includes(room)) out.push(room);
  return out;
}
