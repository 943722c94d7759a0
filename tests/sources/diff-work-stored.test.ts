import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { markDiffWork } from '../../src/api/diff-work-marks.js';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { runStudy } from '../../src/api/study.js';
import { openRepository } from '../../src/git/open.js';
import type { Commit } from '../../src/git/model.js';
import { WorkItem } from '../../src/sources/model.js';
import { reconstructWorkItems } from '../../src/sources/reconstruct.js';
import { workKind } from '../../src/sources/work-kind.js';
import { openStore } from '../../src/store/open.js';
import { findRepo } from '../../src/store/repos.js';
import { loadWorkItems } from '../../src/store/work-items.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';
import { STUDY_T0, studyCommits, writeConfig } from '../study/fixtures.js';

/**
 * The mark that a title stating no work did work by its diff (`diffWork`) is stored on the work item
 * (work_items.diff_work, migration 13), so every path reads the same kinds: the snapshot command's reading in
 * process, the store, an item re-parsed through the WorkItem schema (a queued worker's job), and a study whose
 * repositories run in child processes and merge their shards (`study --jobs N`).
 */
const later: CommitSpec[] = [
  // got's c2ce656c: "Minor tweaks" that unskips a test and implements a TODO.
  { at: '2024-07-10T10:00:00Z', msg: 'Minor tweaks', files: { 'src/http/index.js': 'export const searchParams = (raw) => new URLSearchParams(raw);\n', 'test/http.test.js': "test('clones searchParams', (t) => t.is(searchParams('a=1').get('a'), '1'));\n" } },
  // Re-indenting only: a chore.
  { at: '2024-07-20T10:00:00Z', msg: 'Tweaks', files: { 'src/http/index.js': 'export const searchParams = (raw) =>   new URLSearchParams(raw);\n' } },
  // A pull request "Fix CI" that fixes a test: work.
  { at: '2024-08-10T10:00:00Z', msg: 'Fix CI (#90)', files: { 'test/http.test.js': "test('clones searchParams', async (t) => t.is(await searchParams('a=1').get('a'), '1'));\n" } },
  // The same under the CI gitmoji (sqlmodel's pr#1307): the author's kind, a chore whatever the diff.
  { at: '2024-08-20T10:00:00Z', msg: '💚 Fix CI test suite for Windows (#91)', files: { 'test/http.test.js': "test('clones searchParams', async (t) => t.is(await searchParams('a=2').get('a'), '2'));\n" } },
];

async function history() {
  return makeRepo([...studyCommits('http'), ...later].sort((a, b) => a.at.localeCompare(b.at)));
}

function kinds(items: readonly WorkItem[]): Record<string, string> {
  return Object.fromEntries(items.filter((i) => i.mergedAt > '2024-06-01').map((i) => [i.title, workKind(i)]));
}

test('a title-only chore that does work by its diff has the same kind in process, through the store and through a re-parse', async () => {
  const repo = await history();
  const git = await openRepository(repo.dir, { backend: 'native' });
  const chain: Commit[] = [];
  try {
    for await (const c of git.log(git.facts.tip, { lineCounts: false })) chain.push(c);
  } finally {
    await git.close();
  }
  const inProcess = kinds(await markDiffWork(repo.dir, reconstructWorkItems(chain)));
  expect(inProcess).toMatchObject({ 'Minor tweaks': 'direct', Tweaks: 'chore', 'Fix CI': 'pull_request', '💚 Fix CI test suite for Windows': 'chore' });

  const db = join(await tempDir(), 'store.db');
  await snapshotRepository({ repo: repo.dir, t0: STUDY_T0, db, gitBackend: 'native' });
  const store = openStore(db);
  try {
    const stored = loadWorkItems(store, findRepo(store, repo.dir)!.id, { after: STUDY_T0 });
    expect(kinds(stored)).toEqual(inProcess);
    expect(kinds(z.array(WorkItem).parse(JSON.parse(JSON.stringify(stored))))).toEqual(inProcess);
    expect(stored.filter((i) => i.diffWork).map((i) => i.title)).toEqual(['Minor tweaks', 'Fix CI']);
  } finally {
    store.close();
  }
});

test('a study run in child processes (--jobs 2) counts the same kinds of later work as one run in process', async () => {
  const dir = await tempDir('swe-future-diffwork-');
  const repos = await Promise.all([history(), makeRepo(studyCommits('cli', 1))]);
  const config = writeConfig(dir, { name: 'diffwork', judges: ['lexical'], forecasters: ['heuristic'], repos: repos.map((r) => ({ path: r.dir, t0: STUDY_T0 })) });
  const now = new Date('2026-01-01');
  const inProcess = await runStudy({ db: join(dir, 'one.db'), config, jobs: 1, now, processes: false });
  const children = await runStudy({ db: join(dir, 'children.db'), config, jobs: 2, now, processes: true });
  expect(children.table).toEqual(inProcess.table);
  const byKind = (file: string) => {
    const conn = new Database(join(dir, file), { readonly: true });
    try {
      return {
        marked: conn.prepare('SELECT title FROM work_items WHERE diff_work = 1 ORDER BY title').pluck().all(),
        metrics: conn.prepare("SELECT json_extract(metrics, '$.laterWorkByKind') FROM validations ORDER BY hash").pluck().all(),
      };
    } finally {
      conn.close();
    }
  };
  expect(byKind('children.db')).toEqual(byKind('one.db'));
  expect(byKind('one.db').marked).toEqual(['Fix CI', 'Minor tweaks']);
});
