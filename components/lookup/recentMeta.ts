/**
 * What each recent lookup turned out to be: its kind and a short name (a token's symbol, a wallet's
 * .sol name, an event's title, else the address cut to "7Jsi…cTZz"), so the Recent list can say
 * "Token BONK" rather than show 44 characters. lib/recent.ts keeps the inputs themselves (strings
 * only); this keeps, beside them and keyed by the same input, what the answer said and what it was
 * about, so two inputs that named the same wallet are one entry (recordLookup). An input without a
 * note (saved before notes were kept) is described from its text alone (describeInput).
 */
import { parseLookupInput } from '../../lib/detect/links';
import { cleanText, formatNumber, shortAddress, truncateText } from '../../lib/format';
import { type LookupResult, pairOfInput } from '../../lib/lookup';
import { privateStore } from '../../lib/private-store';
import { inRecentTurn, storeRecent } from '../../lib/recent';

/** The kind's word as the list shows it; `address`: an address whose kind only its lookup knows. */
export const RECENT_KINDS = {
  wallet: 'Wallet',
  token: 'Token',
  tokenAccount: 'Token account',
  order: 'Order',
  pair: 'Pair',
  event: 'Event',
  block: 'Slot',
  search: 'Search',
  program: 'Program',
  pool: 'Pool',
  address: 'Address',
  number: 'Slot or event',
  link: 'Link',
} as const;
export type RecentKind = keyof typeof RECENT_KINDS;

export interface RecentMeta {
  kind: RecentKind;
  label: string;
  /**
   * What the answer was, whatever input led to it (`wallet:<address>`, `event:polymarket:<id>`):
   * inputs with the same one are a single entry in Recent. Absent in notes made before it was kept.
   */
  thing?: string;
}
/**
 * Keyed by the input as typed, so any string is a key (`constructor`, `__proto__`): the maps made
 * here have no prototype, and a note is read with recentNote, never as `meta[input]`.
 */
export type RecentMetaMap = Record<string, RecentMeta>;

/** A map of notes with no prototype: `__proto__` is an own key like any other, nothing is inherited. */
const emptyMeta = (): RecentMetaMap => Object.create(null) as RecentMetaMap;

/** The note kept for `input`, or undefined: an own entry only, never an Object.prototype member. */
export function recentNote(meta: RecentMetaMap, input: string): RecentMeta | undefined {
  return Object.hasOwn(meta, input) ? meta[input] : undefined;
}

const MAX_LABEL = 80;
/** An address pair with its kind's word, with room to spare: anything longer was not written here. */
const MAX_THING = 200;

/** Beside the list, in the extension's private store too (what was looked up, by name). */
export const recentMetaItem = privateStore.defineItem<RecentMetaMap>('local:recentSearchMeta', {
  fallback: {},
});

/** Untrusted text (a symbol, a title) as a label: no control or bidi characters, bounded. */
const text = (s: string | null | undefined) => truncateText(cleanText(s).trim(), MAX_LABEL);

/** A slot as the block view shows it: "320,041,990", not "320041990". */
const slotLabel = (slot: number) => formatNumber(slot);

/** The kind and short name of a lookup's answer. */
function describeResult(result: LookupResult): RecentMeta {
  switch (result.kind) {
    case 'wallet': {
      const id = result.wallet.identity;
      return { kind: 'wallet', label: text(id?.domain || id?.name) || shortAddress(result.wallet.address) };
    }
    case 'token':
      return {
        kind: 'token',
        label:
          text(result.token.flow.token?.symbol) ||
          text(result.token.flow.token?.name) ||
          shortAddress(result.mint),
      };
    case 'order': {
      const { input, output } = result.order;
      return { kind: 'order', label: `${text(input.symbol) || '?'} → ${text(output.symbol) || '?'}` };
    }
    case 'pair': {
      const first = result.page.orders[0];
      const symbol = (mint: string) =>
        (first?.input.mint === mint && text(first.input.symbol)) ||
        (first?.output.mint === mint && text(first.output.symbol)) ||
        shortAddress(mint);
      return { kind: 'pair', label: `${symbol(result.inputMint)} → ${symbol(result.outputMint)}` };
    }
    case 'event':
      return {
        kind: 'event',
        label: text(result.event.found ? result.event.title : result.event.requestedId),
      };
    case 'block':
      return { kind: 'block', label: slotLabel(result.slot) };
    case 'search':
      return { kind: 'search', label: text(result.query) };
    case 'program':
      return { kind: 'program', label: text(result.label) || shortAddress(result.address) };
    case 'pool':
      return { kind: 'pool', label: shortAddress(result.address) };
    case 'tokenAccount':
      return { kind: 'tokenAccount', label: shortAddress(result.address) };
  }
}

