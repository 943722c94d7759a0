import { keywordCategory } from '../../text/category.js';
import type { Category, FamilyEvidence, TaskFamily } from '../model.js';
import type { Series } from './series.js';
import type { SeriesScore } from '../backtest/series.js';

/**
 * A series stated as its next task: the same change for the targets still not
 * done at T0, named ("Add type hints to the remaining test modules in tests
 * (`test_a.py`, `test_b.py`)"). The words around the slot are the project's
 * own, from the series' newest change.
 */

const SHOWN = 4;

/** A target as the title shows it: a file by its name, an identifier as code. */
function shown(s: Series, target: string): string {
  return `\`${s.slotKind === 'file' ? target.split('/').at(-1)! : target}\``;
}

function targetList(s: Series): string {
  const names = s.remaining.slice(0, SHOWN).map((t) => shown(s, t));
  const more = s.remaining.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

/** Where the remaining targets are: their folder(s), else the component. */
function where(s: Series): string {
  const folders = s.slotKind === 'file' ? [...new Set(s.remaining.map((r) => r.split('/').slice(0, -1).join('/')))] : s.folders.slice(0, 1);
  const place = folders.length === 1 ? folders[0]! : s.component ?? '';
  return place ? ` in ${place}` : '';
}

export function seriesTitle(s: Series): string {
  if (s.remaining.length === 1) return `${s.before}${shown(s, s.remaining[0]!)}${s.after}${where(s)}`;
  return `${s.before}the remaining ${s.noun}${s.after}${where(s)} (${targetList(s)})`;
}

/** The series' kind of work, by the words around its slot. */
export function seriesCategory(s: Series): Category {
  const text = `${s.before}${s.after}`;
  if (/\b(type (hints?|annotations?)|typing|tests?|rename|move|use|migrate|convert|replace|refactor|simplify|clean ?up)\b/i.test(text)) return 'refactor';
  return keywordCategory(text) ?? 'refactor';
}

export function renderSeries(s: Series, id: string, score: SeriesScore): TaskFamily {
  const first = s.changes.at(-1)!.date.slice(0, 10);
  const last = s.changes[0]!.date.slice(0, 10);
  const example = s.changes[0]!;
  const evidence: FamilyEvidence[] = s.changes.slice(0, 8).map((c) => ({
    kind: 'work_item', ref: c.ref, date: c.date, text: c.title,
    reason: `a change of the series "${s.before}…${s.after}" before T0 (target ${c.slot})`,
  }));
  const targets = s.remaining.map((t) => shown(s, t));
  return {
    id,
    category: seriesCategory(s),
    title: seriesTitle(s),
    anchor: { name: s.component ?? s.folders[0] ?? '', paths: s.folders.length ? s.folders : s.component ? [s.component] : [] },
    expected_behavior:
      `The series "${s.before}…${s.after}" (${s.changes.length} changes, ${first} to ${last}, e.g. "${example.title.trim()}" (${example.ref})) reaches the ${s.noun} still untouched at T0: ` +
      `${targets.join(', ')}. Each gets the change its done siblings got (${s.done.slice(0, 3).map((t) => shown(s, t)).join(', ')}), with behaviour otherwise unchanged.`,
    evidence,
    target_hints: s.slotKind === 'file' ? { paths: s.remaining, symbols: [] } : { paths: s.folders, symbols: s.remaining },
    acceptance_criteria: [
      ...s.remaining.slice(0, 6).map((t) => `${s.before}${shown(s, t)}${s.after}: done as for ${shown(s, example.slot.includes('/') ? example.slot : (s.done[0] ?? example.slot))}.`),
      'Every test that passed before the change still passes.',
    ],
    score: score.score,
    score_components: score.components,
    rationale:
      `A series of ${s.changes.length} pre-T0 changes whose titles differ only in their target (${s.slotKind}), ${first} to ${last}; ` +
      `${s.done.length} target(s) done, ${s.remaining.length} of the same shape in the snapshot not yet named by the series. ${score.why}`,
  };
}
