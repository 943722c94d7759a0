import { Option, type Command } from 'commander';
import { z } from 'zod';
import { snapshotRepository } from '../../api/snapshot.js';
import { onInterrupt, shellQuote } from '../interrupt.js';
import { printResult, type CliIO } from '../io.js';
import { stderrProgress } from '../progress.js';
import { parseOptions } from '../options.js';
import { branchIsActive, branchIsLongLived } from '../../snapshot/long-lived.js';

const Options = z.object({
  repo: z.string(),
  t0: z.string(),
  db: z.string(),
  gitBackend: z.enum(['auto', 'native', 'isomorphic']),
  branch: z.string().optional(),
  name: z.string().optional(),
  lineCounts: z.boolean().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('snapshot')
    .description('Mine a repository\'s history and freeze what was visible at T0 (commits, PRs, TODOs, changelog, roadmap, tags, hotspots)')
    .requiredOption('--repo <path>', 'a work-tree clone or a bare repository')
    .requiredOption('--t0 <date>', 'the cutoff, ISO 8601 (2025-01-01 means 00:00 UTC)')
    .addOption(new Option('--git-backend <name>', 'how git is read: native (git binary) or isomorphic (no git needed)').choices(['auto', 'native', 'isomorphic']).default('auto'))
    .option('--branch <name>', 'the default branch, when HEAD does not name it')
    .option('--name <name>', 'the repository\'s name in the store and manifest')
    .option('--line-counts', 'also count added/deleted lines per file (git --numstat; several times slower)')
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const resume = ['swe-future', 'snapshot', '--repo', o.repo, '--t0', o.t0, '--db', o.db, ...(o.branch ? ['--branch', o.branch] : []), ...(o.name ? ['--name', o.name] : [])].map(shellQuote).join(' ');
      const dispose = onInterrupt(io, o.db, resume);
      let result: Awaited<ReturnType<typeof snapshotRepository>>;
      try {
        result = await snapshotRepository({ ...o, progress: stderrProgress(io, o.quiet) });
      } finally {
        dispose();
      }
      const s = result.snapshot;
      // The branches present at T0 (src/snapshot/branches.ts), without their commit lists.
      const branches = s.evidence.flatMap((e) =>
        e.kind === 'branch'
          ? [{ name: e.name, fork_point: e.forkPoint, commits: e.commitCount, first_date: e.firstDate, last_date: e.lastDate, long_lived: branchIsLongLived(e), active: branchIsActive(e, s.t0) }]
          : [],
      );
      printResult(
        io,
        o,
        { snapshot: { id: result.id, repo: s.repo.name, t0: s.t0, commit: s.commit, hash: s.hash, counts: s.counts, reused: result.reused, manifest: result.manifestPath, branches } },
        () => [
          `snapshot ${result.id}${result.reused ? ' (identical to a stored one, reused)' : ''}: ${s.repo.name} at ${s.t0}`,
          `  commit   ${s.commit} (${s.commitTime})`,
          `  hash     ${s.hash}`,
          `  mined    ${result.mining.newCommits} new commits, ${result.mining.cachedCommits} from cache (${result.mining.backend} git)`,
          `  evidence ${s.counts.workItems} work items (${s.counts.pullRequests} PRs, ${s.counts.botWorkItems} bot), ${s.counts.todos} TODOs, ${s.counts.changelogEntries} changelog, ${s.counts.roadmapItems} roadmap, ${s.counts.tags} tags, ${s.counts.hotspots} hotspots`,
          ...(branches.length ? [`  branches ${branches.length} with work not on ${s.repo.defaultBranch} at T0, ${branches.filter((b) => b.long_lived).length} long-lived`] : []),
          `  manifest ${result.manifestPath}`,
        ].join('\n'),
      );
    });
}
