import type { TestProject } from 'vitest/node';
import { startSim } from '../sim';
import { buildForSim } from './build';
import { chromiumPath } from './chromium';
import { firefoxPath } from './firefox';
import { startFixtureServer } from './fixture-server';

/**
 * One simulator, one fixture server and one simulator build per browser (Chromium, Firefox) for the
 * whole e2e run. The simulator's background event rate is off so tests decide exactly which live
 * events happen.
 */
export default async function setup(project: TestProject) {
  chromiumPath(); // fail fast with the install hints
  firefoxPath();
  const sim = await startSim({ port: 0, seed: 42, eventsPerSecond: 0, pingIntervalMs: 5000 });
  const fixtures = await startFixtureServer(sim.catalog);
  const extensionDir = buildForSim({ simUrl: sim.url, key: 'demo', testHooks: true });
  const firefoxExtensionDir = buildForSim({
    simUrl: sim.url,
    key: 'demo',
    testHooks: true,
    browser: 'firefox',
  });
  project.provide('simUrl', sim.url);
  project.provide('firefoxExtensionDir', firefoxExtensionDir);
  project.provide('fixturesUrl', fixtures.url);
  project.provide('extensionDir', extensionDir);
  return async () => {
    await fixtures.close();
    await sim.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    simUrl: string;
    fixturesUrl: string;
    extensionDir: string;
    /** The same build for Firefox (MV2), beside it. */
    firefoxExtensionDir: string;
  }
}
