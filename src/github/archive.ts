/**
 * The raw archive's records: every response body as it was received, by
 * request key (see keys.ts), with its ETag and when it was last confirmed.
 * src/store/github-archive.ts keeps them; rebuild.ts reads them through an
 * ArchiveView, so it never touches the store itself.
 */

export type ResponseKind = 'issues' | 'pulls' | 'timeline' | 'files' | 'graphql' | 'import';

export interface ArchivedResponse {
  key: string;
  kind: ResponseKind;
  /** The issue or pull request a per-item response belongs to. */
  number: number | null;
  etag: string | null;
  body: string;
  /** The key of the next page (Link rel="next"), or null on the last page. */
  nextKey: string | null;
  fetchedAt: string;
}

/** Read access to one repository's archive. */
export interface ArchiveView {
  get(key: string): ArchivedResponse | null;
  /** Responses of a kind, oldest confirmation first (then by key). */
  list(kind: ResponseKind): ArchivedResponse[];
  /** Item number -> updated_at at which its own pages were archived whole. */
  syncMarks: ReadonlyMap<number, string>;
}
