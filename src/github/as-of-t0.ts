import { compareText } from '../text/order.js';
import type { CommentAtT0, EditHistory, GithubEvent, GithubItem, ItemAtT0, Replayed } from './model.js';

/**
 * An issue or pull request as it stood at `t0`, from its current state (what
 * GitHub returns today) by replaying its timeline backwards: every event after
 * `t0`, newest first, is undone. Pure: the same item and time give the same
 * answer, and nothing dated after `t0` survives in it.
 *
 * - created after `t0`: absent;
 * - changed after `t0` (updatedAt) with no complete timeline: withheld whole,
 *   since its title, labels and state at `t0` cannot be known;
 * - title: each `renamed` after `t0` is undone (the title becomes `from`);
 * - labels: `labeled` after `t0` removes the label, `unlabeled` puts it back;
 * - state: `closed`/`merged` after `t0` means open before, `reopened` means
 *   closed before; a pull request merged after `t0` is open at `t0`;
 * - body and comments: the text in force at `t0` (see textAt); a text edited
 *   after `t0` whose earlier revision is not recoverable is withheld (empty,
 *   `bodyWithheld: true`), never shown in its later form;
 * - comments created after `t0` are dropped;
 * - changed files: shown only for a pull request closed or merged by `t0` and
 *   not reopened since (an open one may have been pushed to after `t0`).
 */
export function replayToT0(item: GithubItem, t0: string): Replayed {
  const cutoff = Date.parse(t0);
  const after = (time: string) => Date.parse(time) > cutoff;
  if (after(item.createdAt)) return { status: 'absent' };
  const changedSince = after(item.updatedAt);
  if (changedSince && !item.eventsComplete) return { status: 'withheld', reason: 'no-history' };

  const later = item.events.filter((e) => after(e.at)).sort(newestFirst);
  const earlier = item.events.filter((e) => !after(e.at));

  let title = item.title;
  const labels = new Set(item.labels);
  let state: 'open' | 'closed' | 'merged' = item.isPullRequest && item.mergedAt !== null ? 'merged' : item.state;
  for (const event of later) {
    if (event.kind === 'renamed' && event.from !== undefined) title = event.from;
    else if (event.kind === 'labeled' && event.label !== undefined) labels.delete(event.label);
    else if (event.kind === 'unlabeled' && event.label !== undefined) labels.add(event.label);
    else if (event.kind === 'closed' || event.kind === 'merged') state = 'open';
    else if (event.kind === 'reopened') state = 'closed';
  }
  const mergedAt = item.mergedAt !== null && !after(item.mergedAt) ? item.mergedAt : null;
  if (mergedAt !== null) state = 'merged';
  else if (state === 'merged') state = 'open';

  const closedAt = state === 'open' ? null : closeTime(item, earlier, mergedAt, cutoff);
  const body = textAt(item.body, item.bodyEdits, item.updatedAt, cutoff);
  const comments: CommentAtT0[] = item.comments
    .filter((c) => !after(c.createdAt))
    .map((c) => {
      const text = textAt(c.body, c.edits, c.updatedAt, cutoff);
      return { author: c.author, createdAt: c.createdAt, body: text.body, bodyWithheld: text.withheld };
    });

  const reopenedSince = later.some((e) => e.kind === 'reopened');
  const filesFinal = item.isPullRequest && item.files !== null && state !== 'open' && !reopenedSince;
  const activity = [
    item.createdAt,
    ...earlier.map((e) => e.at),
    ...comments.map((c) => c.createdAt),
    ...(closedAt ? [closedAt] : []),
    ...(changedSince ? [] : [item.updatedAt]),
  ];
  const lastActivityAt = activity.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));

  const visible: ItemAtT0 = {
    number: item.number,
    isPullRequest: item.isPullRequest,
    title,
    body: body.body,
    bodyWithheld: body.withheld,
    state,
    labels: [...labels].sort(compareText),
    author: item.author,
    createdAt: item.createdAt,
    closedAt,
    mergedAt,
    lastActivityAt,
    comments,
    paths: filesFinal ? [...item.files!].sort(compareText) : [],
    pathsWithheld: item.isPullRequest && !filesFinal,
    mergeCommitSha: mergedAt !== null ? item.mergeCommitSha : null,
    headRef: item.headRef,
  };
  return { status: 'visible', item: visible };
}

/**
 * The text of a body or comment at `cutoff`:
 * - not changed since (`updatedAt` <= cutoff), or never edited, or last
 *   edited by then: the current text;
 * - edited after: the newest revision dated at or before the cutoff, from a
 *   complete edit history; none there (GitHub keeps the original only in some
 *   histories), a deleted revision, an incomplete or unknown history: withheld.
 */
export function textAt(current: string, edits: EditHistory | null, updatedAt: string, cutoff: number): { body: string; withheld: boolean } {
  if (Date.parse(updatedAt) <= cutoff) return { body: current, withheld: false };
  if (edits === null) return WITHHELD;
  if (edits.lastEditedAt === null || Date.parse(edits.lastEditedAt) <= cutoff) return { body: current, withheld: false };
  if (!edits.complete) return WITHHELD;
  const before = edits.edits.filter((e) => Date.parse(e.editedAt) <= cutoff);
  const newest = before.reduce<(typeof before)[number] | null>((best, e) => (best === null || Date.parse(e.editedAt) >= Date.parse(best.editedAt) ? e : best), null);
  if (newest === null || newest.body === null) return WITHHELD;
  return { body: newest.body, withheld: false };
}

const WITHHELD = { body: '', withheld: true } as const;

/** When it was last closed (or merged) at or before the cutoff. */
function closeTime(item: GithubItem, earlier: readonly GithubEvent[], mergedAt: string | null, cutoff: number): string | null {
  if (mergedAt !== null) return mergedAt;
  const closes = earlier.filter((e) => e.kind === 'closed').sort(newestFirst);
  if (closes[0]) return closes[0].at;
  return item.closedAt !== null && Date.parse(item.closedAt) <= cutoff ? item.closedAt : null;
}

function newestFirst(a: GithubEvent, b: GithubEvent): number {
  return Date.parse(b.at) - Date.parse(a.at) || b.id - a.id;
}
