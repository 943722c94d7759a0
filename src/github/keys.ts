import { createHash } from 'node:crypto';

/**
 * Archive keys: what was asked, without the host, so an archive made against
 * one endpoint (api.github.com, an Enterprise server, a test server) replays
 * the same. Fetching and rebuilding share them, which is how a rebuild finds
 * the pages a fetch stored.
 */

const PAGE = 'per_page=100';

export const issuesKey = (repo: string) => `/repos/${repo}/issues?state=all&sort=created&direction=asc&${PAGE}`;
export const pullsKey = (repo: string) => `/repos/${repo}/pulls?state=all&sort=created&direction=asc&${PAGE}`;
export const timelineKey = (repo: string, n: number) => `/repos/${repo}/issues/${n}/timeline?${PAGE}`;
export const filesKey = (repo: string, n: number) => `/repos/${repo}/pulls/${n}/files?${PAGE}`;
/** A batch of node ids asked for their edit histories. */
export const editsBatchKey = (ids: readonly string[]) => `graphql nodes ${createHash('sha256').update(ids.join('\n')).digest('hex')}`;
/** A further page of one node's edit history. */
export const editsPageKey = (id: string, cursor: string) => `graphql edits ${id} after ${cursor}`;
export const importKey = (text: string) => `import ${createHash('sha256').update(text).digest('hex')}`;

/**
 * The key of a Link header's `rel="next"` URL: its path and query, less the
 * API's base path (`/api/v3` on an Enterprise server). Null when there is none.
 */
export function nextKeyOf(link: string | undefined, baseUrl: string): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (!match) continue;
    const url = new URL(match[1]!, baseUrl);
    const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
    const path = basePath && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
    return `${path}${url.search}`;
  }
  return null;
}
