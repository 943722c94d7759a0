import { join } from 'node:path';
import { expect, test } from 'vitest';
import { snapshotRepository } from '../../src/api/snapshot.js';
import { summarizeDiff } from '../../src/sources/diff-work.js';
import { classifyWork, readsDiff } from '../../src/sources/work-kind.js';
import { openStore } from '../../src/store/open.js';
import { findRepo } from '../../src/store/repos.js';
import { loadWorkItems } from '../../src/store/work-items.js';
import { splitLaterWork } from '../../src/validate/later-work.js';
import { makeRepo, tempDir, type CommitSpec } from '../fixtures/repo.js';

/**
 * A title that states no work ("Minor tweaks", "Fix typos", "Fix CI") is a chore only when its diff does none
 * (issue 16 item 2): got's c2ce656c "Minor tweaks" unskipped a test and implemented a TODO. Histories built here,
 * read through the snapshot command, which reads the clone's patches and stores the mark, as `validate` reads them.
 */
const T0 = '2024-01-15';

const options = (body: string) => `export const cloneRaw = (raw) => {\n  const result = {};\n${body}  return result;\n};\n`;
const start: CommitSpec[] = [
  {
    at: '2024-01-01T10:00:00Z',
    msg: 'Initial options',
    files: {
      'source/options.ts': options('  // TODO: raw.searchParams\n'),
      'test/options.ts': "test.skip('clones searchParams', (t) => {\n  t.is(1, 1);\n});\n",
      'source/errors.ts': '// The request was retried too many tiems\nexport const message = "Process succeded";\n',
      'readme.md': '# got\n',
    },
  },
];

async function later(commits: readonly CommitSpec[]) {
  const repo = await makeRepo([...start, ...commits]);
  const db = join(await tempDir(), 'store.db');
  await snapshotRepository({ repo: repo.dir, t0: T0, db, gitBackend: 'native' });
  const store = openStore(db);
  try {
    const { id } = findRepo(store, repo.dir)!;
    // As stored by the snapshot command (work_items.diff_work), and with the mark dropped: the title alone.
    const items = loadWorkItems(store, id, { after: T0 });
    const before = splitLaterWork(items.map(({ diffWork: _, ...item }) => item), false);
    const after = splitLaterWork(items, false);
    return { before: before.judged.map((i) => i.title), after: after.judged.map((i) => i.title), apart: after.apart.map((i) => i.title) };
  } finally {
    store.close();
  }
}

test('"Minor tweaks" that unskips a test and implements a TODO is a direct change; a formatting-only "Tweaks" stays a chore', async () => {
  const w = await later([
    {
      at: '2024-02-01T10:00:00Z',
      msg: 'Minor tweaks',
      files: {
        'source/options.ts': options('  if (raw.searchParams) {\n    result.searchParams = new URLSearchParams(raw.searchParams);\n  }\n'),
        'test/options.ts': "test('clones searchParams', (t) => {\n  t.is(clone.searchParams.get('a'), '1');\n});\n",
      },
    },
    { at: '2024-02-02T10:00:00Z', msg: 'Tweaks', files: { 'source/options.ts': options('    if (raw.searchParams) {\n        result.searchParams = new URLSearchParams(raw.searchParams);\n    }\n') } },
    { at: '2024-02-03T10:00:00Z', msg: 'Meta tweaks', files: { 'readme.md': '# got\n\nSponsors\n' } },
  ]);
  expect(w.before).toEqual([]);
  expect(w.after).toEqual(['Minor tweaks']);
  expect(w.apart).toEqual(['Tweaks', 'Meta tweaks']);
});

test('"Fix typos" in comments, messages and names stays a chore; a "fix typo" that changes what code does is work', async () => {
  const w = await later([
    { at: '2024-02-01T10:00:00Z', msg: 'Fix typos', files: { 'source/errors.ts': '// The request was retried too many times\nexport const message = "Process succeeded";\n' } },
    { at: '2024-02-02T10:00:00Z', msg: 'fix typo', files: { 'source/errors.ts': '// The request was retried too many times\nexport const message = importlib.version("jinja2");\n' } },
  ]);
  expect(w.after).toEqual(['fix typo']);
  expect(w.apart).toEqual(['Fix typos']);
});

test('"Fix CI" that fixes tests is work; conventional chores keep their kind whatever the diff (fastify\'s "chore: remove simple-get from …" tests)', async () => {
  const w = await later([
    { at: '2024-02-01T10:00:00Z', msg: 'Fix CI', files: { 'test/options.ts': "test.skip('clones searchParams', async (t) => {\n  await delay(10);\n  t.is(1, 1);\n});\n" } },
    { at: '2024-02-02T10:00:00Z', msg: 'chore: remove simple-get from options test', files: { 'test/options.ts': "test.skip('clones searchParams', async (t) => {\n  await fetch(url);\n  t.is(1, 1);\n});\n" } },
    { at: '2024-02-03T10:00:00Z', msg: 'Fix CI', files: { '.github/workflows/ci.yml': 'on: push\n' } },
  ]);
  expect(w.after).toEqual(['Fix CI']);
  expect(w.apart).toEqual(['chore: remove simple-get from options test', 'Fix CI']);
});

