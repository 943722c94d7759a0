/**
 * Which clones the given study configs need and which are missing, with the exact command that makes each missing
 * one. Offline: it only looks at the folders and prints; nothing is fetched. The commands go to stdout, one a line, so
 * `npx tsx scripts/eval-clones.ts eval/dev.json | sh` clones what is missing; what each config has goes to stderr.
 *
 *   npx tsx scripts/eval-clones.ts [--work-tree] CONFIG...        (npm run eval:clones -- CONFIG...)
 *
 * A config's `path` is resolved as `study` resolves it (src/study/config.ts: relative to the config's folder, so
 * eval/'s `../clones/click` is the checkout's `clones/click`); a folder is a clone when `study` would open it
 * (src/git/layout.ts: a work tree or a bare repository). A missing clone's command is `git clone --bare
 * https://github.com/OWNER/NAME PATH` from the entry's `github` (its `url` when it has one), or with --work-tree a
 * plain `git clone`; the whole history is needed (no --depth). The same clone named by several configs is listed once.
 * Exit 0 when every config could be read (missing clones are the answer, not an error), 2 when one could not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { UserError } from '../src/errors.js';
import { locateRepository } from '../src/git/layout.js';
import { parseStudyConfig } from '../src/study/config.js';

/** One repository entry of a config and the state of its clone. */
export interface CloneState {
  config: string;
  name: string;
  /** The folder the study reads, absolute. */
  path: string;
  state: 'present' | 'missing' | 'not a repository';
  /** The command that makes the clone; null when present, or when the entry names neither `github` nor `url`. */
  command: string | null;
}

/** How a command names a folder: relative to the working folder when under it, else absolute. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** The clones of one study config file and their states. Throws UserError when the config cannot be read. */
export async function cloneStates(configFile: string, options: { workTree?: boolean; cwd?: string } = {}): Promise<CloneState[]> {
  const file = resolve(configFile);
  if (!existsSync(file)) throw new UserError('STUDY_CONFIG_NOT_FOUND', `There is no study config ${configFile}`, 'Pass config files such as eval/dev.json.');
  const text = readFileSync(file, 'utf8');
  const raw = JSON.parse(text) as { repos?: { github?: string; url?: string }[] };
  const config = parseStudyConfig(text, file, { now: new Date('9999-01-01T00:00:00Z'), display: configFile });
  const cwd = options.cwd ?? process.cwd();
  return Promise.all(
    config.repos.map(async (r, i): Promise<CloneState> => {
      const name = r.name ?? r.path.split('/').pop()!;
      let state: CloneState['state'] = 'present';
      if (!existsSync(r.path)) state = 'missing';
      else await locateRepository(r.path).catch(() => (state = 'not a repository'));
      const source = raw.repos?.[i]?.url ?? (r.github === null ? null : `https://github.com/${r.github}`);
      const command = state === 'present' || source === null ? null : `${state === 'missing' ? '' : `rm -rf ${shown(r.path, cwd)} && `}git clone${options.workTree ? '' : ' --bare'} ${source} ${shown(r.path, cwd)}`;
      return { config: configFile, name, path: r.path, state, command };
    }),
  );
}

const USAGE = 'usage: npx tsx scripts/eval-clones.ts [--work-tree] CONFIG... (e.g. eval/dev.json eval/newcomer3.json)';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { 'work-tree': { type: 'boolean' } } });
  } catch (err) {
    // An unknown flag: parseArgs' line and the usage, status 2 (as scripts/exit.ts parseFlags, but returned, not exited).
    if (!String((err as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')) throw err;
    process.stderr.write(`${(err as Error).message}; ${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const seen = new Set<string>();
  let missing = 0;
  for (const config of positionals) {
    let states: CloneState[];
    try {
      states = await cloneStates(config, { workTree: values['work-tree'] ?? false });
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      process.stderr.write(`${err.message}. ${err.fix}\n`);
      return 2;
    }
    const absent = states.filter((s) => s.state !== 'present');
    process.stderr.write(`${config}: ${states.length} repositories, ${states.length - absent.length} clones present${absent.length ? `, ${absent.length} not: ${absent.map((s) => `${s.name} (${s.state})`).join(', ')}` : ''}\n`);
    for (const s of absent) {
      if (seen.has(s.path)) continue;
      seen.add(s.path);
      missing++;
      if (s.command === null) process.stderr.write(`${s.name}: the config names neither "github" nor "url"; clone it into ${s.path} by hand\n`);
      else process.stdout.write(`${s.command}\n`);
    }
  }
  process.stderr.write(missing === 0 ? 'every clone is there\n' : `${missing} clone${missing === 1 ? '' : 's'} to make: run the command${missing === 1 ? '' : 's'} above from this folder\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
