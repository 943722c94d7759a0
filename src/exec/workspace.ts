import { lstat, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import type { TestRun } from '../synthesize/model.js';
import { insideRelative, resolveInside } from '../synthesize/paths.js';
import { parseTestLog } from '../synthesize/test-log.js';
import { SEARCH_LIMITS, type Workspace } from '../synthesize/workspace.js';
import { git } from './git.js';
import { DEFAULT_LIMITS, runLimited, type RunLimits } from './run.js';
import { DEFAULT_ISOLATION, type Isolation } from './sandbox.js';
import { runInstall, type InstallResult } from './install.js';
import { testEnvFor, type InstallPlan } from '../synthesize/install-command.js';

export interface WorkspaceHandle extends Workspace {
  root: string;
  /** The dependency install run in this work tree before anything else, or null when none was asked for. */
  install: InstallResult | null;
  close(): Promise<void>;
}

const MAX_SEARCH_FILE = 1_000_000;
const TAIL = 6_000;

/**
 * A task's work tree: a clone of its Tgen bundle in a new temporary folder,
 * so its history ends at Tgen; the clone's remote is removed. Tool paths are
 * checked (no leaving the tree, no `.git`, no symbolic links out of it).
 * With `install`, the dependency install (src/exec/install.ts) runs first, with
 * its own limits (and network only when its plan asks); its outputs are
 * excluded from git, so patches, resets and the file list never see them.
 * The test command runs here under `limits` and `isolation` (src/exec/run.ts),
 * never with network, with the variables the install's plan needs (a venv).
 */
export async function openWorkspace(args: {
  bundle: string; commit: string; testCommand: string | null; limits?: RunLimits; isolation?: Isolation;
  install?: { plan: InstallPlan; limits?: Partial<RunLimits> } | null;
}): Promise<WorkspaceHandle> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'swe-future-task-')));
  const root = join(dir, 'work');
  try {
    await git(dir, ['clone', '-q', '--no-hardlinks', args.bundle, root], { env: { GIT_ALLOW_PROTOCOL: 'file' } });
    await git(root, ['checkout', '-q', '--detach', args.commit]);
    await git(root, ['remote', 'remove', 'origin'], { allowFail: true });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const limits = args.limits ?? DEFAULT_LIMITS;
  let install: InstallResult | null = null;
  if (args.install) {
    try {
      install = await runInstall(root, args.install.plan, { limits: { memoryMb: limits.memoryMb, ...args.install.limits }, isolation: args.isolation });
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }
  const base = args.isolation ?? DEFAULT_ISOLATION;
  const isolation: Isolation = { ...base, network: false, env: { ...base.env, ...testEnvFor(args.install?.plan ?? null, root, process.env.PATH ?? '') } };

  const inside = async (path: string): Promise<string | null> => {
    const full = resolveInside(root, path);
    if (full === null) return null;
    // Refuse symbolic links anywhere on the way (a link could point out of the tree).
    let at = full;
    while (at.startsWith(root + sep)) {
      const info = await lstat(at).catch(() => null);
      if (info?.isSymbolicLink()) return null;
      at = dirname(at);
    }
    return full;
  };

  const listFiles = async (dir = ''): Promise<string[]> => {
    const prefix = dir === '' || dir === '.' ? '' : insideRelative(root, dir);
    if (prefix === null) return [];
    const { stdout } = await git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
    const all = [...new Set(stdout.split('\0').filter(Boolean))].sort();
    return prefix === '' ? all : all.filter((p) => p === prefix || p.startsWith(`${prefix}/`));
  };

  return {
    root,
    install,
    listFiles,
    async readFile(path) {
      const full = await inside(path);
      if (full === null) return null;
      return readFile(full, 'utf8').catch(() => null);
    },
    async writeFile(path, content) {
      const full = await inside(path);
      if (full === null) throw new Error(`refused path ${JSON.stringify(path)}: it must be relative, inside the work tree and outside .git`);
      await mkdir(dirname(full), { recursive: true });
      const parent = await realpath(dirname(full));
      if (parent !== root && !parent.startsWith(root + sep)) throw new Error(`refused path ${JSON.stringify(path)}: it leads out of the work tree`);
      await writeFile(full, content);
    },
    async deleteFile(path) {
      const full = await inside(path);
      if (full === null) throw new Error(`refused path ${JSON.stringify(path)}: it must be relative, inside the work tree and outside .git`);
      const info = await lstat(full).catch(() => null);
      if (!info || !info.isFile()) return false;
      await rm(full);
      return true;
    },
    async search(pattern, dir = '') {
      let re: RegExp;
      try {
        re = new RegExp(pattern);
      } catch {
        re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      }
      const out: { path: string; line: number; text: string }[] = [];
      for (const path of await listFiles(dir)) {
        const full = await inside(path);
        if (full === null) continue;
        const text = await readFile(full).catch(() => null);
        if (!text || text.length > MAX_SEARCH_FILE || text.includes(0)) continue;
        const lines = text.toString('utf8').split('\n');
        for (let i = 0; i < lines.length; i++) {
          if (re.test(lines[i]!)) out.push({ path, line: i + 1, text: lines[i]!.trim().slice(0, SEARCH_LIMITS.lineChars) });
          if (out.length >= SEARCH_LIMITS.matches) return out;
        }
      }
      return out;
    },
    async isIgnored(path) {
      if ((await inside(path)) === null) return false;
      const result = await git(root, ['check-ignore', '-q', '--no-index', '--', path], { allowFail: true });
      return result.code === 0;
    },
    async runTests(command?: string): Promise<TestRun> {
      if (!args.testCommand) throw new Error('no test command for this work tree');
      const run = await runLimited(command ?? args.testCommand, root, limits, isolation);
      const parsed = parseTestLog(run.output, root);
      return {
        format: parsed.format,
        results: parsed.results,
        exitCode: run.exitCode,
        timedOut: run.timedOut,
        memoryExceeded: run.memoryExceeded,
        durationMs: run.durationMs,
        tail: run.output.slice(-TAIL).split(root).join('.'),
        swebench: parsed.swebench ?? null,
      };
    },
    async diff() {
      await git(root, ['add', '-A']);
      const { stdout } = await git(root, ['diff', '--cached', '--no-color', '--no-ext-diff', '--no-renames', '--binary', 'HEAD']);
      await git(root, ['reset', '-q']);
      return stdout;
    },
    async reset() {
      await git(root, ['reset', '-q', '--hard', 'HEAD']);
      await git(root, ['clean', '-fdq']);
    },
    async apply(patch) {
      if (patch.trim() === '') return true;
      const result = await git(root, ['apply', '--whitespace=nowarn', '-'], { input: patch.endsWith('\n') ? patch : `${patch}\n`, allowFail: true });
      return result.code === 0;
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
