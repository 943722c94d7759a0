import type { Person } from '../model.js';
import type { Random } from '../random.js';
import type { Step, StepContext } from '../history.js';
import type { ChangeSection, World } from '../world.js';
import { DAY_MS } from '../../time.js';

/** The people (and bots) of the demo project. Non-ASCII names on purpose. */
export const people = {
  alice: { name: 'Alice Moreau', email: 'alice@quarry.dev' },
  bob: { name: 'Bob Okafor', email: 'bob.okafor@gmail.com' },
  carol: { name: 'Carol Nguyen', email: 'carol@nguyen.dev' },
  dave: { name: 'Dave Lindqvist', email: 'dave.lindqvist@proton.me' },
  erin: { name: 'Erin Walsh', email: 'erin.walsh@outlook.com' },
  tomas: { name: 'Tomás Ortega', email: 'tomas.ortega@users.noreply.github.com' },
  zoe: { name: 'Zoë Lin', email: 'zoe@lin.io' },
  priya: { name: 'Priya Raman', email: 'priya.raman@fastmail.com' },
  kenji: { name: 'Kenji Sato', email: 'kenji.sato@example.jp' },
  maya: { name: 'Maya Fischer', email: 'maya.fischer@posteo.de' },
  olu: { name: 'Olu Adeyemi', email: 'olu.adeyemi@users.noreply.github.com' },
  dependabot: { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' },
  renovate: { name: 'renovate[bot]', email: '29139614+renovate[bot]@users.noreply.github.com' },
} satisfies Record<string, Person>;

export type Apply = (world: World, ctx: StepContext) => void;

const pad = (n: number) => String(n).padStart(2, '0');

/** A working-hours time on a day ('2024-04-16' -> '2024-04-16T14:07:33Z'). */
export function at(day: string, rng: Random): string {
  return `${day}T${pad(rng.int(8, 19))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}Z`;
}

/** A time `hours` after another. */
export function after(time: string, hours: number): string {
  return new Date(Date.parse(time) + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The day `days` after an ISO day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Steps are collected in a list; the history builder sorts them by time. */
export interface Planner {
  rng: Random;
  steps: Step[];
}

export function direct(p: Planner, day: string, author: Person, title: string, apply: Apply, extra: Partial<Step> = {}): Step {
  const step: Step = { at: at(day, p.rng), kind: 'direct', author, stream: null, title, apply, ...extra };
  p.steps.push(step);
  return step;
}

/** A squash-merged pull request, opened one to five days before it lands. */
export function squash(p: Planner, day: string, author: Person, title: string, body: string, apply: Apply, extra: Partial<Step> = {}): Step {
  const time = at(day, p.rng);
  const step: Step = {
    at: time, authoredAt: after(time, -p.rng.int(2, 120)), kind: 'squash', author, stream: null, title, body, apply, ...extra,
  };
  p.steps.push(step);
  return step;
}

export interface BranchCommit {
  day: string;
  title: string;
  apply: Apply;
}

/**
 * A pull request merged with a merge commit: commits on `branch`, GitHub's
 * merge commit by the maintainer, then the maintainer's follow-up commit on
 * main (changelog, roadmap) when `followUp` is given.
 */
export function mergedPr(
  p: Planner,
  branch: string,
  author: Person,
  commits: BranchCommit[],
  merge: { day: string; title: string; body: string; stream: string },
  followUp?: { title: string; apply: Apply },
): void {
  for (const c of commits) {
    p.steps.push({ at: at(c.day, p.rng), kind: 'branch', branch, author, stream: merge.stream, title: c.title, apply: c.apply });
  }
  const time = at(merge.day, p.rng);
  p.steps.push({ at: time, kind: 'merge', branch, author: people.alice, stream: merge.stream, title: merge.title, body: merge.body });
  if (followUp) {
    p.steps.push({ at: after(time, 1), kind: 'direct', author: people.alice, stream: null, title: followUp.title, apply: followUp.apply });
  }
}

// World changes, composed by the plan.

export const all = (...applies: Apply[]): Apply => (w, ctx) => {
  for (const apply of applies) apply(w, ctx);
};

export const stage = (key: string, n: number): Apply => (w) => {
  w.stages[key] = n;
};

/** Code and its tests in one change. */
export const stages = (key: string, n: number): Apply => all(stage(key, n), stage(`${key}.test`, n));

/** A changelog entry under Unreleased, with this step's PR number (or the given branch's). */
export const log = (section: ChangeSection, text: string, branch?: string): Apply => (w, ctx) => {
  const pr = branch ? ctx.prOfBranch(branch) : ctx.pr;
  w.changelog.unreleased.push({ section, text: pr ? `${text} (#${pr})` : text });
};

export const plan = (...items: string[]): Apply => (w) => {
  for (const text of items) w.roadmap.push({ text, done: false });
};

export const done = (prefix: string): Apply => (w) => {
  const item = w.roadmap.find((i) => i.text.startsWith(prefix));
  if (!item) throw new Error(`demo plan: no roadmap item "${prefix}"`);
  item.done = true;
};

const DOC_TITLES: Record<string, string> = {
  'docs/guide.md': '# User guide',
  'docs/faq.md': '# Frequently asked questions',
  'docs/cli.md': '# The quarry command',
  'docs/http.md': '# Remote configs',
  'docs/cache.md': '# Caching parsed configs',
};

/** Appends a block to a Markdown file, starting the file with its title when it is new. */
export const doc = (file: string, text: string): Apply => (w) => {
  const blocks = w.docs[file];
  if (blocks) blocks.push(text);
  else w.docs[file] = text.startsWith('# ') ? [text] : [DOC_TITLES[file] ?? `# ${file}`, text];
};

export const plain = (path: string, text: string): Apply => (w) => {
  w.plain[path] = text;
};
