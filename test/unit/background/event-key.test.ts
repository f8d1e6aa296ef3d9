/**
 * One event, one key: references to the same prediction-market event that differ only in case
 * (a slug from a link and one typed, a Kalshi ticker as Kalshi's URLs write it) are one cache entry
 * and one id in one batch request, sent in the case the API writes it; each caller gets the answer
 * under the id it asked for.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../lib/api';
import { canonicalEvent, createDataService, eventKey } from '../../../lib/background/data';
import type { Cache } from '../../../lib/cache/types';
import type { EventRef } from '../../../lib/messaging';
import { defaultSettings } from '../../../lib/settings';
import { clearLog, requests, type Sim, simServices, startSim } from './helpers';

describe('canonicalEvent and eventKey', () => {
  it.each([
    [{ exchange: 'polymarket', id: 'Fed-Decision-In-March' }, 'fed-decision-in-march'],
    [{ exchange: 'polymarket', id: ' fed-decision-in-march ' }, 'fed-decision-in-march'],
    [{ exchange: 'polymarket', id: 'poly-512340' }, 'POLY-512340'],
    [{ exchange: 'polymarket', id: '512340' }, '512340'],
    [{ exchange: 'kalshi', id: 'kxfeddecision-25dec' }, 'KXFEDDECISION-25DEC'],
    [{ exchange: 'kalshi', id: 'KXFEDDECISION-25DEC' }, 'KXFEDDECISION-25DEC'],
  ] as [EventRef, string][])('%o is sent as %s', (ref, id) => {
    expect(canonicalEvent(ref)).toEqual({ exchange: ref.exchange, id });
    expect(eventKey(ref)).toBe(`${ref.exchange}:${id}`);
  });

  it('spellings of one event share a key; other exchanges and events do not', () => {
    expect(eventKey({ exchange: 'kalshi', id: 'kxfedrate-25dec' })).toBe(
      eventKey({ exchange: 'kalshi', id: 'KXFedRate-25Dec' }),
    );
    expect(eventKey({ exchange: 'polymarket', id: 'POLY-1' })).toBe(
      eventKey({ exchange: 'polymarket', id: 'poly-1' }),
    );
    expect(eventKey({ exchange: 'polymarket', id: 'kxfedrate-25dec' })).not.toBe(
      eventKey({ exchange: 'kalshi', id: 'kxfedrate-25dec' }),
    );
  });
});

describe('the event batcher de-duplicates by the canonical key', () => {
  /** A cache that caches nothing: every caller reaches the batcher. */
  const passThrough = {
    cached: async (_r: string, _k: string, fetcher: (s: AbortSignal, p: 'visible') => Promise<unknown>) => ({
      value: await fetcher(new AbortController().signal, 'visible'),
      stale: false,
      fetchedAt: 0,
      source: 'network',
    }),
  } as unknown as Cache;

  it('sends each event once, in the API case, and answers every spelling', async () => {
    const sent: { ids: string[]; exchange: string | undefined }[] = [];
    const client = {
      prediction: {
        eventsBatch: async (ids: string[], { exchange }: { exchange?: string }) => {
          sent.push({ ids: [...ids], exchange });
          // the service echoes the id as sent and matches it in any case
          return {
            notFound: [],
            results: ids.map((requestedId) => ({
              requestedId,
              event: { id: requestedId, exchange, title: `Event ${requestedId.toLowerCase()}`, markets: [] },
            })),
          };
        },
      },
    } as unknown as ApiClient;
    const data = createDataService({
      client: () => client,
      cache: passThrough,
      settings: defaultSettings,
      isWatched: () => false,
    });
    const asked: EventRef[] = [
      { exchange: 'polymarket', id: 'Fed-Decision' },
      { exchange: 'polymarket', id: 'fed-decision' },
      { exchange: 'kalshi', id: 'kxfedrate-25dec' },
      { exchange: 'kalshi', id: 'KXFEDRATE-25DEC' },
    ];
    const [one, two] = await Promise.all([data.odds(asked.slice(0, 3)), data.odds(asked.slice(3))]);
    expect(sent).toEqual([
      { ids: ['fed-decision'], exchange: 'polymarket' },
      { ids: ['KXFEDRATE-25DEC'], exchange: 'kalshi' },
    ]);
    const views = [...one!, ...two!];
    expect(views.map((v) => v.requestedId)).toEqual(asked.map((r) => r.id));
    expect(views.every((v) => v.found)).toBe(true);
    expect(views.map((v) => v.title)).toEqual([
      'Event fed-decision',
      'Event fed-decision',
      'Event kxfedrate-25dec',
      'Event kxfedrate-25dec',
    ]);
  });
});

describe('odds on the simulator', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ eventsPerSecond: 0 });
  });
  afterAll(() => sim.close());
  beforeEach(() => clearLog(sim));

  const batches = async () =>
    (await requests(sim)).filter((r) => r.path.endsWith('/v1/events/batch')).map((r) => r.query);

  it('two spellings of a slug, asked together or one after the other: one request, two answers', async () => {
    const services = simServices(sim);
    const slug = sim.catalog.events.polymarket[1]!;
    const shouted = slug.toUpperCase();
    const together = await services.data.odds([
      { exchange: 'polymarket', id: shouted },
      { exchange: 'polymarket', id: slug },
    ]);
    expect(together.map((v) => [v.requestedId, v.found])).toEqual([
      [shouted, true],
      [slug, true],
    ]);
    // from the cache, still answered under the id asked for (the overlay matches by it)
    const later = await services.data.odds([
      { exchange: 'polymarket', id: `${slug.slice(0, 3).toUpperCase()}${slug.slice(3)}` },
    ]);
    expect(later[0]).toMatchObject({ found: true, eventId: together[0]!.eventId });
    expect(later[0]!.requestedId).toBe(`${slug.slice(0, 3).toUpperCase()}${slug.slice(3)}`);
    expect(await batches()).toEqual([{ ids: slug, exchange: 'polymarket' }]);
    await services.cache.close();
  });

  it('a Kalshi ticker in lowercase and in uppercase: one request, with the ticker in uppercase', async () => {
    const services = simServices(sim);
    const ticker = sim.catalog.events.kalshi[1]!;
    const [a, b] = await Promise.all([
      services.data.odds([{ exchange: 'kalshi', id: ticker.toLowerCase() }]),
      services.data.odds([{ exchange: 'kalshi', id: ticker }]),
    ]);
    expect(a![0]).toMatchObject({ requestedId: ticker.toLowerCase(), found: true });
    expect(b![0]).toMatchObject({ requestedId: ticker, found: true, eventId: a![0]!.eventId });
    expect(await batches()).toEqual([{ ids: ticker.toUpperCase(), exchange: 'kalshi' }]);
    await services.cache.close();
  });
});
