// @vitest-environment happy-dom
/**
 * API hosts in the options page: the message for a host that is not a URL says that plain http is
 * allowed for localhost (the simulator), and a host with a query or a fragment is refused (lib/api
 * appends each endpoint's path to the host's, so a path is kept: "/v2?x=1" would put the endpoint's
 * path after the query). Validated by lib/settings.ts, as the background does (settingsSet).
 */
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applySettingsPatch, defaultSettings, LIVE_HOSTS } from '../../../lib/settings';
import { renderOptions, settingsStore } from './options-page';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

function setup() {
  const store = settingsStore();
  return { ...renderOptions(store.handlers), settings: store.settings };
}

async function saveHost(label: string, value: string) {
  const input = await screen.findByLabelText(label);
  fireEvent.input(input, { target: { value } });
  fireEvent.click(screen.getByTestId('hosts-save'));
}

describe('options: API hosts', () => {
  it('a host that is not a URL: the message says http:// is for localhost only', async () => {
    setup();
    await saveHost('Data API', 'data.solanatracker.io');
    expect((await screen.findByTestId('error-hosts')).textContent).toBe(
      'Data API: must be an https:// URL (http:// only for localhost)',
    );
    await saveHost('Data API', LIVE_HOSTS.data);
    await saveHost('Datastream (WebSocket)', 'datastream.solanatracker.io');
    expect((await screen.findByTestId('error-hosts')).textContent).toBe(
      'Datastream (WebSocket): must be a wss:// URL (ws:// only for localhost)',
    );
  });

  it('a host with a query or a fragment is refused, not "Saved"', async () => {
    const fake = setup();
    for (const value of [
      'https://data.solanatracker.io/v2?x=1',
      'https://data.solanatracker.io?x=1',
      'https://data.solanatracker.io/#top',
    ]) {
      await saveHost('Data API', value);
      const err = await screen.findByTestId('error-hosts');
      expect(err.textContent).toBe('Data API: must not have a query (?…) or a fragment (#…)');
      expect(screen.queryByTestId('saved-hosts')).toBeNull();
      expect(fake.settings().hosts.data).toBe(LIVE_HOSTS.data);
    }
  });

  it('a path is kept (lib/api appends the endpoint paths to it), and http on localhost is saved', async () => {
    const fake = setup();
    await saveHost('Data API', 'https://proxy.example/solana-tracker/');
    await screen.findByTestId('saved-hosts');
    expect(fake.settings().hosts.data).toBe('https://proxy.example/solana-tracker');
    await saveHost('Prediction-market API', 'http://127.0.0.1:8787/pm');
    await screen.findByTestId('saved-hosts');
    expect(fake.settings().hosts.prediction).toBe('http://127.0.0.1:8787/pm');
  });
});

describe('host validation (lib/settings.ts, what the background refuses with)', () => {
  const set = (patch: Record<string, string>) =>
    applySettingsPatch(defaultSettings(), { hosts: { ...LIVE_HOSTS, ...patch } });

  it('refuses a query or a fragment on every host, the datastream included (its key goes after the path)', () => {
    for (const key of ['data', 'prediction', 'rpc'] as const)
      expect(set({ [key]: `${LIVE_HOSTS[key]}/v1?a=b` })).toEqual({
        ok: false,
        message: `hosts.${key}: must not have a query (?…) or a fragment (#…)`,
      });
    expect(set({ datastream: 'wss://datastream.solanatracker.io/?x' })).toMatchObject({ ok: false });
    expect(set({ datastream: 'ws://localhost:8787/ws#a' })).toMatchObject({ ok: false });
    expect(set({ data: 'https://data.solanatracker.io/?' })).toMatchObject({ ok: false });
  });
});
