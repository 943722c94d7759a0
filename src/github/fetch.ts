import type { z } from 'zod';
import { UserError } from '../errors.js';
import type { ArchivedResponse, ResponseKind } from './archive.js';
import { GithubHttpError, type GithubTransport } from './client.js';
import { newestByNumber, updatedAtOf } from './items.js';
import { editsBatchKey, editsPageKey, filesKey, issuesKey, pullsKey, timelineKey } from './keys.js';
import { GraphqlEdits, RestComment, RestIssue, RestPull } from './rest.js';

/**
 * Fills the archive from GitHub. Every response is archived as it arrives,
 * so a fetch that is stopped (killed, rate-limited for good, offline) loses
 * nothing and the next one resumes: listings are asked for again
 * conditionally (304s for unchanged pages), and items already archived whole
 * at their current updated_at (their sync mark) are skipped.
 *
 * 1. The issue and pull-request listings (created ascending; with `until`,
 *    paging stops past it).
 * 2. For each item not yet synced at its updated_at, in batches: its whole
 *    timeline (events and comments), its changed files when it is a closed
 *    pull request, then in one GraphQL query the edit histories of its body
 *    and of its edited comments. The batch's items are then marked synced.
 */

/** Where fetched responses go: the store's archive, behind an interface so this file stays free of SQL. */
export interface ArchiveSink {
  get(key: string): ArchivedResponse | null;
  save(response: ArchivedResponse): void;
  /** A 304: the archived body is current at `at`. */
  confirm(key: string, at: string): void;
  syncMarks(): ReadonlyMap<number, string>;
  markSynced(marks: ReadonlyMap<number, string>): void;
}

export interface FetchCounts {
  requests: number;
  notModified: number;
  itemsListed: number;
  itemsSynced: number;
  itemsUpToDate: number;
  /** Items whose own pages GitHub would not give (404/410: deleted or moved since the listing). */
  itemsUnavailable: number;
}

