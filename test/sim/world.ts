import { makeEvents, type PmEvent } from './markets';
import { makeOrder, type OrderState, STATUSES, type Status } from './orders';
import { Rng } from './rng';
import { makeToken2022, type Token2022World } from './token2022';
import { makeTokens, RLO, type SimToken, USDC_MINT, XSS_NAME } from './tokens';

export interface Identity {
  name: string | null;
  twitter: string | null;
  avatar: string | null;
  type: string | null;
  tags: string[];
  platforms: string[];
  sns?: { domain: string };
  [k: string]: unknown;
}

export interface World {
  seed: number;
  hostile: boolean;
  now: number; // epoch anchor (unix ms) every timestamp derives from
  tokens: SimToken[];
  tokenByMint: Map<string, SimToken>;
  wallets: string[];
  walletIndex: Map<string, number>;
  queuedWallets: string[];
  identities: Map<string, Identity>;
  domains: Map<string, string>; // domain -> owner
  pools: string[];
  poolToken: Map<string, SimToken>;
  orders: OrderState[]; // mutable state (reset rebuilds the world)
  orderByAddress: Map<string, OrderState>;
  initialOrders: string[];
  slots: { confirmed: number[]; unconfirmed: number[]; head: number };
  events: PmEvent[];
  /** RPC-only Token-2022 mints and token accounts with extensions (of wallets[0..1]). */
  token2022: Token2022World;
}

const ADJ = ['bright', 'lucky', 'quiet', 'rapid', 'brave', 'clever', 'cosmic', 'silent', 'golden', 'swift'];
const NOUN = ['whale', 'falcon', 'otter', 'lynx', 'comet', 'trader', 'mango', 'panda', 'raven', 'tiger'];
const PLATFORMS = ['axiom', 'photon', 'bullx'];

function makeIdentity(rng: Rng, i: number, hostile: boolean): Identity | null {
  const hasSns = i % 4 === 0 || i === 1;
  const isKol = i % 7 === 3;
  if (!hasSns && !isKol && !(hostile && i % 5 === 2) && i !== 6) return null;
  const domain = `${ADJ[i % 10]}${NOUN[Math.floor(i / 10) % 10]}${i}.sol`;
  const id: Identity = {
    name: isKol ? `${NOUN[i % 10]!.toUpperCase()} Calls` : hasSns ? domain : null,
    twitter: isKol ? `https://x.com/${NOUN[i % 10]}calls${i}` : null,
    avatar: isKol ? `https://img.solanatracker.example/avatar/${i}.png` : null,
    type: isKol ? 'kol' : hasSns ? 'sns' : 'bot',
    tags: [...(isKol ? ['kol'] : []), ...(hasSns ? ['sns'] : [])],
    platforms: rng.chance(0.5) ? [rng.pick(PLATFORMS)] : [],
  };
  if (hasSns) id.sns = { domain };
  if (i === 6 || (hostile && i % 5 === 2)) {
    id.name = `${XSS_NAME}${RLO}kol`;
    id.avatar = 'javascript:alert(1)';
    id.twitter = 'http://x.com/evil';
    id.type = 'bot';
    id.tags = ['bot', 'hacker'];
    id.unknownLabel = { weird: true };
  }
  return id;
}

export function buildWorld(seed: number, hostile: boolean, now: number): World {
  const rng = new Rng(seed, 2);
  const tokens = makeTokens(seed, hostile);
  const tokenByMint = new Map(tokens.map((t) => [t.mint, t]));
  const wallets = Array.from({ length: 200 }, () => rng.address());
  const walletIndex = new Map(wallets.map((w, i) => [w, i]));
  const queuedWallets = Array.from({ length: 10 }, () => rng.address());
  const identities = new Map<string, Identity>();
  const domains = new Map<string, string>();
  wallets.forEach((w, i) => {
    const id = makeIdentity(rng, i, hostile);
    if (!id) return;
    identities.set(w, id);
    if (id.sns) domains.set(id.sns.domain, w);
  });
  const pools = Array.from({ length: 30 }, () => rng.address());
  const poolToken = new Map(pools.map((p, i) => [p, tokens[(i % 58) + 2]!]));

  const orders: OrderState[] = [];
  const SOL = tokens[0]!;
  const USDC = tokens[1]!;
  // Demo favourites: wallets[0..4] get 3 active orders among the benign mints[0..4].
  for (let w = 0; w < 5; w++) {
    for (let k = 0; k < 3; k++) {
      const other = tokens[2 + ((w + k) % 3)]!;
      const buy = k !== 1;
      const quote = (w + k) % 2 === 0 ? USDC : SOL;
      orders.push(
        makeOrder(rng, {
          owner: wallets[w]!,
          input: buy ? quote : other,
          output: buy ? other : quote,
          status: 'active',
          now,
          benign: true,
        }),
      );
    }
  }
  // Guarantee buyers and sellers for mints[0..4] (and SOL<->USDC both ways).
  for (let m = 0; m < 5; m++) {
    for (const status of STATUSES) {
      const t = tokens[m]!;
      const q = t.mint === USDC_MINT ? SOL : USDC;
      orders.push(
        makeOrder(rng, { owner: wallets[5 + m * 4]!, input: q, output: t, status, now, benign: true }),
      );
      orders.push(
        makeOrder(rng, { owner: wallets[6 + m * 4]!, input: t, output: q, status, now, benign: true }),
      );
    }
  }
  const weightedToken = () => tokens[Math.min(59, Math.floor(rng.next() ** 2 * 60))]!;
  while (orders.length < 1500) {
    const ownerIdx = Math.floor(rng.next() ** 1.5 * 200);
    const owner = wallets[ownerIdx]!;
    const status: Status = rng.pick([
      'active',
      'active',
      'active',
      'pending',
      'paused',
      'completed',
      'completed',
    ]);
    const kind = rng.next();
    let input: SimToken;
    let output: SimToken;
    const quote = rng.chance(0.6) ? USDC : SOL;
    let other = weightedToken();
    while (other === quote) other = weightedToken();
    if (kind < 0.45) [input, output] = [quote, other];
    else if (kind < 0.8) [input, output] = [other, quote];
    else {
      let b = weightedToken();
      while (b === other) b = weightedToken();
      [input, output] = [other, b];
    }
    if (ownerIdx < 5 && (input.hostile || output.hostile)) continue; // demo favourites stay benign
    orders.push(makeOrder(rng, { owner, input, output, status, now, benign: ownerIdx < 5 }));
  }
  const orderByAddress = new Map(orders.map((o) => [o.address, o]));
  const head = 320_000_000 + (seed % 1000) * 1000;
  const confirmed = Array.from({ length: 10 }, (_, i) => head - 10 + i);
  const unconfirmed = Array.from({ length: 5 }, (_, i) => head + 1 + i);
  return {
    seed,
    hostile,
    now,
    tokens,
    tokenByMint,
    wallets,
    walletIndex,
    queuedWallets,
    identities,
    domains,
    pools,
    poolToken,
    orders,
    orderByAddress,
    initialOrders: orders.map((o) => o.address),
    slots: { confirmed, unconfirmed, head },
    events: makeEvents(seed, hostile, now),
    token2022: makeToken2022(seed, wallets.slice(0, 2)),
  };
}
