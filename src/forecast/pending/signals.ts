import type { Evidence, Snapshot } from '../../snapshot/model.js';
import { compareText } from '../../text/order.js';
import type { Signal } from '../heuristic/signals.js';
import { entriesKnownAt } from './calendar.js';
import { runtimeTasks } from './runtimes.js';
import { announcesDeprecation, removalTarget } from './stated.js';

type Pending = Extract<Evidence, { kind: 'pending' }>;

/**
 * Pending-work signals from the repository alone: each deprecation notice with
 * a target ("Remove `x`, deprecated for removal in 3.0"), and each declaration
 * of a runtime whose lowest version reaches end of life within six months of
 * T0, or whose CI matrix lacks a release shipped in the year before T0, by the
 * shipped calendar's entries published by T0. Declarations of the same
 * runtime state the same task, so they cluster into one family.
 */
export function pendingSignals(snapshot: Snapshot, topicOf: (text: string) => string[], areasOf: (paths: string[]) => string[]): Signal[] {
  const known = entriesKnownAt(snapshot.t0);
  // Known failures and statements of missing support are stated as families of their own (stated.ts).
  const rows = snapshot.evidence.filter((e): e is Pending => e.kind === 'pending' && (e.signal === 'deprecation' || e.signal === 'runtime'));
  const out: Signal[] = [];
  const base = (e: Pending) => ({ ref: e.ref, kind: 'pending' as const, date: e.date, labels: [], recency: 1 });
  for (const e of rows) {
    // A notice that names nothing it deprecates states no checkable removal ("Remove the deprecated code"): no task.
    if (e.signal !== 'deprecation' || !e.subject) continue;
    // "this property will be deprecated in a future release": the task is to deprecate it, not to remove it.
    const when = removalTarget(e.target ?? '');
    const text = announcesDeprecation(e.text) ? `Deprecate \`${e.subject}\`, as announced for ${when}` : `Remove \`${e.subject}\` deprecated for removal in ${when}`;
    out.push({ ...base(e), text, topic: topicOf(`${e.text} ${e.subject} deprecate remove`), areas: areasOf([e.path]), paths: [e.path], category: 'refactor' });
  }
  // Runtimes: one task per runtime and kind (src/forecast/pending/runtimes.ts), every declaration it rests on cited.
  // Only a CI matrix states a release to add, and only Cargo.toml's history a raise of rust-version, so those stand on
  // one row; a drop rests on two (a manifest and a matrix).
  for (const task of runtimeTasks(rows, snapshot.t0, known)) {
    const category = task.task === 'add' ? 'feature' : 'refactor';
    // A raise anchors on the Cargo.toml whose history states it (its first row), not on clippy's msrv beside it; an
    // add on the test matrices lacking the release: a job's pin cited beside them counts for its own file's matrix, or
    // else for the first matrix (newcomer5: never a family placed in a publish or docs workflow).
    for (const e of task.rows) out.push({ ...base(e), text: task.text, topic: topicOf(task.topic), areas: [task.task === 'raise' || (task.task === 'add' && !e.matrix && !task.rows.some((r) => r.matrix && r.path === e.path)) ? task.rows[0]!.path : e.path], paths: [e.path], category, standsAlone: task.task !== 'drop' });
  }
  return out.sort((a, b) => compareText(a.ref, b.ref));
}

