/** Renders the options page with a fake ask: a missing key and an empty cache unless told otherwise. */
import { render } from '@testing-library/preact';
import { vi } from 'vitest';
import { OptionsApp } from '../../../components/options/OptionsApp';
import type { PermissionsApi } from '../../../components/options/SitesSection';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../lib/settings';
import type { StatusView } from '../../../lib/views';
import { fakeAsk, type Handlers, lensError } from '../popup/fake-ask';

/** A status answer: no key, nothing live or watched, unless patched. */
export const statusOf = (patch: Partial<StatusView> = {}): StatusView => ({
  key: 'missing',
  plan: null,
  credits: null,
  live: 'idle',
  liveRetryAt: null,
  watched: 0,
  unread: 0,
  ...patch,
});

/** settingsGet and settingsSet over one stored Settings, validated as the background does. */
export function settingsStore() {
  let settings: Settings = defaultSettings();
  const handlers = {
    settingsGet: () => settings,
    settingsSet: ({ patch }: { patch: Record<string, unknown> }) => {
      const r = applySettingsPatch(settings, patch);
      if (!r.ok) throw lensError('INVALID_INPUT', r.message);
      settings = r.value;
      return settings;
    },
  } satisfies Handlers;
  return { handlers, settings: () => settings };
}

/** The options page over `handlers`; the site permission is `granted` or not. */
export function renderOptions(handlers: Handlers = {}, granted = false) {
  const fake = fakeAsk({
    status: () => statusOf(),
    cacheStats: () => ({ entries: 0, bytes: 0, hits: 0, misses: 0 }),
    ...handlers,
  });
  // What the browser holds; access removed in its own settings fires onRemoved (revoke()).
  let holds = granted;
  const removed = new Set<() => void>();
  const permissions = {
    request: vi.fn(async () => granted),
    remove: vi.fn(async () => true),
    contains: vi.fn(async () => holds),
    onRemoved: {
      addListener: (listener: () => void) => void removed.add(listener),
      removeListener: (listener: () => void) => void removed.delete(listener),
    },
  } satisfies PermissionsApi;
  const download = vi.fn();
  render(<OptionsApp ask={fake.ask} permissions={permissions} download={download} />);
  const revoke = () => {
    holds = false;
    for (const listener of removed) listener();
  };
  return { ...fake, permissions, download, revoke };
}
