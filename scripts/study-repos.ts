import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A repository of a study config (eval/<config>.json), its clone path resolved against the config's folder. */
export interface StudyRepo {
  name: string;
  t0: string;
  path: string;
}

/** The repositories of a study config, in its order: the scripts' one reader of a config's `repos`. */
export function studyRepos(configPath: string): StudyRepo[] {
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as { repos: StudyRepo[] };
  return config.repos.map((r) => ({ name: r.name, t0: r.t0, path: resolve(dirname(configPath), r.path) }));
}

/** The word after `name` on the command line, if `name` is there (the pending and series scripts' `--config`, `--db`). */
export function flagValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
