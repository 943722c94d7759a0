/**
 * The speed benchmark of issue 19, one table (docs/scale-out.md quotes it):
 *
 *   npm run bench            # this, then bench/queue.ts and bench/merges.ts, all in bench/out/
 *   tsx bench/speed.ts [--repos click,express,prettier] [--clones DIR] [--skip-study] [--skip-queue]
 *
 * 1. Start-up: `swe-future --help` against bare `node -e 0` (median of 5 each).
 * 2. Cold `swe-future snapshot` (compiled CLI, a new store, T0 2025-06-01)
 *    against `git log --first-parent --name-status <tip>` (output read and
 *    discarded) on three repository sizes; the target is snapshot <= 2x git
 *    log + 0.5 s.
 * 3. `swe-future study --config eval/dev.json --jobs 2` (cold, a new store):
 *    CPU share = (user + system CPU of the whole process tree) / wall time;
 *    the target is >= 150% on 2 cores.
 * 4. bench/queue.ts (local `--jobs 2` against 2 queue workers) and
 *    bench/merges.ts (coordinator merges per second), each run with --json.
 * 5. bench/forecast.ts on --forecast-repo (default prettier, 10k+ commits):
 *    what the heuristic's backtests add, and the cached rerun.
 *
 * Every figure carries the 1-minute load average when it was taken: the
 * machine is shared, and wall times on a loaded machine are inflated.
 * Needs `npm run build` first (the CLI and the pool run compiled code) and
 * GNU time at /usr/bin/time for the CPU of process trees.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    repos: { type: 'string', default: 'click,express,prettier' },
    clones: { type: 'string', default: join(root, 'clones') },
    'skip-study': { type: 'boolean', default: false },
    'skip-queue': { type: 'boolean', default: false },
    /** The repository bench/forecast.ts times the heuristic's backtests on (10k+ commits: prettier). */
    'forecast-repo': { type: 'string', default: 'prettier' },
    'skip-forecast': { type: 'boolean', default: false },
  },
});
const cli = join(root, 'bin/swe-future.js');
const out = join(root, 'bench/out');
const scratch = mkdtempSync(join(tmpdir(), 'swe-future-speed-'));

interface Timed {
  wall: number;
  cpu: number;
  maxRssMiB: number;
  load: number;
}

