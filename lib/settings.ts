/**
 * Typed settings, in the private store (lib/private-store.ts: the extension origin's IndexedDB), out
 * of content scripts' reach: they are not secret, but in Firefox a content process taken over could
 * otherwise switch a site's overlay or the notifications off for good. Content scripts get what they
 * need from the background (`overlayConfig`). The API key is NOT here: see lib/secrets.ts.
 */
import { z } from 'zod';
import { CURRENCIES, PNL_MODES } from './api/validate';
import { BUILD_SIM_URL } from './env';
import { privateStore } from './private-store';
import { SUPPORTED_SITES } from './sites/hosts';

export const LIVE_HOSTS = {
  data: 'https://data.solanatracker.io',
  prediction: 'https://prediction-market-api.solanatracker.io',
  datastream: 'wss://datastream.solanatracker.io',
  rpc: 'https://rpc-mainnet.solanatracker.io',
} as const;

export function defaultHosts(simUrl = BUILD_SIM_URL): Hosts {
  if (!simUrl) return { ...LIVE_HOSTS };
  return {
    data: simUrl,
    prediction: `${simUrl}/pm`,
    datastream: `${simUrl.replace(/^http/, 'ws')}/ws`,
    rpc: `${simUrl}/rpc`,
  };
}

/** The parsed URL, or null when `u` is not one (a host typed without its scheme): checks never throw. */
function parseUrl(u: string): URL | null {
  try {
    return new URL(u);
  } catch {
    return null;
  }
}

/**
 * A host URL of one of `protocols` (the secure one first, the plain one for localhost only). zod 4
 * runs every check even after one failed, so each check parses on its own and none may throw: a
 * throw is no field message.
 * A path is kept (the simulator's `/pm`, `/rpc`, `/ws`: lib/api/http.ts appends each endpoint's path
 * to it), but a query or a fragment is refused: http.ts would send the query along with every request,
 * and the live hub appends `/<key>` to the datastream's string (after a `?` or `#`, not to its path).
 */
const hostUrl = (protocols: string[]) => {
  const [secure, plain] = protocols.map((p) => `${p}//`);
  return z
    .string()
    .trim()
    .refine((u) => parseUrl(u) !== null, {
      message: `must be ${secure?.startsWith('https') ? 'an' : 'a'} ${secure} URL (${plain} only for localhost)`,
      abort: true,
    })
    .refine((u) => !/[?#]/.test(u), 'must not have a query (?…) or a fragment (#…)')
    .refine(
      (u) => {
        const url = parseUrl(u);
        return url !== null && protocols.includes(url.protocol);
      },
      `must use ${protocols.join(' or ')}`,
    )
    .transform((u) => u.replace(/\/+$/, ''));
};

/** Plain http/ws is allowed only for loopback hosts (the simulator), never for remote hosts. */
function secureOrLoopback(u: string): boolean {
  const url = parseUrl(u);
  if (!url) return false;
  if (url.protocol === 'https:' || url.protocol === 'wss:') return true;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export const HostsSchema = z.object({
  data: hostUrl(['https:', 'http:']).refine(secureOrLoopback, 'http is only allowed for localhost'),
  prediction: hostUrl(['https:', 'http:']).refine(secureOrLoopback, 'http is only allowed for localhost'),
  datastream: hostUrl(['wss:', 'ws:']).refine(secureOrLoopback, 'ws is only allowed for localhost'),
  rpc: hostUrl(['https:', 'http:']).refine(secureOrLoopback, 'http is only allowed for localhost'),
});
export type Hosts = z.infer<typeof HostsSchema>;

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM');

const USD_TEXT = 'enter an amount in USD, 0 or more';
const BADGES_TEXT = 'enter a whole number from 10 to 2000';
const ENTRIES_TEXT = 'enter a whole number from 100 to 100000';
const MB_TEXT = 'enter a size from 1 to 500 (MB)';

export const NotificationRulesSchema = z.object({
  enabled: z.boolean(),
  events: z.object({
    Opened: z.boolean(),
    Filled: z.boolean(),
    Closed: z.boolean(),
    Deposit: z.boolean(),
    Withdraw: z.boolean(),
  }),
  // (the options page shows these after the field's name: plain words, not the validator's)
  minUsd: z.number(USD_TEXT).min(0, USD_TEXT).max(1e12, 'enter at most 1,000,000,000,000'),
  quietHours: z.object({ enabled: z.boolean(), start: Time, end: Time }),
});
export type NotificationRules = z.infer<typeof NotificationRulesSchema>;

export const SettingsSchema = z.object({
  hosts: HostsSchema,
  sites: z.record(z.string(), z.boolean()),
  anySite: z.boolean(),
  notifications: NotificationRulesSchema,
  pnlMode: z.enum(PNL_MODES),
  currency: z.enum(CURRENCIES),
  theme: z.enum(['auto', 'light', 'dark']),
  maxBadges: z.number(BADGES_TEXT).int(BADGES_TEXT).min(10, BADGES_TEXT).max(2000, BADGES_TEXT),
  cache: z.object({
    maxEntries: z.number(ENTRIES_TEXT).int(ENTRIES_TEXT).min(100, ENTRIES_TEXT).max(100_000, ENTRIES_TEXT),
    maxMB: z.number(MB_TEXT).min(1, MB_TEXT).max(500, MB_TEXT),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;

export function defaultSettings(): Settings {
  return {
    hosts: defaultHosts(),
    sites: Object.fromEntries(SUPPORTED_SITES.map((s) => [s.id, true])),
    anySite: false,
    notifications: {
      enabled: true,
      events: { Opened: true, Filled: true, Closed: true, Deposit: false, Withdraw: true },
      minUsd: 0,
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    },
    pnlMode: 'strict',
    currency: 'usd',
    theme: 'auto',
    maxBadges: 300,
    cache: { maxEntries: 5000, maxMB: 20 },
  };
}

/**
 * Merges a stored (possibly older or partial) value over the defaults and validates it. A value that
 * fails validation field by field falls back to the default of that field, never to a crash.
 */
export function normalizeSettings(stored: unknown): Settings {
  const base = defaultSettings();
  if (!stored || typeof stored !== 'object') return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    if (!(key in base)) continue;
    const field = SettingsSchema.shape[key as keyof Settings];
    const candidate =
      value && typeof value === 'object' && !Array.isArray(value)
        ? { ...(base[key as keyof Settings] as object), ...value }
        : value;
    // (every check returns, none throws: a bad stored field falls back to its default, and the
    // background still starts)
    const parsed = field.safeParse(candidate);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as Settings;
}

/** Applies a patch from the options page: invalid patches are rejected with the field's message. */
export function applySettingsPatch(
  current: Settings,
  patch: Record<string, unknown>,
): { ok: true; value: Settings } | { ok: false; message: string } {
  const next = { ...current, ...patch };
  const parsed = SettingsSchema.safeParse(next);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: parsed.data };
}

/**
 * The stored value: any earlier shape (storage.local's, adopted once by the private store, included)
 * loads through normalizeSettings, which keeps each valid field and fills anything new with defaults.
 */
export const settingsItem = privateStore.defineItem<Record<string, unknown>>('local:settings', {
  fallback: {},
});

export async function loadSettings(): Promise<Settings> {
  return normalizeSettings(await settingsItem.getValue());
}

export async function saveSettings(settings: Settings): Promise<void> {
  await settingsItem.setValue(settings as unknown as Record<string, unknown>);
}
