import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Paths that come from outside (a model's tool call, a repository's name, a
 * task id) are resolved against a root and refused when they would leave it
 * or reach into a `.git` folder. Pure: symbolic links are the caller's to
 * check (src/exec/workspace.ts does, with realpath).
 */
export function resolveInside(root: string, path: string): string | null {
  if (typeof path !== 'string' || path.includes('\0')) return null;
  const cleaned = path.replace(/\\/g, '/').trim();
  if (cleaned === '' || isAbsolute(cleaned) || /^[A-Za-z]:/.test(cleaned)) return null;
  const full = resolve(root, cleaned);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  if (rel.split(sep).some((segment) => segment.toLowerCase() === '.git')) return null;
  return full;
}

/** A path relative to the root, '/'-separated, or null when `path` is not inside it. */
export function insideRelative(root: string, path: string): string | null {
  const full = resolveInside(root, path);
  return full === null ? null : relative(root, full).split(sep).join('/');
}

/**
 * One safe file or folder name from any text: letters, digits, `.`, `_`,
 * `-` kept, runs of anything else become `_`, no leading dots, at most 100
 * characters, never empty.
 */
export function safeName(text: string): string {
  const name = text
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .replace(/\.{2,}/g, '.')
    .slice(0, 100)
    .replace(/[._]+$/, '');
  return name === '' ? 'unnamed' : name;
}
