/**
 * Copies the table of bench/LAST.md (the latest full `npm run bench`) into README.md between the
 * `<!-- bench:start -->` and `<!-- bench:end -->` markers, so the README quotes the run as it was.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const last = readFileSync('bench/LAST.md', 'utf8');
const machine = last.split('\n').find((l) => l.startsWith('Machine:')) ?? '';
const table = last
  .split('\n')
  .filter((l) => l.startsWith('|'))
  .join('\n');
const breakdown = last.split('\n').find((l) => l.startsWith('First-visit')) ?? '';
const readme = readFileSync('README.md', 'utf8');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
const a = readme.indexOf(start);
const b = readme.indexOf(end);
if (a < 0 || b < a) throw new Error('README.md has no bench markers');
const body = [table, '', breakdown, '', machine].filter((l, i, all) => l || all[i - 1]).join('\n');
writeFileSync('README.md', `${readme.slice(0, a + start.length)}\n${body}\n${readme.slice(b)}`);
console.log('README.md: performance table updated from bench/LAST.md');
