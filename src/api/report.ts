import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isUserError, UserError } from '../errors.js';
import { loadReportData } from '../report/load.js';
import { renderReport } from '../report/render.js';
import { openStore } from '../store/open.js';

export interface ReportOptions {
  /** The store file. */
  db: string;
  /** The study to report; the latest when absent. */
  study?: number;
  /** The folder to write `index.html` into (created when missing). */
  out: string;
}

export interface ReportResult {
  /** Absolute path of the written `index.html`. */
  path: string;
  study: number;
  name: string;
}

/**
 * Writes the static HTML report of a study to `out/index.html`. The store is
 * only read. The page is rendered in full before anything is written, and
 * lands by rename, so a failure leaves no half-written file. Throws NO_STUDY
 * when there is nothing to report, STUDY_NOT_FOUND for an unknown id.
 */
export async function writeReport(options: ReportOptions): Promise<ReportResult> {
  const store = openReadOnly(options.db);
  let html: string;
  let study: { id: number; name: string };
  try {
    const data = loadReportData(store, options.study);
    study = data.study;
    html = renderReport(data);
  } finally {
    store.close();
  }
  const dir = resolve(options.out);
  await prepareDir(dir);
  const path = join(dir, 'index.html');
  const temp = join(dir, `.index.html.${process.pid}.tmp`);
  try {
    await writeFile(temp, html, 'utf8');
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw writeError(err, path);
  }
  return { path, study: study.id, name: study.name };
}

function openReadOnly(db: string) {
  try {
    return openStore(db, { readonly: true });
  } catch (err) {
    if (isUserError(err) && err.code === 'DB_NOT_FOUND') {
      throw new UserError('NO_STUDY', `${err.message}, so there is no study to report`, 'Run swe-future study --config FILE first, or pass --db with the store it wrote.');
    }
    throw err;
  }
}

async function prepareDir(dir: string): Promise<void> {
  const existing = await stat(dir).catch(() => null);
  if (existing && !existing.isDirectory()) {
    throw new UserError('OUT_NOT_A_DIRECTORY', `${dir} exists and is not a directory`, 'Pass --out with a directory (it is created when missing).');
  }
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    throw writeError(err, dir);
  }
}

function writeError(err: unknown, path: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'ENOSPC') {
    return new UserError('OUT_CANNOT_WRITE', `Cannot write ${path} (${code})`, 'Pass --out with a directory you can write to.');
  }
  return err;
}
