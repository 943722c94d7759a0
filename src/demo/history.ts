import type { CommitSpec, DemoPullRequest, FileContent, Person, TagSpec } from './model.js';
import type { Random } from './random.js';
import { type RenderedFile, renderWorld, sameFile, type World } from './world.js';

/**
 * Turns a plan of steps into commit specs. Steps run in time order against a
 * World (one per branch); each commit holds the files whose rendering changed.
 *
 * - `direct`: a commit on main by its author;
 * - `squash`: a squash-merged pull request on main, `Title (#n)`, committed by GitHub;
 * - `branch`: a commit on a feature branch (forked from main when first used);
 * - `merge`: GitHub's merge commit of that branch, `Merge pull request #n from <branch>`;
 *   the branch's changes are replayed on main's world, and any difference
 *   between that and git's merged tree goes into the merge commit.
 */
export interface Step {
  /** Committer time, 'YYYY-MM-DDTHH:MM:SSZ'. */
  at: string;
  authoredAt?: string;
  kind: 'direct' | 'squash' | 'branch' | 'merge';
  author: Person;
  /** The feature branch, for `branch` and `merge` steps. */
  branch?: string;
  /** The work stream it belongs to, or null for background work. */
  stream: string | null;
  bot?: boolean;
  title: string;
  body?: string;
  apply?: (world: World, ctx: StepContext) => void;
  /** Background work decided when it runs; null skips the step. Replaces title, body and apply. */
  make?: (world: World, rng: Random) => Made | null;
  tag?: TagSpec | ((world: World) => TagSpec);
}

/** What a background step decided to do. */
export interface Made {
  title: string;
  body?: string;
  author?: Person;
  /** Default: the step's kind. */
  kind?: 'direct' | 'squash';
  apply: (world: World, ctx: StepContext) => void;
}

export interface StepContext {
  /** This step's pull request number, or null. */
  pr: number | null;
  /** The pull request number a branch was merged as. */
  prOfBranch(branch: string): number;
}

export interface History {
  commits: CommitSpec[];
  pullRequests: DemoPullRequest[];
}

const GITHUB: Person = { name: 'GitHub', email: 'noreply@github.com' };

interface Line {
  world: World;
  files: Map<string, RenderedFile>;
}

interface FeatureBranch extends Line {
  /** main's files when the branch forked (or was last merged). */
  base: Map<string, RenderedFile>;
  applies: ((world: World, ctx: StepContext) => void)[];
}

export function buildHistory(steps: readonly Step[], start: World, rng: Random): History {
  const ordered = steps.map((step, i) => ({ step, i })).sort((a, b) => (a.step.at < b.step.at ? -1 : a.step.at > b.step.at ? 1 : a.i - b.i));
  const main: Line = { world: start, files: renderWorld(start) };
  const branches = new Map<string, FeatureBranch>();
  const merged = new Map<string, number>();
  const commits: CommitSpec[] = [];
  const pullRequests: DemoPullRequest[] = [];
  let lastPr = 0;
  const nextPr = () => (lastPr += rng.int(1, 3));
  const prOfBranch = (branch: string) => {
    const n = merged.get(branch);
    if (n === undefined) throw new Error(`demo plan: branch ${branch} is not merged yet`);
    return n;
  };

  for (const { step } of ordered) {
    let { title, body, author, kind } = step;
    let apply = step.apply;
    if (step.make) {
      const made = step.make(main.world, rng);
      if (!made) continue;
      ({ title, body } = made);
      author = made.author ?? author;
      kind = made.kind ?? kind;
      apply = made.apply;
    }
    const spec: CommitSpec = { at: step.at, msg: '', author };
    if (step.authoredAt) spec.authoredAt = step.authoredAt;
    let files: Record<string, FileContent>;

    if (kind === 'branch') {
      const name = need(step.branch, 'branch');
      let branch = branches.get(name);
      if (!branch) {
        branch = { world: structuredClone(main.world), files: main.files, base: main.files, applies: [] };
        branches.set(name, branch);
      }
      if (apply) {
        apply(branch.world, { pr: null, prOfBranch });
        branch.applies.push(apply);
      }
      files = advance(branch, `${name}: ${title}`);
      spec.branch = name;
      spec.msg = message(title, body);
    } else if (kind === 'merge') {
      const name = need(step.branch, 'branch');
      const branch = branches.get(name);
      if (!branch) throw new Error(`demo plan: merge of unknown branch ${name}`);
      const pr = nextPr();
      merged.set(name, pr);
      for (const replay of branch.applies) replay(main.world, { pr, prOfBranch });
      const gitMerge = new Map(main.files);
      for (const [path, content] of Object.entries(changedFiles(branch.base, branch.files))) {
        if (content === null) gitMerge.delete(path);
        else gitMerge.set(path, content as RenderedFile);
      }
      const wanted = renderWorld(main.world);
      files = changedFiles(gitMerge, wanted);
      main.files = wanted;
      branch.base = branch.files;
      branch.applies = [];
      spec.merge = name;
      spec.committer = GITHUB;
      spec.msg = message(`Merge pull request #${pr} from ${name}`, [title, body].filter(Boolean).join('\n\n'));
      pullRequests.push(pullRequest(pr, title, step, 'merge', author));
    } else {
      const pr = kind === 'squash' ? nextPr() : null;
      apply?.(main.world, { pr, prOfBranch });
      files = advance(main, title);
      if (pr !== null) {
        spec.committer = GITHUB;
        spec.msg = message(`${title} (#${pr})`, body);
        pullRequests.push(pullRequest(pr, title, step, 'squash', author));
      } else {
        spec.msg = message(title, body);
      }
    }
    if (Object.keys(files).length > 0 || kind === 'merge') spec.files = files;
    if (step.tag) spec.tag = typeof step.tag === 'function' ? step.tag(main.world) : step.tag;
    commits.push(spec);
  }
  return { commits, pullRequests };
}

/** Re-renders a line's world and returns the changed files; a planned step that changes nothing is a bug in the plan. */
function advance(line: Line, what: string): Record<string, FileContent> {
  const next = renderWorld(line.world);
  const files = changedFiles(line.files, next);
  if (Object.keys(files).length === 0) throw new Error(`demo plan: "${what}" changes no file`);
  line.files = next;
  return files;
}

function changedFiles(before: ReadonlyMap<string, RenderedFile>, after: ReadonlyMap<string, RenderedFile>): Record<string, FileContent> {
  const out: Record<string, FileContent> = {};
  for (const [path, content] of after) if (!sameFile(before.get(path), content)) out[path] = content;
  for (const path of before.keys()) if (!after.has(path)) out[path] = null;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function message(title: string, body: string | undefined): string {
  return body ? `${title}\n\n${body}` : title;
}

function pullRequest(number: number, title: string, step: Step, kind: 'squash' | 'merge', author: Person): DemoPullRequest {
  const login = kind === 'merge' ? step.branch!.split('/')[0]! : author.name;
  return { number, title, at: step.at, kind, author: login, stream: step.stream, bot: step.bot ?? false };
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo plan: step needs a ${what}`);
  return value;
}
