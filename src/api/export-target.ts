import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { processAlive } from '../exec/process-alive.js';

/**
 * Where an export goes, and what it may touch there. An export never deletes
 * or overwrites a file it did not write:
 *
 * - everything is written into a fresh staging folder beside `out`
 *   (`.swe-future-export-<pid>-*`, same file system) and only its own outputs
 *   are moved into place at the end;
 * - `out/.swe-future-export.json` (the manifest) lists every file swe-future
 *   wrote there; a non-empty `out` holding a file not in it is refused
 *   (`EXPORT_OUT_NOT_OURS`, exit 2), `--force` or not;
 * - an earlier export of the same format is replaced only with `--force`
 *   (`EXPORT_EXISTS` without); exports of the other format stay;
 * - staging folders left by a killed export (their process is gone) are
 *   removed by the next export into the same parent folder.
 *
 * Tested in tests/export/export-target.test.ts.
 */
export const MANIFEST = '.swe-future-export.json';

const STAGING_PREFIX = '.swe-future-export-';

/** The top-level folders each format writes. */
export const FORMAT_FOLDERS = { swebench: ['public', 'hidden', 'specs', 'bundles'], harbor: ['harbor'] } as const;

interface Manifest {
  tool: 'swe-future';
  /** Every file swe-future wrote into `out`, relative, sorted. */
  files: string[];
}

export interface ExportTarget {
  out: string;
  staging: string;
  /** Files of the earlier export that this one replaces (removed once the new files are in place). */
  replaced: string[];
  /** The manifest's files that stay (the other format's export). */
  kept: string[];
}

/**
 * Checks `out` and makes the staging folder. Throws a UserError when `out`
 * (or a folder above it) is a file, when it holds files swe-future did not
 * write, or when it holds an earlier export of this format and `force` is off.
 */
export async function prepareExportTarget(out: string, folders: readonly string[], force: boolean): Promise<ExportTarget> {
  const parent = dirname(out);
  await mkdir(parent, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOTDIR' || err.code === 'EEXIST') throw notAFolder(out);
    throw err;
  });
  const info = await lstat(out).catch(() => null);
  if (info && !info.isDirectory()) throw notAFolder(out);
  removeAbandonedStaging(parent);

  const present = info ? await filesUnder(out) : [];
  const manifest = info ? readManifest(out) : null;
  const ours = new Set(manifest?.files ?? []);
  const foreign = present.filter((f) => f !== MANIFEST && !ours.has(f));
  if (foreign.length > 0) {
    throw new UserError(
      'EXPORT_OUT_NOT_OURS',
      `${out} holds ${foreign.length} file(s) swe-future did not write (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}); an export never deletes or overwrites them`,
      'Pass --out with an empty or new folder.',
    );
  }
  const inFormat = (f: string) => folders.includes(f.split('/')[0]!);
  const replaced = [...ours].filter((f) => inFormat(f) && present.includes(f));
  if (replaced.length > 0 && !force) {
    throw new UserError('EXPORT_EXISTS', `${out} already holds an export of this format (${replaced.length} files swe-future wrote)`, 'Pass --force to replace it (only files swe-future wrote there are removed), or another --out.');
  }
  const staging = await mkdtemp(join(parent, `${STAGING_PREFIX}${process.pid}-`));
  return { out, staging, replaced, kept: [...ours].filter((f) => !inFormat(f) && present.includes(f)) };
}

/**
 * Moves the staged files into `out`: the earlier export's files of this
 * format are moved aside into staging first (they are all swe-future's), the
 * new folders moved in, the manifest written, and the old files removed.
 */
export async function commitExport(target: ExportTarget, files: readonly string[]): Promise<void> {
  const { out, staging } = target;
  await mkdir(out, { recursive: true });
  const aside = join(staging, '.replaced');
  for (const rel of target.replaced) {
    await mkdir(dirname(join(aside, rel)), { recursive: true });
    await rename(join(out, rel), join(aside, rel));
  }
  for (const folder of new Set(target.replaced.map((f) => f.split('/')[0]!))) await removeEmptyFolders(join(out, folder));
  for (const entry of new Set(files.map((f) => f.split('/')[0]!))) {
    const to = join(out, entry);
    if (existsSync(to)) {
      // A folder left with swe-future's empty subfolders only (checked by prepareExportTarget): merge file by file.
      for (const rel of files.filter((f) => f.split('/')[0] === entry)) {
        await mkdir(dirname(join(out, rel)), { recursive: true });
        await rename(join(staging, rel), join(out, rel));
      }
    } else {
      await rename(join(staging, entry), to);
    }
  }
  const manifest: Manifest = { tool: 'swe-future', files: [...new Set([...target.kept, ...files])].sort() };
  const tmp = join(staging, MANIFEST);
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(tmp, join(out, MANIFEST));
}

/** Removes the staging folder (and the replaced files moved into it). */
export async function discardStaging(target: ExportTarget): Promise<void> {
  await rm(target.staging, { recursive: true, force: true });
}

function readManifest(out: string): Manifest | null {
  try {
    const json = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8')) as Partial<Manifest>;
    return json.tool === 'swe-future' && Array.isArray(json.files) ? { tool: 'swe-future', files: json.files.filter((f): f is string => typeof f === 'string') } : null;
  } catch {
    return null;
  }
}

/** Every file (and symlink) under `dir`, relative, with `/`. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

async function removeEmptyFolders(dir: string): Promise<void> {
  const info = await lstat(dir).catch(() => null);
  if (!info?.isDirectory()) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) if (entry.isDirectory()) await removeEmptyFolders(join(dir, entry.name));
  await rmdir(dir).catch(() => undefined); // not empty: something else is there, and stays
}

/** Staging folders of exports whose process is gone (killed): left over, removed. */
export function removeAbandonedStaging(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const match = new RegExp(`^${STAGING_PREFIX.replace(/\./g, '\\.')}(\\d+)-`).exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function notAFolder(out: string): UserError {
  return new UserError('OUT_NOT_A_FOLDER', `${out} (or a folder above it) exists and is not a folder`, 'Pass --out with a folder (it is created when missing).');
}
