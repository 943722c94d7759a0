import type { Command } from 'commander';
import { z } from 'zod';
import { UserError } from '../../errors.js';
import { findNamedQuery, NAMED_QUERIES } from '../../queries/named.js';
import { openStore } from '../../store/open.js';
import { runQuery } from '../../store/query.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';

const Options = z.object({
  db: z.string(),
  named: z.string().optional(),
  list: z.boolean().optional(),
  json: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('query')
    .description('Run read-only SQL against the store (docs/schema.md lists the tables)')
    .argument('[sql]', 'a SELECT statement')
    .option('--named <name>', 'run a named query instead (see --list)')
    .option('--list', 'list the named queries')
    .action(async (sql: string | undefined, _opts, command: Command) => {
      const o = parseOptions(Options, command);
      if (o.list) {
        const rows = NAMED_QUERIES.map((q) => ({ name: q.name, description: q.description }));
        printResult(io, o, rows, () => formatTable(rows));
        return;
      }
      const text = o.named ? namedSql(o.named) : sql;
      if (!text) throw new UserError('NO_QUERY', 'No SQL given', 'Pass a SELECT statement in quotes, or --named NAME (see query --list).');
      const store = openStore(o.db, { readonly: true });
      try {
        const rows = runQuery(store, text);
        printResult(io, o, rows, () => formatTable(rows));
      } finally {
        store.close();
      }
    });
}

function namedSql(name: string): string {
  const query = findNamedQuery(name);
  if (!query) {
    throw new UserError('UNKNOWN_NAMED_QUERY', `There is no named query "${name}"`, `Choose one of: ${NAMED_QUERIES.map((q) => q.name).join(', ')}.`);
  }
  return query.sql;
}
