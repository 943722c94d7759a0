import { gerund } from './phrase.js';

/**
 * A TODO note that points at its place by a pronoun, with the pronoun replaced by the declaration the tree scan
 * found for it (the todo row's `subject`, src/snapshot/todos.ts): "Re-enable this test once …" above
 * `fn candidate_lines` -> "Re-enable the `candidate_lines` test once …", "This should not return a `Result`" opening
 * `GitignoreBuilder.case_insensitive` -> "Stop `GitignoreBuilder.case_insensitive` returning a `Result`". Only the
 * note's first words are read: the pronoun is the verb's object, or the subject of "should (not) VERB". Any other
 * note comes back as it was, and the title reader drops it as before.
 */
export function resolvePronoun(text: string, name: string): string {
  const named = `\`${name}\``;
  const should = /^(?:this|it)\s+should\s+(not\s+)?([a-z]+)\b(.*)$/is.exec(text);
  if (should) {
    const [, not, verb, rest] = should as unknown as [string, string | undefined, string, string];
    if (/^(be|have|go|do)$/i.test(verb)) return text;
    return not ? `Stop ${named} ${gerund(verb.toLowerCase())}${rest}` : `Make ${named} ${verb.toLowerCase()}${rest}`;
  }
  const object = /^(?:(?:probably|maybe|perhaps|eventually)\s+)?([a-z][a-z-]*)\s+(?:this|it|me)(\s+(?:test|function|method|type|class|struct|helper|constant))?\b(.*)$/is.exec(text);
  if (object) {
    const [, verb, noun, rest] = object as unknown as [string, string, string | undefined, string];
    if (/^(is|was|be|does|did|make|makes|use|uses|see|has|have)$/i.test(verb)) return text;
    // "Re-enable this test": the title reader knows "Enable", not "Re-enable".
    const head = verb.replace(/^re-/i, '');
    return `${head[0]!.toUpperCase()}${head.slice(1)} ${noun ? `the ${named}${noun}` : named}${rest}`;
  }
  return text;
}
