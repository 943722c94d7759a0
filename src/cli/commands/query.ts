import type { Command } from 'commander';
import { z } from 'zod';
import { UserError } from '../../errors.js';
import { NAMED_QUERIES } from '../../queries/named.js';
import { namedQuery, runNamedQuery } from '../../queries/run.js';
import { openStore } from '../../store/open.js';
import { runQuery } from '../../store/query.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';

const Options = z.object({
  db: z.string(),
  named: z.string().optional(),
  study: z.coerce.number().int().positive().optional(),
  list: z.boolean().optional(),
  json: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('query')
    .description('Run read-only SQL against the store (docs/schema.md lists the tables, docs/queries.md the named queries)')
    .argument('[sql]', 'a SELECT statement')
    .option('--named <name>', 'run a named query instead (see --list)')
    .option('--study <id>', 'the study a named query reads (default: the latest study)')
    .option('--list', 'list the named queries')
    .action(async (sql: string | undefined, _opts, command: Command) => {
      const o = parseOptions(Options, command);
      if (o.list) {
        const rows = NAMED_QUERIES.map((q) => ({ name: q.name, parameters: q.parameters.map((p) => `--${p}`).join(' '), description: q.description }));
        printResult(io, o, rows, () => formatTable(rows));
        return;
      }
      if (o.named) namedQuery(o.named); // an unknown name fails before the store is opened
      else if (o.study !== undefined) {
        throw new UserError('STUDY_WITHOUT_NAMED', '--study applies to named queries only', 'Add --named NAME (see query --list), or put the study id in your SQL.');
      } else if (!sql) {
        throw new UserError('NO_QUERY', 'No SQL given', 'Pass a SELECT statement in quotes, or --named NAME (see query --list).');
      }
      const store = openStore(o.db, { readonly: true });
      try {
        const rows = o.named ? runNamedQuery(store, o.named, { study: o.study }) : runQuery(store, sql!);
        printResult(io, o, rows, () => formatTable(rows));
      } finally {
        store.close();
      }
    });
}
