/**
 * Counts each eval config's later work by kind (src/sources/work-kind.ts) per repository, read the way the snapshot
 * command reads it (first-parent chain, branches a branch merge brought, titles that state no work read by their
 * diff), without a store or a tree scan: a cheap before/after for a change of the kind rules. No tracker titles (the
 * study's store may hold some for repositories with an archive).
 *
 *   npx tsx scripts/later-work-kinds.ts eval/dev.json [eval/heldout.json ...] [--window 6m] [--list branch_merge]
 *
 * Prints `<set> <repo> <kind>=<n> ...` per repository; with --list KIND, also each item of that kind.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openRepository } from '../src/git/open.js';
import { walkMergedBranches } from '../src/git/merged-branches.js';
import type { Commit } from '../src/git/model.js';
import { bringsPullRequests, isBranchMergeCommit } from '../src/sources/merged-branches.js';
import { reconstructWorkItems } from '../src/sources/reconstruct.js';
import { WorkKind } from '../src/sources/model.js';
import { workKind } from '../src/sources/work-kind.js';
import { markDiffWork } from '../src/api/diff-work-marks.js';
import { addDuration, parseDuration } from '../src/time.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/later-work-kinds.ts CONFIG... (e.g. eval/dev.json) [--window 6m] [--list branch_merge]';
const { values, positionals } = parseFlags({ allowPositionals: true, options: { window: { type: 'string', default: '6m' }, list: { type: 'string' } } }, USAGE);
if (positionals.length === 0) fail(USAGE);
for (const file of positionals) {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { name: string; window?: string; repos: { name?: string; t0: string; path: string }[] };
  for (const repo of config.repos) {
    const git = await openRepository(resolve(dirname(file), repo.path));
    try {
      const chain: Commit[] = [];
      for await (const c of git.log(git.facts.tip, {})) chain.push(c);
      const merged = await walkMergedBranches(git, chain, isBranchMergeCommit, bringsPullRequests);
      const t0 = new Date(repo.t0).toISOString();
      const end = addDuration(t0, parseDuration(config.window ?? values.window!));
      const inWindow = reconstructWorkItems(chain, merged).filter((i) => i.mergedAt > t0 && i.mergedAt <= end);
      const items = await markDiffWork(git.facts.path, inWindow);
      const counts = Object.fromEntries(WorkKind.options.map((k) => [k, 0])) as Record<string, number>;
      for (const item of items) {
        const kind = workKind(item);
        counts[kind]!++;
        if (kind === values.list) console.log(`  ${item.key} ${item.mergedAt.slice(0, 10)} ${item.title}`);
      }
      console.log(`${config.name} ${repo.name ?? repo.path} total=${items.length} ${Object.entries(counts).map(([k, n]) => `${k}=${n}`).join(' ')}`);
    } finally {
      await git.close();
    }
  }
}
