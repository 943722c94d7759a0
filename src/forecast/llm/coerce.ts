import { Category } from '../model.js';
import { editDistance } from '../../text/edit-distance.js';

/**
 * Tolerant reading of a model's family: what a careful person reading the
 * answer would take as meant, and nothing more. A number written as a string
 * (`"0.6"`, `"60%"`), one string where a list is asked for, a category in
 * another case or a near miss (`"Bugfix"`, `"bug"`, `"docs"`, `"featrue"`).
 * Every coercion is noted (`notes`), so the audit record says what was read
 * differently from what was written. What cannot be read this way stays
 * invalid and goes to the repair round with its exact problem.
 */

/** Other names a model gives the three categories. Documentation, CI, test and translation work change no behaviour: refactor. */
const CATEGORY_SYNONYMS: Record<string, Category> = {
  bug: 'bugfix', fix: 'bugfix', bugfixes: 'bugfix', 'bug-fix': 'bugfix', bug_fix: 'bugfix', 'bug fix': 'bugfix', defect: 'bugfix', fixes: 'bugfix',
  feat: 'feature', features: 'feature', enhancement: 'feature', improvement: 'feature', 'new feature': 'feature', addition: 'feature',
  refactoring: 'refactor', cleanup: 'refactor', 'clean-up': 'refactor', restructure: 'refactor', maintenance: 'refactor', chore: 'refactor',
  docs: 'refactor', doc: 'refactor', documentation: 'refactor', ci: 'refactor', build: 'refactor', test: 'refactor', tests: 'refactor',
  testing: 'refactor', translation: 'refactor', translations: 'refactor', i18n: 'refactor', perf: 'refactor', performance: 'refactor',
};

/** A category as written → one of the three, or null when nothing close. */
export function readCategory(value: unknown): Category | null {
  if (typeof value !== 'string') return null;
  const key = value.trim().toLowerCase();
  const exact = Category.safeParse(key);
  if (exact.success) return exact.data;
  if (CATEGORY_SYNONYMS[key]) return CATEGORY_SYNONYMS[key]!;
  // A typo: within two edits of exactly one category.
  const near = Category.options.filter((c) => editDistance(key, c) <= 2);
  return near.length === 1 ? near[0]! : null;
}

/** A score as written → a number: `0.6`, `"0.6"`, `"60%"`. Else null. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(%?)\s*$/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] ? n / 100 : n;
}

/** A list as written: a list stays, one string becomes a list of one, absent stays absent. */
function asList(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  return value;
}

export interface Coerced {
  value: unknown;
  /** What was read differently from how it was written, for the audit record. */
  notes: string[];
}

/** Applies the tolerant readings to one raw family (any JSON); the result still goes through the strict schema. */
export function coerceFamily(raw: unknown, at: string): Coerced {
  const notes: string[] = [];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { value: raw, notes };
  const f: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (f.category !== undefined) {
    const category = readCategory(f.category);
    if (category !== null && category !== f.category) {
      notes.push(`${at}.category "${String(f.category)}" read as "${category}"`);
      f.category = category;
    }
  }
  if (f.score !== undefined && typeof f.score !== 'number') {
    const score = readNumber(f.score);
    if (score !== null) {
      notes.push(`${at}.score ${JSON.stringify(f.score)} read as ${score}`);
      f.score = score;
    }
  }
  for (const key of ['acceptance_criteria', 'evidence'] as const) {
    if (typeof f[key] === 'string') {
      notes.push(`${at}.${key}: one string read as a list of one`);
      f[key] = asList(f[key]);
    }
  }
  for (const key of ['anchor', 'target_hints'] as const) {
    const obj = f[key];
    if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
      const copy: Record<string, unknown> = { ...(obj as Record<string, unknown>) };
      for (const list of ['paths', 'symbols']) {
        if (typeof copy[list] === 'string') {
          notes.push(`${at}.${key}.${list}: one string read as a list of one`);
          copy[list] = asList(copy[list]);
        }
      }
      f[key] = copy;
    } else if (key === 'anchor' && typeof obj === 'string' && obj.trim()) {
      notes.push(`${at}.anchor: a string read as the anchor's name`);
      f.anchor = { name: obj, paths: [] };
    }
  }
  return { value: f, notes };
}
