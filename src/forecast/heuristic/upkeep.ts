import { plainPhrase } from '../../text/clean.js';
import { compareText } from '../../text/order.js';
import { stem } from '../../text/tokens.js';
import { GENERIC, aspectsOf } from './aspects.js';
import { exampleFixes } from './doc-examples.js';
import { joinAnd } from './focus.js';
import { isTestPath } from './signals.js';
import { streamHeat, type Stream, type StreamItem } from './streams.js';

/**
 * The documentation, CI and test-suite lines of work stated as one task each
 * (docs/forecast.md): an action on the noun phrase two or more of the line's
 * changes name whole ("GitHub Action" in "Upgrade Cloudflare GitHub Action" and
 * "Add GitHub Action labeler"), with the verb that governs it there, and the
 * file where the work lands ("Update the GitHub Action in
 * .github/workflows/labeler.yml"); documentation by the page its changes kept
 * touching ("Extend the FAQ page in docs/faq.md"). When the changes share no
 * phrase the wording stays honest and loose ("Update the CI workflow in
 * .github/workflows/ci.yml", "Extend the app router tests in
 * test/app.router.js"): never words of different changes glued together.
 */

export interface SharedPhrase {
  /** As written in the changes ("pre-commit lite workflow", "`upload-artifact`"). */
  text: string;
  /** The changes that name it, newest first. */
  items: StreamItem[];
  /** The imperative verb that governs it in most of those changes, if any ("Set up", "Remove"). */
  verb: string | null;
}

/** Verbs that govern an upkeep change's object, by their base form. */
const VERBS = new Set(
  `add update upgrade remove fix set use enable disable bump pin run test document explain describe improve support drop replace migrate move rename
  clarify mention install configure deploy publish build check cache lint format split merge simplify unify restore allow skip pass link list`.split(/\s+/),
);
const DETERMINERS = /^(the|a|an|our|its|all|more|new|some)$/i;

/** The base form of a verb as written ("removing" -> "remove", "added" -> "add"), or null when it is none of VERBS. */
function baseVerb(word: string): string | null {
  const w = word.toLowerCase();
  const forms = [w, w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/ed$/, ''), w.replace(/ed$/, 'e'), w.replace(/d$/, ''), w.replace(/s$/, ''), w.replace(/(.)\1(ing|ed)$/, '$1')];
  return forms.find((f) => VERBS.has(f)) ?? null;
}

/** The verb right before a phrase in a title (determiners skipped; "set up" kept whole). */
function verbBefore(title: string, first: string): string | null {
  const words = plainPhrase(title).split(/\s+/);
  const at = words.findIndex((w) => w.replace(/[^\w`-]/g, '').toLowerCase() === first.replace(/[^\w`-]/g, '').toLowerCase());
  let i = at - 1;
  while (i >= 0 && DETERMINERS.test(words[i]!)) i--;
  if (i < 0) return null;
  if (/^up$/i.test(words[i]!) && i > 0 && /^set(ting)?$/i.test(words[i - 1]!)) return 'Set up';
  const v = baseVerb(words[i]!.replace(/[^A-Za-z]/g, ''));
  return v ? v.charAt(0).toUpperCase() + v.slice(1) : null;
}

/**
 * The noun phrase (two or more words, or an identifier) that the most of
 * `items` name, as the whole or the tail of one of their phrases; a longer
 * phrase wins over its own tail when as many changes name it. Null when no
 * such phrase is named by two changes.
 */
