/** The store every command uses when neither `--db` nor SWE_FUTURE_DB names one (cli/program.ts). */
export const DEFAULT_DB = './swe-future.db';

/**
 * The ` --db FILE` part of a next-step command printed for the user: empty for the default store, so the
 * suggestion reads as the user would type it.
 */
export function dbFlag(db: string): string {
  return db === DEFAULT_DB ? '' : ` --db ${db}`;
}
