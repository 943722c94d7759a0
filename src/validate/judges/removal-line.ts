/**
 * The removal line: a family continuing a title that deprecates or removes a named thing ("Deprecate `app=...` in
 * favor of explicit `WSGITransport`/`ASGITransport`.") predicts more of that deprecation: its warning escalated, the
 * deprecated thing taken out. A later change whose diff takes that name out of the code (its lines name it less often
 * after it than before: `dropped:<name>` entries of JudgeRequest.added, src/git/added-identifiers.ts) continues it
 * (related, never strong by it), whatever its title says: httpx's "Introduce new `SSLContext` API & escalate
 * deprecations." removes the deprecated `app=` argument, which only its diff shows (people: related). A change
 * removing another name, in the same files and of the same kind, continues nothing: the act alone is no direction
 * (../shared/judging-rules.md).
 */

/** A deprecating or removing act, then the thing it names: a backticked span, `name=`, or a compound identifier. */
const REMOVAL = /\b(?:[Dd]eprecat\w*|[Rr]emov\w*|[Dd]rop\w*|[Dd]elet\w*)\s+(?:the\s+|support\s+for\s+)?(?:`([^`\n]{2,60})`|([A-Za-z_]\w*)=|([A-Za-z_]\w*(?:[._]\w+)+|[a-z]+[A-Z]\w*))/g;

/**
 * The names the titles deprecate or remove, lower-cased, as a diff's tokens are (the last part of a dotted name,
 * a flag whole, an argument without its `=...`): "Deprecate `app=...`" gives `app`. Names of fewer than 3 characters
 * are left out.
 */
export function removedNames(titles: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const title of titles) {
    for (const m of title.matchAll(REMOVAL)) {
      const raw = (m[1] ?? m[2] ?? m[3] ?? '').trim();
      const lead = /^(--?[a-z][\w-]*|[A-Za-z_][\w.]*)/.exec(raw)?.[1];
      if (lead === undefined) continue;
      const name = (lead.startsWith('-') ? lead : lead.split('.').filter(Boolean).pop() ?? '').toLowerCase();
      if (name.length >= 3) out.add(name);
    }
  }
  return out;
}

/** The names a change's diff takes out (`dropped:<name>` entries of what its diff was read to do). */
export function droppedNames(diff: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const entry of diff) if (entry.startsWith('dropped:')) out.add(entry.slice('dropped:'.length).toLowerCase());
  return out;
}

/** The first name the family's quoted removal names that the change's diff takes out, or undefined. */
export function continuedRemoval(removed: ReadonlySet<string>, dropped: ReadonlySet<string>): string | undefined {
  for (const name of removed) if (dropped.has(name)) return name;
  return undefined;
}