test('without a read diff the title decides, as before; a read diff that does no work changes nothing', () => {
  const item = { title: 'Minor tweaks', number: null, paths: ['source/options.ts'], bot: false };
  expect(classifyWork(item).kind).toBe('chore');
  expect(classifyWork({ ...item, diffWork: false }).kind).toBe('chore');
  expect(classifyWork({ ...item, diffWork: true })).toEqual({ kind: 'direct', rule: 'direct change: chore title, but its diff does work' });
  expect(classifyWork({ ...item, number: 7, diffWork: true }).kind).toBe('pull_request');
  expect(classifyWork({ ...item, title: 'style: apply rustfmt', diffWork: true }).kind).toBe('chore');
  expect(classifyWork({ ...item, title: 'Format', diffWork: true }).kind).toBe('chore');
});

test('readsDiff: titles that state no work, not the ones that name formatting, lint or a conventional chore', () => {
  for (const t of ['Tweaks', 'Minor tweaks', 'Various tweaks', 'Readme tweaks', 'Fix typos', 'fix typo', 'Fix CI', 'Update the CI']) expect(readsDiff(t), t).toBe(true);
  for (const t of ['💚 Fix CI test suite for Windows', ':green_heart: Fix CI', '👷 Update build setup', '👷 Run mypy by pre-commit', 'Format', 'Run black', 'Fix lint', 'lint: fix a few Clippy errors', 'style: apply rustfmt', 'chore: tweaks', 'ci: fix linting', 'Update contributors']) expect(readsDiff(t), t).toBe(false);
});

test('summarizeDiff: re-indenting, re-wrapping, trailing commas and JSDoc bodies are no work', () => {
  const patch = [
    'diff --git a/source/a.ts b/source/a.ts',
    '--- a/source/a.ts',
    '+++ b/source/a.ts',
    '@@ -1,6 +1,7 @@',
    ' /**',
    '-Returns a response with body methods; these throw',
    '+Returns a response with body methods, these will throw',
    ' */',
    '-call(a, b)',
    '+call(',
    '+  a,',
    '+  b,',
    '+)',
    'diff --git a/test/a.ts b/test/a.ts',
    '--- a/test/a.ts',
    '+++ b/test/a.ts',
    '@@ -1,2 +1,2 @@',
    "-test.skip('x', t => t.is(a, 1));",
    "+test('x', t => t.is(a, 2));",
  ].join('\n');
  expect(summarizeDiff(patch)).toEqual({ files: ['source/a.ts', 'test/a.ts'], added: 6, deleted: 3, sourceLines: 0, testLines: 2, doesWork: true });
});

test('"💚 Fix CI test suite for Windows and MacOS" that changes a test line stays a chore (sqlmodel pr#1307)', async () => {
  const w = await later([
    { at: '2024-02-01T10:00:00Z', msg: '💚 Fix CI test suite for Windows and MacOS (#1307)', files: { 'test/options.ts': "test.skip('clones searchParams', (t) => {\n  t.is(path.join('a', 'b'), 'a/b');\n});\n", '.github/workflows/test.yml': 'on: push\n' } },
  ]);
  expect(w.after).toEqual([]);
  expect(w.apart).toEqual(['💚 Fix CI test suite for Windows and MacOS']);
});

test('"👷 Run mypy by pre-commit" with typing casts in source stays a chore (sqlmodel pr#1738)', async () => {
  const w = await later([
    { at: '2024-02-01T10:00:00Z', msg: '👷 Run mypy by pre-commit (#1738)', files: { 'source/options.ts': options('  const typed = cast(result);\n'), '.pre-commit-config.yaml': 'repos: []\n' } },
  ]);
  expect(w.after).toEqual([]);
  expect(w.apart).toEqual(['👷 Run mypy by pre-commit']);
});

test('"👷 Add CI for Python 3.10" is work by its title: a change of the supported runtimes (httpx pr#1682)', async () => {
  const w = await later([
    { at: '2024-02-01T10:00:00Z', msg: '👷 Add CI for Python 3.10 (#1682)', files: { '.github/workflows/test.yml': 'python: ["3.10"]\n' } },
  ]);
  expect(w.before).toEqual(['👷 Add CI for Python 3.10']);
  expect(w.after).toEqual(['👷 Add CI for Python 3.10']);
});
