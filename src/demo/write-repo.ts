import * as fs from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import git from 'isomorphic-git';
import { z } from 'zod';
import { UserError } from '../errors.js';
import { parseDate } from '../time.js';
import { CommitSpec, type FileContent, type Person, type TagSpec, WriteRepoOptions, type WrittenRepo } from './model.js';
import { applyChanges, blobOid, diffTrees, emptyTree, type TreeChanges, type TreeNode, writeTrees } from './tree.js';

/**
 * Writes a git repository from commit specs with isomorphic-git's object API
 * (no git binary needed). Every time is fixed by the specs and every timezone
 * offset is +0000, so the same specs always give the same commit shas, and
 * the same object files. A non-bare repository's work tree is checked out at
 * the end (its index holds file stat data, so it is the one file that differs
 * between two writes).
 */
export async function writeRepo(
  dir: string,
  commits: readonly CommitSpec[],
  options: WriteRepoOptions = {},
): Promise<WrittenRepo> {
  const specs = z.array(CommitSpec).parse(commits);
  const opts = WriteRepoOptions.parse(options);
  const bare = opts.bare ?? false;
  const defaultBranch = opts.defaultBranch ?? 'main';
  const root = resolve(dir);
  const gitdir = bare ? root : join(root, '.git');

  await mkdir(root, { recursive: true });
  await git.init({ fs, dir: root, gitdir, bare, defaultBranch });
  await writeFile(join(gitdir, 'config'), configText(bare));

  const writer = new ObjectWriter(gitdir);
  const branches = new Map<string, Branch>();
  const tags = new Map<string, string>();
  const shas: string[] = [];

  for (const [index, spec] of specs.entries()) {
    const name = spec.branch ?? defaultBranch;
    const branch = openBranch(branches, name, spec, defaultBranch, index);
    const parents = branch.tip ? [branch.tip] : [];
    let tree = branch.tree;
    let merged: Branch | null = null;
    if (spec.merge !== undefined) {
      merged = branches.get(spec.merge) ?? null;
      if (!merged?.tip || spec.merge === name) {
        throw badSpec(index, `cannot merge "${spec.merge}": it is ${spec.merge === name ? 'the branch being committed to' : 'not a branch with commits'}`);
      }
      tree = applyChanges(tree, diffTrees(merged.base, merged.tree));
      parents.push(merged.tip);
    }
    tree = applyChanges(tree, await writer.changes(spec.files ?? {}, index));
    const treeOid = await writeTrees(tree, (entries) => git.writeTree({ fs, gitdir, tree: entries }));

    const author = spec.author ?? DEFAULT_AUTHOR;
    const committed = seconds(spec.at, index);
    const sha = await git.writeCommit({
      fs,
      gitdir,
      commit: {
        message: spec.msg,
        tree: treeOid,
        parent: parents,
        author: signature(author, spec.authoredAt === undefined ? committed : seconds(spec.authoredAt, index)),
        committer: signature(spec.committer ?? author, committed),
      },
    });
    branch.tip = sha;
    branch.tree = tree;
    if (merged) merged.base = merged.tree;
    shas.push(sha);
    if (spec.tag !== undefined) await writeTag(gitdir, tags, spec.tag, sha, spec, index);
  }

  const written: Record<string, string> = {};
  for (const [name, branch] of branches) {
    if (!branch.tip || (opts.onlyDefaultBranch && name !== defaultBranch)) continue;
    await git.writeRef({ fs, gitdir, ref: `refs/heads/${name}`, value: branch.tip, force: true });
    written[name] = branch.tip;
  }

  let head = written[defaultBranch] ?? '';
  if (opts.detach !== undefined) {
    head = resolveDetach(opts.detach, shas, branches, tags);
    await git.writeRef({ fs, gitdir, ref: 'HEAD', value: head, force: true });
  }
  if (!bare && (opts.checkout ?? true) && head) {
    await git.checkout({ fs, dir: root, gitdir, ref: opts.detach === undefined ? defaultBranch : head, force: true });
  }
  return { dir: root, gitdir, shas, head, branches: written };
}

interface Branch {
  tip: string | null;
  tree: TreeNode;
  /** The tree this branch forked from or was last merged at: a merge brings in what changed since. */
  base: TreeNode;
}

const DEFAULT_AUTHOR: Person = { name: 'Test Author', email: 'test@example.com' };

