import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { ArchivedResponse } from '../github/archive.js';
import { createTransport, type GithubTransport } from '../github/client.js';
import { fetchToArchive, type ArchiveSink, type FetchCounts } from '../github/fetch.js';
import { rebuildItems } from '../github/rebuild.js';
import { openRepository } from '../git/open.js';
import { silentProgress, type Progress } from '../progress.js';
import {
  archiveResponse,
  archiveView,
  confirmResponse,
  ensureGithubRepo,
  findGithubRepo,
  loadResponse,
  loadSyncMarks,
  markSynced,
  recordFetch,
  type GithubRepoRecord,
} from '../store/github-archive.js';
import { replaceGithubItems, saveTrackedWorkItems } from '../store/github-items.js';
import { openStore, type Store } from '../store/open.js';
import { findRepo, upsertRepo } from '../store/repos.js';
import { transact } from '../store/transaction.js';
import { loadWorkItems } from '../store/work-items.js';
import { parseDate } from '../time.js';
import { repoName } from './snapshot.js';

export interface FetchGithubOptions {
  /** The local clone (work tree or bare) whose tracker this is. */
  repo: string;
  /** `OWNER/NAME` on GitHub. */
  github: string;
  db: string;
  /** Only issues and pull requests created at or before this date. */
  until?: string;
  /** Rebuild from the archive alone, with no network. */
  offline?: boolean;
  /** Default: the GITHUB_TOKEN environment variable. Never stored or printed. */
  token?: string;
  /** REST base URL; default GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  /** GraphQL URL; default GITHUB_GRAPHQL_URL, else derived from the REST URL. */
  graphqlUrl?: string;
  /** Milliseconds per second of GitHub's wait hints (1000; tests pass a few). */
  waitScale?: number;
  /** Items archived between sync marks (default 50): how much a stopped fetch may have to ask again. */
  batchSize?: number;
  progress?: Progress;
}

export interface FetchGithubResult {
  github: string;
  repo: string;
  offline: boolean;
  /** What the network part did; null offline. */
  fetch: FetchCounts | null;
  items: { total: number; issues: number; pullRequests: number; fromImports: number; notSynced: number; unreadRecords: number };
  workItems: { enriched: number; rekeyed: number };
}

const GITHUB_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/;

