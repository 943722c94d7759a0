import type { TaskFamily } from '../forecast/model.js';
import type {
  Allocation, Execution, LeakageReport, Rejection, SynthesisBackend, SynthesisCounts, SynthesizedTask, TaskDraft, ValidatedLabel,
} from './model.js';

/**
 * One task from what each step said about its slot. Status: `rejected` when
 * any step rejected it; else `verified` when it passed the execution gate;
 * else `spec` (the template backend, which is never executed).
 */
export function assembleTask(args: {
  ord: number;
  family: TaskFamily;
  label: ValidatedLabel;
  backend: SynthesisBackend;
  slot: Allocation;
  draft: TaskDraft | null;
  rejection: Rejection | null;
  leakage: LeakageReport | null;
  execution: Execution | null;
}): SynthesizedTask {
  const { draft, family } = args;
  const status = args.rejection ? 'rejected' : args.execution ? 'verified' : args.backend === 'template' ? 'spec' : 'rejected';
  const rejection = args.rejection ?? (status === 'rejected' ? { code: 'NO_FAIL_TO_PASS' as const, reason: 'the task was never executed' } : null);
  return {
    ord: args.ord,
    familyId: family.id,
    familyTitle: family.title,
    category: family.category,
    label: args.label,
    familyScore: family.score,
    backend: args.backend,
    status,
    rejection,
    title: draft?.title ?? family.title,
    problemStatement: draft?.problemStatement ?? '',
    hints: draft?.hints ?? '',
    acceptanceCriteria: draft?.acceptanceCriteria ?? [],
    droppedCriteria: draft?.droppedCriteria ?? [],
    testPatch: draft?.testPatch ?? '',
    goldPatch: draft?.goldPatch ?? '',
    failToPass: status === 'verified' ? (args.execution?.failToPass ?? []) : [],
    passToPass: status === 'verified' ? (args.execution?.passToPass ?? []) : [],
    focus: draft?.focus ?? { paths: [], symbols: [] },
    allocation: args.slot,
    leakage: args.leakage,
    execution: args.execution,
  };
}

/** Tasks per status, per family and per rejection code. */
export function countTasks(tasks: readonly SynthesizedTask[]): SynthesisCounts {
  const counts: SynthesisCounts = { tasks: tasks.length, spec: 0, verified: 0, rejected: 0, perFamily: {}, rejections: {} };
  for (const t of tasks) {
    counts[t.status]++;
    const f = (counts.perFamily[t.familyId] ??= { tasks: 0, spec: 0, verified: 0, rejected: 0 });
    f.tasks++;
    f[t.status]++;
    if (t.rejection) counts.rejections[t.rejection.code] = (counts.rejections[t.rejection.code] ?? 0) + 1;
  }
  return counts;
}
