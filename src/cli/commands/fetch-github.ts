import type { Command } from 'commander';
import { z } from 'zod';
import { fetchGithub } from '../../api/fetch-github.js';
import { printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';
import { stderrProgress } from '../progress.js';

const Options = z.object({
  repo: z.string(),
  github: z.string(),
  until: z.string().optional(),
  offline: z.boolean().optional(),
  db: z.string(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('fetch-github')
    .description(
      'Archive a GitHub repository\'s issues and pull requests (timelines, comments, changed files, edit history) for snapshots, ' +
        'which show each as it stood at their T0. Token from GITHUB_TOKEN (never stored or printed); GITHUB_API_URL for an Enterprise server. ' +
        'A second run asks only for what changed; a stopped run resumes. docs/github.md has the rules.',
    )
    .requiredOption('--repo <path>', 'the local clone (work tree or bare) whose tracker this is')
    .requiredOption('--github <owner/name>', 'the repository on GitHub, e.g. pallets/click')
    .option('--until <date>', 'only issues and pull requests created at or before this date (ISO 8601)')
    .option('--offline', 'no network: rebuild the issues and pull requests from the archive alone')
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const r = await fetchGithub({ ...o, progress: stderrProgress(io, o.quiet) });
      printResult(io, o, r, () => {
        const f = r.fetch;
        return [
          `fetch-github ${r.github} for ${r.repo}${r.offline ? ' (offline: from the archive)' : ''}`,
          ...(f
            ? [`  requests  ${f.requests} (${f.notModified} not modified); ${f.itemsListed} items listed, ${f.itemsSynced} read anew, ${f.itemsUpToDate} up to date${f.itemsUnavailable ? `, ${f.itemsUnavailable} gone` : ''}`]
            : []),
          `  items     ${r.items.issues} issues, ${r.items.pullRequests} pull requests${r.items.fromImports ? ` (${r.items.fromImports} from imports)` : ''}${r.items.notSynced ? `; ${r.items.notSynced} not yet archived whole` : ''}`,
          `  work      ${r.workItems.enriched} work items took their pull request's title, body and labels${r.workItems.rekeyed ? ` (${r.workItems.rekeyed} re-keyed as pr#N)` : ''}`,
        ].join('\n');
      });
    });
}
