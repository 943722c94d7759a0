import { z } from 'zod';
import { EVENT_KINDS, type ContentEdit, type GithubComment, type GithubEvent, type GithubEventKind } from './model.js';

/**
 * GitHub's REST and GraphQL payloads, read leniently (only the fields
 * swe-future uses; unknown fields are ignored), and turned into the model's
 * records. The same readers serve the archive (fetch-github) and dumps
 * (import-issues), so both follow the same rules.
 */

/** A GitHub time ("2024-01-02T03:04:05Z") in the store's canonical form. */
const Time = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a time').transform((s) => new Date(s).toISOString());
const Login = z.object({ login: z.string() }).nullish().transform((u) => u?.login ?? 'ghost');
const Label = z.union([z.string(), z.object({ name: z.string() })]).transform((l) => (typeof l === 'string' ? l : l.name));

/** An issue as `GET /repos/{o}/{r}/issues` lists it (pull requests included, with a `pull_request` key). */
export const RestIssue = z.object({
  number: z.number().int().positive(),
  node_id: z.string().nullish(),
  title: z.string(),
  body: z.string().nullish(),
  state: z.enum(['open', 'closed']),
  labels: z.array(Label).default([]),
  user: Login,
  created_at: Time,
  updated_at: Time,
  closed_at: Time.nullish(),
  pull_request: z.object({ merged_at: Time.nullish() }).nullish(),
  repository_url: z.string().nullish(),
});
export type RestIssue = z.infer<typeof RestIssue>;

/** A pull request as `GET /repos/{o}/{r}/pulls` lists it. */
export const RestPull = RestIssue.omit({ pull_request: true }).extend({
  merged_at: Time.nullish(),
  merge_commit_sha: z.string().nullish(),
  base: z.object({ ref: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
  head: z.object({ ref: z.string() }),
});
export type RestPull = z.infer<typeof RestPull>;

/** A timeline or issue event. Repository-wide event lists (`/issues/events`) name their issue. */
export const RestEvent = z.object({
  id: z.number().nullish(),
  event: z.string(),
  created_at: Time,
  actor: Login,
  label: z.object({ name: z.string() }).nullish(),
  rename: z.object({ from: z.string(), to: z.string() }).nullish(),
  issue: z.object({ number: z.number().int().positive() }).nullish(),
});
export type RestEvent = z.infer<typeof RestEvent>;

/** An issue comment (`/issues/comments`, or a timeline `commented` entry). */
export const RestComment = z.object({
  id: z.number(),
  node_id: z.string().nullish(),
  user: Login,
  created_at: Time,
  updated_at: Time,
  body: z.string().nullish(),
  issue_url: z.string().nullish(),
});
export type RestComment = z.infer<typeof RestComment>;

/** One entry of `GET /repos/{o}/{r}/pulls/{n}/files`. */
export const RestFile = z.object({ filename: z.string() });

/** Only these kinds matter to the as-of-T0 replay. */
export function eventOf(raw: RestEvent): GithubEvent | null {
  if (!(EVENT_KINDS as readonly string[]).includes(raw.event)) return null;
  const kind = raw.event as GithubEventKind;
  const event: GithubEvent = { kind, at: raw.created_at, actor: raw.actor, id: raw.id ?? 0 };
  if ((kind === 'labeled' || kind === 'unlabeled') && raw.label) event.label = raw.label.name;
  if (kind === 'renamed' && raw.rename) {
    event.from = raw.rename.from;
    event.to = raw.rename.to;
  }
  return event;
}

export function commentOf(raw: RestComment): GithubComment {
  return {
    id: raw.id,
    nodeId: raw.node_id ?? null,
    author: raw.user,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    body: raw.body ?? '',
    edits: null,
  };
}

/** The issue number a comment's `issue_url` (`.../issues/12`) names, or null. */
export function commentIssueNumber(raw: RestComment): number | null {
  const match = /\/issues\/(\d+)$/.exec(raw.issue_url ?? '');
  return match ? Number(match[1]) : null;
}

/** `owner/name` from an issue's `repository_url` (`https://api.github.com/repos/owner/name`), or null. */
export function repositoryOf(raw: { repository_url?: string | null }): string | null {
  const match = /\/repos\/([^/]+\/[^/]+)$/.exec(raw.repository_url ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** The edit history part of a GraphQL node (`... on UserContentEditable`). */
export const GraphqlEdits = z.object({
  id: z.string(),
  lastEditedAt: Time.nullish(),
  userContentEdits: z
    .object({
      pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
      nodes: z.array(z.object({ editedAt: Time, deletedAt: Time.nullish(), diff: z.string().nullish() }).nullable()),
    })
    .nullish(),
});
export type GraphqlEdits = z.infer<typeof GraphqlEdits>;

/** Revisions of one GraphQL page, oldest first; a deleted revision has a null body. */
export function revisionsOf(node: GraphqlEdits): ContentEdit[] {
  return (node.userContentEdits?.nodes ?? [])
    .filter((n): n is NonNullable<typeof n> => n !== null)
    .map((n) => ({ editedAt: n.editedAt, body: n.deletedAt || n.diff === null || n.diff === undefined ? null : n.diff }))
    .sort((a, b) => Date.parse(a.editedAt) - Date.parse(b.editedAt));
}
