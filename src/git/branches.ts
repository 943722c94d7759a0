import { RefTable } from './refs.js';

/** A branch ref of a repository and the commit it points at now. */
export interface BranchRef {
  /** The branch's name without `refs/heads/` or `refs/remotes/<remote>/` (`v2-exp`, `feature/x`). */
  name: string;
  /** The full ref it was read from. */
  ref: string;
  tip: string;
}

/**
 * Every branch of a repository as its refs hold it now: local branches
 * (`refs/heads/`), then remote-tracking ones (`refs/remotes/<remote>/`, whose
 * `HEAD` is left out) whose short name no local branch has. Pull-request refs
 * (`refs/pull/`) and other namespaces are not branches. Read from the ref
 * files, so both backends see the same list; knows nothing of T0 (the
 * snapshot cuts each branch there: src/snapshot/branches.ts).
 */
export async function listBranchRefs(gitdir: string): Promise<BranchRef[]> {
  const refs = await RefTable.load(gitdir);
  const out: BranchRef[] = [];
  const seen = new Set<string>();
  for (const ref of refs.names('refs/heads/')) {
    const name = ref.slice('refs/heads/'.length);
    seen.add(name);
    out.push({ name, ref, tip: refs.resolve(ref)! });
  }
  for (const ref of refs.names('refs/remotes/')) {
    const name = ref.slice('refs/remotes/'.length).replace(/^[^/]+\//, '');
    if (name === 'HEAD' || refs.target(ref) !== null || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, ref, tip: refs.resolve(ref)! });
  }
  return out;
}
