/**
 * Judges against people on labelled family sets, in one command: each set is copied, rejudged with this checkout's
 * judges (scripts/rejudge-families.ts, run as it is, one process per set) against its study's store, and scored against
 * people's labels. Prints per set and pooled over the sets, for each judge: n families; three-label agreement and kappa
 * with its 95% bootstrap interval (families resampled); relevant-vs-rejected agreement and kappa; under-calls (people
 * relevant, judge rejected) and over-calls (the reverse); the judge's relevant share beside people's. Then the same on
 * the families both labellers gave one label (labels-1 = labels-2), and people against people (labels-1 vs labels-2)
 * where a second labeller labelled (scripts/family-set-figures.ts). The pooled figures are the lead's readable-set
 * check of session 23 (/work/wt/tools/readable.sh and pool.py) as one committed command: the same numbers.
 *
 *   npm run eval:judge-sets -- --group readable --stores DIR [--judge semantic,lexical] [--out DIR] [--jobs 2] [--json]
 *   npm run eval:judge-sets -- --set DIR=STORE ... [--judge ...] [--out DIR] [--json]
 *   npm run eval:judge-sets -- --only dev20,audit20 --stores DIR
 *   npm run eval:judge-sets -- --set DIR ... --as-is                (score the sets' verdicts.jsonl as they are)
 *   npm run eval:judge-sets -- ... --judge semantic,lexical,llm --llm-base-url URL --llm-model NAME [--llm-timeout S] [--llm-retries N] [--llm-concurrency N] [--parallel N]
 *
 * The network judges' endpoint flags (--llm-*, --embedding-*) and --parallel (packets of a set judged at once) are
 * passed to each set's rejudge-families.ts as given; it checks them (docs/judging.md, "Network judges and parallel
 * packets"). Each set is its own process with its own judge: with --jobs J, at most J × --llm-concurrency requests
 * are in flight.
 *
 * --group and --only pick sets of eval/family-sets.json (--config FILE for another mapping): each set's folder is
 * families/<set> beside the mapping (eval/families/<set>), its store `<stores>/<config's file name>.db` (npm run eval:stores builds them). --set names a
 * set folder and its store directly; both may be given. Sets the mapping calls held run only with --held: their figures
 * are the lead's alone (docs/judging.md). Stores are copied before use and never written; the sets are copied to --out
 * (kept, with each set's `<set>.dump.jsonl` of every verdict's reason) or to a temporary folder removed at the end.
 * --as-is rejudges nothing: it scores the verdicts the sets hold (e.g. a folder rejudge-families.ts wrote).
 * --json writes one JSON document to stdout. Deterministic: the bootstrap's seed is fixed and the families come in the
 * sets' order. Bad input is one line on stderr and exit 2.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED } from '../src/stats/bootstrap.js';
import { type FamilyRow, type GroupFigures, groupFigures, readSetRows } from './family-set-figures.js';
import { fail, parseFlags } from './exit.js';
import { formatFigures } from './family-set-table.js';

const ROOT = resolve(import.meta.dirname, '..');

/** rejudge-families.ts's flags passed on as given: the network judges' endpoints, and packets judged at once. */
const PASSED_ON = ['llm-base-url', 'llm-model', 'llm-timeout', 'llm-retries', 'llm-concurrency', 'embedding-base-url', 'embedding-model', 'parallel'] as const;

const USAGE = 'usage: npm run eval:judge-sets -- (--group readable|held | --only SET,... | --set DIR=STORE ...) [--stores DIR] [--config eval/family-sets.json] [--judge semantic,lexical] [--out DIR] [--jobs 2] [--held] [--as-is] [--json] [--llm-base-url URL --llm-model NAME ...] [--parallel N]';
const parsed = parseFlags(
  {
    options: {
      set: { type: 'string', multiple: true },
      config: { type: 'string' },
      group: { type: 'string' },
      only: { type: 'string' },
      stores: { type: 'string' },
      judge: { type: 'string', default: 'semantic,lexical' },
      out: { type: 'string' },
      jobs: { type: 'string', default: '2' },
      held: { type: 'boolean' },
      'as-is': { type: 'boolean' },
      json: { type: 'boolean' },
      ...Object.fromEntries(PASSED_ON.map((flag) => [flag, { type: 'string' as const }])),
    },
  },
  USAGE,
);
const { values } = parsed as { values: typeof parsed.values & Partial<Record<(typeof PASSED_ON)[number], string>> };
const passedOn = PASSED_ON.flatMap((flag) => (values[flag] !== undefined ? [`--${flag}`, values[flag]!] : []));
const asIs = values['as-is'] === true;
const judges = values.judge.split(',').map((j) => j.trim());
if (judges.some((j) => !/^[a-z][a-z0-9-]*$/.test(j))) fail(`--judge takes judge names separated by commas (semantic,lexical), not "${values.judge}"`);
if (!/^[1-9]\d*$/.test(values.jobs)) fail(`--jobs takes a whole number of sets rejudged at a time, 1 or more, not "${values.jobs}"`);
if (!values.set && !values.group && !values.only) fail(`name the sets: --group, --only or --set; ${USAGE}`);

