import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportTasks } from '../../src/api/export.js';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { tempDir } from '../fixtures/repo.js';
import { demoValidation } from '../synthesize/demo-validation.js';

/**
 * The demo taken through a template synthesis (--total 6) and a SWE-bench
 * export, and an agent's outcomes on the exported tasks, written by the
 * tests in each results format the harnesses write.
 */
export async function exportedDemo(total = 6, edit?: Parameters<typeof demoValidation>[0]) {
  const demo = await demoValidation(edit);
  const synthesis = await synthesizeTasks({ db: demo.db, validation: demo.validationId, tgen: 'HEAD', total });
  const out = join(demo.dir, 'export');
  await exportTasks({ db: demo.db, format: 'swebench', out, synthesis: synthesis.id });
  const rows = readFileSync(join(out, 'public/tasks.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { instance_id: string });
  return { ...demo, synthesisId: synthesis.id, synthesis: synthesis.synthesis, ids: rows.map((r) => r.instance_id) };
}

/**
 * Outcomes by task position, one entry per attempt (1 solved, 0 not); by
 * hand: always (4/4), never (0/4), frontier (2/4), frontier (1/4),
 * undetermined (1/1), untested (no attempt).
 */
export const OUTCOMES: readonly (readonly (0 | 1)[])[] = [[1, 1, 1, 1], [0, 0, 0, 0], [1, 0, 1, 0], [0, 0, 1, 0], [1], []];
export const EXPECTED = [
  { attempts: 4, resolved: 4, pass_rate: 1, band: 'always' },
  { attempts: 4, resolved: 0, pass_rate: 0, band: 'never' },
  { attempts: 4, resolved: 2, pass_rate: 0.5, band: 'frontier' },
  { attempts: 4, resolved: 1, pass_rate: 0.25, band: 'frontier' },
  { attempts: 1, resolved: 1, pass_rate: 1, band: 'undetermined' },
  { attempts: 0, resolved: 0, pass_rate: null, band: 'untested' },
] as const;

export async function writeJsonl(ids: readonly string[], rows?: readonly unknown[]): Promise<string> {
  const dir = await tempDir('swe-future-results-');
  const lines = rows ?? ids.flatMap((id, i) => (OUTCOMES[i] ?? []).map((o, a) => ({ instance_id: id, attempt: a + 1, resolved: o === 1, agent: 'toy-agent' })));
  const file = join(dir, 'results.jsonl');
  writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return file;
}

/**
 * Four SWE-bench run reports as reporting.py writes them
 * (`<model>.<run_id>.json`, schema_version 2): run r resolves the tasks whose
 * r-th outcome is 1. The last task has a harness error in run 1 (no
 * attempt); one failed attempt is an empty patch.
 */
export async function writeSwebenchRuns(ids: readonly string[]): Promise<string[]> {
  const dir = await tempDir('swe-future-results-');
  const files: string[] = [];
  for (let run = 0; run < 4; run++) {
    const resolved = ids.filter((_, i) => OUTCOMES[i]?.[run] === 1);
    const failed = ids.filter((_, i) => OUTCOMES[i]?.[run] === 0);
    const empty = run === 0 ? failed.slice(0, 1) : [];
    const unresolved = failed.filter((id) => !empty.includes(id));
    const errors = run === 1 ? ids.filter((_, i) => (OUTCOMES[i] ?? []).length === 0) : [];
    const completed = [...resolved, ...unresolved].sort();
    const submitted = [...completed, ...empty, ...errors].sort();
    const report = {
      total_instances: ids.length,
      submitted_instances: submitted.length,
      completed_instances: completed.length,
      resolved_instances: resolved.length,
      unresolved_instances: unresolved.length,
      empty_patch_instances: empty.length,
      error_instances: errors.length,
      completed_ids: completed,
      incomplete_ids: ids.filter((id) => !submitted.includes(id)).sort(),
      empty_patch_ids: empty.sort(),
      submitted_ids: submitted,
      resolved_ids: resolved.sort(),
      unresolved_ids: unresolved.sort(),
      error_ids: errors.sort(),
      schema_version: 2,
    };
    const file = join(dir, `toy-org__toy-agent.run-${run + 1}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 4)}\n`);
    files.push(file);
  }
  return files;
}

/** A Harbor trial's result.json (harbor's TrialResult), as jobs/<job>/<trial_name>/result.json. */
export function harborTrial(taskName: string, trialName: string, reward: number | null, exception?: string) {
  return {
    id: '8f0a7f9e-3f5c-4d4e-9a55-0c1d2e3f4a5b',
    task_name: taskName,
    trial_name: trialName,
    trial_uri: `file:///jobs/toy-job/${trialName}`,
    task_id: { path: `export/harbor/${taskName}` },
    source: null,
    task_checksum: 'c0ffee',
    config: { task: { path: `export/harbor/${taskName}` }, trial_name: trialName, agent: { name: 'terminus-2', model_name: 'toy/model' } },
    agent_info: { name: 'terminus-2', version: '2.0.0', model_info: { name: 'toy/model', provider: 'toy' } },
    agent_result: { n_input_tokens: 1000, n_output_tokens: 200 },
    verifier_result: reward === null ? null : { rewards: { reward } },
    exception_info: exception ? { exception_type: exception, exception_message: 'boom', exception_traceback: '', occurred_at: '2026-01-01T00:00:00' } : null,
    started_at: '2026-01-01T00:00:00',
    finished_at: '2026-01-01T00:10:00',
  };
}

/** 7 characters, as shortuuid gives them. */
export function trialSuffix(i: number, a: number): string {
  return `T${i}a${a}x${'abc'[a % 3]}Q`.slice(0, 7).padEnd(7, 'z');
}

/** One Harbor trial result.json per attempt, in a job folder; the untested task's trial failed with an exception. */
export async function writeHarborTrials(ids: readonly string[]): Promise<string[]> {
  const dir = await tempDir('swe-future-results-');
  const files: string[] = [];
  ids.forEach((id, i) => {
    const outcomes = OUTCOMES[i] ?? [];
    const trials = outcomes.length > 0 ? outcomes.map((o, a) => ({ name: `${id.slice(0, 32)}__${trialSuffix(i, a)}`, reward: o as number | null })) : [{ name: `${id.slice(0, 32)}__${trialSuffix(i, 0)}`, reward: null }];
    for (const t of trials) {
      const folder = join(dir, 'toy-job', t.name);
      mkdirSync(folder, { recursive: true });
      const file = join(folder, 'result.json');
      writeFileSync(file, JSON.stringify(harborTrial(id, t.name, t.reward, t.reward === null ? 'AgentTimeoutError' : undefined), null, 2));
      files.push(file);
    }
  });
  return files;
}

/** The job's own result.json (harbor's JobResult): trial names per reward under stats.evals. */
export async function writeHarborJob(ids: readonly string[]): Promise<string> {
  const dir = await tempDir('swe-future-results-');
  const byReward: Record<string, string[]> = { '1.0': [], '0.0': [] };
  ids.forEach((id, i) => (OUTCOMES[i] ?? []).forEach((o, a) => byReward[o === 1 ? '1.0' : '0.0']!.push(`${id.slice(0, 32)}__${trialSuffix(i, a)}`)));
  const job = {
    id: '1b2c3d4e-0000-4000-8000-000000000000',
    started_at: '2026-01-01T00:00:00',
    finished_at: '2026-01-01T01:00:00',
    n_total_trials: Object.values(byReward).flat().length,
    stats: {
      n_trials: Object.values(byReward).flat().length,
      n_errors: 0,
      evals: { 'terminus-2__toy/model__adhoc': { n_trials: Object.values(byReward).flat().length, n_errors: 0, metrics: [{ mean: 0.5 }], reward_stats: { reward: byReward }, exception_stats: {} } },
    },
  };
  const file = join(dir, 'result.json');
  writeFileSync(file, JSON.stringify(job, null, 2));
  return file;
}
