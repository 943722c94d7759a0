import { taskPhrase } from './phrase.js';
import type { StreamItem } from './streams.js';
import { isHousekeeping, tidyClause } from './task-line.js';

/**
 * What a bugfix line's fixes say went wrong, in their own words. A title "Fix
 * <noun phrase> in <path>" names an area and says "fix", but not what goes
 * wrong or in which case, so no one can check it (dev9's labels: "Fix close
 * contexts in src/click/core.py", "Fix rich formatting in typer/rich_utils.py",
 * "Keep clients in sync in httpx/_client.py": 0 of 6 specificity 2, 2 strong).
 * A fix states its defect when its phrase names the case it went wrong in: a
 * clause opened by a preposition or subordinator of circumstance ("Rich
 * formatting with no commands", "closing of callbacks on CLI exit", "crash
 * when the body is empty"). The line names the defects two or more of its own
 * fixes state, one or more of them with its case, as the class its next fix
 * belongs to; a line whose fixes state none keeps its title (direction.ts):
 * holding such lines back as loose (branch bugfix20) lost lines people label
 * strong (docs/forecast.md "Bugfix lines name their defects").
 */

/** Verbs that state a fix: the change says a defect went ("Fix", "Correct", "Prevent"), not what was added or reworded; or a fix by its conventional-commit type. */
const FIX_VERB = /^(fix|fixes|fixed|correct|resolve|repair|prevent)$/i;

/** A clause of circumstance after the first word: when or in which case the defect showed ("in" a path is a place and "in sync" an idiom, not a case). */
const CASE_CLAUSE = /\s(?:(?:when|whenever|with|without|on|during|if|inside|within|after|before|while|under|unless)\s+\S|in\s+(?!(?:sync|place|order|general|particular|favou?r|case)\b)(?![\w.-]*[/.][\w-]))/i;

/** A defect as a fix states it: opens with a word, an identifier or a quote; no colon or fix verb of its own outside identifiers. */
const DEFECT_TEXT = /^(?=[A-Za-z`'"])(?:`[^`]*`|(?!\bfix(?:es|ed)?\b)[^:`])+$/i;

/**
 * A fix that states the right behaviour ("an empty quoted string is a value, not a missing one", "single-quoted
 * values are taken literally") names its defect by the subject, the input it went wrong on: cut at the copula or modal.
 */
const BEHAVIOUR = /\s+(?:is|are|was|were|should|must|can|will|now)\b.*$/i;

/** A conventional-commit fix ("fix(parser): keep '#' inside quoted values"): its object is what went wrong, whatever its verb. */
const FIX_TYPE = /^\s*fix(?:\([^)]*\))?!?:/i;

/** Whether a phrase names the case it went wrong in ("Rich formatting with no commands", "escaped quotes in double-quoted values"). */
export function statesCase(text: string): boolean {
  return CASE_CLAUSE.test(text);
}

/**
 * The defects the line's fixes state, case-naming ones first, then newest
 * first, at most three, each the fix's own phrase without its verb and without
 * a version ("usage of `Annotated` with future annotations"); null unless two
 * or more fixes state one and one of them names its case.
 */
export function statedDefects(items: readonly StreamItem[], names: ReadonlySet<string>): string[] | null {
  const defects: { text: string; withCase: boolean }[] = [];
  for (const item of items) {
    if (isHousekeeping(item.title)) continue;
    const p = taskPhrase(item.title, 'bugfix', names);
    // A verb the category stood in for states no fix ("Close contexts created during shell completion" under "Fix").
    if (!p || p.standIn || !(FIX_VERB.test(p.verb) || FIX_TYPE.test(item.title))) continue;
    const text = tidyClause(p.object.replace(BEHAVIOUR, '')).replace(/^(the|a|an)\s+/i, '');
    // A phrase the title parser left garbled (":(issue_2208) Fix local flag") names no defect.
    if (!DEFECT_TEXT.test(text) || text.split(/\s+/).length < 2 || defects.some((d) => d.text.toLowerCase() === text.toLowerCase())) continue;
    defects.push({ text, withCase: CASE_CLAUSE.test(text) });
  }
  if (defects.length < 2 || !defects.some((d) => d.withCase)) return null;
  return [...defects.filter((d) => d.withCase), ...defects.filter((d) => !d.withCase)].slice(0, 3).map((d) => d.text);
}
