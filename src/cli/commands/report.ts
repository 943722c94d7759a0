import type { Command } from 'commander';
import { z } from 'zod';
import { writeReport } from '../../api/report.js';
import { printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';

const Options = z.object({
  db: z.string(),
  study: z.coerce.number().int().positive().optional(),
  out: z.string().min(1),
  json: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('report')
    .description('Write a static HTML report (tables beside the baselines, charts, one card per family) of a study, or of the stand-alone validations when the store holds no study, to DIR/index.html; it needs no network to view')
    .option('--study <id>', 'the study to report (default: the latest; in a store with no study, its stand-alone validations)')
    .requiredOption('--out <dir>', 'folder for index.html (created when missing; an existing index.html is replaced)')
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const result = await writeReport({ db: o.db, study: o.study, out: o.out });
      printResult(io, o, { report: { path: result.path, study: result.study, name: result.name } }, () => result.path);
    });
}
