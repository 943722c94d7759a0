import { readFileSync, statSync } from 'node:fs';
import { UserError } from '../errors.js';
import { readDump, splitDump, type Rejection } from '../github/dump.js';
import { importKey } from '../github/keys.js';
import { rebuildItems } from '../github/rebuild.js';
import { repositoryOf } from '../github/rest.js';
import { openRepository } from '../git/open.js';
import { archiveResponse, archiveView, ensureGithubRepo } from '../store/github-archive.js';
import { replaceGithubItems, saveTrackedWorkItems } from '../store/github-items.js';
import { openStore } from '../store/open.js';
import { findRepo, upsertRepo } from '../store/repos.js';
import { transact } from '../store/transaction.js';
import { loadWorkItems } from '../store/work-items.js';
import { githubName } from './fetch-github.js';
import { repoName } from './snapshot.js';

export interface ImportIssuesOptions {
  /** A JSON or JSONL dump in GitHub's REST shape. */
  file: string;
  /** The local clone whose tracker this is. */
  repo: string;
  db: string;
  /** `OWNER/NAME`; default: what the dump's issues say (`repository_url`). */
  github?: string;
}

export interface ImportIssuesResult {
  github: string;
  repo: string;
  file: string;
  records: { read: number; issues: number; pullRequests: number; events: number; comments: number };
  /** Records skipped, by line (1-based), with why. */
  rejected: Rejection[];
  /** Items of the repository's tracker after the import (all sources). */
  items: { total: number; fromImports: number };
  workItems: { enriched: number; rekeyed: number };
  /** Things to know that did not stop the import. */
  warnings: string[];
}

/**
 * Imports a dump of GitHub's REST API (issues, pull requests, issue events,
 * comments; see src/github/dump.ts) into the archive, then rebuilds the
 * repository's tracker items from the whole archive. Records that cannot be
 * read are reported by line and skipped; the rest go in one transaction. The
 * dump's text is archived as it is, so an offline rebuild reads it again the
 * same way. Snapshots apply the same as-of-T0 rules to imported items.
 */
export async function importIssues(options: ImportIssuesOptions): Promise<ImportIssuesResult> {
  const text = readDumpFile(options.file);
  const github = options.github !== undefined ? githubName(options.github) : dumpRepository(text, options.file);
  const reading = readDump(text, github);
  if (reading.counts.records === 0) {
    const first = reading.rejected.slice(0, 3).map((r) => `line ${r.line}: ${r.reason}`).join('; ');
    throw new UserError(
      'NOTHING_TO_IMPORT',
      `${options.file} holds no issue, pull request, event or comment of ${github}${first ? ` (${first})` : ''}`,
      'Pass a dump of GitHub\'s REST API, e.g. `gh api --paginate "repos/OWNER/NAME/issues?state=all" > issues.json`.',
    );
  }
  const git = await openRepository(options.repo);
  const facts = git.facts;
  await git.close();

  const store = openStore(options.db);
  try {
    const outcome = transact(store, () => {
      const repoId = findRepo(store, facts.path)?.id ?? upsertRepo(store, { path: facts.path, name: repoName(facts.path), defaultBranch: facts.defaultBranch, rootCommit: null });
      const archive = ensureGithubRepo(store, repoId, github);
      archiveResponse(store, archive.id, { key: importKey(text), kind: 'import', number: null, etag: null, body: text, nextKey: null, fetchedAt: new Date().toISOString() });
      const rebuilt = rebuildItems(archiveView(store, archive.id), archive.fullName, archive.fetchedUntil);
      replaceGithubItems(store, archive.id, rebuilt.items);
      const work = saveTrackedWorkItems(store, repoId, loadWorkItems(store, repoId), rebuilt.items);
      return { rebuilt, work };
    });
    const warnings: string[] = [];
    if (!reading.hasEvents) {
      warnings.push(
        `${options.file} holds no issue events, so no item's history is known: an item changed after a snapshot's T0 is withheld from it. ` +
          `Import the events too: gh api --paginate "repos/${github}/issues/events" > events.json`,
      );
    }
    return {
      github,
      repo: facts.path,
      file: options.file,
      records: {
        read: reading.counts.records,
        issues: reading.counts.issues,
        pullRequests: reading.counts.pulls,
        events: reading.counts.events,
        comments: reading.counts.comments,
      },
      rejected: reading.rejected,
      items: { total: outcome.rebuilt.counts.items, fromImports: outcome.rebuilt.counts.fromImports },
      workItems: outcome.work,
      warnings,
    };
  } finally {
    store.close();
  }
}

function readDumpFile(file: string): string {
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
    return readFileSync(file, 'utf8');
  } catch {
    throw new UserError('DUMP_NOT_READABLE', `Cannot read the dump ${file}`, 'Pass the path of a JSON or JSONL file, e.g. one written by `gh api --paginate "repos/OWNER/NAME/issues?state=all" > issues.json`.');
  }
}

/** The repository the dump's issues name, or NO_GITHUB_REPO. */
function dumpRepository(text: string, file: string): string {
  for (const { value } of splitDump(text).records) {
    const name = value && typeof value === 'object' ? repositoryOf(value as { repository_url?: string }) : null;
    if (name) return name;
  }
  throw new UserError('NO_GITHUB_REPO', `${file} does not say which GitHub repository it is from (no issue has a repository_url)`, 'Pass --github OWNER/NAME.');
}
