/**
 * How often the rust-version cadence rule (src/forecast/pending/msrv.ts) is
 * right: for each Rust clone and T0 whose six-month window closes by the
 * clone's newest commit, the declared rust-version history before T0 (first
 * parent, as the snapshot reads it) goes to msrvRaiseDue; a hit is a raise in
 * (T0, T0 + 183 days]. Prints every firing, then hits/fired and the base rate
 * (windows with a raise among all points).
 *   npx tsx scripts/msrv-cadence.ts [clones-dir]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { msrvRaiseDue, type MsrvChange } from '../src/forecast/pending/msrv.js';
import { fail } from './exit.js';

const clones = process.argv[2] ?? 'clones';
if (!existsSync(clones)) fail(`${clones}: no such folder of clones; usage: npx tsx scripts/msrv-cadence.ts [clones-dir] (default clones, the worktree's link to /work/clones)`);
const REPOS: Record<string, string> = { axum: 'axum/Cargo.toml', bat: 'Cargo.toml', ripgrep: 'Cargo.toml', hyper: 'Cargo.toml', tokio: 'tokio/Cargo.toml', clap: 'Cargo.toml', fd: 'Cargo.toml', just: 'Cargo.toml' };
const T0S = ['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01', '2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01', '2025-01-01', '2025-04-01', '2025-06-01', '2025-10-01', '2026-01-01'];
const git = (dir: string, args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const minor = (v: string) => Number(v.split('.')[1]);

function history(dir: string, path: string): MsrvChange[] {
  const log = git(dir, ['log', '--first-parent', '--format=%H %cI', 'HEAD', '--', path]).trim().split('\n').filter(Boolean).reverse();
  const out: MsrvChange[] = [];
  for (const line of log) {
    const [sha, date] = line.split(' ');
    let text = '';
    try {
      text = git(dir, ['show', `${sha}:${path}`]);
    } catch {
      continue;
    }
    const m = /^\s*rust-version\s*=\s*["'](\d+\.\d+)/m.exec(text);
    if (m && out.at(-1)?.version !== m[1]) out.push({ date: date!, version: m[1]! });
  }
  return out;
}

// Every clone is looked for before any is read: a missing one is one line and exit 2, not a git error halfway through.
const absent = Object.keys(REPOS).filter((repo) => !existsSync(`${clones}/${repo}`));
if (absent.length) fail(`${clones}: no clone of ${absent.join(', ')}; clone ${absent.length === 1 ? 'it' : 'them'} there, or pass a folder of clones that has ${Object.keys(REPOS).join(', ')}`);
let points = 0, base = 0, fired = 0, hits = 0, close = 0;
for (const [repo, path] of Object.entries(REPOS)) {
  const dir = `${clones}/${repo}`;
  const head = git(dir, ['log', '-1', '--format=%cI', 'HEAD']).trim().slice(0, 10);
  const h = history(dir, path);
  for (const t0 of T0S) {
    const end = new Date(Date.parse(t0) + 183 * 86_400_000).toISOString().slice(0, 10);
    const before = h.filter((c) => c.date.slice(0, 10) <= t0);
    const current = before.at(-1)?.version;
    if (end > head || !current) continue;
    points++;
    const raised = h.filter((c) => c.date.slice(0, 10) > t0 && c.date.slice(0, 10) <= end && minor(c.version) > minor(current));
    if (raised.length) base++;
    const due = msrvRaiseDue(before, t0);
    if (!due) continue;
    fired++;
    if (raised.length) hits++;
    if (raised.some((c) => Math.abs(minor(c.version) - minor(due.to)) <= 2)) close++;
    console.log(`${repo} ${t0}: ${due.from} -> ${due.to} (every ${due.cadenceDays} d, last ${due.sinceDays} d before, lag ${due.lag}); then ${raised.map((c) => c.version).join(', ') || 'no raise'}`);
  }
}
console.log(`fired ${fired} of ${points} points; hits ${hits}/${fired}; the raised version within 2 minors of the stated one ${close}/${fired}; base rate ${base}/${points}`);