function openBranch(
  branches: Map<string, Branch>,
  name: string,
  spec: CommitSpec,
  defaultBranch: string,
  index: number,
): Branch {
  const existing = branches.get(name);
  if (existing) {
    if (spec.from !== undefined) throw badSpec(index, `"from" only applies when branch "${name}" is first used`);
    return existing;
  }
  const fromName = spec.from ?? defaultBranch;
  const from = fromName === name ? undefined : branches.get(fromName);
  if (spec.from !== undefined && !from?.tip) throw badSpec(index, `cannot fork from "${spec.from}": it has no commits yet`);
  const branch: Branch = from
    ? { tip: from.tip, tree: from.tree, base: from.tree }
    : { tip: null, tree: emptyTree(), base: emptyTree() };
  branches.set(name, branch);
  return branch;
}

/** Writes blobs once per content, and turns a spec's file map into tree changes. */
class ObjectWriter {
  private readonly written = new Set<string>();
  constructor(private readonly gitdir: string) {}

  async changes(files: Record<string, FileContent>, index: number): Promise<TreeChanges> {
    const changes: TreeChanges = new Map();
    for (const [path, content] of Object.entries(files)) {
      const clean = cleanPath(path, index);
      if (content === null) {
        changes.set(clean, null);
        continue;
      }
      const executable = typeof content === 'object' && !(content instanceof Uint8Array) && content.executable;
      const body = typeof content === 'object' && !(content instanceof Uint8Array) ? content.content : content;
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      changes.set(clean, { type: 'blob', oid: await this.blob(bytes), mode: executable ? '100755' : '100644' });
    }
    return changes;
  }

  private async blob(bytes: Uint8Array): Promise<string> {
    const oid = blobOid(bytes);
    if (!this.written.has(oid)) {
      await git.writeBlob({ fs, gitdir: this.gitdir, blob: bytes });
      this.written.add(oid);
    }
    return oid;
  }
}

async function writeTag(
  gitdir: string,
  tags: Map<string, string>,
  tag: TagSpec,
  sha: string,
  spec: CommitSpec,
  index: number,
): Promise<void> {
  const name = typeof tag === 'string' ? tag : tag.name;
  if (tags.has(name)) throw badSpec(index, `tag "${name}" is already taken`);
  let target = sha;
  if (typeof tag !== 'string') {
    target = await git.writeTag({
      fs,
      gitdir,
      tag: {
        object: sha,
        type: 'commit',
        tag: name,
        tagger: signature(spec.committer ?? spec.author ?? DEFAULT_AUTHOR, seconds(tag.at ?? spec.at, index)),
        message: tag.message.replace(/\n*$/, '\n'),
      },
    });
  }
  await git.writeRef({ fs, gitdir, ref: `refs/tags/${name}`, value: target });
  tags.set(name, sha);
}

function resolveDetach(
  detach: number | string,
  shas: readonly string[],
  branches: ReadonlyMap<string, Branch>,
  tags: ReadonlyMap<string, string>,
): string {
  const sha = typeof detach === 'number'
    ? shas[detach]
    : branches.get(detach)?.tip ?? tags.get(detach) ?? shas.find((s) => s === detach);
  if (!sha) {
    throw new UserError('BAD_COMMIT_SPEC', `Cannot detach HEAD at "${detach}": no such commit, branch or tag`,
      'Pass a spec index, a branch or tag name, or a sha that the specs wrote.');
  }
  return sha;
}

function cleanPath(path: string, index: number): string {
  const clean = path.replace(/^\.\//, '');
  const parts = clean.split('/');
  if (!clean || parts.some((p) => p === '' || p === '.' || p === '..' || p === '.git')) {
    throw badSpec(index, `"${path}" is not a plain relative path`);
  }
  return clean;
}

function seconds(iso: string, index: number): number {
  try {
    return Math.floor(Date.parse(parseDate(iso, `commit ${index} time`)) / 1000);
  } catch (err) {
    throw badSpec(index, err instanceof Error ? err.message : String(err));
  }
}

function signature(person: Person, timestamp: number) {
  return { name: person.name, email: person.email, timestamp, timezoneOffset: 0 };
}

function badSpec(index: number, what: string): UserError {
  return new UserError('BAD_COMMIT_SPEC', `Commit spec ${index}: ${what}`, 'Fix the commit specs passed to writeRepo.');
}

function configText(bare: boolean): string {
  return `[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = ${bare}\n${bare ? '' : '\tlogallrefupdates = true\n'}`;
}
