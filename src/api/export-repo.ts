import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../errors.js';

const SLUG = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;

/**
 * SWE-bench's `repo`: `owner/name`, the key its harness and any spec
 * registration look a repository up by. In order: `--repo`, the GitHub
 * repository linked to it in the store (fetch-github), its origin remote when
 * that is on github.com, else `local/<name>` (a repository with no known home).
 */
export function repoSlug(from: { given?: string | undefined; stored: string | null; origin: string | null; name: string }): string {
  if (from.given !== undefined) {
    if (!SLUG.test(from.given)) throw new UserError('BAD_OPTION', `--repo ${JSON.stringify(from.given)} is not owner/name`, 'Pass the repository as owner/name, e.g. --repo pallets/click.');
    return from.given;
  }
  if (from.stored && SLUG.test(from.stored)) return from.stored;
  const m = from.origin ? /github\.com[/:]([^/\s]+\/[^/\s]+?)(?:\.git)?\/?$/.exec(from.origin) : null;
  if (m && SLUG.test(m[1]!)) return m[1]!;
  const local = from.name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '') || 'repo';
  return `local/${local}`;
}

/** The `url` of `[remote "origin"]` in a git directory's config, or null. */
export async function originUrl(gitdir: string): Promise<string | null> {
  const text = await readFile(join(gitdir, 'config'), 'utf8').catch(() => null);
  if (text === null) return null;
  let inOrigin = false;
  for (const line of text.split('\n')) {
    const section = /^\s*\[(.*)\]\s*$/.exec(line);
    if (section) inOrigin = /^remote\s+"origin"$/.test(section[1]!.trim());
    const url = inOrigin ? /^\s*url\s*=\s*(.+?)\s*$/.exec(line) : null;
    if (url) return url[1]!;
  }
  return null;
}
