import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const MAX_SYMREF_DEPTH = 5;

/** What HEAD holds: a ref name, or a commit for a detached HEAD. */
export type Head = { ref: string } | { detached: string };

/** HEAD of a git directory, read from its file. */
export async function readHead(gitdir: string): Promise<Head> {
  const text = (await readFile(join(gitdir, 'HEAD'), 'utf8')).trim();
  const symbolic = /^ref:\s*(\S+)$/.exec(text);
  return symbolic ? { ref: symbolic[1] as string } : { detached: text };
}

/**
 * Refs of a repository as files: loose refs under refs/ override the
 * `packed-refs` file. Read once; resolves symbolic refs. (Repositories with
 * the reftable backend are not supported.)
 */
export class RefTable {
  /** Every ref name to its content: an oid or `ref: <name>`. */
  private constructor(private readonly refs: Map<string, string>) {}

  static async load(commondir: string): Promise<RefTable> {
    const refs = new Map<string, string>();
    const packed = await readFile(join(commondir, 'packed-refs'), 'utf8').catch(() => '');
    for (const line of packed.split('\n')) {
      const match = /^([0-9a-f]{40,64}) (refs\/\S+)$/.exec(line);
      if (match) refs.set(match[2] as string, match[1] as string);
    }
    await readLoose(commondir, 'refs', refs);
    return new RefTable(refs);
  }

  /** The oid a ref name points at, following symbolic refs; null when it does not exist. */
  resolve(name: string): string | null {
    let current = name;
    for (let depth = 0; depth <= MAX_SYMREF_DEPTH; depth++) {
      const value = this.refs.get(current);
      if (value === undefined) return null;
      const symbolic = /^ref:\s*(\S+)$/.exec(value);
      if (!symbolic) return OID.test(value) ? value : null;
      current = symbolic[1] as string;
    }
    return null;
  }

  /** The ref a symbolic ref names (`refs/remotes/origin/HEAD` → `refs/remotes/origin/main`), or null. */
  target(name: string): string | null {
    const symbolic = /^ref:\s*(\S+)$/.exec(this.refs.get(name) ?? '');
    return symbolic ? (symbolic[1] as string) : null;
  }

  /** Ref names under a prefix that resolve to an object, sorted. */
  names(prefix: string): string[] {
    return [...this.refs.keys()].filter((name) => name.startsWith(prefix) && this.resolve(name) !== null).sort();
  }
}

async function readLoose(root: string, dir: string, into: Map<string, string>): Promise<void> {
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const name = `${dir}/${entry.name}`;
    if (entry.isDirectory()) await readLoose(root, name, into);
    else if (entry.isFile()) {
      const value = (await readFile(join(root, name), 'utf8').catch(() => '')).trim();
      if (value) into.set(name, value);
    }
  }
}