export interface FetchPlan {
  /** `owner/name`. */
  repo: string;
  until: string | null;
  /** Items per batch (between sync marks); default 50. */
  batchSize?: number;
  /** Requests in flight at once within a batch; default 4. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  onStage?: (name: string) => void;
}

/** How many edits of each body the batch query asks for; longer histories are paged one node at a time. */
const FIRST_EDITS = 20;

const EDITS_QUERY = `query SweFutureEdits($ids: [ID!]!) {
  nodes(ids: $ids) {
    id
    ... on UserContentEditable {
      lastEditedAt
      userContentEdits(first: ${FIRST_EDITS}) { pageInfo { hasNextPage endCursor } nodes { editedAt deletedAt diff } }
    }
  }
}`;

const MORE_EDITS_QUERY = `query SweFutureMoreEdits($id: ID!, $after: String!) {
  node(id: $id) {
    id
    ... on UserContentEditable {
      lastEditedAt
      userContentEdits(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { editedAt deletedAt diff } }
    }
  }
}`;

export async function fetchToArchive(transport: GithubTransport, sink: ArchiveSink, plan: FetchPlan): Promise<FetchCounts> {
  try {
    return await fetchAll(transport, sink, plan);
  } catch (err) {
    if (!(err instanceof GithubHttpError)) throw err;
    if (err.status === 404 || err.status === 410) {
      throw new UserError('GITHUB_NOT_FOUND', `GitHub has no repository ${plan.repo}, or the token cannot see it (${err.status})`, 'Check --github OWNER/NAME, and that GITHUB_TOKEN can read that repository.');
    }
    throw new UserError('GITHUB_REFUSED', `${err.message}`, 'Check that GITHUB_TOKEN may read the repository\'s issues and pull requests.');
  }
}

async function fetchAll(transport: GithubTransport, sink: ArchiveSink, plan: FetchPlan): Promise<FetchCounts> {
  const counts: FetchCounts = { requests: 0, notModified: 0, itemsListed: 0, itemsSynced: 0, itemsUpToDate: 0, itemsUnavailable: 0 };
  const cutoff = plan.until === null ? Infinity : Date.parse(plan.until);

  /** One page: asked conditionally on the archived ETag, archived (or confirmed), returned. */
  async function page(key: string, kind: ResponseKind, number: number | null): Promise<ArchivedResponse> {
    const archived = sink.get(key);
    counts.requests++;
    const answer = await transport.get(key, archived?.etag ?? null);
    const at = new Date().toISOString();
    if (answer.notModified) {
      if (!archived) throw new Error(`GitHub answered 304 to ${key}, which was asked without an ETag`);
      counts.notModified++;
      sink.confirm(key, at);
      return { ...archived, fetchedAt: at };
    }
    const response: ArchivedResponse = { key, kind, number, etag: answer.etag, body: answer.body, nextKey: answer.nextKey, fetchedAt: at };
    sink.save(response);
    return response;
  }

  /** Every page from `first`, stopping early once `stop` says the rest is not wanted. */
  async function chain(first: string, kind: ResponseKind, number: number | null, stop?: (records: unknown[]) => boolean): Promise<unknown[]> {
    const records: unknown[] = [];
    let key: string | null = first;
    const seen = new Set<string>();
    while (key !== null && !seen.has(key)) {
      seen.add(key);
      const response = await page(key, kind, number);
      const list = JSON.parse(response.body) as unknown;
      const pageRecords = Array.isArray(list) ? list : [];
      records.push(...pageRecords);
      if (stop?.(pageRecords)) break;
      key = response.nextKey;
    }
    return records;
  }

  const pastUntil = (records: unknown[]) => {
    const last = records[records.length - 1] as { created_at?: string } | undefined;
    return last?.created_at !== undefined && Date.parse(last.created_at) > cutoff;
  };
  const parsed = <T extends z.ZodType>(schema: T, records: unknown[]) =>
    records.map((r) => schema.safeParse(r)).filter((r) => r.success).map((r) => r.data as z.infer<T>);

  plan.onStage?.(`listing issues of ${plan.repo}`);
  const issues = newestByNumber(parsed(RestIssue, await chain(issuesKey(plan.repo), 'issues', null, pastUntil)));
  plan.onStage?.(`listing pull requests of ${plan.repo}`);
  const pulls = newestByNumber(parsed(RestPull, await chain(pullsKey(plan.repo), 'pulls', null, pastUntil)));

  const numbers = [...new Set([...issues.keys(), ...pulls.keys()])]
    .filter((n) => Date.parse((issues.get(n) ?? pulls.get(n))!.created_at) <= cutoff)
    .sort((a, b) => a - b);
  counts.itemsListed = numbers.length;
  const marks = sink.syncMarks();
  const todo = numbers.filter((n) => marks.get(n) !== updatedAtOf(issues.get(n), pulls.get(n)));
  counts.itemsUpToDate = numbers.length - todo.length;

  plan.onStage?.(`reading timelines, files and edits of ${todo.length} of ${numbers.length} items`);
  const batchSize = plan.batchSize ?? 50;
  for (let start = 0; start < todo.length; start += batchSize) {
    const batch = todo.slice(start, start + batchSize);
    const synced = new Map<number, string>();
    const editable: string[] = [];
    await pool(batch, plan.concurrency ?? 4, async (n) => {
      const issue = issues.get(n);
      const pull = pulls.get(n);
      const record = (pull ?? issue)!;
      try {
        const timeline = await chain(timelineKey(plan.repo, n), 'timeline', n);
        const isPull = pull !== undefined || Boolean(issue?.pull_request);
        if (isPull && record.state === 'closed') await chain(filesKey(plan.repo, n), 'files', n);
        if (record.node_id) editable.push(record.node_id);
        for (const entry of timeline) {
          const comment = (entry as { event?: unknown }).event === 'commented' ? RestComment.safeParse(entry) : null;
          if (comment?.success && comment.data.node_id && comment.data.updated_at > comment.data.created_at) editable.push(comment.data.node_id);
        }
        synced.set(n, updatedAtOf(issue, pull));
      } catch (err) {
        if (err instanceof GithubHttpError && (err.status === 404 || err.status === 410)) {
          counts.itemsUnavailable++;
          return;
        }
        throw err;
      }
    });
    await fetchEdits(editable.sort());
    sink.markSynced(synced);
    counts.itemsSynced += synced.size;
    plan.onProgress?.(Math.min(start + batchSize, todo.length), todo.length);
  }
  return counts;

  /** Edit histories of these nodes: one query per 50, then further pages node by node. */
  async function fetchEdits(ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50);
      counts.requests++;
      const body = await transport.graphql(EDITS_QUERY, { ids: chunk });
      sink.save({ key: editsBatchKey(chunk), kind: 'graphql', number: null, etag: null, body, nextKey: null, fetchedAt: new Date().toISOString() });
      const nodes = (JSON.parse(body) as { data?: { nodes?: unknown[] } }).data?.nodes ?? [];
      for (const node of nodes) {
        const edits = GraphqlEdits.safeParse(node);
        if (edits.success) await moreEdits(edits.data);
      }
    }
  }

  async function moreEdits(node: GraphqlEdits): Promise<void> {
    let info = node.userContentEdits?.pageInfo;
    while (info?.hasNextPage && info.endCursor) {
      counts.requests++;
      const body = await transport.graphql(MORE_EDITS_QUERY, { id: node.id, after: info.endCursor });
      sink.save({ key: editsPageKey(node.id, info.endCursor), kind: 'graphql', number: null, etag: null, body, nextKey: null, fetchedAt: new Date().toISOString() });
      const next = GraphqlEdits.safeParse((JSON.parse(body) as { data?: { node?: unknown } }).data?.node);
      info = next.success ? next.data.userContentEdits?.pageInfo : undefined;
    }
  }
}

/** Runs `work` over `items` with at most `limit` in flight; the first failure stops new work and is thrown. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failed ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== null) throw failed;
}
