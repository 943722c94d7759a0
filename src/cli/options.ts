import type { Command } from 'commander';
import type { z } from 'zod';
import { UserError } from '../errors.js';

/** A command's options merged with the global ones, checked by its zod schema. */
export function parseOptions<T extends z.ZodType>(schema: T, command: Command): z.infer<T> {
  const parsed = schema.safeParse(command.optsWithGlobals());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = `--${String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw new UserError('BAD_OPTION', `Option ${flag}: ${issue.message}`, `Run swe-future ${command.name()} --help for usage.`);
  }
  return parsed.data;
}
