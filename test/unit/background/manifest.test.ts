/**
 * The store manifests as `wxt build` writes them for both browsers: least privilege on Chrome, and on
 * Firefox (MV2) the add-on id, the data-collection declaration and the "any site" permission, which
 * MV2 can only ask for through optional_permissions.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HOST_PERMISSIONS, SITE_MATCHES } from '../../../lib/sites/hosts';

let out: string;
const manifests: Record<string, Record<string, unknown>> = {};
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'lens-manifest-'));
  for (const browser of ['chrome', 'firefox']) {
    execFileSync('npx', ['wxt', 'build', '-b', browser], {
      env: { ...process.env, LENS_OUT_DIR: out, LENS_SIM_URL: '', LENS_SIM_KEY: '', LENS_TEST_HOOKS: '' },
      stdio: 'pipe',
    });
  }
  manifests.chrome = JSON.parse(readFileSync(join(out, 'chrome-mv3', 'manifest.json'), 'utf8'));
  manifests.firefox = JSON.parse(readFileSync(join(out, 'firefox-mv2', 'manifest.json'), 'utf8'));
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('store manifests', () => {
  it('both: the overlay runs on exactly the supported sites (written by the manifest hook)', () => {
    for (const m of [manifests.chrome!, manifests.firefox!]) {
      expect(m.content_scripts).toEqual([
        { matches: SITE_MATCHES, run_at: 'document_start', js: ['content-scripts/overlay.js'] },
      ]);
    }
  });

  it('Chrome MV3: a service worker, no externally_connectable, any-site access only as optional', () => {
    const m = manifests.chrome!;
    expect(m.manifest_version).toBe(3);
    expect(m.background).toMatchObject({ service_worker: 'background.js' });
    expect(m).not.toHaveProperty('externally_connectable');
    expect(m.optional_host_permissions).toEqual(['https://*/*']);
    // The API hosts only: the supported sites get the content script by its matches, nothing more.
    expect(m.host_permissions).toEqual(API_HOST_PERMISSIONS);
    expect(JSON.stringify(m)).not.toContain('127.0.0.1'); // the store build has no local pages
    expect(Object.keys(m.commands as object)).toEqual(['_execute_action']); // Alt+Shift+L opens the popup
    expect(m.action).toBeDefined();
  });

  it('Firefox MV2: gecko id, data_collection_permissions, background page, optional any-site permission', () => {
    const m = manifests.firefox!;
    expect(m.manifest_version).toBe(2);
    expect(m.background).toMatchObject({ scripts: ['background.js'] });
    expect(m).toMatchObject({
      browser_specific_settings: {
        gecko: { id: expect.stringMatching(/@/), data_collection_permissions: { required: ['none'] } },
      },
    });
    expect(m).not.toHaveProperty('externally_connectable');
    expect(m.optional_permissions).toEqual(['https://*/*']);
    expect(m.permissions).toEqual(expect.arrayContaining(API_HOST_PERMISSIONS));
    for (const site of SITE_MATCHES) expect(m.permissions).not.toContain(site);
    // MV2 knows no _execute_action: Alt+Shift+L opens the browser action's popup by this name
    expect(m.commands).toEqual({
      _execute_browser_action: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Open Onchain Lens',
      },
    });
    expect(m.browser_action).toBeDefined();
  });
});
