/**
 * Figures measured in Node against the real modules: the cache's hit path against a raw idb `get`
 * of the same record (fake-indexeddb, the unit tests' IndexedDB), and the live hub against
 * `JSON.parse` of the same recorded datastream messages.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import WebSocket from 'ws';
import { DCA_ROOM_TYPES, rooms } from '../lib/api/rooms';
import { createCache, entryId, idbVersion, VALUES_STORE } from '../lib/cache';
import { createLiveHub } from '../lib/live/hub';
import type { Sim } from '../test/sim';
import { median } from './stats';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Per-operation time (ms) of `count` sequential awaits of `op`. */
async function perOp(op: () => Promise<unknown>, count: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await op();
  return (performance.now() - t0) / count;
}

export interface CacheFigure {
  ratio: number;
  cacheUs: number;
  rawUs: number;
  memoryHitRatio: number;
}

/**
 * The record is a real simulator answer (a wallet's PnL). The cache runs as the background
 * configures it, except `memoryEntries: 0` so every hit reads IndexedDB (a warm in-memory hit
 * would compare a Map lookup with a database read). Both sides alternate in rounds; medians.
 * (600 reads a side and round: on a machine where a read takes 0.8 ms, 1,500 made this figure a
 * minute of the whole benchmark's 10.)
 */
export async function cacheFigure(sim: Sim, rounds = 7, perRound = 600): Promise<CacheFigure> {
  const wallet = sim.catalog.wallets[0]!;
  const res = await fetch(`${sim.dataUrl}/v2/pnl/wallets/${wallet}`, { headers: { 'x-api-key': 'demo' } });
  const value = await res.json();
  const dbName = 'bench-cache';
  const schemaVersion = 1;
  const options = { dbName, schemaVersion, maxEntries: 5000, maxBytes: 20 * 1024 * 1024 };
  const cache = createCache({ ...options, memoryEntries: 0 });
  await cache.put('pnlFull', wallet, value);
  await cache.flush();
  const raw = await openDB(dbName, idbVersion(schemaVersion));
  const id = entryId('pnlFull', wallet);
  const miss = () => Promise.reject(new Error('the benchmark expects a hit'));
  const hit = () => cache.cached('pnlFull', wallet, miss, { ttlMs: 3_600_000 });
  const get = () => raw.get(VALUES_STORE, id);
  if ((await get())?.value === undefined || (await hit()).source !== 'cache') throw new Error('no cache hit');
  // fake-indexeddb reads get slower over a run, so whichever side goes second in a round pays for
  // it: the order alternates each round, and the figure is the median of per-round ratios.
  const cacheTimes: number[] = [];
  const rawTimes: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds * 2; r++) {
    let rawMs: number;
    let cacheMs: number;
    if (r % 2 === 0) {
      rawMs = await perOp(get, perRound);
      cacheMs = await perOp(hit, perRound);
    } else {
      cacheMs = await perOp(hit, perRound);
      rawMs = await perOp(get, perRound);
    }
    rawTimes.push(rawMs);
    cacheTimes.push(cacheMs);
    ratios.push(cacheMs / rawMs);
  }
  const warm = createCache({ ...options, dbName: 'bench-cache-warm' });
  await warm.put('pnlFull', wallet, value);
  const warmHit = () => warm.cached('pnlFull', wallet, miss, { ttlMs: 3_600_000 });
  const warmTimes: number[] = [];
  for (let r = 0; r < rounds; r++) warmTimes.push(await perOp(warmHit, perRound));
  await cache.close();
  await warm.close();
  raw.close();
  const cacheMs = median(cacheTimes);
  const rawMs = median(rawTimes);
  return {
    ratio: median(ratios),
    cacheUs: cacheMs * 1000,
    rawUs: rawMs * 1000,
    memoryHitRatio: median(warmTimes) / rawMs,
  };
}

const PROGRAM = 'jupiter';
const LIVE_ROOMS = [rooms.dca(PROGRAM), ...DCA_ROOM_TYPES.map((t) => rooms.dcaType(PROGRAM, t))];

/**
 * Records real datastream frames: a client in the global room and every type room gets each event
 * twice (the service's fan-out), i.e. 50 % duplicates, like an extension in overlapping rooms.
 */
