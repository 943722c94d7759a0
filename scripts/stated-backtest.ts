/**
 * How often pending work a repository states in one place was acted on: for each repository of a study
 * config (tune on eval/dev.json only) and each cutoff T0-6m, T0-12m, T0-18m (windows that close by T0),
 * the statements the tree-scan rules find at the cutoff commit (known failures, missing support,
 * deprecations with a target) and whether each line was gone six months later (changed or removed,
 * or its file deleted). Per signal: acted-on / found. This is what STATED_RATES (src/forecast/pending/stated.ts)
 * is chosen from.
 *
 *   npx tsx scripts/stated-backtest.ts --config eval/dev.json
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { findKnownFailures } from '../src/snapshot/known-failures.js';
import { findMissingSupport } from '../src/snapshot/missing-support.js';
import { findDeprecations } from '../src/snapshot/pending.js';
import { todoSkipReason } from '../src/snapshot/todos.js';
import { GAP_SIGNAL, MARK_SIGNAL } from '../src/snapshot/tree-scan.js';
import { parseFlags } from './exit.js';
import { studyRepos } from './study-repos.js';

const USAGE = 'usage: npx tsx scripts/stated-backtest.ts [--config eval/dev.json]';
const { values } = parseFlags({ options: { config: { type: 'string', default: 'eval/dev.json' } } }, USAGE);
const configPath = values.config;
const DAY = 86_400_000;
const git = (repo: string, ...a: string[]) => execFileSync('git', ['--git-dir', repo, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });
const commitAt = (repo: string, date: string) => git(repo, 'rev-list', '-1', '--first-parent', `--before=${date}`, 'HEAD').trim();
const show = (repo: string, commit: string, path: string): string | null => {
  try {
    return git(repo, 'show', `${commit}:${path}`);
  } catch {
    return null;
  }
};

const totals: Record<string, [number, number]> = {};
for (const r of studyRepos(configPath)) {
  const repo = r.path;
  const gitDir = execFileSync('git', ['-C', repo, 'rev-parse', '--git-dir'], { encoding: 'utf8' }).trim();
  const dir = resolve(repo, gitDir);
  for (const months of [6, 12, 18]) {
    const cutoff = new Date(Date.parse(r.t0) - months * 30.44 * DAY).toISOString();
    const end = new Date(Date.parse(cutoff) + 182 * DAY).toISOString();
    const at = commitAt(dir, cutoff);
    const later = commitAt(dir, end);
    if (!at || !later) continue;
    const files = git(dir, 'ls-tree', '-r', '--name-only', at).split('\n').filter((p) => p && todoSkipReason(p) === null);
    for (const path of files) {
      if (!/\.(py|rs|go|[cm]?[jt]sx?|md|rst)$/.test(path)) continue;
      const text = show(dir, at, path);
      if (!text || text.length > 1 << 20) continue;
      const lines = text.split('\n');
      const found: { signal: string; line: number; what: string }[] = [
        ...findKnownFailures(path, text).map((k) => ({ signal: MARK_SIGNAL[k.mark], line: k.line, what: `${k.test}: ${k.reason}` })),
        ...findMissingSupport(path, text).map((m) => ({ signal: GAP_SIGNAL[m.verb], line: m.line, what: m.subject })),
        ...(/\.(md|rst)$/.test(path) || /(^|\/)(tests?|spec|__tests__)/i.test(path) ? [] : findDeprecations(text).map((d) => ({ signal: 'deprecation', line: d.line, what: `${d.subject} @ ${d.target}` }))),
      ];
      if (found.length === 0) continue;
      const after = show(dir, later, path);
      const kept = new Set((after ?? '').split('\n').map((l) => l.trim()));
      for (const f of found) {
        const acted = !kept.has(lines[f.line - 1]!.trim());
        const t = (totals[f.signal] ??= [0, 0]);
        t[0] += acted ? 1 : 0;
        t[1]++;
        console.log(`${r.name} -${months}m ${f.signal} ${acted ? 'ACTED' : 'open '} ${path}:${f.line} ${f.what}`);
      }
    }
  }
}
for (const [signal, [acted, n]] of Object.entries(totals)) console.log(`${signal}: ${acted}/${n} acted on within 6 months (${((100 * acted) / n).toFixed(0)}%)`);
