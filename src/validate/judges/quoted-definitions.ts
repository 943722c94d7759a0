import type { QuotedFiles } from './quoted-files.js';
import { stem } from '../../text/tokens.js';

/**
 * A later change that rewrites a definition the quoted work introduced works on that very work (issue 16, session 25,
 * judges76): "Fix name of BAT_THEME_{DARK,LIGHT} env vars" rewrites `pub const BAT_THEME_DARK: &str = "BAT_THEME"`,
 * which the family's quoted "Choose Theme Based on The Terminal's Color Scheme" added. A list-shaped family continuing
 * quoted work predicts that line; a change fixing or reshaping what it defined continues it (related, never strong by
 * it), whatever its kind. What it does not take:
 * - a name the change only uses, or one it defines anew or removes (`removed:`): a call site, an import, a rename away
 *   from the quoted work is no work on it (the same area with another purpose, ../shared/judging-rules.md);
 * - a name none of whose parts is a word both the family's title lists and the quoted title names: the name must be
 *   the listed work's (`bat_theme_dark` for "theme, based, binary" continuing "Choose Theme Based on …"; not for
 *   "assets: bat, based, choose", whose "bat" is no word of that title);
 * - a test's definition (a test file's rewritten names are not read: a test is no part of the work it checks);
 * - a plain name (`version`, `response`, `__init__`, `result`): many changes define one; only a compound name
 *   (snake_case, SCREAMING_CASE) or a long one (a lower-cased camelCase name of 12 characters or more) is that work's own.
 * The later change's rewritten definitions are its `edited:<name>` entries (src/git/added-identifiers.ts); the quoted
 * work's names are JudgeRequest.quotedDefines.
 */

/** A name that is one piece of work's own, lower-cased: compound (`default_theme_info`) or long (`compareiterables`). */
export function ownName(name: string): boolean {
  return /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(name) ? name.length >= 8 : /^[a-z][a-z0-9]{11,}$/.test(name);
}

/**
 * The first quoted work's own name whose definition the change rewrites (`added` holds its `edited:` entries), a part
 * of it a word the family lists (`listed`, by stem) and the quoted title names; or null.
 */
export function rewrittenQuotedDefinition(quoted: QuotedFiles, added: ReadonlySet<string>, listed: readonly string[]): { ref: string; title: string; name: string } | null {
  for (const q of quoted.works) {
    const keys = editedKeys(q.defines);
    let k = 0;
    for (const name of q.defines) {
      if (!added.has(keys[k++]!)) continue;
      const parts = name.split('_').filter((p) => p.length >= 2).map(stem);
      if (parts.some((p) => listed.includes(p) && q.words.has(p))) return { ref: q.ref, title: q.title, name };
    }
  }
  return null;
}

/** Each defined name's `edited:` key in the added set, in the set's order: built once per quoted work, not once per pair. */
const editedKeyCache = new WeakMap<ReadonlySet<string>, string[]>();
function editedKeys(defines: ReadonlySet<string>): string[] {
  let keys = editedKeyCache.get(defines);
  if (keys === undefined) {
    keys = [...defines].map((name) => `edited:${name}`);
    editedKeyCache.set(defines, keys);
  }
  return keys;
}
