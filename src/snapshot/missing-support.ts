/**
 * Statements of missing support a repository makes about itself at the
 * snapshot commit, in code comments, error messages and docs: "X is not yet
 * supported", "X is not implemented yet", "support for X is planned", "X is
 * coming soon", and `NotImplementedError("...")`, `unimplemented!("...")`,
 * `todo!("...")`, `throw new Error("... not implemented")` with a message.
 * Each names a thing to support or implement. Pure: one file's text in,
 * lines out.
 *
 * Kept precise: "not supported" alone is a stated limit ("Negative values are
 * not supported"), so a sentence counts only with "yet", "currently", "at the
 * moment", "for now" or "still"; an abstract method's error ("subclasses must
 * implement") is no missing feature; a sentence whose subject is only a
 * pronoun ("This is not supported yet") names nothing and is left out, unless
 * an error's enclosing function names it; an error for a feature switched off in
 * the build ("feature not enabled") is a state, not missing work.
 */

export interface MissingSupport {
  line: number;
  /**
   * `support` (not supported yet, or support planned), `implement` (not implemented yet), `add` (planned) or `improve`
   * (a linked file of the repository that "still needs some work").
   */
  verb: 'support' | 'implement' | 'add' | 'improve';
  /** What to support or implement, in the repository's words ("nested groups in shell completion"). */
  subject: string;
  /** The line, trimmed (at most 240 characters). */
  text: string;
}

/**
 * "X is/are not yet supported", "X is not supported yet", "X isn't currently implemented", "X is still not
 * supported": a negation, and a word that says "for now" (yet, currently, still, at the moment, for now).
 * The tail after the verb ("in Typer for CLI arguments") is kept when it opens with a preposition.
 */
