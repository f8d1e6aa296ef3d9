import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export interface BuildOptions {
  simUrl: string;
  key?: string;
  testHooks?: boolean;
  browser?: 'chrome' | 'firefox';
}

/** Builds the extension pointed at a simulator; returns the absolute unpacked directory. */
export function buildForSim({
  simUrl,
  key = 'demo',
  testHooks = true,
  browser = 'chrome',
}: BuildOptions): string {
  const wxt = resolve('node_modules/.bin/wxt');
  const outDir = resolve(process.env.LENS_OUT_DIR || '.output/sim');
  const result = spawnSync(wxt, ['build', '-b', browser], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: {
      ...process.env,
      LENS_SIM_URL: simUrl,
      LENS_SIM_KEY: key,
      LENS_TEST_HOOKS: testHooks ? '1' : '0',
      LENS_OUT_DIR: outDir,
    },
  });
  if (result.status !== 0) {
    throw new Error(`wxt build failed:\n${result.stdout}\n${result.stderr}`);
  }
  return resolve(outDir, browser === 'chrome' ? 'chrome-mv3' : 'firefox-mv2');
}
