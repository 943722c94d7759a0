import { gerund, participleLemma } from './phrase.js';

/**
 * A TODO note that points at its place by a pronoun, with the pronoun replaced by the declaration the tree scan
 * found for it (the todo row's `subject`, src/snapshot/todos.ts): "Re-enable this test once …" above
 * `fn candidate_lines` -> "Re-enable the `candidate_lines` test once …", "This should not return a `Result`" opening
 * `GitignoreBuilder.case_insensitive` -> "Stop `GitignoreBuilder.case_insensitive` returning a `Result`", "once node 18
 * is EOL, this type can be replaced with plain FastifyReply" above `type ResSerializerReply` -> "Replace the
 * `ResSerializerReply` type with plain FastifyReply once node 18 is EOL". Only the note's first words are read (past a
 * leading condition, which moves after the task): the pronoun is the verb's object, the subject of "should (not)
 * VERB", or the subject of a passive ("can be replaced"). Any other note comes back as it was, and the title reader
 * drops it as before.
 */
export function resolvePronoun(text: string, name: string): string {
  // A leading condition ("once node 18 is EOL, this type can be replaced with …") goes after the task it conditions.
  const cond = /^((?:once|when|after|if|until)\s[^,]{3,60}),\s+(?=(?:this|it)\b)(.*)$/is.exec(text);
  if (cond) {
    const task = resolvePronoun(cond[2]!, name);
    return task === cond[2] ? text : `${task.replace(/[.;:!]+\s*$/, '')} ${cond[1]!.charAt(0).toLowerCase()}${cond[1]!.slice(1)}`;
  }
  const named = `\`${name}\``;
  // A passive note ("this type can be replaced with plain FastifyReply", "it should be removed in 3.0") states the
  // verb on its object: "Replace the `ResSerializerReply` type with plain FastifyReply".
  const passive = /^(?:this|it)(\s+(?:test|function|method|type|class|struct|helper|constant|module|field|trait|interface|option|variable))?\s+(?:can|could|should|must|may|might|will|needs to|ought to)\s+(?:(?:now|probably|also|eventually|safely|likely|easily|then)\s+)?be\s+([a-z]+)\b(.*)$/is.exec(text);
  if (passive) {
    const [, noun, participle, rest] = passive as unknown as [string, string | undefined, string, string];
    const verb = participleLemma(participle.toLowerCase());
    if (!verb || /^(be|have|do|get|go)$/.test(verb)) return text;
    return `${verb[0]!.toUpperCase()}${verb.slice(1)} ${noun ? `the ${named}${noun}` : named}${rest}`;
  }
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
