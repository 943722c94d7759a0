import { Option, type Command } from 'commander';
import { z } from 'zod';
import { EXPORT_FORMATS, exportTasks } from '../../api/export.js';
import { printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';
import { stderrProgress } from '../progress.js';

const Options = z.object({
  db: z.string(),
  format: z.enum(EXPORT_FORMATS),
  out: z.string().min(1),
  synthesis: z.coerce.number().int().positive().optional(),
  force: z.boolean().optional(),
  repo: z.string().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('export')
    .description('Write a synthesis\'s tasks as SWE-bench JSONL (public and hidden files, repository bundles) or Harbor task folders')
    .addOption(new Option('--format <name>', 'swebench or harbor').choices([...EXPORT_FORMATS]).makeOptionMandatory())
    .requiredOption('--out <dir>', 'output folder (created when missing); a folder holding files swe-future did not write is refused')
    .option('--force', 'replace an earlier export of the same format in --out (only the files swe-future wrote there, listed in its .swe-future-export.json)')
    .option('--synthesis <id>', 'a stored synthesis id (default: the latest)')
    .option('--repo <owner/name>', "SWE-bench's repo field (default: the GitHub repository linked in the store, else the origin remote on github.com, else local/<name>)")
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const r = await exportTasks({ db: o.db, format: o.format, out: o.out, synthesis: o.synthesis, repo: o.repo, force: o.force, progress: stderrProgress(io, o.quiet) });
      printResult(
        io,
        o,
        { export: { synthesis: r.synthesis, format: r.format, out: r.out, exported: r.exported, skipped: r.skipped }, files: r.files },
        () =>
          [
            `exported ${r.exported} tasks of synthesis ${r.synthesis} as ${r.format} into ${r.out}` +
              (r.skipped.rejected + r.skipped.spec + r.skipped.ungradable > 0
                ? ` (left out: ${r.skipped.rejected} rejected${r.format === 'harbor' ? `, ${r.skipped.spec} spec tasks, which have no tests` : ''}${r.skipped.ungradable > 0 ? `, ${r.skipped.ungradable} verified tasks SWE-bench's log parser cannot grade` : ''})`
                : ''),
            ...r.files.map((f) => `  ${f}`),
          ].join('\n'),
      );
    });
}
