import { tagText } from './english.js';
import { hasVersionString, isCombiningForm, isFragmentWord, isHashLike, plainPhrase } from '../../text/clean.js';
import { isMisspelt } from '../../text/spelling.js';
import { NOMINAL_ACT } from './phrase.js';
import { stem } from '../../text/tokens.js';

/**
 * The concrete aspects a work stream's changes name, as noun phrases in their
 * own words ("zsh completions", "nested groups", "`flag_value`"), found by
 * English phrase structure (wink-nlp part-of-speech tags, docs/forecast.md):
 * maximal runs of adjectives and nouns ending in a noun, and code identifiers.
 * Words that name no aspect (issue, bug, support, case…) and the component's
 * own name are left out; contributors' names, versions, hashes and misspelt
 * words ("uisng", src/text/spelling.ts) never pass.
 */

/** Nouns too general to be an aspect on their own. */
export const GENERIC = new Set([
  ...`issue issues bug bugs problem problems support case cases way ways thing things usage use behavior behaviour code docs doc
  documentation test tests typo typos version versions fix fixes change changes update updates improvement improvements
  feature features option options error errors value values type types example examples function functions method methods
  file files name names default defaults check checks message messages output input part parts step steps
  something anything nothing everything place places time times work workflow workflows job jobs release releases
  pr prs commit commits readme changelog chore chores none null init half face level auto misc stuff fixup tweak tweaks
  github link links section sections page pages line lines result results instance
  instances object objects field fields argument arguments parameter parameters`.split(/\s+/),
  // A noun naming the act ("cleanup", "refactoring") is what was done, not what to: phrase.ts reads it as the verb.
  ...Object.keys(NOMINAL_ACT),
]);
/** Leading adjectives that carry no aspect ("new", "better"). */
const EMPTY_ADJ = /^(new|old|other|some|more|most|better|proper|correct|incorrect|wrong|right|missing|unnecessary|unused|extra|additional|minor|small|various|several|certain|same|different|possible|current|existing|default|specific|first|second|last|next|few|many|whole|full|simple|little|own|good|bad|unexpected|invalid|valid|broken|related|up|out|down)$/i;

export interface Aspect {
  /** As shown: lower-case prose or a code identifier as written. */
  text: string;
  /** Stemmed words: what two mentions of one aspect share. */
  key: string;
}

/** Verbs whose object is a gerund ("stop processing", "avoid loading", "keep using"). */
const CATENATIVE = /^(stop|start|avoid|keep|finish|begin|continue|quit|resume|skip|prevent|consider|try|suggest|risk)(s|ed|ped|ping|ing)?$/i;

