import { promises as fsp } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';

/** One shared "not found", so probing for loose objects costs no syscall and no stack trace. */
const NOT_FOUND = Object.assign(new Error('ENOENT: not in the object directory listing'), { code: 'ENOENT' });
const FAN_OUT = /^[0-9a-f]{2}$/;

/**
 * The file system isomorphic-git reads a repository through, tuned for a
 * read-only session: for every object it stats the git dir, lists
 * objects/pack and probes objects/xx/ for a loose copy. Here the pack list,
 * the git dir's stat and each objects/xx/ listing are read once, so a probe
 * for a loose object that is not there is answered from memory. Objects
 * written or packs created after the first read are not seen.
 */
export function createObjectFs(gitdir: string): { promises: typeof fsp } {
  const objects = join(gitdir, 'objects');
  const packDir = join(objects, 'pack');
  const loose = new Map<string, Promise<Set<string>>>();
  let packs: Promise<string[]> | null = null;
  let gitdirStat: ReturnType<typeof fsp.stat> | null = null;

  const listed = (dir: string): Promise<Set<string>> => {
    let names = loose.get(dir);
    if (!names) {
      names = fsp.readdir(dir).then((entries) => new Set(entries), () => new Set<string>());
      loose.set(dir, names);
    }
    return names;
  };

  const readFile = ((path: unknown, options?: unknown) => {
    if (typeof path !== 'string') return Promise.reject(NOT_FOUND);
    const file = normalize(path);
    const dir = dirname(file);
    if (dirname(dir) === objects && FAN_OUT.test(basename(dir))) {
      return listed(dir).then((names) => (names.has(basename(file)) ? fsp.readFile(file, options as undefined) : Promise.reject(NOT_FOUND)));
    }
    return fsp.readFile(file, options as undefined);
  }) as typeof fsp.readFile;

  const readdir = ((path: string, options?: unknown) => {
    if (normalize(path) === packDir && options === undefined) return (packs ??= fsp.readdir(packDir));
    return fsp.readdir(path, options as undefined);
  }) as unknown as typeof fsp.readdir; // the overloads cannot be written as one arrow function

  const stat = ((path: string, options?: unknown) => {
    if (normalize(path) === gitdir && options === undefined) return (gitdirStat ??= fsp.stat(gitdir));
    return fsp.stat(path, options as undefined);
  }) as typeof fsp.stat;

  return { promises: { ...fsp, readFile, readdir, stat } };
}
