import { expect, test } from 'vitest';
import { quotedPathsOf, readQuotedItems } from '../../src/api/quoted-files.js';
import type { TaskFamily } from '../../src/family/model.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { quotedWorkOf } from '../../src/validate/judges/quoted-files.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { makeRepo } from '../fixtures/repo.js';
import { BACKOFF, FILLER, item, quotingFamily } from './judge-literals.js';

/**
 * The files of the pre-T0 work a family quotes (direction-v12, docs/judging.md "The quoted work's files"): a change
 * outside the family's files, in those of a quoted pull request, continues that work when its title names a rare
 * word the family lists, or it names the quoted pull request; the same files alone are no direction.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

/** bat's recency-v2 family of judge-eval's fit half (F3), quoting pr#3126. */
const COMPLETION: TaskFamily = quotingFamily('F3', 'src/bin/bat', ['completion', 'provide', 'shell'], { ref: 'pr#3126', date: '2024-12-01T00:00:00.000Z', title: 'Add `--completion <SHELL>` to provide shell completions' });

const QUOTED = { 'pr#3126': ['CHANGELOG.md', 'README.md', 'build/completions.rs', 'src/bin/bat/clap_app.rs', 'src/bin/bat/main.rs'] };

const MORE = [
  ...FILLER,
  item('pr#120', 'Add a pager option to the list command', ['src/pager.rs']),
  item('pr#121', 'Fix panic on empty input files', ['src/input.rs']),
  item('pr#122', 'Speed up startup by loading themes lazily', ['src/assets.rs']),
];

const readme = item('pr#3298', 'Clarify situation in which man page and shell completions will be accessible when building from source', ['README.md']);

test("a change in the quoted work's files naming a word the family lists continues it: related, by the quoted ref", async () => {
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [COMPLETION], later: [readme, ...MORE], quoted: QUOTED });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/direction: shares (shell, completion|completion, shell) in the files of the quoted pr#3126 \("Add `--completion <SHELL>`/);
  }
});

test("without the quoted work's files the same change is rejected, as before", async () => {
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [COMPLETION], later: [readme, ...MORE] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test("the quoted work's files with another purpose are no direction", async () => {
  // The README the quoted pull request changed, for something else: the same files alone never suffice.
  const other = item('pr#3300', 'Add a section on installing from the Debian package', ['README.md']);
  // A wording pass and another kind of work over the same words continue nothing either.
  const typos = item('pr#3301', 'Reword the comments of the shell completion section', ['README.md']);
  const fix = item('pr#3302', 'fix: shell completion install path in the README', ['README.md']);
  for (const judge of judges) {
    for (const later of [other, typos, fix]) {
      const { verdicts } = await judge.judge({ families: [COMPLETION], later: [later, ...MORE], quoted: QUOTED });
      expect([judge.name, later.key, verdicts[0]!.label]).toEqual([judge.name, later.key, 'rejected']);
    }
  }
});

test("in the family's own files its area rules judge, not the quoted work's files", async () => {
  // src/bin/bat/main.rs is both the family's and pr#3126's: one listed word, of no known kind, is no direction there.
  const inArea = item('pr#3304', 'Completion scripts are regenerated on build', ['src/bin/bat/main.rs']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [COMPLETION], later: [inArea, ...MORE], quoted: QUOTED });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('a listed word naming a place of work (ci) is no direction in the quoted files', async () => {
  // dev8's bat-B13: people rejected it; "ci" says where the work is, not what it is.
  const audit: TaskFamily = {
    ...COMPLETION,
    category: 'bugfix',
    title: 'Fix defects in .cargo: audit, ci, run',
    anchor: { name: '.cargo', paths: ['.cargo'] },
    expected_behavior: 'Work of kind bugfix lands in .cargo around audit, ci, run, continuing "[CI] fix cargo audit failing to run successfully".',
    evidence: [{ kind: 'work_item', ref: 'pr#3154', date: '2024-12-01T00:00:00.000Z', text: '[CI] fix cargo audit failing to run successfully', reason: 'pull request before T0 in .cargo' }],
    target_hints: { paths: ['.cargo'], symbols: [] },
  };
  const cicd = item('commit:3691c9945a028b022f94821c216789027760e2c9', 'Stop building for x86_64-pc-windows-gnu in CI, which fails', ['.github/workflows/CICD.yml', 'build/main.rs']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [audit], later: [cicd, ...MORE], quoted: { 'pr#3154': ['.cargo/audit.toml', 'build/main.rs'] } });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('a change naming the quoted pull request follows it up, in its files', async () => {
  const followUp = item('pr#3303', 'Install the generated files of #3126 from the build script', ['build/completions.rs']);
  const { verdicts } = await judges[0]!.judge({ families: [COMPLETION], later: [followUp, ...MORE], quoted: QUOTED });
  expect(verdicts[0]!.label).toBe('related');
  expect(verdicts[0]!.reason).toMatch(/names the quoted pr#3126, in the files of the quoted pr#3126/);
});

test("a quoted sweep's files, changelogs and manifests are not the quoted work's files", () => {
  const sweep = Array.from({ length: 30 }, (_, n) => `src/m${n}.rs`);
  const work = quotedWorkOf(COMPLETION, { 'pr#3126': [...sweep] });
  expect(work.works).toEqual([]);
  const [kept] = quotedWorkOf(COMPLETION, { 'pr#3126': ['CHANGELOG.md', 'Cargo.toml', 'Cargo.lock', 'README.md'] }).works;
  expect([...kept!.files]).toEqual(['README.md']);
});

test("the quoted work's files are read from the clone, as the snapshot keys its work items, up to T0", async () => {
  const repo = await makeRepo([
    { at: '2024-11-01T00:00:00Z', msg: 'Initial commit', files: { 'README.md': 'bat\n' } },
    { at: '2024-12-01T00:00:00Z', msg: 'Add `--completion <SHELL>` to provide shell completions (#3126)', files: { 'README.md': 'bat\ncompletions\n', 'src/bin/bat/main.rs': 'fn main() {}\n' } },
    { at: '2025-02-01T00:00:00Z', msg: 'Later work (#3200)', files: { 'src/later.rs': 'x\n' } },
  ]);
  const paths = quotedPathsOf(await readQuotedItems(repo.dir, '2025-01-01', new Set(['pr#3126', 'pr#3200', 'pr#9999'])));
  // pr#3200 merged after T0: not read; pr#9999 is not in the history.
  expect(paths).toEqual({ 'pr#3126': ['README.md', 'src/bin/bat/main.rs'] });
});
