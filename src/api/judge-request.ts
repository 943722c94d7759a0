import type { TaskFamily } from '../family/model.js';
import { readDefinedIdentifiers, type AddedIdentifiersMemo } from '../git/added-identifiers.js';
import { silentProgress, type Progress } from '../progress.js';
import type { Store } from '../store/open.js';
import { repoPathById } from '../store/repos.js';
import { loadWorkItems } from '../store/work-items.js';
import type { JudgeRequest } from '../validate/judge.js';
import { splitLaterWork, type LaterWork } from '../validate/later-work.js';
import { quotedDefinesOf, quotedPathsOf, quotedRefs } from './quoted-files.js';
import { readStandingNotes } from './standing-notes.js';
import type { NoteLinesMemo } from '../git/note-lines.js';

export interface StoredJudgeRequest {
  /** The window's work, bots and work that is not work counted apart (the metrics read these). */
  later: LaterWork;
  /** What the judge is given: the families, the judged later work, what each change's diff added, the quoted work's files. */
  request: JudgeRequest & Required<Pick<JudgeRequest, 'added' | 'quoted' | 'quotedDefines' | 'standing'>>;
}

/**
 * What a judge reads for families forecast on a stored snapshot, the one place it is built: `validate` judges with it,
 * and so does scripts/rejudge-families.ts, so a family set rejudged offline gets the verdicts `validate` gives
 * (docs/judging.md "The family-set scripts judge as validate does"; tests/validate/rejudge-as-validate.test.ts).
 * - `later`: the repository's work merged in (T0, windowEnd], bot work left out unless `includeBots`.
 * - `added`: what each later change's diff added, read from the clone where it (still) has the blobs.
 * - `quoted`: the changed files of the pre-T0 work items the families quote (their `work_item` evidence refs), from
 *   the store's work items up to T0.
 */
export async function readJudgeRequest(
  store: Store,
  families: readonly TaskFamily[],
  origin: { repoId: number; t0: string },
  options: { windowEnd: string; includeBots: boolean; addedMemo?: AddedIdentifiersMemo; notesMemo?: NoteLinesMemo; progress?: Progress },
): Promise<StoredJudgeRequest> {
  const progress = options.progress ?? silentProgress;
  const window = loadWorkItems(store, origin.repoId, { after: origin.t0, until: options.windowEnd });
  const later = splitLaterWork(window, options.includeBots);
  progress.stage(`reading what ${later.judged.length} later changes added`);
  const repoPath = repoPathById(store, origin.repoId);
  const bySha = repoPath === null ? new Map<string, string[]>() : await readDefinedIdentifiers(repoPath, later.judged.map((i) => i.sha), options.addedMemo);
  const added = Object.fromEntries(later.judged.flatMap((i) => (bySha.has(i.sha) ? [[i.key, bySha.get(i.sha)!]] : [])));
  const refs = quotedRefs(families);
  const quotedItems = refs.size === 0 ? [] : loadWorkItems(store, origin.repoId, { until: origin.t0 }).filter((i) => refs.has(i.key));
  const quoted = quotedPathsOf(quotedItems);
  const quotedDefines = repoPath === null ? {} : await quotedDefinesOf(repoPath, quotedItems, options.addedMemo);
  const t0Commit = store.db.prepare<[number, string], string>('SELECT commit_sha FROM snapshots WHERE repo_id = ? AND t0 = ? ORDER BY id LIMIT 1').pluck().get(origin.repoId, origin.t0) ?? null;
  const standing = await readStandingNotes(repoPath, families, t0Commit, window, options.notesMemo);
  return { later, request: { families, later: later.judged, added, quoted, quotedDefines, standing } };
}
