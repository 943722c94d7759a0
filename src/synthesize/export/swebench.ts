import type { TaskFamily } from '../../forecast/model.js';
import type { SynthesizedTask } from '../model.js';

/**
 * SWE-bench's instance format (the fields of princeton-nlp/SWE-bench, with
 * FAIL_TO_PASS and PASS_TO_PASS as JSON-encoded strings, as the dataset
 * stores them) plus swe-future's fields. A task is split three ways:
 *
 *   public/tasks.jsonl       what a solver may see: the request and where the code is
 *   hidden/tasks.jsonl       the full SWE-bench record a harness needs: patches, test lists, our fields
 *   hidden/provenance.jsonl  where it came from: family, verdict label, allocation, leakage, execution log
 */

export interface ExportContext {
  synthesisId: number;
  validationId: number;
  forecastId: number;
  repo: string;
  t0: string;
  windowEnd: string;
  tgen: { given: string; commit: string; time: string };
  testCommand: string | null;
  /** Path of the task's repository bundle, relative to the export folder. */
  bundle: string;
  /** The family the task came from, as frozen at T0. */
  family: TaskFamily | null;
}

export interface SwebenchPublic {
  instance_id: string;
  repo: string;
  base_commit: string;
  problem_statement: string;
  hints_text: string;
  created_at: string;
  version: string;
  environment_setup_commit: string;
  category: string;
  status: string;
  repo_bundle: string;
}

export interface SwebenchRecord extends Omit<SwebenchPublic, 'repo_bundle'> {
  patch: string;
  test_patch: string;
  FAIL_TO_PASS: string;
  PASS_TO_PASS: string;
  family: string;
  family_title: string;
  label: string;
  text_leakage: number | null;
  text_leakage_item: string | null;
  patch_leakage: number | null;
  patch_leakage_item: string | null;
  test_command: string | null;
  repo_bundle: string;
  synthesis_id: number;
}

/** `version` is the Tgen date: the environment a task runs in is the repository as of that commit. */
export function swebenchPublic(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): SwebenchPublic {
  return {
    instance_id: task.instanceId,
    repo: ctx.repo,
    base_commit: ctx.tgen.commit,
    problem_statement: task.problemStatement,
    hints_text: task.hints,
    created_at: ctx.tgen.time,
    version: ctx.tgen.time.slice(0, 10),
    environment_setup_commit: ctx.tgen.commit,
    category: task.category,
    status: task.status,
    repo_bundle: ctx.bundle,
  };
}

export function swebenchRecord(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): SwebenchRecord {
  const { repo_bundle, ...pub } = swebenchPublic(task, ctx);
  return {
    ...pub,
    patch: task.goldPatch,
    test_patch: task.testPatch,
    FAIL_TO_PASS: JSON.stringify(task.failToPass),
    PASS_TO_PASS: JSON.stringify(task.passToPass),
    family: task.familyId,
    family_title: task.familyTitle,
    label: task.label,
    text_leakage: task.leakage?.text.score ?? null,
    text_leakage_item: task.leakage?.text.key ?? null,
    patch_leakage: task.leakage?.patch?.score ?? null,
    patch_leakage_item: task.leakage?.patch?.key ?? null,
    test_command: ctx.testCommand,
    repo_bundle,
    synthesis_id: ctx.synthesisId,
  };
}

export function provenanceRecord(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): Record<string, unknown> {
  return {
    instance_id: task.instanceId,
    synthesis_id: ctx.synthesisId,
    validation_id: ctx.validationId,
    forecast_id: ctx.forecastId,
    t0: ctx.t0,
    window_end: ctx.windowEnd,
    tgen: ctx.tgen,
    backend: task.backend,
    label: task.label,
    family: ctx.family,
    allocation: task.allocation,
    focus: task.focus,
    acceptance_criteria: task.acceptanceCriteria,
    dropped_criteria: task.droppedCriteria,
    leakage: task.leakage,
    execution: task.execution,
  };
}

/** JSON Lines: one compact JSON object per line, a newline after each. */
export function jsonl(rows: readonly unknown[]): string {
  return rows.map((r) => `${JSON.stringify(r)}\n`).join('');
}
