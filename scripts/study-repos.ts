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
