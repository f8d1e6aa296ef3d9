import { isAddress, ok, type Reply, type Req } from './http';
import { allPositions, positionJson, stats, summarize, withMode } from './pnl-data';
import type { SimState } from './state';

const bad = (error: string): Reply => ({ status: 400, body: { error } });

/** Splits requested ids into unique valid ones (up to max), invalid and truncated. */
function triage(items: unknown[], max: number) {
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  const truncated: string[] = [];
  for (const x of items) {
    const v = typeof x === 'string' ? x : JSON.stringify(x);
    if (seen.has(v)) continue;
    seen.add(v);
    if (!isAddress(v)) invalid.push(v);
    else if (valid.length < max) valid.push(v);
    else truncated.push(v);
  }
  return { valid, invalid, truncated };
}

const extras = (o: { notFound: unknown[]; invalid: unknown[]; truncated: unknown[] }) => ({
  ...(o.notFound.length ? { notFound: o.notFound } : {}),
  ...(o.invalid.length ? { invalid: o.invalid } : {}),
  ...(o.truncated.length ? { truncated: o.truncated } : {}),
});

function arrayField(r: Req, name: string): unknown[] | null {
  if (r.bodyError || !r.body || typeof r.body !== 'object') return null;
  const v = (r.body as Record<string, unknown>)[name];
  return Array.isArray(v) && v.length > 0 ? v : null;
}

/** The four POST batch endpoints under `/v2/pnl`. */
export function pnlBatchRoute(s: SimState, r: Req, seg: string[]): Reply | null {
  const w = s.world;
  const positions = allPositions(w);
  const m = r.query.get('pnlMode') ?? 'strict';
  if (!['strict', 'adjusted', 'raw'].includes(m))
    return bad('Invalid pnlMode. Options: strict, adjusted, raw');
  const key = seg.join('/');
  if (key === 'wallets/batch') {
    const list = arrayField(r, 'wallets');
    if (!list) return bad('Body must be {"wallets": [...]} with at least one wallet');
    const t = triage(list, 100);
    const notFound: string[] = [];
    const wallets = [];
    for (const wallet of t.valid) {
      const ps = positions.get(wallet);
      if (!ps) {
        notFound.push(wallet);
        continue;
      }
      wallets.push({
        wallet,
        identity: w.identities.get(wallet) ?? null,
        summary: summarize(ps.map((p) => withMode(p, m))),
        tags: { isArbitrage: false, platforms: w.identities.get(wallet)?.platforms ?? [] },
        updatedAt: new Date(w.now - 60_000).toISOString(),
      });
    }
    return ok({
      count: wallets.length,
      wallets,
      ...extras({ notFound, invalid: t.invalid, truncated: t.truncated }),
    });
  }
  if (seg[0] === 'wallets' && seg[2] === 'positions' && seg[3] === 'batch' && seg.length === 4) {
    const wallet = seg[1]!;
    if (!isAddress(wallet)) return bad('Invalid wallet address');
    const list = arrayField(r, 'tokens');
    if (!list) return bad('Body must be {"tokens": [...]} with at least one token');
    const t = triage(list, 100);
    const ps = (positions.get(wallet) ?? []).map((p) => withMode(p, m));
    const found = t.valid.map((tok) => ps.find((p) => p.token === tok)).filter((p) => p !== undefined);
    const notFound = t.valid.filter((tok) => !ps.some((p) => p.token === tok));
    return ok({
      wallet,
      pnlMode: m,
      count: found.length,
      positions: found.map(positionJson),
      stats: stats(found),
      ...extras({ notFound, invalid: t.invalid, truncated: t.truncated }),
    });
  }
  if (seg[0] === 'tokens' && seg[2] === 'positions' && seg[3] === 'batch' && seg.length === 4) {
    const token = seg[1]!;
    if (!isAddress(token)) return bad('Invalid token address');
    const list = arrayField(r, 'wallets');
    if (!list) return bad('Body must be {"wallets": [...]} with at least one wallet');
    const t = triage(list, 200);
    const out = [];
    const notFound: string[] = [];
    for (const wallet of t.valid) {
      const p = positions.get(wallet)?.find((x) => x.token === token);
      if (p) out.push({ wallet, ...positionJson(withMode(p, m)) });
      else notFound.push(wallet);
    }
    return ok({
      token,
      pnlMode: m,
      count: out.length,
      positions: out,
      ...extras({ notFound, invalid: t.invalid, truncated: t.truncated }),
    });
  }
  if (key === 'positions/batch') {
    const list = arrayField(r, 'pairs');
    if (!list) return bad('Body must be {"pairs": [{"wallet","token"}]} with at least one pair');
    const seen = new Set<string>();
    const out = [];
    const notFound: unknown[] = [];
    const invalid: unknown[] = [];
    const truncated: unknown[] = [];
    for (const x of list) {
      const pair = x as { wallet?: unknown; token?: unknown };
      const wallet = typeof pair?.wallet === 'string' ? pair.wallet : undefined;
      const token = typeof pair?.token === 'string' ? pair.token : undefined;
      if (!isAddress(wallet) || !isAddress(token)) {
        invalid.push(x);
        continue;
      }
      const k = `${wallet}:${token}`;
      if (seen.has(k)) continue;
      seen.add(k);
      if (seen.size > 200) {
        truncated.push({ wallet, token });
        continue;
      }
      const p = positions.get(wallet)?.find((y) => y.token === token);
      if (p) out.push({ wallet, ...positionJson(withMode(p, m)) });
      else notFound.push({ wallet, token });
    }
    return ok({ pnlMode: m, count: out.length, positions: out, ...extras({ notFound, invalid, truncated }) });
  }
  return null;
}
