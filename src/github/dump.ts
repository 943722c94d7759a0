import type { z } from 'zod';
import { buildItem } from './items.js';
import type { GithubComment, GithubEvent, GithubItem } from './model.js';
import { commentIssueNumber, commentOf, eventOf, RestComment, RestEvent, RestIssue, RestPull, repositoryOf } from './rest.js';

/**
 * Dumps of GitHub's REST API, as `gh api --paginate` writes them: one JSON
 * array per page (back to back), a single array, an array of pages
 * (`--slurp`), or one record per line (JSONL, `--jq '.[]'`). Records may be
 * issues (pull requests included), pull requests, issue events (the
 * repository-wide list, which names each event's issue) and issue comments,
 * mixed in any order. Pure: text in, records and rejections out.
 */

export interface DumpRecord {
  /** 1-based line where the record starts. */
  line: number;
  value: unknown;
}

export interface Rejection {
  line: number;
  reason: string;
}

/** Splits a dump into records with their line numbers; JSON that cannot be read is rejected by line. */
export function splitDump(text: string): { records: DumpRecord[]; rejected: Rejection[] } {
  const records: DumpRecord[] = [];
  const rejected: Rejection[] = [];
  const lines = lineStarts(text);
  let pos = 0;
  while (pos < text.length) {
    pos = skipSpace(text, pos);
    if (pos >= text.length) break;
    const line = lineAt(lines, pos);
    const ch = text[pos];
    if (ch !== '{' && ch !== '[') {
      rejected.push({ line, reason: 'not a JSON object or array' });
      pos = nextLine(text, pos);
      continue;
    }
    const end = valueEnd(text, pos);
    if (end === null) {
      // A value that never closes: in a file of one record per line, the next line starts afresh.
      rejected.push({ line, reason: 'the JSON breaks off (an unclosed bracket or string)' });
      if (ch === '[') break;
      pos = nextLine(text, pos);
      continue;
    }
    const slice = text.slice(pos, end);
    if (ch === '{') {
      try {
        records.push({ line, value: JSON.parse(slice) });
      } catch (err) {
        rejected.push({ line, reason: `not valid JSON (${(err as Error).message})` });
      }
    } else {
      splitArray(text, pos, end, lines, records, rejected);
    }
    pos = end;
  }
  return { records, rejected };
}

/** The elements of the array text[start, end) as records; nested arrays (pages of --slurp) are opened. */
function splitArray(text: string, start: number, end: number, lines: readonly number[], records: DumpRecord[], rejected: Rejection[]): void {
  let pos = start + 1;
  while (pos < end - 1) {
    pos = skipSpace(text, pos);
    if (text[pos] === ',') {
      pos++;
      continue;
    }
    if (pos >= end - 1) break;
    const line = lineAt(lines, pos);
    const elementEnd = elementBoundary(text, pos, end - 1);
    const slice = text.slice(pos, elementEnd).trim();
    if (slice.startsWith('[')) splitArray(text, pos, pos + slice.length, lines, records, rejected);
    else {
      try {
        records.push({ line, value: JSON.parse(slice) });
      } catch (err) {
        rejected.push({ line, reason: `not valid JSON (${(err as Error).message})` });
      }
    }
    pos = elementEnd;
  }
}

/** End (exclusive) of the object or array starting at `pos`, or null when it never closes. */
function valueEnd(text: string, pos: number): number | null {
  let depth = 0;
  for (let i = pos; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const close = stringEnd(text, i);
      if (close === null) return null;
      i = close;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return null;
    }
  }
  return null;
}

/** The position of the comma (or `limit`) that ends the array element starting at `pos`. */
function elementBoundary(text: string, pos: number, limit: number): number {
  let depth = 0;
  for (let i = pos; i < limit; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i) ?? limit;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) return i;
  }
  return limit;
}

/** Index of the quote closing the string opened at `pos`; null at a raw line break or the end. */
function stringEnd(text: string, pos: number): number | null {
  for (let i = pos + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return i;
    else if (c === '\n') return null;
  }
  return null;
}

function skipSpace(text: string, pos: number): number {
  while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  return pos;
}

function nextLine(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos);
  return nl < 0 ? text.length : nl + 1;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

export type Classified =
  | { type: 'issue'; record: RestIssue }
  | { type: 'pull'; record: RestPull }
  | { type: 'event'; number: number; event: GithubEvent | null }
  | { type: 'comment'; number: number; comment: GithubComment };

