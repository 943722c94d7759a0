import { surfaceForms } from '../../text/tokens.js';
import type { FamilyEvidence, TaskFamily } from '../model.js';
import type { Scored } from './score.js';
import type { Signal } from './signals.js';
import { compareText } from '../../text/order.js';
import { isFragmentWord, isHashLike, isVersionString } from '../../text/clean.js';
import { familyText, type FamilyText } from './title.js';

/** A word that may be shown as a shared term: no contraction leftover, contributor name, version or hash. */
export function isKeyword(word: string, names: ReadonlySet<string>): boolean {
  return word.length >= 3 && !isFragmentWord(word) && !names.has(word.toLowerCase()) && !isVersionString(word) && !isHashLike(word) && !/^\d/.test(word);
}

/**
 * Writes a scored cluster out as a TaskFamily: the task it states, in its own
 * evidence's words (title.ts), with every cited row and a rationale a person
 * can check. Null when no signal of the cluster states a task.
 */
export function renderFamily(
  scored: Scored,
  id: string,
  idf: (term: string) => number,
  names: ReadonlySet<string>,
  extra: { score: number; components: Record<string, number>; why: string } | null = null,
  stated: FamilyText | null = null,
): TaskFamily | null {
  const members = [...scored.cluster.members].sort((a, b) => compareText(b.date, a.date) || compareText(a.ref, b.ref));
  const anchor = scored.anchor.name;
  const text = stated ?? familyText(members, scored.category, anchor, names);
  if (!text) return null;
  const terms = topTerms(members, idf, 4, anchor, names);
  const files = topFiles(members, 5);
  const counts = countKinds(members);
  const first = members[members.length - 1]!.date.slice(0, 10);
  const last = members[0]!.date.slice(0, 10);
  const score = extra?.score ?? scored.score;
  return {
    id,
    category: scored.category,
    title: text.title,
    anchor: scored.anchor,
    expected_behavior: text.expectedBehavior,
    // One row per cited ref: a CI matrix row can say two things (a runtime to drop, one to add).
    evidence: statedFirst(members, text.representative).filter((m, i, all) => all.findIndex((o) => o.ref === m.ref) === i).map((m) => evidenceRow(m, anchor, terms)),
    target_hints: { paths: files, symbols: symbolsOf(members) },
    acceptance_criteria: text.acceptanceCriteria,
    score,
    score_components: extra?.components ?? scored.components,
    rationale:
      `Forecast from ${members.length} pre-T0 signals dated ${first} to ${last}: ${counts}; the title is ${text.representative}'s, as a task. ` +
      `They share the terms ${terms.map((t) => `"${t}"`).join(', ') || '(none)'} and mostly touch ${anchor}. ` +
      `Category ${scored.category} by the weighted votes bugfix ${scored.votes.bugfix}, feature ${scored.votes.feature}, refactor ${scored.votes.refactor} ` +
      `(labels and conventional-commit prefixes first, then keywords). ` +
      (extra ? extra.why : `Score ${scored.score.toFixed(2)} = ${Object.entries(scored.components).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} (weights in docs/forecast.md).`),
  };
}

/**
 * The members the title states first: its representative, then the other open signals (notes, notices, roadmap
 * items), then the merged changes of the area, each part newest first. clap's "HACK: we should use `Self::add` …" was
 * cited 7th and 8th, behind six docs and feature changes of its file, so `forecast` showed none of it (newcomer22).
 */
function statedFirst(members: readonly Signal[], representative: string): Signal[] {
  const rank = (m: Signal) => (m.ref === representative ? 0 : m.kind !== 'work_item' && m.kind !== 'changelog' ? 1 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b));
}

function evidenceRow(m: Signal, anchor: string, terms: readonly string[]): FamilyEvidence {
  const lower = m.text.toLowerCase();
  const shared = terms.filter((t) => lower.includes(t.toLowerCase()));
  const about = shared.length ? ` about ${shared.join(', ')}` : '';
  const where = m.areas.includes(anchor) ? ` in ${anchor}` : m.areas[0] ? ` in ${m.areas[0]}` : '';
  const reason = {
    work_item: `pull request or commit before T0${where}${about}`,
    todo: `open note at T0${where}${about}`,
    changelog: `upcoming-release changelog entry${about}`,
    roadmap: `open roadmap item${about}`,
    issue: `issue or pull request on the tracker at T0${where}${about}`,
    pending: `pending work announced in the repository at T0${where}${about}`,
  }[m.kind];
  return { kind: m.kind, ref: m.ref, date: m.date, text: m.text, reason };
}

/** The cluster's most distinctive terms: frequency across members times idf, printed in their common surface form. */
function topTerms(members: readonly Signal[], idf: (term: string) => number, k: number, anchor: string, names: ReadonlySet<string>): string[] {
  const anchorWords = new Set(anchor.toLowerCase().split(/[^a-z0-9]+/));
  const freq = new Map<string, number>();
  for (const m of members) for (const t of new Set(m.topic)) freq.set(t, (freq.get(t) ?? 0) + 1);
  const forms = surfaceForms(members.map((m) => m.text));
  const ranked = (minFreq: number) =>
    [...freq]
      .filter(([, f]) => f >= minFreq)
      .sort((a, b) => b[1] * idf(b[0]) - a[1] * idf(a[0]) || compareText(a[0], b[0]))
      .map(([t]) => forms.get(t))
      .filter((w): w is string => Boolean(w) && !anchorWords.has(w!) && isKeyword(w!, names))
      .slice(0, k);
  // Terms shared by two or more signals; when the signals share none (they cluster by area), the most distinctive ones.
  const shared = members.length > 2 ? ranked(2) : [];
  return shared.length ? shared : ranked(1);
}

function topFiles(members: readonly Signal[], k: number): string[] {
  const counts = new Map<string, number>();
  for (const m of members) for (const p of m.paths) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).slice(0, k).map(([p]) => p);
}

/** Identifiers that look like code in the signals' text: `quoted`, camelCase, snake_case, call(). */
function symbolsOf(members: readonly Signal[]): string[] {
  const found = new Map<string, number>();
  for (const m of members) {
    for (const match of m.text.matchAll(/`([A-Za-z_][\w.]*)`|\b([a-z]+[A-Z][A-Za-z0-9]*|[a-z]+_[a-z0-9_]+|[A-Za-z_]\w*(?=\(\)))/g)) {
      const sym = match[1] ?? match[2];
      if (sym && sym.length > 2) found.set(sym, (found.get(sym) ?? 0) + 1);
    }
  }
  return [...found].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).slice(0, 6).map(([s]) => s);
}

function countKinds(members: readonly Signal[]): string {
  const names = { work_item: 'pull requests/commits', todo: 'TODO/FIXME notes', changelog: 'changelog entries', roadmap: 'roadmap items', issue: 'tracker issues/PRs', pending: 'pending-work notices' };
  const counts = new Map<string, number>();
  for (const m of members) counts.set(m.kind, (counts.get(m.kind) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${names[k as Signal['kind']]}`).join(', ');
}
