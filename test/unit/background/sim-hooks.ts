/**
 * The set-up of a suite over one simulator, in one place: the file keeps its `sim` and `services`
 * variables (its tests read them), this registers the hooks that fill and clear them.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Services } from '../../../lib/background/services';
import { closeServices, resetSims, type Sim, startSim } from './helpers';

/**
 * One simulator for the file (`started` is given it), reset with a fresh fake browser before each
 * test; the services the test built (`built`) closed after it. A file's own hooks registered after
 * this run after its beforeEach and before its afterEach.
 */
export function simHooks(
  options: Parameters<typeof startSim>[0],
  started: (sim: Sim) => void,
  built: () => Services | undefined,
): void {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim(options);
    started(sim);
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    fakeBrowser.reset();
    await resetSims(sim);
  });
  afterEach(() => closeServices(built()));
}
