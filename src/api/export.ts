import { chmod, copyFile, link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { writeTgenBundle } from '../exec/bundle.js';
import { commitExport, discardStaging, FORMAT_FOLDERS, prepareExportTarget } from './export-target.js';
import { loadForecast } from '../store/forecasts.js';
import { openStore } from '../store/open.js';
import { latestSynthesisId, loadSynthesis, type StoredSynthesis, type StoredTask } from '../store/tasks.js';
import { openRepository } from '../git/open.js';
import { HARBOR_BUNDLE, harborTask } from '../synthesize/export/harbor.js';
import { RUNTIME_FILES, runtimeImage } from '../synthesize/export/runtime.js';
import { imageInstall } from '../synthesize/install-command.js';
import { gradableLists, jsonl, provenanceRecord, specRecord, swebenchPublic, swebenchRecord, type ExportContext } from '../synthesize/export/swebench.js';
import { originUrl, repoSlug } from './export-repo.js';
import { insideRelative, safeName } from '../synthesize/paths.js';
import { silentProgress, type Progress } from '../progress.js';

export const EXPORT_FORMATS = ['swebench', 'harbor'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions {
  db: string;
  format: ExportFormat;
  out: string;
  /** Default: the latest synthesis. */
  synthesis?: number;
  /** SWE-bench's `repo`, `owner/name` (default: the repository's GitHub link in the store, else its origin remote on github.com, else `local/<name>`). */
  repo?: string;
  /** Replace an earlier export of this format that swe-future wrote into `out` (never anything else). */
  force?: boolean;
  progress?: Progress;
}

export interface ExportResult {
  synthesis: number;
  format: ExportFormat;
  out: string;
  /** Files written, relative to `out`. */
  files: string[];
  exported: number;
  /**
   * Tasks left out, by why: rejected (never exported), spec (Harbor needs
   * tests), ungradable (verified, but SWE-bench's own log parser cannot tell
   * its tests apart in the gate's runs, or they were gated before its keys
   * were recorded: left out of swebench's hidden/tasks.jsonl).
   */
  skipped: { rejected: number; spec: number; ungradable: number };
}

/**
 * Writes a synthesis's tasks for other tools (docs/synthesis.md, "Export").
 * swebench: public/tasks.jsonl, hidden/tasks.jsonl, hidden/provenance.jsonl
 * and bundles/<repo>-<commit>.bundle. harbor: harbor/<instance_id>/ per
 * verified task. Everything is written to a fresh staging folder beside
 * `out` and only its own outputs are moved into place at the end; files it did
 * not write are never deleted or overwritten (src/api/export-target.ts: a
 * manifest of what it wrote; an earlier export of the same format is
 * replaced only with `force`). A failure leaves `out` as it was (or absent).
 * Every path is built from sanitised names and checked to stay inside `out`.
 */
export async function exportTasks(options: ExportOptions): Promise<ExportResult> {
  const progress = options.progress ?? silentProgress;
  const out = resolve(options.out);
  const parentInfo = await stat(dirname(out)).catch(() => null);
  if (parentInfo && !parentInfo.isDirectory()) throw new UserError('OUT_NOT_A_FOLDER', `${dirname(out)} is a file, so ${out} cannot be a folder`, 'Pass --out with a folder (it is created when missing).');
  const info = await stat(out).catch(() => null);
  if (info && !info.isDirectory()) throw new UserError('OUT_NOT_A_FOLDER', `${out} exists and is not a folder`, 'Pass --out with a folder (it is created when missing).');

  const store = openStore(options.db, { readonly: true });
  let synthesis: StoredSynthesis;
  let families: Map<string, ReturnType<typeof loadForecast>['families'][number]>;
  let storedSlug: string | null;
  try {
    synthesis = loadSynthesis(store, options.synthesis ?? latestSynthesisId(store));
    families = new Map(loadForecast(store, synthesis.forecastId).families.map((f) => [f.id, f]));
    storedSlug = store.db.prepare<[string], string>('SELECT g.full_name FROM github_repos g JOIN repos r ON r.id = g.repo_id WHERE r.path = ?').pluck().get(synthesis.repo.path) ?? null;
  } finally {
    store.close();
  }
  const rejected = synthesis.tasks.filter((t) => t.status === 'rejected').length;
  const spec = synthesis.tasks.filter((t) => t.status === 'spec').length;
  const tasks = synthesis.tasks.filter((t) => t.status === 'verified' || (options.format === 'swebench' && t.status === 'spec'));
  const gradable = tasks.filter((t) => gradableLists(t) !== null);
  const ungradable = options.format === 'swebench' ? tasks.filter((t) => t.status === 'verified' && gradableLists(t) === null).length : 0;
  const specs = tasks.filter((t) => t.status === 'spec');
  const written = options.format === 'swebench' ? [...gradable, ...specs].sort((a, b) => a.ord - b.ord) : tasks;

  // Staged beside `out` (same file system, so the final moves are renames); `out` is made only at the end.
  const target = await prepareExportTarget(out, FORMAT_FOLDERS[options.format], options.force ?? false);
  const staging = target.staging;
  const files: string[] = [];
  const put = async (rel: string, content: string | { copy: string }, executable = false) => {
    const checked = insideRelative(staging, rel);
    if (checked === null || checked !== rel) throw new Error(`export path ${JSON.stringify(rel)} would leave the output folder`);
    const full = join(staging, rel);
    await mkdir(dirname(full), { recursive: true });
    if (typeof content === 'string') await writeFile(full, content);
    else await link(content.copy, full).catch(() => copyFile(content.copy, full));
    if (executable) await chmod(full, 0o755);
    files.push(rel);
  };
  try {
    const bundleName = `${safeName(synthesis.repo.name)}-${synthesis.tgen.commit.slice(0, 12)}.bundle`;
    const bundle = join(staging, '.bundle');
    progress.stage(`bundling ${synthesis.repo.name} up to ${synthesis.tgen.commit.slice(0, 12)}`);
    const git = await openRepository(synthesis.repo.path).catch((err: unknown) => {
      if (err instanceof UserError) throw new UserError(err.code, `The synthesis's repository ${synthesis.repo.path} cannot be opened: ${err.message}`, 'Put the repository back where it was synthesized from.');
      throw err;
    });
    const manifests: Record<string, string | null> = {};
    for (const f of RUNTIME_FILES) {
      const bytes = await git.readFileAt(synthesis.tgen.commit, f).catch(() => null);
      manifests[f] = bytes ? Buffer.from(bytes).toString('utf8') : null;
    }
    const slug = repoSlug({ given: options.repo, stored: storedSlug, origin: await originUrl(git.facts.gitdir), name: synthesis.repo.name });
    try {
      await writeTgenBundle({ gitdir: git.facts.gitdir, commit: synthesis.tgen.commit, branch: git.facts.defaultBranch, file: bundle });
    } finally {
      await git.close();
    }
    const ctx = (task: StoredTask, bundlePath: string): ExportContext => ({
      synthesisId: synthesis.id,
      validationId: synthesis.validationId,
      forecastId: synthesis.forecastId,
      repo: synthesis.repo.name,
      repoSlug: slug,
      t0: synthesis.t0,
      windowEnd: synthesis.windowEnd,
      tgen: synthesis.tgen,
      testCommand: synthesis.testCommand,
      bundle: bundlePath,
      family: families.get(task.familyId) ?? null,
    });

    progress.stage(`writing ${written.length} tasks (${options.format})`);
    if (options.format === 'swebench') {
      const bundlePath = `bundles/${bundleName}`;
      await put(bundlePath, { copy: bundle });
      await put('public/tasks.jsonl', jsonl(written.map((t) => swebenchPublic(t, ctx(t, bundlePath)))));
      // Only tasks a harness can grade; specifications apart, never with empty lists that would score any patch as resolved.
      if (gradable.length > 0) await put('hidden/tasks.jsonl', jsonl(gradable.map((t) => swebenchRecord(t, ctx(t, bundlePath)))));
      if (specs.length > 0) await put('specs/tasks.jsonl', jsonl(specs.map((t) => specRecord(t, ctx(t, bundlePath)))));
      await put('hidden/provenance.jsonl', jsonl(written.map((t) => provenanceRecord(t, ctx(t, bundlePath)))));
    } else {
      for (const task of tasks) {
        const folder = `harbor/${safeName(task.instanceId)}`;
        const runtime = runtimeImage(manifests, task.execution?.format ?? null);
        // The image installs what the execution gate installed (its networked form), and a failure fails the build.
        const gateInstall = imageInstall(synthesis.config.install as { command: string } | null | undefined);
        const image = gateInstall ? { ...runtime, install: gateInstall } : runtime;
        for (const f of harborTask(task, ctx(task, HARBOR_BUNDLE), image)) await put(`${folder}/${f.path}`, f.content, f.executable);
        await put(`${folder}/${HARBOR_BUNDLE}`, { copy: bundle });
      }
    }
    await rm(bundle, { force: true });
    await commitExport(target, files);
  } finally {
    await discardStaging(target);
  }
  return { synthesis: synthesis.id, format: options.format, out, files: files.sort(), exported: written.length, skipped: { rejected, spec: options.format === 'harbor' ? spec : 0, ungradable } };
}
