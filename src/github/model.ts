import { z } from 'zod';

/**
 * The issue tracker as the archive last saw it ("today's" state), normalised
 * from GitHub's REST and GraphQL shapes. Nothing here is safe to show at a T0
 * as it is: src/github/as-of-t0.ts replays it back to T0. Times are canonical
 * UTC ISO strings (`toISOString`).
 */

/** The timeline events the as-of-T0 replay understands; other kinds are not kept. */
export const EVENT_KINDS = ['renamed', 'labeled', 'unlabeled', 'closed', 'reopened', 'merged'] as const;
export const GithubEventKind = z.enum(EVENT_KINDS);
export type GithubEventKind = z.infer<typeof GithubEventKind>;

export const GithubEvent = z.object({
  kind: GithubEventKind,
  at: z.string(),
  actor: z.string().nullable(),
  /** labeled / unlabeled: the label's name. */
  label: z.string().optional(),
  /** renamed: the title before and after. */
  from: z.string().optional(),
  to: z.string().optional(),
  /** GitHub's event id, for a stable order of events with the same time. */
  id: z.number(),
});
export type GithubEvent = z.infer<typeof GithubEvent>;

/** One revision of a body from GraphQL's userContentEdits; `body` is null when the revision was deleted. */
export const ContentEdit = z.object({ editedAt: z.string(), body: z.string().nullable() });
export type ContentEdit = z.infer<typeof ContentEdit>;

/**
 * What is known of a body's edits. `lastEditedAt` null: never edited.
 * `complete` false: the revision list could not be read to its end, so an
 * earlier text is not recoverable from it.
 */
export const EditHistory = z.object({
  lastEditedAt: z.string().nullable(),
  complete: z.boolean(),
  /** Oldest first. */
  edits: z.array(ContentEdit),
});
export type EditHistory = z.infer<typeof EditHistory>;

export const GithubComment = z.object({
  id: z.number(),
  nodeId: z.string().nullable(),
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  body: z.string(),
  /** Null when no edit history was read (an import, or no GraphQL answer for it). */
  edits: EditHistory.nullable(),
});
export type GithubComment = z.infer<typeof GithubComment>;

export const GithubItem = z.object({
  number: z.number().int().positive(),
  nodeId: z.string().nullable(),
  isPullRequest: z.boolean(),
  /** Current title, body, state and labels: today's, not T0's. */
  title: z.string(),
  body: z.string(),
  state: z.enum(['open', 'closed']),
  labels: z.array(z.string()),
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Pull requests: when merged (null if not), the commit GitHub made, the branches. */
  mergedAt: z.string().nullable(),
  mergeCommitSha: z.string().nullable(),
  baseRef: z.string().nullable(),
  headRef: z.string().nullable(),
  /** Pull requests: changed files as GitHub lists them now; null when not read (open PRs are never read). */
  files: z.array(z.string()).nullable(),
  /** Timeline events of EVENT_KINDS, oldest first. */
  events: z.array(GithubEvent),
  /** True when the whole timeline was read, so replaying it back to any time is exact. */
  eventsComplete: z.boolean(),
  /** Conversation comments, oldest first. */
  comments: z.array(GithubComment),
  /** Edit history of the body; null when not read. */
  bodyEdits: EditHistory.nullable(),
  /** Where the record came from: the REST/GraphQL archive, or an imported dump. */
  source: z.enum(['api', 'import']),
});
export type GithubItem = z.infer<typeof GithubItem>;

/** A comment as it stood at T0. */
export const CommentAtT0 = z.object({
  author: z.string(),
  createdAt: z.string(),
  body: z.string(),
  /** The comment was edited after T0 and its text at T0 cannot be recovered: `body` is empty. */
  bodyWithheld: z.boolean(),
});
export type CommentAtT0 = z.infer<typeof CommentAtT0>;

/** An issue or pull request exactly as it stood at T0: nothing in it is dated after T0. */
export const ItemAtT0 = z.object({
  number: z.number().int().positive(),
  isPullRequest: z.boolean(),
  title: z.string(),
  body: z.string(),
  /** The body was edited after T0 and its text at T0 cannot be recovered: `body` is empty. */
  bodyWithheld: z.boolean(),
  /** `merged` only for pull requests merged at or before T0. */
  state: z.enum(['open', 'closed', 'merged']),
  labels: z.array(z.string()),
  author: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  mergedAt: z.string().nullable(),
  /** The latest time at or before T0 at which anything visible happened to it. */
  lastActivityAt: z.string(),
  comments: z.array(CommentAtT0),
  /** Changed files, where they are known to be those at T0 (a PR closed or merged by T0 and not reopened since). */
  paths: z.array(z.string()),
  pathsWithheld: z.boolean(),
  /** The merge commit, for pull requests merged by T0. */
  mergeCommitSha: z.string().nullable(),
  /** The pull request's branch (set when it is opened, never changed). */
  headRef: z.string().nullable(),
});
export type ItemAtT0 = z.infer<typeof ItemAtT0>;

/**
 * An item replayed to a time: `absent` (created later), `withheld` (created
 * by then, but changed since and its history is unknown, so nothing of it can
 * be shown), or `visible` as it stood.
 */
export type Replayed = { status: 'absent' } | { status: 'withheld'; reason: 'no-history' } | { status: 'visible'; item: ItemAtT0 };
