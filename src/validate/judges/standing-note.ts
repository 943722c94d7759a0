import type { TaskFamily } from '../../family/model.js';
import type { Match } from '../model.js';

/**
 * A family stated from a TODO/FIXME note (or a stated limitation) whose note still stands, unchanged, at the window's
 * last change (`JudgeRequest.standing`, read from the clone by validation) had its work not done: no later change is
 * strong or related for it, whatever words or symbols of the note's file it shares (issue 16 cause L2; people reject
 * these families: judges40-disagreements.md). Without the reading (no clone) the matches stay as they were.
 */
export const STANDING_NOTE_RULE = 'standing-note-v1';

export function withStandingNote(family: TaskFamily, matches: readonly Match[], standing: Readonly<Record<string, string>> | undefined): Match[] {
  const note = standing?.[family.id];
  if (note === undefined) return [...matches];
  return matches.map((m) => (m.label === 'rejected' ? m : { ...m, label: 'rejected' as const, reason: `its note "${note.slice(0, 60)}" still stands at the window's end (work not done); was ${m.label}: ${m.reason}` }));
}
