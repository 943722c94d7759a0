import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Commit } from '../../src/git/model.js';

/**
 * Real git repositories in temp dirs for the tests of src/git, built with the
 * git CLI: fixed identities, dates that advance one hour per commit, no user
 * or system config. `removeScratch()` deletes all of them.
 */

const made: string[] = [];
let clock = Date.parse('2024-01-01T00:00:00Z') / 1000;

const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Ada Lovelace',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Grace Hopper',
  GIT_COMMITTER_EMAIL: 'grace@example.com',
  LC_ALL: 'C',
};
for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete ENV[name];

/** A new empty temp directory, deleted by removeScratch(). */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swe-future-git-'));
  made.push(dir);
  return dir;
}

/** Runs git in `cwd` with the next commit date; returns stdout as bytes. */
export function gitBytes(cwd: string, args: string[], input?: Buffer | string): Buffer {
  clock += 3600;
  const date = `@${clock} +0000`;
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'protocol.file.allow=always', ...args], {
    cwd,
    input,
    env: { ...ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** Runs git in `cwd`; returns stdout trimmed. */
export function git(cwd: string, ...args: string[]): string {
  return gitBytes(cwd, args).toString('utf8').trim();
}

export type FileMap = Record<string, string | Buffer | { text: string; executable: boolean } | null>;

export interface ScratchRepo {
  dir: string;
  git(...args: string[]): string;
  /** Writes (or with null deletes) files, relative to the work tree. */
  write(files: FileMap): void;
  /** Writes the files, stages everything, commits; returns the new commit's sha. */
  commit(message: string, files?: FileMap): string;
}

/** `git init -b main` in a new temp dir. */
export function createScratchRepo(): ScratchRepo {
  const dir = scratchDir();
  git(dir, 'init', '-q', '-b', 'main');
  const repo: ScratchRepo = {
    dir,
    git: (...args) => git(dir, ...args),
    write(files) {
      for (const [path, content] of Object.entries(files)) {
        const file = join(dir, path);
        if (content === null) {
          rmSync(file, { force: true, recursive: true });
          continue;
        }
        mkdirSync(dirname(file), { recursive: true });
        if (typeof content === 'string' || Buffer.isBuffer(content)) writeFileSync(file, content);
        else {
          writeFileSync(file, content.text);
          chmodSync(file, content.executable ? 0o755 : 0o644);
        }
      }
    },
    commit(message, files = {}) {
      repo.write(files);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '--allow-empty', '-m', message);
      return git(dir, 'rev-parse', 'HEAD');
    },
  };
  return repo;
}

/** Deletes every directory made by this module. */
export function removeScratch(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Drains an async iterable. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The records with every line count replaced by null, for comparing backends. */
export function withoutLineCounts(commits: Commit[]): Commit[] {
  return commits.map((c) => ({ ...c, files: c.files.map((f) => ({ ...f, additions: null, deletions: null })) }));
}
