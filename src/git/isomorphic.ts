import fs from 'node:fs';
import git from 'isomorphic-git';
import type { GitBackend, LogOptions } from './backend.js';
import { isoFromGitSeconds } from './decode.js';
import { pairExactRenames } from './exact-renames.js';
import { type Commit, type HistoryGaps, RepoFacts, type Tag, type TreeFile } from './model.js';
import { type CommitObject, EMPTY_TREE, parseCommitObject, parseTagObject } from './objects.js';
import { ObjectStore } from './object-store.js';
import { comparePaths, sortByPath } from './path-order.js';
import { diffTrees } from './tree-diff.js';

const MAX_TAG_DEPTH = 10;

/**
 * The isomorphic backend: reads objects with isomorphic-git, needs no git
 * binary. Walks first parents with a recursive tree diff that skips equal
 * subtrees. Records equal the native backend's except that line counts are
 * null. Missing blobs and trees are read as absent and counted in `gaps`.
 */
export function createIsomorphicBackend(input: RepoFacts): GitBackend {
  const facts = RepoFacts.parse(input);
  const store = new ObjectStore(facts.gitdir);
  const shallow = new Set(facts.shallow);
  let missingBlobs = 0;

  async function readCommit(sha: string): Promise<CommitObject> {
    const object = await store.read(sha);
    if (object?.type !== 'commit') throw new Error(`Commit ${sha} is missing from ${facts.gitdir}`);
    return parseCommitObject(object.bytes);
  }

  async function* log(tip: string, options: LogOptions = {}): AsyncGenerator<Commit> {
    let sha: string | undefined = tip;
    let next: CommitObject | null = null;
    while (sha !== undefined && !options.stopAt?.has(sha)) {
      const object: CommitObject = next ?? (await readCommit(sha));
      const boundary: boolean = shallow.has(sha) || object.parents.length === 0;
      next = boundary ? null : await readCommit(object.parents[0] as string);
      const changes = await diffTrees((oid) => store.readTree(oid), next?.tree ?? EMPTY_TREE, object.tree);
      const commit: Commit = {
        sha,
        parents: object.parents,
        authorName: object.author.name,
        authorEmail: object.author.email,
        authorTime: isoFromGitSeconds(Number(object.author.seconds)),
        committerName: object.committer.name,
        committerEmail: object.committer.email,
        committerTime: isoFromGitSeconds(Number(object.committer.seconds)),
        message: object.message,
        files: pairExactRenames(changes),
      };
      options.onCommit?.(commit);
      yield commit;
      sha = boundary ? undefined : object.parents[0];
    }
  }

  async function listFiles(commit: string): Promise<TreeFile[]> {
    const files: TreeFile[] = [];
    const walk = async (tree: string, prefix: string): Promise<void> => {
      for (const entry of await store.readTree(tree)) {
        if (entry.kind === 'tree') await walk(entry.oid, `${prefix}${entry.name}/`);
        else if (entry.kind === 'blob') files.push({ path: prefix + entry.name, oid: entry.oid, mode: entry.mode });
      }
    };
    await walk((await readCommit(commit)).tree, '');
    return sortByPath(files);
  }

  async function readBlob(oid: string): Promise<Uint8Array | null> {
    const object = await store.read(oid);
    if (object?.type === 'blob') return object.bytes;
    missingBlobs += 1;
    return null;
  }

  async function readFileAt(commit: string, path: string): Promise<Uint8Array | null> {
    let tree = (await readCommit(commit)).tree;
    const names = path.split('/');
    for (const [index, name] of names.entries()) {
      const entry = (await store.readTree(tree)).find((e) => e.name === name);
      if (!entry) return null;
      if (index === names.length - 1) {
        if (entry.kind !== 'blob') return null;
        const object = await store.read(entry.oid);
        return object?.type === 'blob' ? object.bytes : null;
      }
      if (entry.kind !== 'tree') return null;
      tree = entry.oid;
    }
    return null;
  }

  /** A walk over every parent from `descendant` until `ancestor` is met (no generation numbers: the whole history at worst). */
  async function isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    const seen = new Set<string>();
    const queue = [descendant];
    while (queue.length > 0) {
      const sha = queue.pop()!;
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      const object = await store.read(sha);
      if (object?.type !== 'commit' || shallow.has(sha)) continue;
      queue.push(...parseCommitObject(object.bytes).parents);
    }
    return false;
  }

  async function listTags(): Promise<Tag[]> {
    const tags: Tag[] = [];
    for (const name of await git.listTags({ fs, gitdir: facts.gitdir })) {
      const oid = await git.resolveRef({ fs, gitdir: facts.gitdir, ref: `refs/tags/${name}` });
      const tag = await peel(oid);
      if (tag) tags.push({ name, ...tag });
    }
    return tags.sort((a, b) => comparePaths(a.name, b.name));
  }

  /** A lightweight tag's commit, or an annotated tag peeled to its commit with the outer tag's tagger and message. */
  async function peel(oid: string): Promise<Omit<Tag, 'name'> | null> {
    const object = await store.read(oid);
    if (object?.type === 'commit') return { commit: oid, taggerTime: null, message: null };
    if (object?.type !== 'tag') return null;
    const outer = parseTagObject(object.bytes);
    let target = outer.object;
    for (let depth = 0; depth < MAX_TAG_DEPTH; depth++) {
      const inner = await store.read(target);
      if (inner?.type === 'commit') {
        const seconds = outer.tagger?.seconds ?? '';
        return { commit: target, taggerTime: seconds === '' ? null : isoFromGitSeconds(Number(seconds)), message: outer.message };
      }
      if (inner?.type !== 'tag') return null;
      target = parseTagObject(inner.bytes).object;
    }
    return null;
  }

  return {
    name: 'isomorphic',
    facts,
    get gaps(): HistoryGaps {
      return { linesUnavailable: 0, missingTrees: store.missingTrees.size, missingBlobs };
    },
    log,
    listFiles,
    readBlob,
    readFileAt,
    isAncestor,
    listTags,
    close: async () => undefined,
  };
}