/** What a record is, checked against its REST shape and repository; a string says why it was rejected. */
export function classifyRecord(value: unknown, repo: string): Classified | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const v = value as Record<string, unknown>;
  const foreign = recordRepository(v);
  if (foreign !== null && foreign !== repo) return `belongs to ${foreign}, not ${repo}`;
  // A timeline's `commented` entry is a comment (with issue_url), not an event.
  if (typeof v.event === 'string' && v.event !== 'commented') {
    const parsed = check(RestEvent, v);
    if (typeof parsed === 'string') return parsed;
    if (!parsed.issue) return 'an event that does not name its issue: dump repos/OWNER/NAME/issues/events, whose events carry `issue`';
    return { type: 'event', number: parsed.issue.number, event: eventOf(parsed) };
  }
  if ('number' in v || 'title' in v) {
    if ('head' in v && 'base' in v) {
      const parsed = check(RestPull, v);
      return typeof parsed === 'string' ? parsed : { type: 'pull', record: parsed };
    }
    const parsed = check(RestIssue, v);
    return typeof parsed === 'string' ? parsed : { type: 'issue', record: parsed };
  }
  if ('issue_url' in v) {
    const parsed = check(RestComment, v);
    if (typeof parsed === 'string') return parsed;
    const number = commentIssueNumber(parsed);
    if (number === null) return 'a comment whose issue_url names no issue';
    return { type: 'comment', number, comment: commentOf(parsed) };
  }
  return 'not an issue, pull request, issue event or comment (no number and title, event, or issue_url)';
}

function check<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> | string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

/** The `owner/name` a record says it belongs to, or null when it does not say. */
function recordRepository(v: Record<string, unknown>): string | null {
  if (typeof v.repository_url === 'string') return repositoryOf({ repository_url: v.repository_url });
  for (const field of ['issue_url', 'url']) {
    const url = v[field];
    if (typeof url !== 'string') continue;
    const match = /\/repos\/([^/]+\/[^/]+)\/(issues|pulls)\b/.exec(url);
    if (match) return match[1]!.toLowerCase();
  }
  return null;
}

export interface DumpReading {
  items: GithubItem[];
  rejected: Rejection[];
  counts: { records: number; issues: number; pulls: number; events: number; comments: number };
  /** True when the dump held events, so items' timelines are taken as complete. */
  hasEvents: boolean;
}

/**
 * Items from a dump of `repo`. An item's events are taken as complete when
 * the dump holds any events (a dump of the repository's event list holds
 * them all); without events, an item changed after a T0 is withheld there.
 */
export function readDump(text: string, repo: string): DumpReading {
  const { records, rejected } = splitDump(text);
  const issues = new Map<number, RestIssue>();
  const pulls = new Map<number, RestPull>();
  const events = new Map<number, GithubEvent[]>();
  const comments = new Map<number, Map<number, GithubComment>>();
  const counts = { records: 0, issues: 0, pulls: 0, events: 0, comments: 0 };
  for (const { line, value } of records) {
    const c = classifyRecord(value, repo);
    if (typeof c === 'string') {
      rejected.push({ line, reason: c });
      continue;
    }
    counts.records++;
    if (c.type === 'issue') {
      counts.issues++;
      const known = issues.get(c.record.number);
      if (!known || c.record.updated_at >= known.updated_at) issues.set(c.record.number, c.record);
    } else if (c.type === 'pull') {
      counts.pulls++;
      const known = pulls.get(c.record.number);
      if (!known || c.record.updated_at >= known.updated_at) pulls.set(c.record.number, c.record);
    } else if (c.type === 'event') {
      counts.events++;
      if (c.event) events.set(c.number, [...(events.get(c.number) ?? []), c.event]);
    } else {
      counts.comments++;
      const byId = comments.get(c.number) ?? new Map<number, GithubComment>();
      byId.set(c.comment.id, c.comment);
      comments.set(c.number, byId);
    }
  }
  const hasEvents = counts.events > 0;
  const numbers = [...new Set([...issues.keys(), ...pulls.keys()])].sort((a, b) => a - b);
  const items = numbers.map((n) =>
    buildItem({
      issue: issues.get(n),
      pull: pulls.get(n),
      events: dedupeEvents(events.get(n) ?? []),
      eventsComplete: hasEvents,
      comments: [...(comments.get(n)?.values() ?? [])],
      files: null,
      bodyEdits: null,
      source: 'import',
    }),
  );
  rejected.sort((a, b) => a.line - b.line);
  return { items, rejected, counts, hasEvents };
}

/** The same event listed twice (overlapping pages) counts once. */
function dedupeEvents(list: readonly GithubEvent[]): GithubEvent[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${e.id}:${e.kind}:${e.at}:${e.label ?? ''}:${e.from ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
