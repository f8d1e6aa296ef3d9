import { describe, expect, it } from 'vitest';
import type { EventsBatchResponse } from '../../../lib/api/schemas/prediction';
import { isSolanaAddress } from '../../../lib/detect/address';
import { client, type OrderPage, start } from './helpers';

/** A /search row (test/sim/routes-market.ts search); hostile tokens add fields of their own. */
interface SearchRow {
  mint: string;
  name: string;
  symbol: string;
  image: string;
  priceUsd: number | null;
  [field: string]: unknown;
}
interface SearchPage {
  data: SearchRow[];
}

describe('sim determinism and hostile data', () => {
  it('same seed gives the same catalog and answers; another seed differs', async () => {
    const a = await start({ seed: 7 });
    const b = await start({ seed: 7 });
    const c = await start({ seed: 8 });
    try {
      expect(a.catalog).toEqual(b.catalog);
      expect(a.catalog.wallets).not.toEqual(c.catalog.wallets);
      const w = a.catalog.wallets[4]!;
      for (const path of [
        `/dca/wallet/${w}?limit=100`,
        `/v2/pnl/wallets/${w}`,
        `/dca/token/${a.catalog.mints[3]}/buyers`,
        `/pm/v1/events/batch?ids=${a.catalog.events.polymarket.join(',')}`,
      ]) {
        const ra = await client(a).get(path);
        const rb = await client(b).get(path);
        expect(ra.text).toBe(rb.text);
      }
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('catalog sizes, valid 32-byte addresses, well-known mints', async () => {
    const sim = await start();
    try {
      const cat = sim.catalog;
      expect(cat.wallets.length).toBe(200);
      expect(cat.mints.length).toBe(60);
      expect(cat.orders.length).toBe(1500);
      expect(cat.mints).toContain('So11111111111111111111111111111111111111112');
      expect(cat.mints).toContain('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
      for (const x of [...cat.wallets, ...cat.queuedWallets, ...cat.mints, ...cat.orders, ...cat.pools]) {
        expect(isSolanaAddress(x), x).toBe(true);
      }
      expect(new Set([...cat.wallets, ...cat.orders]).size).toBe(1700);
    } finally {
      await sim.close();
    }
  });

  it('hostile records are reachable while the demo favourites stay benign', async () => {
    const sim = await start();
    const api = client(sim);
    try {
      const s = await api.get<SearchPage>('/search?limit=100');
      const byMint = new Map(s.body.data.map((t): [string, SearchRow] => [t.mint, t]));
      const t = (i: number) => byMint.get(sim.catalog.mints[i]!)!;
      expect(t(5).name).toContain('<img src=x onerror=');
      expect(t(6).name).toContain('\u202E');
      expect(t(7).name.length).toBe(300);
      expect(t(8).image).toBe('javascript:alert(1)');
      expect(t(9).image.startsWith('http:')).toBe(true);
      expect(t(9).priceUsd).toBeNull();
      expect(t(5).unknownField).toBe('sim-extra');
      for (let i = 0; i < 5; i++) expect(JSON.stringify(t(i))).not.toMatch(/[<\u202E]|javascript:|http:\/\//);
      const fav = await api.get(`/dca/wallet/${sim.catalog.wallets[0]}?limit=100&status=active`);
      expect(JSON.stringify(fav.body)).not.toMatch(/[<\u202E]|javascript:/);
      const ev = await api.get<EventsBatchResponse>(
        `/pm/v1/events/batch?ids=${sim.catalog.events.polymarket.slice(0, 5).join(',')},${sim.catalog.events.kalshi.slice(0, 3).join(',')}`,
      );
      const titles = ev.body.results.map((r) => r.event!.title);
      expect(titles.slice(0, 3).join('')).not.toMatch(/[<\u202E]/);
      expect(titles[3]).toContain('<img');
      expect(titles[4]).toContain('\u202E');
      expect(titles[6]).not.toMatch(/</);
      expect(titles[7]).toContain('<img');
      const orders = await api.get<OrderPage>(`/dca/token/${sim.catalog.mints[9]}/buyers?limit=1000`);
      const sellers = await api.get<OrderPage>(`/dca/token/${sim.catalog.mints[9]}/sellers?limit=1000`);
      expect([...orders.body.orders, ...sellers.body.orders].length).toBeGreaterThan(0);
      let nullUsd = 0;
      let omitted = 0;
      for (const w of sim.catalog.wallets.slice(20, 120)) {
        for (const o of (await api.get<OrderPage>(`/dca/wallet/${w}?limit=100`)).body.orders) {
          if (o.volumeUsd === null) nullUsd++;
          if (!('volumeUsd' in o)) omitted++;
        }
      }
      expect(nullUsd).toBeGreaterThan(0);
      expect(omitted).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });

  it('token symbols are whole tickers, not cut words', async () => {
    const sim = await start();
    try {
      const s = await client(sim).get<SearchPage>('/search?limit=100');
      const benign = s.body.data.filter((t) => /^[A-Za-z]+ Token$/.test(t.name));
      expect(benign.length).toBeGreaterThan(40);
      for (const t of benign) expect(t.symbol).toBe(t.name.replace(/ Token$/, '').toUpperCase());
      expect(benign.map((t) => t.symbol)).toContain('JUPITER');
    } finally {
      await sim.close();
    }
  });

  it('--hostile adds more hostile records', async () => {
    const plain = await start();
    const hostile = await start({ hostile: true });
    try {
      const count = async (sim: typeof plain) =>
        (await client(sim).get<SearchPage>('/search?limit=100')).body.data.filter((t) =>
          /<img|\u202E|javascript:/.test(JSON.stringify(t)),
        ).length;
      expect(await count(hostile)).toBeGreaterThan(await count(plain));
    } finally {
      await Promise.all([plain.close(), hostile.close()]);
    }
  });
});
