import type { TaskFamily } from '../../family/model.js';
import type { Match } from '../model.js';
import { pendingTask, titleActsOn } from './pending.js';

/**
 * A family stated from a TODO/FIXME note (or a stated limitation) whose note still stands, unchanged, at the window's
 * last change (`JudgeRequest.standing`, read from the clone by validation) had its work not done: no later change is
 * strong or related for it, whatever words or symbols of the note's file it shares (issue 16 cause L2; people reject
 * these families: judges40-disagreements.md). Without the reading (no clone) the matches stay as they were.
 */
export const STANDING_NOTE_RULE = 'standing-note-v2';

/**
 * v2 (judges45): a pending runtime task ("Drop support for Python 3.8 in …", "Add Node.js 24 to the test matrix in …")
 * whose runtime declaration still says at the window's last change what it said at T0 (src/api/standing-runtimes.ts)
 * is read the same way: its work was not done, so no change is strong for it, and only a change whose title adds or
 * drops another version of that runtime continues its line (related); one whose diff alone moved versions is no match.
 */
export function standingReason(family: TaskFamily, standing: string): string {
  return pendingTask(family.title)?.kind === 'runtime'
    ? `its runtime declaration is unchanged at the window's end (${standing.slice(0, 80)}; work not done)`
    : `its note "${standing.slice(0, 60)}" still stands at the window's end (work not done)`;
}

export function withStandingNote(family: TaskFamily, matches: readonly Match[], standing: Readonly<Record<string, string>> | undefined): Match[] {
  const note = standing?.[family.id];
  if (note === undefined) return [...matches];
  const task = pendingTask(family.title);
  return matches.map((m) => {
    if (m.label === 'rejected') return m;
    // A runtime task not done is still continued by a change whose title adds or drops another version of that runtime
    // (httpx's "Add support for Python 3.13" for "Drop support for Python 3.8": people related); not by one whose diff
    // alone moved versions (packaging's "chore: use docs group": people rejected).
    if (task?.kind === 'runtime' && titleActsOn(m.title, task.runtime)) return { ...m, label: 'related' as const, reason: `${standingReason(family, note)}; continues its line${m.label === 'related' ? '' : `; was ${m.label}`}: ${m.reason}` };
    return { ...m, label: 'rejected' as const, reason: `${standingReason(family, note)}; was ${m.label}: ${m.reason}` };
  });
}