/**
 * The account, event, slot or search a lookup's answer is about, as one string: a bare address, a
 * Solscan or GMGN link and `CA: <mint>` all answer with the same one.
 */
function thingOf(result: LookupResult): string {
  switch (result.kind) {
    case 'wallet':
      return `wallet:${result.wallet.address}`;
    case 'token':
      return `token:${result.mint}`;
    case 'order':
      return `order:${result.order.address}`;
    case 'pair':
      return `pair:${result.inputMint}:${result.outputMint}`;
    case 'event':
      return `event:${result.event.exchange}:${result.event.eventId ?? result.event.requestedId.toLowerCase()}`;
    case 'block':
      return `block:${result.slot}`;
    case 'search':
      return `search:${result.query.toLowerCase()}`;
    case 'program':
    case 'pool':
    case 'tokenAccount':
      return `${result.kind}:${result.address}`;
  }
}

const KIND_OF_ADDRESS: Record<string, RecentKind> = {
  wallet: 'wallet',
  mint: 'token',
  order: 'order',
  pool: 'pool',
  program: 'program',
};

/** What the input's own text says it is, for an entry without a note of its answer. */
export function describeInput(input: string): RecentMeta {
  const pair = pairOfInput(input);
  if (pair)
    return { kind: 'pair', label: `${shortAddress(pair.inputMint)} → ${shortAddress(pair.outputMint)}` };
  const parsed = parseLookupInput(input);
  switch (parsed.type) {
    case 'address':
      return { kind: KIND_OF_ADDRESS[parsed.kind] ?? 'address', label: shortAddress(parsed.address) };
    case 'slot':
      // a number that may be an event id stays as typed: ids are not read with thousands separators
      return parsed.event
        ? { kind: 'number', label: String(parsed.slot) }
        : { kind: 'block', label: slotLabel(parsed.slot) };
    case 'event':
      return { kind: 'event', label: text(parsed.event.id) };
    case 'search':
      return { kind: 'search', label: text(parsed.query) };
    case 'domain':
      return { kind: 'wallet', label: text(parsed.name) };
    case 'error':
      return { kind: /^https?:\/\//i.test(input) ? 'link' : 'search', label: text(input) };
  }
}

/** Anything but a map of known kinds and string labels (an older or corrupted value) is left out. */
export function sanitizeMeta(value: unknown): RecentMetaMap {
  const out = emptyMeta();
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [input, meta] of Object.entries(value as Record<string, unknown>)) {
    const m = meta as Partial<RecentMeta> | null;
    if (!m || typeof m !== 'object' || typeof m.label !== 'string' || !m.label.trim()) continue;
    if (typeof m.kind !== 'string' || !Object.hasOwn(RECENT_KINDS, m.kind)) continue;
    const label = text(m.label);
    // a slot noted before slots were written with separators reads like the block view's
    out[input] = {
      kind: m.kind,
      label: m.kind === 'block' && /^\d{1,15}$/.test(label) ? slotLabel(Number(label)) : label,
      ...(typeof m.thing === 'string' && m.thing.length <= MAX_THING && { thing: m.thing }),
    };
  }
  return out;
}

export async function loadRecentMeta(): Promise<RecentMetaMap> {
  return sanitizeMeta(await recentMetaItem.getValue());
}

/** Notes `input`'s answer in `notes`, keeps the notes of the inputs still `listed`, stores and returns them. */
async function storeNotes(
  notes: RecentMetaMap,
  input: string,
  result: LookupResult,
  listed: readonly string[],
): Promise<RecentMetaMap> {
  notes[input.trim()] = { ...describeResult(result), thing: thingOf(result) };
  const next = emptyMeta();
  for (const item of listed) {
    const note = recentNote(notes, item);
    if (note) next[item] = note;
  }
  await recentMetaItem.setValue(next);
  return next;
}

/**
 * Notes what `input`'s lookup answered, keeping notes only for the inputs still listed (`listed`,
 * the Recent list after this lookup went into it), and returns the notes.
 */
export async function rememberRecent(
  input: string,
  result: LookupResult,
  listed: readonly string[],
): Promise<RecentMetaMap> {
  return inRecentTurn(async () => storeNotes(await loadRecentMeta(), input, result, listed));
}

/**
 * A lookup that answered goes first in Recent, noted with its answer; an entry that named the same
 * thing through another input (the wallet's bare address, then its Solscan link) leaves the list:
 * the newest input stands for it. Returns the list and the notes (read once, for both).
 */
export async function recordLookup(
  input: string,
  result: LookupResult,
): Promise<{ recent: string[]; meta: RecentMetaMap }> {
  const thing = thingOf(result);
  return inRecentTurn(async () => {
    const notes = await loadRecentMeta();
    const recent = await storeRecent(input, (entry) => recentNote(notes, entry)?.thing === thing);
    return { recent, meta: await storeNotes(notes, input, result, recent) };
  });
}
