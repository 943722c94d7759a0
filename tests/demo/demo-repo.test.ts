import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import type { DemoRepo } from '../../src/demo/model.js';
import { buildDemoRepo, DEMO_T0 } from '../../src/demo/scenario.js';
import { tempDir } from '../fixtures/repo.js';

let full: DemoRepo;
let bare: DemoRepo;
let atT0: DemoRepo;

// How long the build takes is measured by `npm run bench`, not asserted here.
beforeAll(async () => {
  full = await buildDemoRepo(join(await tempDir(), 'repo'));
  bare = await buildDemoRepo(join(await tempDir(), 'repo.git'), { bare: true });
  atT0 = await buildDemoRepo(join(await tempDir(), 'repo'), { until: DEMO_T0 });
});

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
}

function nodeTest(dir: string): string {
  return execFileSync(process.execPath, ['--test'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
}

test('building twice gives the same shas, work tree or bare', () => {
  expect(bare.shas).toEqual(full.shas);
  expect(bare.head).toBe(full.head);
  expect(git(bare.dir, 'rev-parse', '--is-bare-repository')).toBe('true');
  expect(git(bare.dir, 'rev-parse', 'refs/heads/main')).toBe(full.head);
});

test('until drops exactly the later commits and leaves the earlier ones identical', () => {
  const kept = full.scenario.commits.filter((c) => c.at <= DEMO_T0).length;
  expect(kept).toBeLessThan(full.shas.length);
  expect(atT0.shas).toEqual(full.shas.slice(0, kept));
  expect(atT0.head).toBe(git(full.dir, 'rev-list', '-1', '--first-parent', `--before=${DEMO_T0}T00:00:00Z`, 'main'));
  expect(git(atT0.dir, 'log', '-1', '--format=%cI', 'main') <= '2025-01-01').toBe(true);
  expect(git(atT0.dir, 'tag').split('\n')).not.toContain('v1.4.0');
});

test('the repository is sound, checked out on main, clean, with only main as a branch', () => {
  git(full.dir, 'fsck', '--strict', '--no-dangling');
  expect(git(full.dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
  expect(git(full.dir, 'status', '--porcelain')).toBe('');
  expect(git(full.dir, 'for-each-ref', '--format=%(refname)', 'refs/heads')).toBe('refs/heads/main');
  expect(Number(git(full.dir, 'rev-list', '--count', 'main'))).toBe(full.shas.length);
});

test("the project's own test suite passes on the final tree and at T0", () => {
  const pkg = JSON.parse(git(full.dir, 'show', 'main:package.json')) as { scripts: { test: string } };
  expect(pkg.scripts.test).toBe('node --test');
  expect(nodeTest(full.dir)).toMatch(/# fail 0/);
  expect(nodeTest(atT0.dir)).toMatch(/# fail 0/);
});

test('merge commits have two parents and bring in the feature branch', () => {
  const merges = git(full.dir, 'log', '--merges', '--format=%H %P|%s', 'main').split('\n');
  expect(merges.length).toBeGreaterThanOrEqual(5);
  for (const line of merges) {
    expect(line.split('|')[0]!.trim().split(' ')).toHaveLength(3);
    expect(line.split('|')[1]).toMatch(/^Merge pull request #\d+ from /);
  }
  expect(git(full.dir, 'log', '-1', '--format=%cn', '--merges', 'main')).toBe('GitHub');
});

test('tags are annotated or lightweight, and the logo is a real PNG', async () => {
  expect(git(full.dir, 'cat-file', '-t', 'v1.3.0')).toBe('tag');
  expect(git(full.dir, 'cat-file', '-t', 'v0.1.0')).toBe('commit');
  expect(git(full.dir, 'cat-file', '-t', 'v1.4.0')).toBe('tag');
  expect(git(full.dir, 'cat-file', '-t', 'v1.5.0')).toBe('commit');
  const png = await readFile(join(full.dir, 'docs/logo.png'));
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});

test('TODO, FIXME and HACK notes of the continuing streams exist at T0 and are gone by the end', () => {
  const at = (dir: string) => git(dir, 'grep', '-h', '-E', 'TODO|FIXME|HACK', 'main', '--', 'src').split('\n');
  const before = at(atT0.dir).join('\n');
  for (const note of ['FIXME: items are split on every comma', 'TODO: exponential backoff', 'TODO: per-request timeouts',
    'TODO: split LRU eviction', 'HACK: every call re-reads']) expect(before).toContain(note);
  expect(at(full.dir).join('\n')).not.toMatch(/backoff|FIXME|HACK|LRU/);
});

test('ROADMAP and CHANGELOG at T0 show planned work and an Unreleased section', () => {
  const roadmap = git(atT0.dir, 'show', 'main:ROADMAP.md');
  expect(roadmap).toContain('- [ ] Exponential backoff with jitter between HTTP retries');
  expect(roadmap).toContain('- [x] Retries for remote configs');
  const changelog = git(atT0.dir, 'show', 'main:CHANGELOG.md');
  expect(changelog).toMatch(/## \[Unreleased\]\n\n### Changed\n\n- .+\(#\d+\)/);
  expect(changelog).toMatch(/## \[1\.3\.0\] - 2024-11-05/);
});

test('the parser, http and cache folders change after T0 and the cli folder does not change after 2023', () => {
  const since = (path: string, date: string) => git(full.dir, 'log', '--first-parent', '--format=%h', `--since=${date}`, 'main', '--', path);
  for (const anchor of ['src/parser', 'src/http', 'src/cache']) expect(since(anchor, DEMO_T0), anchor).not.toBe('');
  expect(since('src/cli', '2024-01-01')).toBe('');
});
