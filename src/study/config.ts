import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { UserError } from '../errors.js';
import { FORECASTERS, ForecasterName } from '../forecast/model.js';
import { addDuration, parseDate, parseDuration } from '../time.js';
import { JUDGES, JudgeName, OFFLINE_JUDGES } from '../validate/model.js';
import { keepCredentialsForClone } from './credentials.js';
import { DEFAULT_FORECASTERS, StudyConfig } from './model.js';

/**
 * The study config file (../shared/cli-contract.md, docs/study.md): what a
 * person writes. Strict at every level, so a misspelt key is an error that
 * names it rather than a setting silently ignored.
 */
const RepoEntry = z
  .object({
    path: z.string().min(1).optional(),
    t0: z.string(),
    github: z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'expected owner/name').optional(),
    name: z.string().min(1).optional(),
    url: z.string().regex(/^(https?|ssh|git|file):\/\/\S+$|^[\w.-]+@[\w.-]+:\S+$/, 'expected a clone URL (https://, ssh://, git://, file:// or user@host:path)').optional(),
  })
  .strict();

const ConfigFile = z
  .object({
    name: z.string().min(1),
    window: z.string().default('6m'),
    repos: z.array(RepoEntry).min(1),
    forecasters: z.array(ForecasterName).min(1).default([...DEFAULT_FORECASTERS]),
    judges: z.array(JudgeName).min(1).default([...OFFLINE_JUDGES]),
    seed: z.number().int().nonnegative().default(0),
    maxFamilies: z.number().int().positive().default(10),
    maxLoose: z.number().int().nonnegative().default(0),
    scoreFloor: z.number().min(0).max(1).default(0),
  })
  .strict();

/** Keys each level of the config accepts, for the fix of an unknown-key error. */
const KEYS = { top: Object.keys(ConfigFile.shape), repo: Object.keys(RepoEntry.shape) };

/** A config example for fixes that ask for a missing part. */
const EXAMPLE = '{"name": "dev", "repos": [{"path": "../clones/click", "t0": "2025-03-01"}]}';

/** A repository entry's identity: its folder resolved against the config's, or, with no path, its URL. */
function repoIdentity(dir: string, r: { path?: string | undefined; url?: string | undefined }): { path: string; url?: string } {
  // Credentials in the URL are for the clone only (src/study/credentials.ts): the config holds the bare URL.
  const url = r.url === undefined ? undefined : keepCredentialsForClone(r.url);
  const path = r.path === undefined ? url! : resolve(dir, r.path);
  return url === undefined ? { path } : { path, url };
}

export interface ParseConfigOptions {
  /** The present: every repository's window must have ended by then. */
  now: Date;
  /** How messages name the file (as the user typed it); default `file`. */
  display?: string;
}

/**
 * Checks a study config's text and returns it normalised: paths resolved
 * against the folder of `file` (which must be absolute), T0s canonical,
 * defaults filled in. Every problem is a UserError that names the key
 * (`repos[2].t0`) and says what to write instead. Pure: it reads no file and
 * does not look at the repositories (a missing clone fails its own row, not
 * the whole study).
 */
export function parseStudyConfig(text: string, file: string, options: ParseConfigOptions): StudyConfig {
  if (!isAbsolute(file)) throw new Error(`parseStudyConfig needs an absolute file path, got ${file}`);
  const where = options.display ?? file;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new UserError('STUDY_CONFIG_NOT_JSON', `The study config ${where} is not valid JSON (${detail})`, `Fix the JSON; a minimal config is ${EXAMPLE}.`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new UserError('STUDY_CONFIG_INVALID', `The study config ${where} is not a JSON object`, `Write an object like ${EXAMPLE}.`);
  }
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) throw configError(parsed.error.issues[0]!, json, where);
  const c = parsed.data;

  checked(where, () => parseDuration(c.window, 'window'));
  const dir = dirname(file);
  const repos = c.repos.map((r, i) => {
    const key = `repos[${i}]`;
    if (r.path === undefined && r.url === undefined) {
      throw new UserError('STUDY_CONFIG_INVALID', `The study config ${where} is missing "${key}.path"`, `Give each repository a "path" (a clone, relative to the config) or a clone "url".`);
    }
    const t0 = checked(where, () => parseDate(r.t0, `${key}.t0`));
    return { ...repoIdentity(dir, r), t0, github: r.github ?? null, name: r.name ?? null };
  });
  assertWindowsEnded(repos, c.window, options.now, where);
  assertDistinct(c.forecasters, 'forecasters', where);
  assertDistinct(c.judges, 'judges', where);
  repos.forEach((r, i) => {
    const j = repos.findIndex((o) => o.path === r.path && o.t0 === r.t0);
    if (j < i) {
      throw new UserError(
        'STUDY_CONFIG_INVALID',
        `The study config ${where}: repos[${i}] repeats repos[${j}] (same path and t0), which would count that repository twice`,
        `Remove repos[${i}], or give it another t0.`,
      );
    }
  });
  return StudyConfig.parse({ name: c.name, window: c.window, repos, forecasters: c.forecasters, judges: c.judges, seed: c.seed, maxFamilies: c.maxFamilies, ...(c.maxLoose > 0 ? { maxLoose: c.maxLoose } : {}), ...(c.scoreFloor > 0 ? { scoreFloor: c.scoreFloor } : {}) });
}

