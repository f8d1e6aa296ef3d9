import { dataError, fail, intParam, isAddress, ok, type Reply, type Req, round } from './http';
import { DCA_PROGRAM_ID, metrics, type OrderState, orderJson, PROGRAM, STATUSES } from './orders';
import type { SimState } from './state';

const SORTS = ['volume', 'deposited', 'remaining', 'progress', 'recent', 'created', 'status'] as const;
const STATUS_RANK: Record<string, number> = { active: 0, pending: 1, paused: 2, completed: 3 };
const WALLET_LIMIT = { def: 50, max: 100 };
const TOKEN_LIMIT = { def: 200, max: 1000 };

/** `program` with its aliases `dex` and `platform`: two that disagree conflict. */
export function parseProgram(q: URLSearchParams): string {
  const given = ['program', 'dex', 'platform']
    .map((k) => [k, q.get(k)] as const)
    .filter(([, v]) => v !== null && v !== '');
  const values = new Set(given.map(([, v]) => v));
  if (values.size > 1) {
    fail(
      dataError(
        400,
        'PROGRAM_PARAM_CONFLICT',
        `program parameters disagree: ${given.map(([k]) => k).join(', ')}`,
      ),
    );
  }
  const program = given[0]?.[1] ?? PROGRAM;
  if (program !== PROGRAM) fail(dataError(400, 'INVALID_PROGRAM', `unsupported program: ${program}`));
  return program;
}

function parseList(q: URLSearchParams, lim: { def: number; max: number }) {
  const program = parseProgram(q);
  const limit = intParam(q, 'limit', lim.def, 1, lim.max);
  if (limit === null)
    fail(dataError(400, 'INVALID_LIMIT', `limit must be an integer between 1 and ${lim.max}`));
  const sort = q.get('sort') ?? q.get('sortBy') ?? 'volume';
  if (!(SORTS as readonly string[]).includes(sort)) {
    fail(dataError(400, 'INVALID_SORT', `sort must be one of ${SORTS.join(', ')}`));
  }
  const status = q.get('status') ?? 'all';
  if (status !== 'all' && !(STATUSES as readonly string[]).includes(status)) {
    fail(dataError(400, 'INVALID_STATUS', 'status must be one of active, paused, completed, pending, all'));
  }
  return { program, limit: limit!, sort, status, cursor: q.get('cursor') };
}

function sortKey(o: OrderState, sort: string): number {
  const m = metrics(o);
  switch (sort) {
    case 'deposited':
      return m.depositedUsd ?? -1;
    case 'remaining':
      return m.remainingUsd ?? -1;
    case 'progress':
      return m.progress;
    case 'recent':
      return o.lastActivityAt;
    case 'created':
      return o.createdAt;
    case 'status':
      return -(o.wireStatus === undefined ? STATUS_RANK[o.status]! : 4) * 1e15 + (m.volumeUsd ?? -1);
    default:
      return m.volumeUsd ?? -1;
  }
}

/** Filters, sorts (descending) and pages a set of orders; validates the cursor against its listing. */
function page(
  s: SimState,
  scope: string,
  candidates: OrderState[],
  q: URLSearchParams,
  lim: typeof WALLET_LIMIT,
) {
  const p = parseList(q, lim);
  const filtered = candidates.filter((o) => matches(o, p.status));
  const keyed = filtered.map((o) => ({ o, k: sortKey(o, p.sort) }));
  keyed.sort((a, b) => b.k - a.k || (a.o.address < b.o.address ? -1 : 1));
  const list = keyed.map((x) => x.o);
  const listing = `${scope}|${p.sort}|${p.status}|${p.program}`;
  let start = 0;
  if (p.cursor !== null) {
    const idx = isAddress(p.cursor) ? list.findIndex((o) => o.address === p.cursor) : -1;
    if (idx < 0 || !s.issuedCursors.has(`${listing}|${p.cursor}`)) {
      fail(
        dataError(
          400,
          'INVALID_CURSOR',
          'cursor is not valid for this listing (same sort, status and program)',
        ),
      );
    }
    start = idx + 1;
  }
  const slice = list.slice(start, start + p.limit);
  const hasMore = start + p.limit < list.length;
  const nextCursor = hasMore ? slice[slice.length - 1]!.address : null;
  if (nextCursor) s.issuedCursors.add(`${listing}|${nextCursor}`);
  return {
    orders: slice.map(orderJson),
    pagination: { limit: p.limit, nextCursor, hasMore, count: slice.length, total: list.length },
  };
}

/** The `status` filter: `all` takes every order, a listed state only the orders sent with it. */
function matches(o: OrderState, status: string): boolean {
  return status === 'all' || (o.wireStatus === undefined && o.status === status);
}

/** Counts per listed state; an order sent with an unlisted status counts in `total` only. */
export function summaryOf(orders: OrderState[]) {
  const sum = { total: orders.length, active: 0, paused: 0, completed: 0, pending: 0 };
  for (const o of orders) if (o.wireStatus === undefined) sum[o.status]++;
  return sum;
}