export async function recordFrames(sim: Sim, events = 600): Promise<string[]> {
  const frames: string[] = [];
  const ws = new WebSocket(`${sim.datastreamUrl}/demo`);
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  ws.on('message', (raw) => {
    const text = String(raw);
    if (text.includes('"type":"ping"')) ws.send('{"type":"pong"}');
    else if (text.includes('"type":"message"')) frames.push(text);
  });
  for (const room of LIVE_ROOMS) ws.send(JSON.stringify({ type: 'join', room }));
  await sleep(200);
  const names = ['Filled', 'Position', 'Deposit', 'CollectedFee', 'Filled', 'Opened'];
  for (let i = 0; i < events; i++) {
    const wallet = sim.catalog.wallets[5 + (i % 150)]!;
    await fetch(`${sim.url}/__sim/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventName: names[i % names.length], wallet }),
    });
  }
  await sleep(300);
  ws.close();
  return frames;
}

/**
 * `count` frames from the recording: copy v of the recording gets distinct event identities
 * (signature / writeVersion tagged with v), so de-duplication meets as many new events as in the
 * recording and the duplicate share stays the recording's (~50 %).
 */
export function expandFrames(recorded: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let v = 0; out.length < count; v++) {
    for (const text of recorded) {
      if (out.length >= count) break;
      if (v === 0) {
        out.push(text);
        continue;
      }
      const frame = JSON.parse(text) as { data: unknown };
      const items = Array.isArray(frame.data) ? frame.data : [frame.data];
      for (const item of items as Record<string, unknown>[]) {
        if (typeof item.signature === 'string') item.signature = `${item.signature}${v}`;
        if (typeof item.writeVersion === 'number') item.writeVersion += v * 1e9;
        else if (typeof item.writeVersion === 'string') item.writeVersion = `${item.writeVersion}${v}`;
        if (typeof item.timestamp === 'number') item.timestamp += v;
      }
      out.push(JSON.stringify(frame));
    }
  }
  return out;
}

export interface LiveFigure {
  ratio: number;
  hubMs: number;
  parseMs: number;
  messages: number;
  duplicates: number;
  delivered: number;
  invalid: number;
  /** Each run's times (ms), the parse floor's and the hub's, in the order they ran. */
  runs: { parse: number; hub: number }[];
}

/** One pass of the hub (fresh: empty de-dup set) over every frame; returns ms and its stats. */
function hubPass(frames: readonly string[]) {
  let fanout = 0;
  const hub = createLiveHub({
    url: () => null,
    onEvent: (_message, deliveredTo) => {
      fanout += deliveredTo.length;
    },
  });
  hub.acquire('bench', LIVE_ROOMS);
  const t0 = performance.now();
  for (let i = 0; i < frames.length; i++) hub.handleRaw(frames[i]!);
  const ms = performance.now() - t0;
  const stats = hub.stats();
  hub.stop();
  return { ms, stats, fanout };
}

function parsePass(frames: readonly string[]): number {
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < frames.length; i++) sink += JSON.parse(frames[i]!) ? 1 : 0;
  const ms = performance.now() - t0;
  if (sink !== frames.length) throw new Error('parse floor lost a frame');
  return ms;
}

export function liveFigure(frames: readonly string[], passes = 7): LiveFigure {
  hubPass(frames.slice(0, 5000)); // warm up both paths (JIT) before timing
  parsePass(frames.slice(0, 5000));
  const runs: LiveFigure['runs'] = [];
  let last: ReturnType<typeof hubPass> | undefined;
  for (let r = 0; r < passes; r++) {
    const parse = parsePass(frames);
    last = hubPass(frames);
    runs.push({ parse, hub: last.ms });
  }
  return {
    runs,
    // Each run's own ratio (its floor timed just before its hub pass), the median of them: as the
    // detection figure's loads. A pass takes 1 to 2 s here, and the machine's speed moves by 20 %
    // from one pass to the next; the ratio of two medians taken from different passes moved with it
    // (1.26 to 2.10 in four runs of one session; paired, 1.5 to 1.6).
    ratio: median(runs.map((r) => r.hub / r.parse)),
    hubMs: median(runs.map((r) => r.hub)),
    parseMs: median(runs.map((r) => r.parse)),
    messages: frames.length,
    duplicates: last!.stats.duplicates,
    delivered: last!.stats.delivered,
    invalid: last!.stats.invalid,
  };
}
