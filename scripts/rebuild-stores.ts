/**
 * Rebuilds the stores of study configs: `swe-future study --config CONFIG --db OUT/<config's file name>.db --jobs N`
 * for each config in turn, as the evaluation's stores are made (eval/README.md "On a fresh machine"). Every config's
 * clones are checked first (scripts/eval-clones.ts): a missing clone would only fail its own repository and leave a
 * store short of it, so the run stops before any study with one line naming the missing clones and the command that
 * prints how to make them (exit 2). Runs the built CLI (bin/swe-future.js: `npm ci` or `npm run build` first), whose
 * `--jobs` runs repositories in child processes. A study that fails a repository all the same ends the run (exit 1).
 *
 *   npx tsx scripts/rebuild-stores.ts --out DIR [--jobs 2] CONFIG...        (npm run eval:stores -- --out DIR CONFIG...)
 *
 * A store already in DIR is resumed, not rebuilt (`study` skips repositories it has done): remove it for a fresh one.
 * Forecast ids depend on the order repositories finish in, so two rebuilds may number them otherwise; the family sets'
 * scripts find each key's family by repository, forecaster and title (scripts/packet-keys.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UserError } from '../src/errors.js';
import { cloneStates } from './eval-clones.js';
import { fail, parseFlags } from './exit.js';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin', 'swe-future.js');

/** What one study run left in its store, read from `study --json`. */
interface StudySummary {
  study: { name: string; repos: number; done: number; failed: number; wall_seconds: number };
  failures: { repo: string; error: string }[];
}

const USAGE = 'usage: npx tsx scripts/rebuild-stores.ts --out DIR [--jobs 2] CONFIG... (e.g. eval/dev.json eval/newcomer3.json)';
const { values, positionals } = parseFlags({ allowPositionals: true, options: { out: { type: 'string' }, jobs: { type: 'string', default: '2' } } }, USAGE);
if (!values.out || positionals.length === 0) fail(USAGE, 2);
if (!/^[1-9]\d*$/.test(values.jobs)) fail(`--jobs takes a whole number of repositories at a time, 1 or more, not "${values.jobs}"`, 2);
if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) fail(`${CLI} needs the build: run npm run build (npm ci does it) first`, 2);
const names = positionals.map((c) => basename(c).replace(/\.json$/, ''));
const twice = names.find((n, i) => names.indexOf(n) !== i);
if (twice !== undefined) fail(`two configs would both write ${join(values.out, `${twice}.db`)}: pass configs of distinct file names`, 2);

for (const config of positionals) {
  try {
    const absent = (await cloneStates(config)).filter((s) => s.state !== 'present');
    if (absent.length) fail(`${config}: ${absent.length} clone${absent.length === 1 ? '' : 's'} missing (${absent.map((s) => `${s.name}: ${s.path}`).join(', ')}); npx tsx scripts/eval-clones.ts ${config} prints the commands that make them`, 2);
  } catch (err) {
    if (err instanceof UserError) fail(`${err.message}. ${err.fix}`, 2);
    throw err;
  }
}

mkdirSync(values.out, { recursive: true });
for (const [i, config] of positionals.entries()) {
  const db = join(values.out, `${names[i]}.db`);
  const run = spawnSync(process.execPath, [CLI, 'study', '--config', config, '--db', db, '--jobs', values.jobs, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
  if (run.status !== 0) fail(`${config}: swe-future study exited ${run.status}; its message is above`, run.status === 2 ? 2 : 1);
  const { study, failures } = JSON.parse(run.stdout) as StudySummary;
  console.log(`${config}: ${db}, ${study.done} of ${study.repos} repositories done in ${Math.round(study.wall_seconds)} s`);
  if (study.failed > 0) fail(`${config}: ${study.failed} repositories failed (${failures.map((f) => `${f.repo}: ${f.error}`).join('; ')}); fix them and run the same command again to resume`, 1);
}
