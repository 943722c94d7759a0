import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GitBackend, LogOptions } from './backend.js';
import { CatFile } from './cat-file.js';
import { decodeMessage, decodeUtf8, isoFromGitSeconds } from './decode.js';
import { exitOf, runGit, spawnGit } from './git-process.js';
import { type HistoryGaps, RepoFacts, type Tag, type TreeFile } from './model.js';
import { type NativeLogContext, nativeLog, nativeParentGraph, nativeReadCommits, nativeReadMessages, nativeUnreachedFirstParents } from './native-log.js';
import { parseCommitObject, parseTagObject } from './objects.js';
import { comparePaths, sortByPath } from './path-order.js';

/** How many tags deep an annotated tag may point at another before we give up on it. */
const MAX_TAG_DEPTH = 10;

/**
 * The native backend: `git log` streamed and parsed incrementally, objects
 * through one long-lived `git cat-file --batch`. Needs git >= 2.31 on PATH
 * (openRepository checks). Records equal the isomorphic backend's, with line
 * counts where git can compute them; never writes to the repository.
 */
export function createNativeBackend(input: RepoFacts): GitBackend {
  const facts = RepoFacts.parse(input);
  const catFile = new CatFile(facts.gitdir);
  const gaps: HistoryGaps = { linesUnavailable: 0, missingTrees: 0, missingBlobs: 0 };
  const context: NativeLogContext = {
    gitdir: facts.gitdir,
    shallow: new Set(facts.shallow),
    canCountLines: { value: !isPartialClone(facts.gitdir) },
    gaps,
    readCommitObject: async (sha) => {
      const object = await catFile.read(sha);
      return object?.type === 'commit' ? parseCommitObject(object.bytes) : null;
    },
  };

  return {
    name: 'native',
    facts,
    get gaps() {
      return { ...gaps };
    },
    log: (tip: string, options?: LogOptions) => nativeLog(context, tip, options),
    parentGraph: (tips) => nativeParentGraph(context, tips),
    readCommits: (shas) => nativeReadCommits(context, shas),
    readMessages: (shas) => nativeReadMessages(context, shas),
    listFiles: (commit) => listFiles(facts.gitdir, commit),
    async readBlob(oid) {
      const object = await catFile.read(oid);
      if (object?.type === 'blob') return object.bytes;
      gaps.missingBlobs += 1;
      return null;
    },
    async readFileAt(commit, path) {
      const object = await catFile.read(`${commit}:${path}`);
      return object?.type === 'blob' ? object.bytes : null;
    },
    isAncestor: (ancestor, descendant) => isAncestor(facts.gitdir, ancestor, descendant),
    unreachedFirstParents: (tips, head) => nativeUnreachedFirstParents(context, tips, head),
    listTags: () => listTags(facts.gitdir, catFile),
    close: () => catFile.close(),
  };
}

/**
 * A partial clone (`--filter=...`) lacks blobs by design: --numstat would stop
 * at the first missing one, so such repositories are walked without line counts.
 */
function isPartialClone(gitdir: string): boolean {
  try {
    const config = readFileSync(join(gitdir, 'config'), 'utf8');
    return /^\s*(partialclone\s*=|promisor\s*=\s*true)/im.test(config);
  } catch {
    return false;
  }
}

async function listFiles(gitdir: string, commit: string): Promise<TreeFile[]> {
  const out = await runGit(gitdir, ['ls-tree', '-r', '-z', '--full-tree', commit, '--']);
  const files: TreeFile[] = [];
  let at = 0;
  for (let nul = out.indexOf(0, at); nul >= 0; at = nul + 1, nul = out.indexOf(0, at)) {
    const tab = out.indexOf(0x09, at);
    const [mode = '', type = '', oid = ''] = out.toString('latin1', at, tab).split(' ');
    if (type !== 'blob') continue; // gitlinks (submodules) are left out
    files.push({ path: decodeUtf8(out, tab + 1, nul), oid, mode });
  }
  return sortByPath(files);
}

/** `git merge-base --is-ancestor`: exit 0 yes, 1 no; anything else (a missing commit) is no. */
async function isAncestor(gitdir: string, ancestor: string, descendant: string): Promise<boolean> {
  const child = spawnGit(gitdir, ['merge-base', '--is-ancestor', ancestor, descendant]);
  child.stdout.resume();
  const { code } = await exitOf(child);
  return code === 0;
}

const TAG_FIELDS = ['refname', 'objecttype', 'objectname', '*objecttype', '*objectname', 'taggerdate:unix', 'contents'];
const TAG_FORMAT = `--format=${TAG_FIELDS.map((field) => `%(${field})%00`).join('')}`;

async function listTags(gitdir: string, catFile: CatFile): Promise<Tag[]> {
  const out = await runGit(gitdir, ['for-each-ref', TAG_FORMAT, 'refs/tags']);
  const tags: Tag[] = [];
  let at = 0;
  for (;;) {
    const fields: Buffer[] = [];
    while (fields.length < TAG_FIELDS.length) {
      const nul = out.indexOf(0, at);
      if (nul < 0) break;
      fields.push(out.subarray(at, nul));
      at = nul + 1;
    }
    if (fields.length < TAG_FIELDS.length) break;
    // Records end in "%00\n": the newline starts the next record's first field.
    const [ref, type, oid, peeledType, peeled, seconds] = fields.slice(0, 6).map((field) => decodeUtf8(field).replace(/^\n/, '')) as [
      string, string, string, string, string, string,
    ];
    const name = ref.replace(/^refs\/tags\//, '');
    if (type === 'commit') {
      tags.push({ name, commit: oid, taggerTime: null, message: null });
    } else if (type === 'tag') {
      const commit = peeledType === 'commit' ? peeled : peeledType === 'tag' ? await peelTag(catFile, peeled) : null;
      if (commit === null) continue;
      tags.push({
        name,
        commit,
        taggerTime: seconds === '' ? null : isoFromGitSeconds(Number(seconds)),
        message: decodeMessage(fields[6] as Buffer),
      });
    }
  }
  return tags.sort((a, b) => comparePaths(a.name, b.name));
}

/** Follows a chain of tag objects to the commit at its end; null if it ends elsewhere. */
async function peelTag(catFile: CatFile, oid: string): Promise<string | null> {
  let current = oid;
  for (let depth = 0; depth < MAX_TAG_DEPTH; depth++) {
    const object = await catFile.read(current);
    if (object?.type === 'commit') return current;
    if (object?.type !== 'tag') return null;
    current = parseTagObject(object.bytes).object;
  }
  return null;
}