export function sharedPhrase(items: readonly StreamItem[], names: ReadonlySet<string>, exclude: ReadonlySet<string>): SharedPhrase | null {
  const seen = new Map<string, { forms: Map<string, number>; items: Map<string, StreamItem>; verbs: Map<string, number>; words: number; recency: number }>();
  for (const item of items) {
    const own = new Set<string>();
    for (const a of aspectsOf(item.title, names, exclude)) {
      const ident = a.text.startsWith('`');
      const shown = ident ? [a.text] : a.text.split(' ');
      for (let i = 0; i < shown.length; i++) {
        const tail = shown.slice(i);
        // Two words or more, not opening inside a hyphenated word; a general last word ("workflow") needs two others before it.
        const content = tail.filter((w) => !GENERIC.has(w.toLowerCase())).length;
        if (!ident && (tail.length < 2 || content === 0 || (GENERIC.has(tail.at(-1)!.toLowerCase()) && content < 2) || !/^[A-Za-z`]/.test(tail[0]!) || /-$/.test(shown[i - 1] ?? ''))) continue;
        const key = ident ? a.key : tail.map((w) => stem(w.toLowerCase())).join(' ');
        if (own.has(key)) continue;
        own.add(key);
        const s = seen.get(key) ?? { forms: new Map(), items: new Map(), verbs: new Map(), words: tail.length, recency: 0 };
        const text = tail.join(' ');
        s.forms.set(text, (s.forms.get(text) ?? 0) + 1);
        s.items.set(item.ref, item);
        s.recency = Math.max(s.recency, item.recency);
        // The verb that governs the whole phrase the tail belongs to.
        const verb = verbBefore(item.title, shown[0]!);
        if (verb) s.verbs.set(verb, (s.verbs.get(verb) ?? 0) + 1);
        seen.set(key, s);
      }
    }
  }
  const ranked = [...seen.values()]
    .filter((s) => s.items.size >= 2)
    .sort((a, b) => b.items.size - a.items.size || b.words - a.words || b.recency - a.recency || compareText(top(a.forms), top(b.forms)));
  const best = ranked[0];
  if (!best) return null;
  const [verb, n] = [...best.verbs].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0] ?? [null, 0];
  return { text: top(best.forms), items: items.filter((i) => best.items.has(i.ref)), verb: n >= 2 ? verb : null };
}

function top(forms: ReadonlyMap<string, number>): string {
  return [...forms].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0];
}

const CI_FILE = /(^|\/)\.(github|gitlab|circleci)\/|\.gitlab-ci\.yml$|(azure-pipelines|appveyor|\.travis)\.ya?ml$/i;

/** The file of `match` the items touched most, when two or more touched it. */
export function topFile(items: readonly StreamItem[], match: (path: string) => boolean): string | null {
  const counts = new Map<string, number>();
  for (const i of items) for (const p of new Set(i.paths)) if (match(p)) counts.set(p, (counts.get(p) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  return best && best[1] >= 2 ? best[0] : null;
}

export const isCiFile = (p: string) => CI_FILE.test(p) && /\.ya?ml$/i.test(p);
export const isDocPage = (p: string) => /\.(md|mdx|rst|txt|adoc|html)$/i.test(p) && !/(^|\/)(changelog|changes|history|license|code_of_conduct|security|funding|roadmap)[^/]*$/i.test(p) && !/release/i.test(p.split('/').at(-1)!);

/** "the" before a phrase, not before a code identifier. */
function the(phrase: string): string {
  return phrase.startsWith('`') ? phrase : `the ${phrase}`;
}

/** A page's name as a reader says it: "third-party-libraries.md" -> "third party libraries", "faq.md" -> "FAQ". */
export function pageName(path: string): string {
  const base = path.split('/').at(-1)!.replace(/\.[a-z]+$/i, '');
  if (/^(readme|index)$/i.test(base)) {
    const folder = path.split('/').at(-2);
    return folder ? `${folder.replace(/[-_]+/g, ' ')}` : 'README';
  }
  const spaced = base.replace(/[-_]+/g, ' ').trim();
  return spaced.length <= 3 ? spaced.toUpperCase() : spaced;
}

/** A test file's subject: "tests/test_completion.py" -> "completion", "test/app.router.js" -> "app router". */
export function testSubject(path: string): string {
  const base = path.split('/').at(-1)!.replace(/\.[a-z]+$/i, '').replace(/[._-](test|spec)$/i, '').replace(/^test[_-]?/i, '').replace(/_test$/i, '');
  return base.replace(/[._-]+/g, ' ').trim();
}

export interface UpkeepTitle {
  title: string;
  /** What the work acts on, for behaviour and criteria ("the GitHub Action", "the FAQ page"). */
  object: string;
  /** Where it lands: a file, else the stream's folder. */
  where: string;
  /** The changes the title is built from, newest first. */
  items: StreamItem[];
  /** Whether the changes shared a phrase (a task) or the wording is loose (an area's upkeep). */
  shared: boolean;
  /** For a list page: the entries its changes added before T0, newest first (at most three). */
  entries?: string[];
  /** For documentation whose changes corrected its code examples: the examples they named, newest first (doc-examples.ts). */
  examples?: string[];
}

/** Words that name no entry of a list ("Add link to X", "Add a section"): what a list change adds is a named thing. */
const NOT_AN_ENTRY = /^(a |an |the |new |more |missing |some )?(link|links|entry|entries|section|sections|note|notes|example|examples|docs?|documentation|info|information|details?|description|table|item|items|page|it|them|this)$/i;

/** What a change that adds one entry to a list adds ("ECOSYSTEM: add axum-rails-cookie" -> "axum-rails-cookie"), or null. */
export function addedEntry(title: string): string | null {
  // The handle a change adds is its entry ("add @rxmarbles to the triage team", express), not a mention to scrub.
  const handle = title.replace(/\b(add(?:ed|s|ing)?\s+)(@[\w-]+)(?![\w/-])/i, '$1`$2`');
  const m = /^add(?:ed|s|ing)?\s+(.+?)(?:\s+(?:to|in|into|on|under)\s+.*)?$/i.exec(plainPhrase(handle).replace(/^[\w.-]+:\s*/, ''));
  if (!m) return null;
  // "section for Vellox" names Vellox; "third party library `zustand-async-slice`" names the identifier.
  let entry = m[1]!.replace(/^(the|a|an)\s+/i, '').replace(/^(new\s+)?(section|entry|link|item)s?\s+(for|to|about)\s+/i, '').replace(/[.,;:]+$/, '').trim();
  const ident = /`[^`]+`/.exec(entry);
  if (ident && entry !== ident[0]) entry = ident[0];
  // An entry is a name: a project, package or person ("axum-rails-cookie", "Vellox", "`zutron`"), not a note about the page.
  const words = entry.split(/\s+/);
  if (!entry || NOT_AN_ENTRY.test(entry) || words.length > 3 || !words.some((w) => /[A-Z]|`|\w[-_@/.]\w|\d/.test(w))) return null;
  return entry;
}

/**
 * A change that only mends a page's links, anchors, typos or formatting ("Fix third party package documentation
 * link", "Fix sections references"): it says nothing of what the page lists, so it does not count against a list.
 */
const MENDS_PAGE = /\b(typos?|spelling|links?|urls?|references?|anchors?|formatting|whitespace|indent(ation)?)\b/i;

/** The list a change adds its entry to, in its own words ("add @rxmarbles to the triage team" -> "triage team"), or null. */
function listNamed(title: string): string | null {
  const m = /\s(?:to|in|into|on)\s+the\s+([a-z][a-z -]*?[a-z])\s*(?:\(#\d+\))?\.?$/i.exec(plainPhrase(title));
  if (!m || /\.(md|rst|txt)$/i.test(m[1]!) || /^(list|page|docs?|documentation|readme)$/i.test(m[1]!)) return null;
  return m[1]!.toLowerCase();
}

/** The list's name two or more of the entry changes give it, the same words ("triage team"); null when they do not agree. */
export function sharedListName(items: readonly StreamItem[]): string | null {
  const counts = new Map<string, number>();
  for (const i of items) {
    const name = listNamed(i.title);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  return best && best[1] >= 2 ? best[0] : null;
}

/**
 * A page whose changes are largely each the addition of one named entry (three
 * or more and at least a third of the page's changes, or two and at least two
 * thirds; changes that only mend its links or typos are not counted): the
 * entries, newest first (at most three), and those changes. Null otherwise.
 */
export function listEntries(items: readonly StreamItem[]): { entries: string[]; items: StreamItem[] } | null {
  const read = items.map((i) => ({ item: i, entry: addedEntry(i.title) }));
  const added = read.filter((x): x is { item: StreamItem; entry: string } => x.entry !== null);
  const entries = [...new Map(added.map((x) => [x.entry.toLowerCase(), x.entry])).values()];
  // Mending a link or a typo is no other kind of work on the page.
  const counted = read.filter((x) => x.entry !== null || !MENDS_PAGE.test(x.item.title)).length;
  const mostly = entries.length >= 3 ? added.length * 3 >= counted : entries.length === 2 && added.length * 3 >= counted * 2;
  return mostly ? { entries: entries.slice(0, 3), items: added.map((x) => x.item) } : null;
}

/** The list page of a documentation stream: of the pages its changes touched, the one with the most entries added. */
export function listPage(items: readonly StreamItem[]): { page: string; entries: string[]; items: StreamItem[] } | null {
  const pages = [...new Set(items.flatMap((i) => i.paths.filter(isDocPage)))].sort(compareText);
  let best: { page: string; entries: string[]; items: StreamItem[] } | null = null;
  for (const page of pages) {
    const list = listEntries(items.filter((i) => i.paths.includes(page)));
    if (list && (!best || list.items.length > best.items.length)) best = { page, ...list };
  }
  return best;
}

/**
 * A documentation stream whose list page takes its own family (upkeep.ts `listPage`) and whose other changes kept
 * correcting code examples: those other changes as a stream of their own, so the example line is stated beside the
 * list (zustand: the third-party libraries list, and the examples corrected elsewhere in its docs). Null otherwise.
 */
export function examplesBesideList(stream: Stream): Stream | null {
  if (stream.kind !== 'docs') return null;
  const list = listPage(stream.items);
  if (!list) return null;
  const listed = new Set(list.items.map((i) => i.ref));
  const items = stream.items.filter((i) => !listed.has(i.ref));
  if (!exampleFixes(items)) return null;
  return { ...stream, items, heat: streamHeat(items) };
}

/**
 * Verbs of a one-time act on CI or the test suite: a line whose changes agree on one ("set up pre-commit lite
 * workflow", twice) did it before T0, and a family asking for it again restates done work (rounds 5-8: click's and
 * flask's "Set up the pre-commit lite workflow", people: "set up before T0 (done already)").
 */
const ONE_TIME = /^(Set up|Introduce|Migrate|Switch|Convert)$/;

/** A shared phrase that names ongoing work: not one a one-time verb governs. */
function ongoing(sp: SharedPhrase | null): SharedPhrase | null {
  return sp && sp.verb && ONE_TIME.test(sp.verb) ? null : sp;
}

/** Words any change to a test suite may name: a phrase of only these names nothing to test. */
const TEST_WORDS = /^(the|a|test|tests|testing|suite|suites|unit|units|spec|specs|case|cases)$/i;

/**
 * A test-suite stream's shared phrase, unless it is only test words: uvicorn's "Add missing init files in the test
 * suite" and "Use `pytestmark` to simplify test suite" share "test suite", which gave "Test the test suite in …".
 */
function namesMoreThanTests(sp: SharedPhrase | null): SharedPhrase | null {
  return sp && sp.text.split(/\s+/).every((w) => TEST_WORDS.test(w)) ? null : sp;
}

/** The title of a CI, test-suite or documentation stream, or null for code streams. */
export function upkeepTitle(stream: Stream, names: ReadonlySet<string>, exclude: ReadonlySet<string>): UpkeepTitle | null {
  const folder = `${stream.component}/`;
  if (stream.kind === 'ci') {
    const sp = ongoing(sharedPhrase(stream.items, names, exclude));
    const file = topFile(sp?.items ?? stream.items, isCiFile);
    const where = file ?? folder;
    if (sp) return { title: `${sp.verb ?? 'Update'} ${the(sp.text)} in ${where}`, object: the(sp.text), where, items: sp.items, shared: true };
    // One file is one workflow: the object the behaviour and criteria name is the title's ("the CI workflow in x.yml").
    const object = file ? 'the CI workflow' : 'the CI workflows';
    return { title: `Update ${object} in ${where}`, object, where, items: stream.items, shared: false };
  }
  if (stream.kind === 'tests') {
    const sp = namesMoreThanTests(ongoing(sharedPhrase(stream.items, names, exclude)));
    const file = topFile(sp?.items ?? stream.items, isTestPath);
    const where = file ?? folder;
    if (sp) return { title: `${sp.verb ?? 'Test'} ${the(sp.text)} in ${where}`, object: the(sp.text), where, items: sp.items, shared: true };
    const subject = file ? testSubject(file) : '';
    const object = subject ? `the ${subject} tests` : 'the tests';
    return { title: `Extend ${object} in ${where}`, object, where, items: stream.items, shared: false };
  }
  if (stream.kind === 'docs') {
    const list = listPage(stream.items);
    if (list) {
      // A list page (community projects, third-party packages): its next work is one more entry, not the ones added before T0.
      // Named as the changes name it when two of them agree ("to the triage team"), else by its page.
      const object = `the ${sharedListName(list.items) ?? `${pageName(list.page)} list`}`;
      return { title: `Add more entries like ${joinAnd(list.entries)} to ${object} in ${list.page}`, object, where: list.page, items: list.items, shared: true, entries: list.entries };
    }
    const fixes = exampleFixes(stream.items);
    if (fixes) {
      // Code examples corrected one by one: the next is another example, not those corrected before T0.
      const like = fixes.named.length ? ` like the ${joinAnd(fixes.named)} example${fixes.named.length > 1 ? 's' : ''}` : '';
      return { title: `Fix more code examples${like} in ${folder}`, object: 'the code examples', where: folder, items: fixes.items, shared: fixes.named.length > 0, examples: fixes.named };
    }
    const page = topFile(stream.items, isDocPage);
    const pageItems = page ? stream.items.filter((i) => i.paths.includes(page)) : stream.items;
    const sp = sharedPhrase(pageItems, names, exclude);
    const where = page ?? folder;
    if (sp) return { title: `${sp.verb ?? 'Document'} ${the(sp.text)} in ${where}`, object: the(sp.text), where, items: sp.items, shared: true };
    if (page) {
      const object = `the ${pageName(page)} page`;
      const votes = { bugfix: 0, feature: 0, refactor: 0 };
      for (const i of pageItems) if (i.category) votes[i.category]++;
      const verb = votes.bugfix > votes.feature && votes.bugfix > votes.refactor ? 'Fix' : votes.feature >= votes.refactor ? 'Extend' : 'Update';
      return { title: `${verb} ${object} in ${page}`, object, where, items: pageItems, shared: false };
    }
    const what = /(^|\/)examples?$/i.test(stream.component) ? 'the examples' : 'the documentation';
    return { title: `Update ${what} in ${folder}`, object: what, where, items: stream.items, shared: false };
  }
  return null;
}