/** Runs a command under GNU time: wall seconds, CPU seconds of its whole process tree, peak RSS. */
function timed(command: string, args: readonly string[], cwd = root): Timed {
  const load = loadavg()[0]!;
  const report = join(scratch, 'time.txt');
  const run = spawnSync('/usr/bin/time', ['-o', report, '-f', '%e %U %S %M', command, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const [wall, user, sys, rssKiB] = spawnSync('tail', ['-n', '1', report], { encoding: 'utf8' }).stdout.trim().split(' ').map(Number) as [number, number, number, number];
  return { wall, cpu: user + sys, maxRssMiB: rssKiB / 1024, load };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const rows: { measure: string; figure: string; target: string; load: string }[] = [];
const row = (measure: string, figure: string, target: string, load: number) => rows.push({ measure, figure, target, load: load.toFixed(1) });
const result: Record<string, unknown> = { startedAt: new Date().toISOString(), cores: spawnSync('nproc', { encoding: 'utf8' }).stdout.trim(), node: process.version };

if (!existsSync(join(root, 'dist/cli/main.js'))) throw new Error('Run `npm run build` first: the benchmark times the compiled CLI');

// 1. Start-up.
const bare = Array.from({ length: 5 }, () => timed(process.execPath, ['-e', '0']));
const help = Array.from({ length: 5 }, () => timed(process.execPath, [cli, '--help']));
const startup = { bareNode: median(bare.map((t) => t.wall)), help: median(help.map((t) => t.wall)), helpRssMiB: median(help.map((t) => t.maxRssMiB)), load: median(help.map((t) => t.load)) };
result.startup = startup;
row('start-up: `--help` − bare `node -e 0` (median of 5)', `${(startup.help - startup.bareNode).toFixed(2)} s (${startup.help.toFixed(2)} s vs ${startup.bareNode.toFixed(2)} s; ${startup.helpRssMiB.toFixed(0)} MiB)`, '<= 0.2 s', startup.load);

// 2. Snapshot against git log, cold.
const snapshots: unknown[] = [];
for (const name of values.repos.split(',')) {
  const repo = join(values.clones, name);
  const commits = Number(spawnSync('git', ['--git-dir', repo, 'rev-list', '--count', 'HEAD'], { encoding: 'utf8' }).stdout.trim());
  const firstParent = Number(spawnSync('git', ['--git-dir', repo, 'rev-list', '--first-parent', '--count', 'HEAD'], { encoding: 'utf8' }).stdout.trim());
  const gitLog = timed('sh', ['-c', `git --git-dir "${repo}" log --first-parent --name-status HEAD -- > /dev/null`]);
  const db = join(scratch, `${name}.db`);
  const snap = timed(process.execPath, [cli, 'snapshot', '--repo', repo, '--t0', '2025-06-01', '--db', db]);
  rmSync(db, { force: true });
  const target = 2 * gitLog.wall + 0.5;
  snapshots.push({ name, commits, firstParent, gitLog, snapshot: snap, target, met: snap.wall <= target });
  row(
    `cold snapshot vs git log: ${name} (${commits} commits, ${firstParent} first-parent)`,
    `${snap.wall.toFixed(2)} s (${snap.cpu.toFixed(2)} CPU-s, ${snap.maxRssMiB.toFixed(0)} MiB) vs ${gitLog.wall.toFixed(2)} s (${gitLog.cpu.toFixed(2)} CPU-s) = ${(snap.wall / gitLog.wall).toFixed(1)}x`,
    `<= ${target.toFixed(2)} s (2x + 0.5 s): ${snap.wall <= target ? 'met' : 'not met'}`,
    snap.load,
  );
}
result.snapshots = snapshots;

// 3. --jobs 2 on the development study.
if (!values['skip-study']) {
  const db = join(scratch, 'dev.db');
  const study = timed(process.execPath, [cli, 'study', '--config', 'eval/dev.json', '--jobs', '2', '--db', db, '--quiet']);
  const share = study.cpu / study.wall;
  // Repositories' own wall times summed over the study's wall time: how many ran at once, whatever the machine's load.
  const summed = spawnSync(process.execPath, [cli, 'query', 'SELECT sum(seconds) AS s FROM study_repos', '--db', db, '--json'], { cwd: root, encoding: 'utf8' });
  const repoSeconds = Number((JSON.parse(summed.stdout) as { s: number }[])[0]?.s ?? Number.NaN);
  result.study = { ...study, cpuShare: share, repos: 8, repoSecondsSummed: repoSeconds, concurrency: repoSeconds / study.wall };
  row(
    '`study --config eval/dev.json --jobs 2`, cold: CPU share',
    `${(share * 100).toFixed(0)}% (${study.cpu.toFixed(1)} CPU-s over ${study.wall.toFixed(1)} s wall; ${(study.cpu / 8).toFixed(2)} CPU-s per repository; ` +
      `${(repoSeconds / study.wall).toFixed(2)} repositories running at once on average)`,
    '>= 150%',
    study.load,
  );
}

// 4. Queue against local, and coordinator merges.
for (const [bench, skip] of [['queue', values['skip-queue']], ['merges', false]] as const) {
  if (skip) continue;
  const load = loadavg()[0]!;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, `bench/${bench}.ts`), '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`bench/${bench}.ts failed: ${run.stderr.slice(-2000)}`);
  const json = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as Record<string, any>;
  result[bench] = { ...json, load };
  if (bench === 'queue') {
    row(
      `study over ${json.study.repos} generated repositories: queue (2 workers) vs local --jobs 2`,
      `${json.study.queue_2_workers_seconds} s vs ${json.study.local_jobs2_seconds} s (${(json.study.queue_2_workers_seconds / json.study.local_jobs2_seconds).toFixed(2)}x; ${json.study.overhead_per_repo_seconds} s overhead per repository; same table: ${json.study.identical_tables})`,
      'same table; overhead small beside a repository',
      load,
    );
  } else {
    row('coordinator merges (bench/merges.ts)', `${json.mergesPerSecond.toFixed(1)} merges/s wall; ${(json.cpuSecondsPerMerge * 1000).toFixed(1)} CPU-ms per merge (capacity ${(1 / json.cpuSecondsPerMerge).toFixed(0)} merges per CPU-s)`, 'keeps up with >= 100 workers', load);
  }
}

// 5. What the heuristic forecaster's backtests add to a cold snapshot + forecast, and the cached rerun (bench/forecast.ts).
if (!values['skip-forecast']) {
  const repo = join(values.clones, values['forecast-repo']);
  const load = loadavg()[0]!;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/forecast.ts'), '--repo', repo, '--t0', '2025-06-01', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`bench/forecast.ts failed: ${run.stderr.slice(-2000)}`);
  const json = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as Record<string, any>;
  result.forecast = { ...json, load };
  row(
    `heuristic backtests: ${values['forecast-repo']} (${json.commits} commits, ${json.workItems} work items)`,
    `+${json.backtestAddsSeconds.toFixed(2)} s (forecast ${json.forecastSeconds.toFixed(2)} s without, ${json.forecastWithBacktestSeconds.toFixed(2)} s with; cold snapshot ${json.snapshotColdSeconds.toFixed(2)} s); cached rerun ${json.cachedRerunSeconds.toFixed(2)} s, reused: ${json.cachedRerunReused}`,
    `<= 2 s added, nothing on a cached rerun: ${json.backtestAddsSeconds <= 2 && json.cachedRerunReused ? 'met' : 'not met'}`,
    load,
  );
}

rmSync(scratch, { recursive: true, force: true });
const table = ['| measure | figure | target | load avg (1 min) |', '|---|---|---|---|', ...rows.map((r) => `| ${r.measure} | ${r.figure} | ${r.target} | ${r.load} |`)].join('\n');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'speed.json'), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(join(out, 'speed.md'), `# npm run bench, ${result.startedAt as string} (${result.cores as string} cores, Node ${process.version})\n\n${table}\n`);
console.log(table);
console.log(`\nwritten to ${join(out, 'speed.md')} and speed.json`);
