/**
 * `npm test`: everything that gates a change, in order: typecheck, lint, unit tests, production
 * builds and store ZIPs (Chrome and Firefox), end-to-end tests in real Chromium. Prints one summary line per suite
 * (`unit: N passed, N failed`, `e2e: N passed, N failed`) and exits non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const bin = (name: string) => join('node_modules/.bin', name);
const artifacts = 'test-artifacts';
mkdirSync(artifacts, { recursive: true });

/** A step that hangs (a browser that never exits) is killed: the summaries still print. */
const STEP_TIMEOUT_MS = 25 * 60_000;

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: STEP_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  if (result.error) console.log(`== ${label}: ${result.error.message}`);
  const ok = result.status === 0;
  console.log(`== ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

function vitestSuite(label: string, config: string | null): boolean {
  const out = join(artifacts, `${label}.json`);
  rmSync(out, { force: true });
  const args = [
    'run',
    ...(config ? ['-c', config] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
  const ok = run(label, bin('vitest'), args);
  let summary = `${label}: 0 passed, 1 failed`;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
    const skipped = report.numPendingTests + report.numTodoTests;
    summary = `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`;
    // (on a line of its own: the summary line keeps its one shape)
    if (skipped) console.log(`${label}: ${skipped} skipped`);
    if (report.numPassedTests === 0) return finish(summary, false);
  }
  return finish(summary, ok);
}

const summaries: string[] = [];
/** Printed at once (a later step that hangs cannot take it with it), and again at the end. */
function finish(summary: string, ok: boolean): boolean {
  console.log(summary);
  summaries.push(summary);
  return ok;
}

const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);
const results: boolean[] = [];
if (want('typecheck')) results.push(run('typecheck', bin('tsc'), ['--noEmit']));
if (want('lint')) results.push(run('lint', bin('biome'), ['check', '.']));
if (want('unit')) results.push(vitestSuite('unit', null));
if (want('build')) {
  // `wxt zip` builds too: the store packages (and Firefox's sources ZIP) for both browsers.
  results.push(run('zip chrome', bin('wxt'), ['zip']));
  results.push(run('zip firefox', bin('wxt'), ['zip', '-b', 'firefox']));
}
if (want('e2e')) results.push(vitestSuite('e2e', 'vitest.e2e.config.ts'));

console.log('');
for (const line of summaries) console.log(line);
const failed = results.filter((ok) => !ok).length;
console.log(failed === 0 ? 'all checks passed' : `${failed} check(s) failed`);
process.exit(failed === 0 ? 0 : 1);
