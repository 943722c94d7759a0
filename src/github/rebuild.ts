import type { z } from 'zod';
import type { ArchivedResponse, ArchiveView } from './archive.js';
import { readDump } from './dump.js';
import { buildItem, mergeSources, newestByNumber, updatedAtOf } from './items.js';
import { editsPageKey, filesKey, issuesKey, pullsKey, timelineKey } from './keys.js';
import type { EditHistory, GithubComment, GithubEvent, GithubItem } from './model.js';
import { commentOf, eventOf, GraphqlEdits, RestComment, RestEvent, RestFile, RestIssue, RestPull, revisionsOf } from './rest.js';

export interface Rebuilt {
  items: GithubItem[];
  counts: { items: number; pullRequests: number; fromImports: number; unreadRecords: number; itemsNotSynced: number };
}

/**
 * The issues and pull requests of `repo`, from its archive alone: the same
 * archive always gives the same items (so an offline rebuild is identical to
 * the rebuild an online fetch ends with). Pages are followed from the first
 * page by their stored Link `next` keys, so pages of an older, longer listing
 * are never read. An item's timeline, files and edit histories count only
 * when they were archived at its current updated_at (its sync mark); if not,
 * its history is unknown and the as-of-T0 replay withholds what it cannot
 * prove. `until`: items created after it are left out.
 */
export function rebuildItems(view: ArchiveView, repo: string, until: string | null): Rebuilt {
  let unreadRecords = 0;
  const readPages = <T extends z.ZodType>(first: string, schema: T) => {
    const chain = followChain(view, first);
    const records: z.infer<T>[] = [];
    for (const page of chain.pages) {
      for (const raw of arrayOf(page.body)) {
        const parsed = schema.safeParse(raw);
        if (parsed.success) records.push(parsed.data);
        else unreadRecords++;
      }
    }
    return { records, complete: chain.complete };
  };

  const issues = newestByNumber(readPages(issuesKey(repo), RestIssue).records);
  const pulls = newestByNumber(readPages(pullsKey(repo), RestPull).records);
  const edits = editHistories(view);
  let itemsNotSynced = 0;

  const numbers = [...new Set([...issues.keys(), ...pulls.keys()])].sort((a, b) => a - b);
  const api: GithubItem[] = [];
  for (const n of numbers) {
    const issue = issues.get(n);
    const pull = pulls.get(n);
    const synced = view.syncMarks.get(n) === updatedAtOf(issue, pull);
    if (!synced) itemsNotSynced++;
    const timeline = followChain(view, timelineKey(repo, n));
    const events: GithubEvent[] = [];
    const comments: GithubComment[] = [];
    for (const page of timeline.pages) {
      for (const raw of arrayOf(page.body)) {
        const entry = raw as { event?: unknown } | null;
        if (entry?.event === 'commented') {
          const parsed = RestComment.safeParse(raw);
          if (parsed.success) comments.push({ ...commentOf(parsed.data), edits: synced ? historyOf(edits, parsed.data.node_id) : null });
          else unreadRecords++;
        } else {
          const parsed = RestEvent.safeParse(raw);
          const event = parsed.success ? eventOf(parsed.data) : null;
          if (event) events.push(event);
        }
      }
    }
    const isPull = pull !== undefined || Boolean(issue?.pull_request);
    let files: string[] | null = null;
    if (isPull && synced) {
      const chain = followChain(view, filesKey(repo, n));
      if (chain.complete) files = chain.pages.flatMap((p) => arrayOf(p.body)).map((f) => RestFile.safeParse(f)).filter((f) => f.success).map((f) => f.data!.filename);
    }
    const nodeId = (pull ?? issue)?.node_id ?? null;
    api.push(
      buildItem({
        issue,
        pull,
        events,
        eventsComplete: synced && timeline.complete,
        comments,
        files,
        bodyEdits: synced ? historyOf(edits, nodeId) : null,
        source: 'api',
      }),
    );
  }

  const imported: GithubItem[] = [];
  for (const response of view.list('import')) imported.push(...readDump(response.body, repo).items);
  const cutoff = until === null ? Infinity : Date.parse(until);
  const items = mergeSources(api, imported).filter((i) => Date.parse(i.createdAt) <= cutoff);
  return {
    items,
    counts: {
      items: items.length,
      pullRequests: items.filter((i) => i.isPullRequest).length,
      fromImports: items.filter((i) => i.source === 'import').length,
      unreadRecords,
      itemsNotSynced,
    },
  };
}

/** Pages from `first` along their stored next keys; complete when the last one has no next. */
export function followChain(view: ArchiveView, first: string): { pages: ArchivedResponse[]; complete: boolean } {
  const pages: ArchivedResponse[] = [];
  const seen = new Set<string>();
  let key: string | null = first;
  while (key !== null) {
    if (seen.has(key)) return { pages, complete: false };
    seen.add(key);
    const page = view.get(key);
    if (!page) return { pages, complete: false };
    pages.push(page);
    key = page.nextKey;
  }
  return { pages, complete: true };
}

/** A page's records; a body that is not a JSON array has none. */
function arrayOf(body: string): unknown[] {
  try {
    const value: unknown = JSON.parse(body);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

type FirstPages = Map<string, GraphqlEdits>;

/** Node id -> its newest first page of edit history, from every archived batch answer in the order they were confirmed. */
function editHistories(view: ArchiveView): { first: FirstPages; view: ArchiveView } {
  const first: FirstPages = new Map();
  for (const response of view.list('graphql')) {
    if (!response.key.startsWith('graphql nodes ')) continue;
    const nodes = (parseJson(response.body) as { data?: { nodes?: unknown[] } } | null)?.data?.nodes ?? [];
    for (const node of nodes) {
      const parsed = GraphqlEdits.safeParse(node);
      if (parsed.success) first.set(parsed.data.id, parsed.data);
    }
  }
  return { first, view };
}

/** A node's whole edit history, following its further pages; null when it was never read. */
function historyOf(histories: { first: FirstPages; view: ArchiveView }, id: string | null | undefined): EditHistory | null {
  if (!id) return null;
  const node = histories.first.get(id);
  if (!node) return null;
  const edits = revisionsOf(node);
  let page = node.userContentEdits?.pageInfo;
  let complete = true;
  while (page?.hasNextPage) {
    const response = page.endCursor ? histories.view.get(editsPageKey(id, page.endCursor)) : null;
    const next = GraphqlEdits.safeParse((parseJson(response?.body ?? 'null') as { data?: { node?: unknown } } | null)?.data?.node);
    if (!next.success) {
      complete = false;
      break;
    }
    edits.push(...revisionsOf(next.data));
    page = next.data.userContentEdits?.pageInfo;
  }
  edits.sort((a, b) => Date.parse(a.editedAt) - Date.parse(b.editedAt));
  return { lastEditedAt: node.lastEditedAt ?? null, complete, edits };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
