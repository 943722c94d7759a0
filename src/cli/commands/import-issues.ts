import type { Command } from 'commander';
import { z } from 'zod';
import { importIssues } from '../../api/import-issues.js';
import { printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';

const Options = z.object({
  repo: z.string(),
  github: z.string().optional(),
  db: z.string(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

/** Rejected lines shown in the readable summary; --json has them all. */
const SHOWN = 20;

export function register(program: Command, io: CliIO): void {
  program
    .command('import-issues')
    .description(
      'Import a dump of GitHub\'s REST API (JSON or JSONL, as `gh api --paginate` writes it: issues, pull requests, issue events, comments) ' +
        'into the tracker archive; snapshots apply the same as-of-T0 rules as to fetched ones. Records that cannot be read are reported by line and skipped.',
    )
    .argument('<file>', 'the dump')
    .requiredOption('--repo <path>', 'the local clone (work tree or bare) whose tracker this is')
    .option('--github <owner/name>', 'the repository on GitHub (default: what the dump\'s issues say)')
    .action(async (file: string, _opts, command: Command) => {
      const o = parseOptions(Options, command);
      const r = await importIssues({ ...o, file });
      if (!o.quiet) for (const w of r.warnings) io.stderr(`swe-future: warning: ${w}\n`);
      const { warnings: _warnings, ...json } = r;
      printResult(io, o, json, () =>
        [
          `import-issues ${r.file} into ${r.github} for ${r.repo}`,
          `  read      ${r.records.read} records: ${r.records.issues} issues, ${r.records.pullRequests} pull requests, ${r.records.events} events, ${r.records.comments} comments`,
          `  items     ${r.items.total} in the tracker (${r.items.fromImports} from imports)`,
          `  work      ${r.workItems.enriched} work items took their pull request's title, body and labels`,
          `  rejected  ${r.rejected.length}${r.rejected.length ? ':' : ''}`,
          ...r.rejected.slice(0, SHOWN).map((x) => `    line ${x.line}: ${x.reason}`),
          ...(r.rejected.length > SHOWN ? [`    ... ${r.rejected.length - SHOWN} more (--json lists them all)`] : []),
        ].join('\n'),
      );
    });
}