const SENTENCE = new RegExp(
  String.raw`^(.*?)\b(?:(?:is|are)\s+(?:(yet|currently|still)\s+)?not|isn't|aren't)\s+(?:(yet|currently)\s+)?(supported|implemented)(\s+(?:yet|at the moment|for now|currently|at this time)\b)?([^.;:!?"'\x60]*)`,
  'i',
);
const PLANNED = /^(.*?)\b(?:is|are)\s+(?:planned|coming soon|on the roadmap)\b/i;
const ERROR_CALL = /\b(NotImplementedError|unimplemented!|todo!|NotImplementedException|errors\.New|Error)\s*\(\s*(?:f?["'`])(.{3,160}?)["'`]/;
const ABSTRACT = /\b(subclass(?:es)?|must (?:be )?(?:implement|override)|should (?:be )?(?:implement|override)|abstract|override|derived class|implement(?:ed)? by|not implemented by this|to be implemented by)\b/i;
/** A message that says a feature or option is switched off in this build ("feature not enabled", "disabled"). */
const SWITCHED_OFF = /\bnot (?:enabled|compiled in)\b|\bdisabled\b/i;
const PRONOUN = /^(?:this|that|it|these|those|they|which|what|here|there|the following|something|anything|everything|such|so|this feature|this method|this function|this option|this case|this operation)$/i;
const LEAD = /^(?:[-*+>#]+\s*|\/\/+\s*|\/\*+\s*|\*+\s*|#+\s*|--\s*|;+\s*|(?:please\s+)?note\s+that\s+|note:?\s*|warning:?\s*|caution:?\s*|currently,?\s*|unfortunately,?\s*|however,?\s*|but\s+|and\s+|also,?\s*|at the moment,?\s*|for now,?\s*|as of now,?\s*|(?:todo|fixme|xxx)\b[:\s-]*)+/i;
/** Code up to a string literal's opening quote: an assignment, a call's parenthesis or an argument's comma. */
const CODE_THEN_STRING = /^.*?(?:=|\(|,|\breturn|\bthrow)\s*["'`]/;
const SKIP_PATH = /(^|\/)(CHANGE(S|LOG)|HISTORY|NEWS|RELEASE[-_ ]?NOTES)[^/]*$|(^|\/)(tests?|spec|__tests__|testdata|fixtures?|benches|examples?)\//i;

/** The statements of missing support of one file. */
export function findMissingSupport(path: string, text: string): MissingSupport[] {
  if (SKIP_PATH.test(path)) return [];
  const lines = text.split('\n');
  const out: MissingSupport[] = [];
  const prose = /\.(md|markdown|rst|txt|adoc)$/i.test(path);
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (line.length > 400 || (prose && fenced)) continue;
    // A doc comment's tag line (`@param {number} ntests - Number of tests that are planned to run.`) documents an
    // argument; it states no missing work (newcomer5: mocha's tap.js read as "Add number of tests that").
    if (/^\s*(?:\/\/+|\/?\*+|#+)?\s*@[a-z]+\b/i.test(line)) continue;
    // In docs only sentences count: an error call there is an example's code.
    const found = (prose ? null : fromError(line, lines, i)) ?? fromSentence(line) ?? needsWork(line);
    if (found) out.push({ line: i + 1, ...found, text: line.trim().slice(0, 240) });
  }
  return out;
}

/** An error raised for a thing not there yet, with a message; the enclosing function names it when the message does not. */
function fromError(line: string, lines: readonly string[], at: number): Omit<MissingSupport, 'line' | 'text'> | null {
  const m = ERROR_CALL.exec(line);
  if (!m || /^\s*(\/\/[\/!]|#\s|\*)/.test(line)) return null;
  const kind = m[1]!;
  const message = m[2]!.replace(/\{[^}]*\}|%[sdvq]|\$\{[^}]*\}/g, '').trim();
  const missing = /^(NotImplementedError|unimplemented!|todo!|NotImplementedException)$/.test(kind);
  if (!missing && !/\bnot (?:yet )?implemented\b/i.test(message)) return null;
  if (ABSTRACT.test(message)) return null;
  // A switched-off build feature is a state, not missing work: clap's `unimplemented!("feature not enabled {event:?}")`
  // guards a markdown event its cargo features leave out.
  if (SWITCHED_OFF.test(message)) return null;
  // A Python or C# not-implemented error is also raised for wrong use ("Auth hooks must be callable"): only a message that says what is missing counts.
  if (/Error$|Exception$/.test(kind) && !/\b(?:not (?:yet )?(?:implemented|supported)|unsupported|yet)\b/i.test(message)) return null;
  const stated = fromSentence(message);
  if (stated) return stated;
  if (/\bnot (?:yet )?(?:implemented|supported)\b/i.test(message) || missing) {
    const subject = /^(?:not (?:yet )?implemented|todo|unimplemented)\W*$/i.test(message) ? enclosingFunction(lines, at) : cleanSubject(message.replace(/\s*(?:is|are)?\s*not (?:yet )?(?:implemented|supported)(?: yet)?\W*$/i, ''));
    return subject ? { verb: 'implement', subject } : null;
  }
  return null;
}

function fromSentence(text: string): Omit<MissingSupport, 'line' | 'text'> | null {
  const s = SENTENCE.exec(text);
  if (s && (s[2] || s[3] || s[5])) {
    const subject = cleanSubject(s[1]!);
    if (!subject) return null;
    const tail = /^\s+((?:in|for|on|with|by|inside|within|from)\s+[^,()]{2,60})/i.exec(s[6] ?? '')?.[1]?.trim();
    const words = tail ? `${subject} ${tail}`.split(/\s+/) : [];
    return { verb: s[4]!.toLowerCase() === 'implemented' ? 'implement' : 'support', subject: tail && words.length <= 12 ? `${subject} ${tail}` : subject };
  }
  const p = PLANNED.exec(text);
  if (p) {
    const support = /\bsupport (?:for|of)\s+/i.test(p[1]!);
    const subject = cleanSubject(p[1]!.replace(/^.*?\bsupport (?:for|of)\s+/i, ''));
    return subject ? { verb: support ? 'support' : 'add', subject } : null;
  }
  return null;
}

/**
 * "The [Manpage syntax](assets/syntaxes/02_Extra/Manpage.sublime-syntax) is developed in this repository and still
 * needs some work": a sentence saying a thing it links (a file of the repository, by a relative link) still needs work,
 * or needs more work. The subject is the link's text and its target, "Manpage syntax (assets/…)"; a sentence without
 * such a link names no place to do the work and is left out (a pronoun, "this still needs work", names nothing).
 */
const NEEDS_WORK = /^(.*?)\s(?:(?:is|are)\s(?:[^.;]*?\s(?:and|but)\s)?)?(?:still\s+needs?\s+(?:some\s+|more\s+|a\s+lot\s+of\s+)?|needs?\s+(?:some\s+more|more|a\s+lot\s+more)\s+)work\b/i;
const RELATIVE_LINK = /\[([^\]]{2,60})\]\((?!https?:|mailto:|#|\/)([^)\s#]+)\)/;

function needsWork(text: string): Omit<MissingSupport, 'line' | 'text'> | null {
  const m = NEEDS_WORK.exec(text);
  if (!m) return null;
  const link = RELATIVE_LINK.exec(m[1]!);
  if (!link) return null;
  const name = link[1]!.replace(/[`*_]/g, '').trim();
  if (!name || PRONOUN.test(name) || name.split(/\s+/).length > 6) return null;
  return { verb: 'improve', subject: `${name} (${link[2]!.replace(/^\.\//, '')})` };
}

/** The noun phrase before "is not yet supported": the last clause, no comment markers or hedges, 1-8 words. */
function cleanSubject(raw: string): string | null {
  // A message whose string opens after code ("const ERROR = 'loading a directory of commands is not supported yet"):
  // the subject is the string's words, not the code before them.
  const literal = CODE_THEN_STRING.exec(raw);
  if (literal) raw = raw.slice(literal.index + literal[0].length);
  let s = (raw.split(/[.;:!?]\s+|\s[—–-]\s|,\s*(?:so|but|and|because|as|since)\s/).at(-1) ?? '').trim();
  s = s.replace(/^[^A-Za-z_`]+/, '').replace(/\bNOT_?YET\b/g, '').replace(LEAD, '').replace(/^(?:the\s+)?(?:support (?:for|of)\s+)/i, '').replace(/[\s,(]+$/, '').trim();
  s = s.replace(/^["'`(]+|["'`)]+$/g, '').trim();
  if (!s || PRONOUN.test(s)) return null;
  const words = s.split(/\s+/);
  if (words.length > 8 || !/[A-Za-z]/.test(s) || /^(if|when|because|since|as|which|where|while|unless)\b/i.test(s)) return null;
  // A subject ending on a relative pronoun ("Number of tests that" of "… tests that are planned to run") is the head of
  // a relative clause, not a thing stated missing.
  if (/\b(?:that|which|who|whom)$/i.test(s)) return null;
  // A subject ending on a pronoun ("That is, the main reason it" of "… the main reason it isn't currently supported is
  // because", jiff) is the inside of a clause about why, not a thing stated missing.
  if (/\b(?:it|this|they|them|these|those|we|you)$/i.test(s) || /^(?:that is|i\.e\.|in other words|the (?:main )?reason)\b/i.test(s)) return null;
  return s;
}

function enclosingFunction(lines: readonly string[], at: number): string | null {
  for (let j = at; j >= Math.max(0, at - 10); j--) {
    const m = /\b(?:def|fn|func|function)\s+(?:\([^)]*\)\s*)?(\w+)|^\s*(?:async\s+)?(\w+)\s*\([^)]*\)\s*(?::\s*[\w<>[\]|, ]+)?\s*\{\s*$/.exec(lines[j]!);
    const name = m?.[1] ?? m?.[2];
    if (name && !/^(if|for|while|switch|catch|return|constructor)$/.test(name)) return `\`${name}\``;
  }
  return null;
}