/** Noun phrases and identifiers of one title. */
export function aspectsOf(title: string, names: ReadonlySet<string>, exclude: ReadonlySet<string>): Aspect[] {
  const text = plainPhrase(title).replace(/\s+\(.*$/, '');
  const out: Aspect[] = [];
  for (const m of text.matchAll(/`([^`\s]{3,40})`/g)) {
    const id = m[1]!;
    if (!isHashLike(id) && !hasVersionString(id) && !names.has(id.toLowerCase())) out.push({ text: `\`${id}\``, key: id.toLowerCase() });
  }
  const { words, pos, spaces } = tagText(text.replace(/`[^`]*`/g, ' , '));
  let run: number[] = [];
  const flush = () => {
    while (run.length && (pos[run[0]!] === 'ADJ' || pos[run[0]!] === 'ADP' || pos[run[0]!] === 'ADV') && EMPTY_ADJ.test(words[run[0]!]!)) run.shift();
    while (run.length && pos[run.at(-1)!] !== 'NOUN' && pos[run.at(-1)!] !== 'PROPN') run.pop();
    const run0 = run;
    const toks = run.slice(-4).map((i) => words[i]!);
    run = [];
    if (!toks.length) return;
    if (toks.some((w) => isFragmentWord(w) || names.has(w) || names.has(w.toLowerCase()) || hasVersionString(w) || isHashLike(w) || /^\d/.test(w))) return;
    const content = toks.filter((w) => !GENERIC.has(w.toLowerCase()) && !exclude.has(stem(w.toLowerCase())));
    // The component's own name is no aspect of it; a phrase that only repeats it is left out.
    if (!content.length || content.every((w) => w.length < 3)) return;
    const idx = run0.slice(-4);
    let shown = [...toks];
    // Without a generic trailing noun ("zsh completion issues" -> "zsh completion"), when a noun is left to end on.
    // Never down to a prefix written apart ("multipart multi files" stays whole).
    while (shown.length > 1 && GENERIC.has(shown.at(-1)!.toLowerCase()) && /^(NOUN|PROPN)$/.test(pos[idx[shown.length - 2]!]!) && !isCombiningForm(shown.at(-2)!)) shown.pop();
    if (shown.length === 1 && (GENERIC.has(shown[0]!.toLowerCase()) || exclude.has(stem(shown[0]!.toLowerCase())))) return;
    // A hyphenated word is one word ("percent-encoding"), as written.
    const display = shown.map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w)).join(' ').replace(/ - /g, '-');
    if (display.length < 3) return;
    out.push({ text: display, key: shown.filter((w) => w !== '-').map((w) => stem(w.toLowerCase())).join(' ') });
  };
  for (let i = 0; i < words.length; i++) {
    const p = pos[i]!;
    // A misspelt word ("uisng", tagged as a noun) ends a phrase and is never part of one.
    if (isMisspelt(words[i]!)) {
      flush();
      continue;
    }
    // Skip the title's leading verb even when tagged as a noun ("Fix", "Add").
    if (i === 0 && /^(fix|add|allow|support|improve|update|remove|use|make|handle|implement|refactor|change|correct|ensure|avoid|prevent|show|raise|drop|move|rewrite|convert|document|clarify|expose|cleanup|expand|introduce|extend|enable|disable|deprecate|reduce)$/i.test(words[i]!)) {
      run = [];
      continue;
    }
    // A participle before a noun modifies it ("quoted strings", "nested groups").
    // A gerund a verb takes as its object, however tagged, is the verb's act, not a modifier ("stop processing flags":
    // what stops is the processing, so "processing flag" is no kind of flag; urfave-cli showed "Fix local and processing
    // flag"). It ends a phrase.
    if (/[a-z]ing$/.test(words[i]!) && CATENATIVE.test(words[i - 1] ?? '')) {
      flush();
      continue;
    }
    const participle = p === 'VERB' && i > 0 && /[a-z](ed|ing)$/.test(words[i]!) && (pos[i + 1] === 'NOUN' || pos[i + 1] === 'PROPN');
    // A hyphen inside a word ("percent-encoding") keeps the run going.
    const hyphen = words[i] === '-' && run.length > 0 && spaces[i] === '' && spaces[i + 1] === '' && /^(NOUN|PROPN|ADJ|VERB)$/.test(pos[i + 1] ?? '');
    if (p === 'NOUN' || p === 'PROPN' || p === 'ADJ' || participle || hyphen || (p === 'X' && /^[A-Za-z][\w.-]*$/.test(words[i]!))) run.push(i);
    else flush();
  }
  flush();
  return out;
}

/**
 * Whether a modifier names a thing (a noun, a name or an identifier: "zsh", "fish env", "`flag_value`"), rather than
 * only a state or a quality ("undefined", "non-existent", "rendered"). Modifiers that name things are instances of one
 * kind ("zsh and PowerShell completion"); states are not ("undefined and non-existent request" is no phrase anyone
 * writes, and names no kind of request).
 */
export function namesAThing(modifier: string): boolean {
  if (/`/.test(modifier)) return true;
  return tagText(modifier).pos.some((p) => p === 'NOUN' || p === 'PROPN' || p === 'X');
}

const GENERIC_SEGMENT = /^(src|bin|cmd|lib|libs|internal|pkg|core|app|source|sources|main|mod|index|utils?|helpers?|common|shared|base|init|__init__|crates|packages)$/i;

/**
 * A component in the project's own terms: a module file's name without its
 * extension or leading underscore ("shell_completion.py" -> "shell completion",
 * "_termui_impl.py" -> "termui"), a folder's last meaningful segments
 * ("axum-extra/src/extract" -> "axum-extra extract"), the package name before a
 * generic module name ("src/click/core.py" -> "click core").
 */
export function componentTerm(component: string): string {
  const parts = component.split('/').filter(Boolean);
  const file = parts.at(-1) ?? component;
  const isFile = /\.[a-z0-9]+$/i.test(file);
  const human = (s: string) => s.replace(/(\.d)?\.[a-z0-9]+$/i, '').replace(/^_+/, '').replace(/_impl$/, '').replace(/[_]+/g, ' ').trim();
  const meaningful = parts.map(human).filter((s) => s && !GENERIC_SEGMENT.test(s) && !/^\d/.test(s));
  const last = human(file);
  if (isFile && !GENERIC_SEGMENT.test(last)) return last;
  if (isFile) {
    const pkg = meaningful.at(-1);
    return pkg ? `${pkg} ${last}` : last;
  }
  const named = parts.map(human).filter((s) => s && !/^(src|lib|libs|source|sources|crates|packages|internal|pkg)$/i.test(s) && !/^\d/.test(s));
  return meaningful.slice(-2).join(' ') || named.at(-1) || human(file) || component;
}