/** One set to judge: its folder, its store (null with --as-is) and its group in the mapping (null if it has none). */
interface SetToJudge {
  name: string;
  dir: string;
  store: string | null;
  group: string | null;
  /** The study config its store is built from, where the mapping names it. */
  config: string | null;
}

interface MappingLine {
  set: string;
  config: string;
  group: string;
}
const mappingFile = resolve(values.config ?? join(ROOT, 'eval', 'family-sets.json'));
function readMapping(): MappingLine[] {
  if (!existsSync(mappingFile)) fail(`${mappingFile}: no such mapping of family sets to configs`);
  try {
    const sets = (JSON.parse(readFileSync(mappingFile, 'utf8')) as { sets?: MappingLine[] }).sets;
    if (!Array.isArray(sets) || sets.some((s) => typeof s.set !== 'string' || typeof s.config !== 'string' || typeof s.group !== 'string')) throw new Error('each of "sets" needs set, config and group');
    return sets;
  } catch (err) {
    fail(`${mappingFile}: not a mapping of family sets ({"sets": [{"set", "config", "group"}]}): ${(err as Error).message}`);
  }
}
// The mapping is read whenever it exists, also for --set: it says which sets are held.
const mapping = values.group || values.only || existsSync(mappingFile) ? readMapping() : [];
const groupOf = new Map(mapping.map((m) => [m.set, m.group]));

const sets: SetToJudge[] = [];
if (values.group || values.only) {
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.find((s) => !groupOf.has(s));
  if (unknown !== undefined) fail(`--only ${unknown}: no such set in ${mappingFile} (${mapping.map((m) => m.set).join(', ')})`);
  if (values.group && !mapping.some((m) => m.group === values.group)) fail(`--group ${values.group}: no set of that group in ${mappingFile} (groups: ${[...new Set(mapping.map((m) => m.group))].join(', ')})`);
  if (!asIs && !values.stores) fail(`--stores DIR: the folder of the configs' stores (<config>.db, npm run eval:stores), to rejudge the sets of ${mappingFile}`);
  for (const m of mapping) {
    if (values.group && m.group !== values.group) continue;
    if (only && !only.includes(m.set)) continue;
    const store = asIs ? null : join(resolve(values.stores!), `${basename(m.config).replace(/\.json$/, '')}.db`);
    sets.push({ name: m.set, dir: join(dirname(mappingFile), 'families', m.set), store, group: m.group, config: m.config });
  }
}
for (const spec of values.set ?? []) {
  const [dir, store] = spec.includes('=') ? (spec.split('=', 2) as [string, string]) : [spec, null];
  if (!asIs && store === null) fail(`--set ${spec}: name the set's store, --set DIR=STORE (or score its verdicts as they are with --as-is)`);
  const name = basename(resolve(dir));
  sets.push({ name, dir: resolve(dir), store: asIs || store === null ? null : resolve(store), group: groupOf.get(name) ?? null, config: null });
}