/**
 * Two entries that reach the same clone (one through a symbolic link, or by
 * `..` detours) at the same T0 would count that repository twice: refused,
 * by real path. Reads the file system (parseStudyConfig does not), so it is
 * called once the config is parsed; entries whose folder is missing are left
 * to fail their own row.
 */
export function assertDistinctClones(config: StudyConfig, where: string): void {
  const seen = new Map<string, number>();
  config.repos.forEach((r, i) => {
    let real: string;
    try {
      real = realpathSync(r.path);
    } catch {
      return;
    }
    const key = `${real}\u0000${r.t0}`;
    const j = seen.get(key);
    if (j !== undefined) {
      throw new UserError(
        'STUDY_CONFIG_INVALID',
        `The study config ${where}: repos[${i}] (${r.path}) is the same clone as repos[${j}] (${config.repos[j]!.path}, real path ${real}) at the same t0, which would count that repository twice`,
        `Remove repos[${i}], or give it another t0.`,
      );
    }
    seen.set(key, i);
  });
}

/** Runs a check that throws a UserError, prefixing its message with the config file. */
function checked<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof UserError) throw new UserError('STUDY_CONFIG_INVALID', `The study config ${where}: ${err.message}`, err.fix);
    throw err;
  }
}

function assertWindowsEnded(repos: readonly { t0: string }[], window: string, now: Date, where: string): void {
  const duration = parseDuration(window, 'window');
  repos.forEach((r, i) => {
    const end = addDuration(r.t0, duration);
    if (Date.parse(end) > now.getTime()) {
      throw new UserError(
        'STUDY_WINDOW_OPEN',
        `The study config ${where}: the ${window} window of repos[${i}] (t0 ${r.t0.slice(0, 10)}) ends ${end.slice(0, 10)}, which has not come yet`,
        'Give that repository an earlier t0, or the study a shorter window: validation needs all the work of a window.',
      );
    }
  });
}

function assertDistinct(values: readonly string[], key: string, where: string): void {
  const twice = values.find((v, i) => values.indexOf(v) !== i);
  if (twice !== undefined) {
    throw new UserError('STUDY_CONFIG_INVALID', `The study config ${where}: ${key} lists "${twice}" twice`, `List each of ${key} once.`);
  }
}

/** The first zod issue as a UserError naming the key and what to write instead. */
function configError(issue: z.core.$ZodIssue, input: unknown, where: string): UserError {
  const at = keyPath(issue.path);
  const inRepo = issue.path[0] === 'repos' && typeof issue.path[1] === 'number';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    const level = at === '' ? '' : ` in ${at}`;
    const allowed = (inRepo ? KEYS.repo : KEYS.top).join(', ');
    return new UserError(
      'STUDY_CONFIG_UNKNOWN_KEY',
      `The study config ${where} has unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${level}`,
      `Remove or rename ${issue.keys.length > 1 ? 'them' : 'it'}; the keys allowed there are ${allowed}.`,
    );
  }
  const value = valueAt(input, issue.path);
  if (value === undefined) {
    return new UserError('STUDY_CONFIG_INVALID', `The study config ${where} is missing "${at}"`, `Add it; a minimal config is ${EXAMPLE}.`);
  }
  if (issue.path[0] === 'forecasters' && issue.path.length === 2) {
    return new UserError('STUDY_CONFIG_INVALID', `The study config ${where} names an unknown forecaster ${JSON.stringify(value)} at ${at}`, `Use some of ${FORECASTERS.join(', ')}.`);
  }
  if (issue.path[0] === 'judges' && issue.path.length === 2) {
    return new UserError('STUDY_CONFIG_INVALID', `The study config ${where} names an unknown judge ${JSON.stringify(value)} at ${at}`, `Use some of ${JUDGES.join(', ')}.`);
  }
  if (issue.code === 'too_small' && Array.isArray(value) && value.length === 0) {
    const fix = at === 'repos' ? `List at least one repository, e.g. "repos": [{"path": "../clones/click", "t0": "2025-03-01"}].` : `List at least one, or leave "${at}" out for the default.`;
    return new UserError('STUDY_CONFIG_INVALID', `The study config ${where} has an empty "${at}"`, fix);
  }
  const what = issue.message.replace(/^Invalid input: /, '');
  return new UserError(
    'STUDY_CONFIG_INVALID',
    `The study config ${where} has a bad "${at}" (${what}${/received/.test(what) ? '' : `, got ${JSON.stringify(value)}`})`,
    'See docs/study.md for every key and its type.',
  );
}

/** `['repos', 1, 't0']` → `repos[1].t0`. */
function keyPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const p of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[p];
  }
  return value;
}