/** `owner/name` checked and lower-cased, or BAD_GITHUB_REPO. */
export function githubName(input: string): string {
  const name = input.trim().replace(/^https:\/\/github\.com\//, '').replace(/\.git$/, '').replace(/\/$/, '');
  if (!GITHUB_NAME.test(name)) {
    throw new UserError('BAD_GITHUB_REPO', `--github "${input}" is not a GitHub repository name`, 'Pass it as OWNER/NAME, e.g. --github pallets/click.');
  }
  return name.toLowerCase();
}

/**
 * Fills the raw archive from GitHub (or, `offline`, uses it as it is) and
 * rebuilds the repository's tracker items from the archive in one
 * transaction, with the work items' pull-request metadata. Online, every
 * response is archived as it arrives, so a stopped fetch resumes; the rows
 * snapshots and validation read change only in the final transaction.
 */
export async function fetchGithub(options: FetchGithubOptions): Promise<FetchGithubResult> {
  const progress = options.progress ?? silentProgress;
  const github = githubName(options.github);
  const until = options.until === undefined ? undefined : parseDate(options.until, '--until');
  const token = options.token ?? process.env.GITHUB_TOKEN;
  if (!options.offline && !token) {
    throw new UserError(
      'GITHUB_TOKEN_MISSING',
      'fetch-github needs a GitHub token in the GITHUB_TOKEN environment variable',
      'Set GITHUB_TOKEN to a token that can read the repository (a fine-grained one with read access to issues and pull requests), or pass --offline to rebuild from the archive.',
    );
  }
  const git = await openRepository(options.repo);
  const facts = git.facts;
  await git.close();

  let store: Store | null = existsSync(options.db) ? openStore(options.db) : null;
  try {
    const repoId = store ? (findRepo(store, facts.path)?.id ?? null) : null;
    let archive: GithubRepoRecord | null = store && repoId !== null ? findGithubRepo(store, repoId) : null;
    if (archive && archive.fullName !== github) ensureGithubRepo(store!, repoId!, github); // throws GITHUB_REPO_CONFLICT

    let counts: FetchCounts | null = null;
    let finish: ((s: Store, a: GithubRepoRecord) => void) | null = null;
    if (options.offline) {
      if (!store || !archive) {
        throw new UserError(
          'NO_GITHUB_ARCHIVE',
          `${options.db} holds no GitHub archive for ${facts.path}`,
          `Run swe-future fetch-github --repo ${options.repo} --github ${github} without --offline first (or import-issues).`,
        );
      }
    } else {
      // The store, the repository row and the archive row are made with the first response, not before:
      // a refused first request (a wrong name, a bad token) leaves nothing behind.
      const open = (): { store: Store; archive: GithubRepoRecord } => {
        store ??= openStore(options.db);
        if (!archive) {
          const s = store;
          archive = transact(s, () => {
            const id = findRepo(s, facts.path)?.id ?? upsertRepo(s, { path: facts.path, name: repoName(facts.path), defaultBranch: facts.defaultBranch, rootCommit: null });
            return ensureGithubRepo(s, id, github);
          });
        }
        return { store, archive };
      };
      const transport: GithubTransport = createTransport({
        token: token!,
        baseUrl: options.apiUrl ?? process.env.GITHUB_API_URL,
        graphqlUrl: options.graphqlUrl ?? process.env.GITHUB_GRAPHQL_URL,
        waitScale: options.waitScale,
        onWait: (what, seconds) => progress.stage(`GitHub ${what}: waiting ${seconds} s (stopping is safe: run again to resume)`),
      });
      const sink: ArchiveSink = {
        get: (key) => (store && archive ? loadResponse(store, archive.id, key) : null),
        save: (response: ArchivedResponse) => {
          const { store: s, archive: a } = open();
          archiveResponse(s, a.id, response);
        },
        confirm: (key, at) => {
          if (store && archive) confirmResponse(store, archive.id, key, at);
        },
        syncMarks: () => (store && archive ? loadSyncMarks(store, archive.id) : new Map()),
        markSynced: (marks) => {
          if (marks.size === 0) return;
          const { store: s, archive: a } = open();
          markSynced(s, a.id, marks);
        },
      };
      const startedAt = new Date().toISOString();
      counts = await fetchToArchive(transport, sink, {
        repo: github,
        until: until ?? null,
        batchSize: options.batchSize,
        onStage: (name) => progress.stage(name),
        onProgress: (done, total) => progress.tick(done, total),
      });
      open();
      finish = (s, a) => recordFetch(s, a.id, startedAt, until ?? null);
    }

    progress.stage('rebuilding issues and pull requests from the archive');
    const s = store as unknown as Store;
    const a = archive as unknown as GithubRepoRecord;
    // Offline, the bound of the last online fetch holds unless another is given.
    const bound = options.offline ? (until ?? a.fetchedUntil) : (until ?? null);
    const rebuilt = rebuildItems(archiveView(s, a.id), a.fullName, bound);
    const work = transact(s, () => {
      replaceGithubItems(s, a.id, rebuilt.items);
      finish?.(s, a);
      return saveTrackedWorkItems(s, a.repoId, loadWorkItems(s, a.repoId), rebuilt.items);
    });
    return {
      github,
      repo: facts.path,
      offline: options.offline === true,
      fetch: counts,
      items: {
        total: rebuilt.counts.items,
        issues: rebuilt.counts.items - rebuilt.counts.pullRequests,
        pullRequests: rebuilt.counts.pullRequests,
        fromImports: rebuilt.counts.fromImports,
        notSynced: rebuilt.counts.itemsNotSynced,
        unreadRecords: rebuilt.counts.unreadRecords,
      },
      workItems: work,
    };
  } finally {
    progress.done();
    (store as Store | null)?.close();
  }
}
