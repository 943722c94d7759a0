import { replayToT0 } from '../github/as-of-t0.js';
import type { GithubItem, ItemAtT0 } from '../github/model.js';
import { botReason } from '../sources/bots.js';
import { assertVisibleAtT0 } from './guard.js';
import type { Evidence } from './model.js';
import { DAY_MS } from '../time.js';

type WorkItemEvidence = Extract<Evidence, { kind: 'work_item' }>;
type IssueEvidence = Extract<Evidence, { kind: 'issue' }>;

/** Closed issues and pull requests are evidence for this many days after they closed. */
export const ISSUE_LOOKBACK_DAYS = 365;
const BODY_CHARS = 2000;
const COMMENT_CHARS = 500;
const MAX_COMMENTS = 10;

/**
 * The tracker's part of a snapshot. Each archived issue and pull request is
 * replayed to T0 (src/github/as-of-t0.ts); those created later are not seen
 * at all, those changed since T0 with no history are withheld whole.
 * - A pull request merged by T0 enriches the work item git reconstructed for
 *   it (found by merge commit, else by number) with its title, body and
 *   labels as they were at T0 — never today's.
 * - Every other one open at T0, or closed in the ISSUE_LOOKBACK_DAYS before
 *   it, becomes an `issue` evidence row.
 * Without a tracker (`items` undefined) the work items come back unchanged
 * and no count is added, so such a snapshot is the same as before.
 */
export function trackerEvidence(
  items: readonly GithubItem[] | undefined,
  t0: string,
  workItems: readonly Evidence[],
  counts: Record<string, number>,
): { workItems: Evidence[]; issues: IssueEvidence[] } {
  if (items === undefined) return { workItems: [...workItems], issues: [] };
  const enriched = workItems.filter((e): e is WorkItemEvidence => e.kind === 'work_item');
  const bySha = new Map(enriched.map((e, i) => [e.item.sha, i]));
  const byRef = new Map(enriched.map((e, i) => [e.ref, i]));
  const issues: IssueEvidence[] = [];
  const oldest = Date.parse(t0) - ISSUE_LOOKBACK_DAYS * DAY_MS;
  Object.assign(counts, { issues: 0, issuePullRequests: 0, issuesWithheld: 0, issueBodiesWithheld: 0, workItemsFromTracker: 0 });

  for (const item of [...items].sort((a, b) => a.number - b.number)) {
    const replayed = replayToT0(item, t0);
    if (replayed.status === 'absent') continue;
    if (replayed.status === 'withheld') {
      counts.issuesWithheld!++;
      continue;
    }
    const v = replayed.item;
    if (v.state === 'merged') {
      const at = (v.mergeCommitSha !== null ? bySha.get(v.mergeCommitSha) : undefined) ?? byRef.get(`pr#${v.number}`);
      if (at !== undefined) {
        const ref = `pr#${v.number}`;
        const free = enriched[at]!.ref === ref || !byRef.has(ref);
        enriched[at] = enrich(enriched[at]!, v, free ? ref : enriched[at]!.ref);
        if (free) byRef.set(ref, at);
        counts.workItemsFromTracker!++;
        continue;
      }
    }
    if (v.state !== 'open' && Date.parse(v.closedAt ?? v.lastActivityAt) < oldest) continue;
    issues.push(issueRow(v));
    counts.issues!++;
    if (v.isPullRequest) counts.issuePullRequests!++;
    if (v.bodyWithheld) counts.issueBodiesWithheld!++;
  }
  // Every date an issue row carries is at or before T0, not only its `date`.
  assertVisibleAtT0(
    issues.flatMap((e) => [
      { ref: e.ref, date: e.lastActivityAt },
      ...(e.closedAt ? [{ ref: e.ref, date: e.closedAt }] : []),
      ...e.comments.map((c) => ({ ref: e.ref, date: c.date })),
    ]),
    t0,
  );
  return { workItems: enriched, issues };
}

/**
 * A work item with the tracker's title, body and labels at T0 (git's body
 * stays when the body at T0 is withheld); a `commit:<sha>` item a pull request
 * landed (a rebase merge) becomes `pr#N` when no other item holds that ref.
 */
function enrich(e: WorkItemEvidence, v: ItemAtT0, ref: string): WorkItemEvidence {
  const reason = e.item.botReason ?? botReason({ title: v.title, author: v.author, authorEmail: '', branch: v.headRef ? `${v.author}/${v.headRef}` : null });
  const renamed = ref !== e.ref;
  const item = {
    ...e.item,
    key: renamed ? ref : e.item.key,
    number: renamed ? v.number : e.item.number,
    title: v.title,
    body: v.bodyWithheld ? e.item.body : v.body,
    labels: v.labels,
    bot: reason !== null,
    botReason: reason,
  };
  return { ...e, ref, text: v.title, item };
}

function issueRow(v: ItemAtT0): IssueEvidence {
  const comments = v.comments.slice(-MAX_COMMENTS);
  return {
    kind: 'issue',
    ref: `${v.isPullRequest ? 'pull' : 'issue'}#${v.number}`,
    date: v.createdAt,
    text: v.title,
    number: v.number,
    pullRequest: v.isPullRequest,
    state: v.state,
    labels: v.labels,
    author: v.author,
    closedAt: v.closedAt,
    lastActivityAt: v.lastActivityAt,
    body: v.body.slice(0, BODY_CHARS),
    bodyWithheld: v.bodyWithheld,
    commentCount: v.comments.length,
    comments: comments.map((c) => ({ author: c.author, date: c.createdAt, body: c.body.slice(0, COMMENT_CHARS), bodyWithheld: c.bodyWithheld })),
    paths: v.paths,
    pathsWithheld: v.pathsWithheld,
  };
}
