import type { EditHistory, GithubComment, GithubEvent, GithubItem } from './model.js';
import type { RestIssue, RestPull } from './rest.js';

/** What is known of one issue or pull request, from the listings and its own pages. */
export interface ItemParts {
  issue?: RestIssue;
  pull?: RestPull;
  events: GithubEvent[];
  eventsComplete: boolean;
  comments: GithubComment[];
  files: string[] | null;
  bodyEdits: EditHistory | null;
  source: GithubItem['source'];
}

/** The later of the two listing records' update times: the item's updated_at. */
export function updatedAtOf(issue: RestIssue | undefined, pull: RestPull | undefined): string {
  const times = [issue?.updated_at, pull?.updated_at].filter((t): t is string => t !== undefined);
  return times.reduce((a, b) => (b > a ? b : a));
}

/** Each number's newest record of a listing read page by page (of records with equal times, the one read last). */
export function newestByNumber<T extends { number: number; updated_at: string }>(records: readonly T[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const r of records) {
    const known = map.get(r.number);
    if (!known || r.updated_at >= known.updated_at) map.set(r.number, r);
  }
  return map;
}

/**
 * One item from its parts. The issue listing and the pull request listing
 * were read at different moments; the fresher record gives title, body, state
 * and labels, the pull record adds merge facts.
 */
export function buildItem(parts: ItemParts): GithubItem {
  const { issue, pull } = parts;
  const base = (pull && (!issue || pull.updated_at > issue.updated_at) ? pull : issue ?? pull)!;
  const isPullRequest = pull !== undefined || (issue?.pull_request !== null && issue?.pull_request !== undefined);
  const mergedAt = pull ? (pull.merged_at ?? null) : (issue?.pull_request?.merged_at ?? null);
  return {
    number: base.number,
    nodeId: base.node_id ?? null,
    isPullRequest,
    title: base.title,
    body: base.body ?? '',
    state: base.state,
    labels: [...new Set(base.labels)],
    author: base.user,
    createdAt: base.created_at,
    updatedAt: updatedAtOf(issue, pull),
    closedAt: base.closed_at ?? null,
    mergedAt,
    mergeCommitSha: pull?.merge_commit_sha ?? null,
    baseRef: pull?.base.ref ?? null,
    headRef: pull?.head.ref ?? null,
    files: isPullRequest ? parts.files : null,
    events: [...parts.events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id),
    eventsComplete: parts.eventsComplete,
    comments: [...parts.comments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id),
    bodyEdits: parts.bodyEdits,
    source: parts.source,
  };
}

/**
 * Items of two sources merged by number: for each number the record updated
 * last wins whole (its events and comments with it); on a tie the API's.
 */
export function mergeSources(api: readonly GithubItem[], imported: readonly GithubItem[]): GithubItem[] {
  const byNumber = new Map<number, GithubItem>();
  for (const item of imported) {
    const known = byNumber.get(item.number);
    if (!known || item.updatedAt > known.updatedAt) byNumber.set(item.number, item);
  }
  for (const item of api) {
    const known = byNumber.get(item.number);
    if (!known || item.updatedAt >= known.updatedAt) byNumber.set(item.number, item);
  }
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}