/** An order as REST has indexed it (see SimState.unindexed): undefined for one not listed yet. */
function asIndexed(s: SimState, o: OrderState): OrderState | undefined {
  return s.unindexed.has(o.address) ? (s.unindexed.get(o.address) ?? undefined) : o;
}
/** The orders as REST has indexed them: what every `/dca/*` route reads. */
function indexed(s: SimState): OrderState[] {
  if (s.unindexed.size === 0) return s.world.orders;
  return s.world.orders.map((o) => asIndexed(s, o)).filter((o) => o !== undefined);
}

const byOwner = (s: SimState, w: string) => indexed(s).filter((o) => o.owner === w);
const buyersOf = (s: SimState, m: string) => indexed(s).filter((o) => o.output.mint === m);
const sellersOf = (s: SimState, m: string) => indexed(s).filter((o) => o.input.mint === m);

function side(orders: OrderState[]) {
  let vol = 0;
  let priced = 0;
  for (const o of orders) {
    const v = metrics(o).volumeUsd;
    if (v !== null) {
      vol += v;
      priced++;
    }
  }
  return { count: orders.length, volumeUsd: priced === 0 && orders.length > 0 ? null : round(vol) };
}

function needWallet(w: string | undefined): string {
  if (!isAddress(w)) fail(dataError(400, 'INVALID_WALLET', 'wallet is not a valid address'));
  return w!;
}
function needMint(m: string | undefined): string {
  if (!isAddress(m)) fail(dataError(400, 'INVALID_MINT', 'mint is not a valid address'));
  return m!;
}

/** Routes `/dca/*` (segments after `dca`). Returns null when no route matches. */
export function dcaRoute(s: SimState, r: Req, seg: string[]): Reply | null {
  const [a, b, c, d] = seg;
  const q = r.query;
  if (a === 'programs' && seg.length === 1) {
    return ok({ programs: [{ id: PROGRAM, label: 'Jupiter DCA', programId: DCA_PROGRAM_ID }] });
  }
  if (a === 'wallet' && seg.length === 2) {
    const w = needWallet(b);
    const mine = byOwner(s, w);
    const pg = page(s, `wallet:${w}`, mine, q, WALLET_LIMIT);
    return ok({ wallet: w, summary: summaryOf(mine), ...pg });
  }
  if (a === 'wallet' && seg.length === 3 && c === 'orders') {
    const w = needWallet(b);
    return ok(page(s, `wallet:${w}`, byOwner(s, w), q, WALLET_LIMIT));
  }
  if (a === 'order' && seg.length === 2) {
    if (!isAddress(b)) return dataError(400, 'INVALID_ORDER', 'order address is not valid');
    parseProgram(q);
    const found = s.world.orderByAddress.get(b);
    const o = found && asIndexed(s, found);
    return o ? ok(orderJson(o)) : dataError(404, 'NOT_FOUND', 'DCA order not found');
  }
  if (a === 'token' && (seg.length === 2 || seg.length === 3)) {
    const m = needMint(b);
    if (seg.length === 2) {
      const p = parseList(q, TOKEN_LIMIT);
      const f = (list: OrderState[]) => list.filter((o) => matches(o, p.status));
      return ok({ mint: m, buyers: side(f(buyersOf(s, m))), sellers: side(f(sellersOf(s, m))) });
    }
    if (c === 'buyers') return ok({ mint: m, ...page(s, `buyers:${m}`, buyersOf(s, m), q, TOKEN_LIMIT) });
    if (c === 'sellers') return ok({ mint: m, ...page(s, `sellers:${m}`, sellersOf(s, m), q, TOKEN_LIMIT) });
    if (c === 'users') {
      parseProgram(q);
      const limit = intParam(q, 'limit', TOKEN_LIMIT.def, 1, TOKEN_LIMIT.max);
      if (limit === null)
        return dataError(400, 'INVALID_LIMIT', 'limit must be an integer between 1 and 1000');
      const users = new Map<string, { wallet: string; orderCount: number; volumeUsd: number | null }>();
      for (const o of indexed(s)) {
        if (o.input.mint !== m && o.output.mint !== m) continue;
        const u = users.get(o.owner) ?? { wallet: o.owner, orderCount: 0, volumeUsd: null };
        u.orderCount++;
        const v = metrics(o).volumeUsd;
        if (v !== null) u.volumeUsd = round((u.volumeUsd ?? 0) + v);
        users.set(o.owner, u);
      }
      const list = [...users.values()].sort(
        (x, y) => (y.volumeUsd ?? -1) - (x.volumeUsd ?? -1) || (x.wallet < y.wallet ? -1 : 1),
      );
      return ok({ mint: m, users: list.slice(0, limit) });
    }
    return null;
  }
  if (a === 'pair' && seg.length === 3 && d === undefined) {
    const inM = needMint(b);
    const outM = needMint(c);
    const orders = indexed(s).filter((o) => o.input.mint === inM && o.output.mint === outM);
    const sym = (m: string) => s.world.tokenByMint.get(m)?.symbol ?? m;
    const pg = page(s, `pair:${inM}:${outM}`, orders, q, WALLET_LIMIT);
    return ok({ inputMint: inM, outputMint: outM, pair: `${sym(inM)} -> ${sym(outM)}`, ...pg });
  }
  return null;
}
