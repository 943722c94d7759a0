import type { TaskFamily } from '../../forecast/model.js';
import type { SynthesizedTask } from '../model.js';
import { splitDiff } from '../patch.js';

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
  /** The repository's `owner/name` (SWE-bench's `repo`): --repo, else its GitHub link in the store, else its origin remote, else `local/<name>`. */
  repoSlug: string;
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
  /** SWE-bench >= 5 reads these per instance (swebench/harness/utils.py make_test_spec). */
  log_parser: string;
  eval_type: 'pass_and_fail';
  eval_script: string;
  image: string;
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

/**
 * `version` names the environment: every task of one Tgen runs in the
 * repository as of that commit, so it is the commit's first 12 hex digits, a
 * key a harness spec (MAP_REPO_VERSION_TO_SPECS[repo][version]) can be
 * registered under (docs/export.md). `problem_statement` is the issue's title
 * and body, as SWE-bench's are.
 */
export function swebenchPublic(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): SwebenchPublic {
  return {
    instance_id: task.instanceId,
    repo: ctx.repoSlug,
    base_commit: ctx.tgen.commit,
    problem_statement: statementWithTitle(task.title, task.problemStatement),
    hints_text: task.hints,
    created_at: ctx.tgen.time,
    version: swebenchVersion(ctx.tgen.commit),
    environment_setup_commit: ctx.tgen.commit,
    category: task.category,
    status: task.status,
    repo_bundle: ctx.bundle,
  };
}

export function swebenchVersion(commit: string): string {
  return commit.slice(0, 12);
}

export function statementWithTitle(title: string, statement: string): string {
  const body = statement.trim();
  const first = (body.split('\n', 1)[0] ?? '').replace(/^#+\s*/, '').trim();
  return first === title.trim() ? body : `${title.trim()}\n\n${body}`;
}

/** The lists a stock SWE-bench harness grades with: the gate's runs keyed by SWE-bench's own parser. Null when it has none. */
export function gradableLists(task: SynthesizedTask): NonNullable<NonNullable<SynthesizedTask['execution']>['swebench']> | null {
  const lists = task.status === 'verified' ? task.execution?.swebench : null;
  if (!lists || lists.failToPass.length === 0 || !lists.goldResolves || lists.emptyPatchResolves) return null;
  return lists;
}

/** The Docker image name SWE-bench derives for an instance (swebench/task/checks.py expected_image). */
export function swebenchImage(instanceId: string): string {
  return `swebench/${`sweb.eval.x86_64.${instanceId}:latest`.toLowerCase()}`.replace(/__/g, '_1776_');
}

/**
 * A SWE-bench eval script (what a harness runs in the instance's image at
 * /testbed after applying the model's patch): the test files back to
 * Tgen, the test patch, the test command between the markers the harness
 * slices its log at, the test files back again. The fixed environment is the
 * gate's (src/exec/run.ts).
 */
export function evalScript(task: SynthesizedTask, commit: string, testCommand: string, testPaths: readonly string[]): string {
  const quoted = testPaths.map((p) => `'${p.replace(/'/g, "'\\''")}'`).join(' ');
  const restore = `for f in ${quoted || "''"}; do [ -n "$f" ] || continue; git checkout -q ${commit} -- "$f" 2>/dev/null || rm -f "$f"; done`;
  let delimiter = 'EOF_SWE_FUTURE_TEST_PATCH';
  while (task.testPatch.includes(delimiter)) delimiter += '_';
  return [
    '#!/bin/bash',
    'set -uxo pipefail',
    'cd /testbed',
    restore,
    `git apply --whitespace=nowarn - <<'${delimiter}'`,
    task.testPatch.endsWith('\n') ? task.testPatch.slice(0, -1) : task.testPatch,
    delimiter,
    "echo '>>>>> Start Test Output'",
    `CI=1 NO_COLOR=1 FORCE_COLOR=0 bash -c ${shellQuote(testCommand)}`,
    "echo '>>>>> End Test Output'",
    restore,
    '',
  ].join('\n');
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, "'\\''")}'`;
}

export function swebenchRecord(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): SwebenchRecord {
  const { repo_bundle, ...pub } = swebenchPublic(task, ctx);
  const lists = gradableLists(task);
  if (!lists) throw new Error(`task ${task.instanceId} has no SWE-bench-gradable test lists`);
  const command = task.execution?.testCommand ?? ctx.testCommand ?? 'true';
  return {
    ...pub,
    patch: task.goldPatch,
    test_patch: task.testPatch,
    FAIL_TO_PASS: JSON.stringify(lists.failToPass),
    PASS_TO_PASS: JSON.stringify(lists.passToPass),
    log_parser: lists.parser,
    eval_type: 'pass_and_fail',
    eval_script: evalScript(task, ctx.tgen.commit, command, splitDiff(task.testPatch).map((c) => c.path)),
    image: swebenchImage(task.instanceId),
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

/**
 * A specification (template backend): no tests, no patches, nothing a harness
 * can grade, so it is written to specs/tasks.jsonl and never to the gradable
 * hidden/tasks.jsonl (where empty lists would score any patch as resolved).
 */
export function specRecord(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): Record<string, unknown> {
  const { repo_bundle, ...pub } = swebenchPublic(task, ctx);
  return {
    ...pub,
    family: task.familyId,
    family_title: task.familyTitle,
    label: task.label,
    acceptance_criteria: task.acceptanceCriteria,
    text_leakage: task.leakage?.text.score ?? null,
    text_leakage_item: task.leakage?.text.key ?? null,
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
