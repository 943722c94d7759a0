import type { TaskFamily } from '../../family/model.js';
import { ownName } from './quoted-definitions.js';
import { topicWords, type TopicWords } from './shared.js';

/**
 * The pre-T0 work a family quotes (its `work_item` evidence: the pull requests and commits it continues), with the
 * files each changed where the judge was given them (JudgeRequest.quoted). A later change in those files continues
 * that work only with a shared direction besides (direction.ts quotedFilesDirection): the same files with another
 * purpose are no direction (../shared/judging-rules.md).
 */
export interface QuotedWork {
  /** `pr#6081`, `commit:<sha>`. */
  ref: string;
  title: string;
  /** Its title's topic words, by stem. */
  words: TopicWords;
  /** Its pull request number, or its commit's sha: a later change naming it follows it up. */
  number: number | null;
  sha: string | null;
  /** The files it changed, less changelogs, manifests and lock files (every release and bump touches those). */
  files: ReadonlySet<string>;
  /** The compound or long names it defines (JudgeRequest.quotedDefines; quoted-definitions.ts ownName), lower-cased. */
  defines: ReadonlySet<string>;
}

/** A quoted change of more files than this is a sweep (a major version, a reformat): its files are the project, no direction. */
export const MAX_QUOTED_FILES = 25;

/** Files most changes touch on the way: changelogs, package manifests, lock files. */
const PASSING_FILE = /(^|\/)(changelog|changes|history|news)(\.\w+)?$|(^|\/)(package\.json|package-lock\.json|pnpm-lock\.yaml|yarn\.lock|cargo\.toml|cargo\.lock|pyproject\.toml|setup\.py|setup\.cfg|go\.mod|go\.sum|uv\.lock|poetry\.lock|requirements[\w.-]*\.txt)$/i;

/** Quoted titles that are no work: branch merges, releases, bumps. */
const NOT_WORK = /^(merge\b|release\b|bump\b|v?\d+\.\d+(\.\d+)?\b|prepare\s+(for\s+)?release)/i;

/** A family's quoted work, and every file of it (most changes touch none: one look-up each, not one per quoted item). */
export interface QuotedFiles {
  works: readonly QuotedWork[];
  files: ReadonlySet<string>;
}

const cache = new WeakMap<object, WeakMap<object, WeakMap<TaskFamily, QuotedFiles>>>();
const NONE: QuotedFiles = { works: [], files: new Set() };
const NO_DEFINES: Readonly<Record<string, readonly string[]>> = {};

/**
 * The family's quoted work whose files `paths` (quoted ref -> changed paths) has, with the names each defines where
 * `defines` (quoted ref -> defined names) has them; none without `paths`.
 */
export function quotedWorkOf(family: TaskFamily, paths: Readonly<Record<string, readonly string[]>> | undefined, defines: Readonly<Record<string, readonly string[]>> = NO_DEFINES): QuotedFiles {
  if (paths === undefined) return NONE;
  let byDefines = cache.get(paths);
  if (byDefines === undefined) cache.set(paths, (byDefines = new WeakMap()));
  let byFamily = byDefines.get(defines);
  if (byFamily === undefined) byDefines.set(defines, (byFamily = new WeakMap()));
  let out = byFamily.get(family);
  if (out === undefined) {
    out = readQuotedWork(family, paths, defines);
    byFamily.set(family, out);
  }
  return out;
}

function readQuotedWork(family: TaskFamily, paths: Readonly<Record<string, readonly string[]>>, defines: Readonly<Record<string, readonly string[]>>): QuotedFiles {
  const out: QuotedWork[] = [];
  for (const e of family.evidence) {
    const changed = e.kind === 'work_item' ? paths[e.ref] : undefined;
    if (changed === undefined || NOT_WORK.test(e.text.trim()) || changed.length > MAX_QUOTED_FILES) continue;
    const files = new Set(changed.filter((p) => !PASSING_FILE.test(p)));
    if (files.size === 0) continue;
    const pr = /^pr#(\d+)$/.exec(e.ref);
    const sha = /^commit:([0-9a-f]{7,40})$/.exec(e.ref);
    const names = new Set((defines[e.ref] ?? []).map((n) => n.toLowerCase()).filter(ownName));
    out.push({ ref: e.ref, title: e.text, words: topicWords(e.text), number: pr ? Number(pr[1]) : null, sha: sha ? sha[1]! : null, files, defines: names });
  }
  return out.length === 0 ? NONE : { works: out, files: new Set(out.flatMap((q) => [...q.files])) };
}
