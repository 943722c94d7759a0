/**
 * Families that ask for one more instance, and changes that take one away (direction-v15, issue 15/16).
 *
 * A family whose title asks for one more instance of what its changes added ("Add more syntaxes like CFML, puppet
 * and lisp …", "Support more …", a list page's "Add more entries like … to the ECOSYSTEM list in ECOSYSTEM.md", whose
 * expected behaviour says it "gains one more") predicts an addition. A change whose title's act is a removal of an
 * instance ("remove LiveScript submodule", "Drop the Foo entry", "Deprecate bar") has another purpose: it shares no
 * direction with that family, wherever it is (../shared/judging-rules.md: the same place with a different purpose).
 *
 * The kind such a title adds ("syntaxes" of "Add more syntaxes like …") is its work, not its place: it stays a topic
 * word of the family even when one of its paths is named like it (`assets/syntaxes/02_Extra`), so a change adding one
 * more ("Adds Typst syntax …") still shares it.
 *
 * Tests: tests/validate/addition-line.test.ts.
 */

const MORE_TITLE = /^(?:add|support|document)\s+more\s+(.+?)\s+(?:like|such as|to|in|for)\b/i;
const GAINS_ONE_MORE = /\bgains? one more\b/i;
/** A title's leading act, after a conventional-commit prefix or a gitmoji: a removal of an instance. */
const REMOVAL_TITLE = /^(?:[^\p{L}\p{N}]*\p{Extended_Pictographic}\S*\s*)?(?:\w+(?:\([^)]*\))?!?:\s*)?(?:remov(?:e|es|ed|ing)|drop(?:s|ped|ping)?|delet(?:e|es|ed|ing)|deprecat(?:e|es|ed|ing))\b/iu;

/** The family asks for one more instance of what its changes added. */
export function asksForMore(title: string, expectedBehavior: string): boolean {
  return MORE_TITLE.test(title) || GAINS_ONE_MORE.test(expectedBehavior);
}

/** Its title adds too ("docs: remove zutron, add zubridge": one entry swapped for another is one more). */
const ADDS_TOO = /\b(?:add|adds|added|adding)\b/i;

/** The change's title says it removes, drops, deletes or deprecates something, and adds nothing. */
export function removesInstance(title: string): boolean {
  return REMOVAL_TITLE.test(title.trim()) && !ADDS_TOO.test(title);
}

/** The words of the kind a "more" title adds ("syntaxes" of "Add more syntaxes like …"), lower-cased; none otherwise. */
export function moreKindWords(title: string): string[] {
  const m = MORE_TITLE.exec(title);
  return m ? m[1]!.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0) : [];
}
