import type { TaskFamily } from '../../family/model.js';
import type { WorkItem, WorkKind } from '../../sources/model.js';
import { classifyWork } from '../../sources/work-kind.js';
import type { Match } from '../model.js';
import { quotedTitleTexts } from './direction.js';
import { familyPaths, itemCategory, kindAgrees, touchedPaths } from './shared.js';

/**
 * The one path from a family to later work counted apart (issue 16; ../shared/judging-rules.md: releases, version
 * bumps, translations "unless the family predicts exactly that chore"). A family whose own work is a chore kind's
 * — a title it quotes ("continuing "Changelog for 4.13.4"", "continuing "feat(translation): add en translation for
 * urn_rfc2141"") is, read alone, a release or a translation (src/sources/work-kind.ts) — may match an apart item of
 * exactly that kind, and nothing else apart:
 * - in the family's own paths (echo.go for "Extend echo.go: changelog"; translations/ for "Extend translations: …"),
 *   the apart item does the chore again: `strong`;
 * - in the files of the quoted work only: `related`;
 * - elsewhere, or of another kind (a release for a translation family), or another kind of work than the family's
 *   (a `feat:` translation for a bugfix family; a bugfix family does not predict a chore unless the quoted chore is
 *   itself a fix): nothing.
 * Branch merges, chores and bot work are never matched: a branch merge matches nothing (issue 16).
 */
export const APART_KINDS: readonly WorkKind[] = ['release', 'translation'];

/** The chore kind a family's own work is (the kind of the titles it quotes), or null. */
export function familyChoreKind(family: TaskFamily): WorkKind | null {
  // Every title it quotes is that chore: a family also continuing other work ("Deprecate `ServerState` …" and
  // "Version 0.34.0") predicts that work, the chore being what its files saw besides.
  const kinds = new Set(quotedTitleTexts(family.expected_behavior).map((title) => {
    const { kind } = classifyWork({ title, number: null, paths: [], bot: false, integration: false, diffWork: false });
    return APART_KINDS.includes(kind) && (family.category !== 'bugfix' || /^(?:fix|\w+(?:\([^)]*\))?!?:\s*fix)\b/i.test(title.trim())) ? kind : null;
  }));
  return kinds.size === 1 ? [...kinds][0]! : null;
}

/**
 * The matches of a family among the window's apart items (APART_KINDS only), each labelled by the rule above, with
 * a reason naming the chore line it rests on; none for a family whose work is no chore.
 */
export function apartMatches(family: TaskFamily, apart: readonly WorkItem[] | undefined, quoted: readonly string[] = []): Match[] {
  if (!apart || apart.length === 0) return [];
  const kind = familyChoreKind(family);
  if (kind === null) return [];
  const paths = familyPaths(family);
  const out: Match[] = [];
  for (const item of apart) {
    if (classifyWork(item).kind !== kind) continue;
    if (kindAgrees(itemCategory(item), family.category) === false) continue;
    const own = touchedPaths(item.paths, paths);
    const inQuoted = own.length === 0 && item.paths.some((p) => quoted.includes(p));
    if (own.length === 0 && !inQuoted) continue;
    const label = own.length > 0 ? 'strong' : 'related';
    const where = own.length > 0 ? `touches ${own.slice(0, 2).join(', ')}` : 'in the quoted work\'s files';
    out.push({ key: item.key, title: item.title, label, score: own.length > 0 ? 1 : 0.5, reason: `direction: does its quoted ${kind} chore again (counted apart, predicted by the family); ${where}` });
  }
  return out;
}