for (const s of sets) {
  if (s.group === 'held' && !values.held) fail(`${s.name} is a held set (${mappingFile}): only the lead runs held sets, with --held, and reads their aggregates`);
  if (!existsSync(s.dir) || !statSync(s.dir).isDirectory()) fail(`${s.dir}: no such family set folder`);
  if (s.store !== null && !existsSync(s.store)) fail(`${s.name}: no store at ${s.store}; build it with npm run eval:stores -- --out DIR ${s.config ?? 'CONFIG'} (the config the set was made from)`);
}
const twice = sets.find((s, i) => sets.findIndex((t) => t.name === s.name) !== i);
if (twice !== undefined) fail(`${twice.name} is named twice: each set is copied to <out>/<set name>, so pass distinct sets`);
if (values.out && existsSync(values.out) && readdirSync(values.out).length > 0) fail(`--out ${values.out} is not empty: pass a new or empty folder`);

/** The rejudging processes still running: ended if this one ends first (a set's rejudge failed). */
const running = new Set<ChildProcess>();
/** rejudge-families.ts on one set's copy, as its own process; resolves with its exit status and stderr. */
function rejudge(copy: string, store: string, dump: string): Promise<{ status: number | null; stderr: string }> {
  const args = ['--import', 'tsx', join(ROOT, 'scripts', 'rejudge-families.ts'), '--dir', copy, '--db', store, '--judge', judges.join(','), '--dump', dump, ...passedOn];
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    running.add(child);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => {
      running.delete(child);
      done({ status, stderr });
    });
  });
}

const out = values.out ? resolve(values.out) : asIs ? null : mkdtempSync(join(tmpdir(), 'judge-family-sets-'));
// On every way out (a failed set exits from inside the loop): end the rejudges still running, remove the temporary copies.
process.on('exit', () => {
  for (const child of running) child.kill();
  if (out !== null && !values.out) rmSync(out, { recursive: true, force: true });
});
/** Where each set's figures are read from: its copy, rejudged, or the set itself with --as-is. */
const scored = new Map<string, string>();
if (asIs) {
  for (const s of sets) scored.set(s.name, s.dir);
} else {
  mkdirSync(join(out!, 'stores'), { recursive: true });
  // Each store once, copied (with its write-ahead log) so that nothing of the original is ever opened for writing.
  const copies = new Map<string, string>();
  for (const file of new Set(sets.map((s) => s.store!))) {
    const copy = join(out!, 'stores', `${copies.size + 1}-${basename(file)}`);
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    copies.set(file, copy);
  }
  const queue = [...sets];
  const worker = async () => {
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      const copy = join(out!, s.name);
      cpSync(s.dir, copy, { recursive: true });
      const started = Date.now();
      const run = await rejudge(copy, copies.get(s.store!)!, join(out!, `${s.name}.dump.jsonl`));
      if (run.status !== 0) {
        const last = run.stderr.trim().split('\n').pop() ?? '';
        fail(`${s.name}: scripts/rejudge-families.ts exited ${run.status}: ${run.status === 2 ? last : run.stderr.trim()}`, run.status === 2 ? 2 : 1);
      }
      process.stderr.write(`${s.name}: rejudged (${judges.join(', ')}) in ${Math.round((Date.now() - started) / 1000)} s\n`);
      scored.set(s.name, copy);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Number(values.jobs), sets.length) }, worker));
}

const rows: FamilyRow[] = [];
const perSet: { set: string; group: string | null; dir: string; store: string | null; missing: Record<string, string[]>; figures: GroupFigures }[] = [];
for (const s of sets) {
  let read;
  try {
    read = readSetRows(scored.get(s.name)!, s.name, judges);
  } catch (err) {
    fail((err as Error).message);
  }
  for (const [judge, families] of Object.entries(read.missing)) if (families.length) process.stderr.write(`${s.name}: ${families.length} families have no ${judge} verdict, left out of its figures (${families.slice(0, 5).join(', ')}${families.length > 5 ? ', …' : ''})\n`);
  rows.push(...read.rows);
  perSet.push({ set: s.name, group: s.group, dir: s.dir, store: s.store, missing: read.missing, figures: groupFigures(read.rows, judges) });
}
const pooled = groupFigures(rows, judges);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ judges, bootstrap: { seed: BOOTSTRAP_SEED, replicates: BOOTSTRAP_REPLICATES, units: 'families' }, out: values.out ? out : null, sets: perSet, pooled }, null, 2)}\n`);
} else {
  process.stdout.write(formatFigures(judges, perSet.map((p) => [p.set, p.figures] as const), pooled));
  if (values.out) process.stdout.write(`\nCopies, rejudged, and each set's dump of every verdict's reason: ${out}\n`);
}
