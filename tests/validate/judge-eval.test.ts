import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { labellerAgreement, pairFiles, readFamilyLabels, readPairs, readWindows } from '../../src/api/judge-eval.js';
import { UserError } from '../../src/errors.js';
import { auc } from '../../src/stats/auc.js';
import { summariseCells, type CellResult } from '../../src/validate/eval-cells.js';
import { fitThresholds } from '../../src/validate/threshold-fit.js';
import type { Label } from '../../src/validate/model.js';
import { familyContexts, pairContexts, type LabelledPair } from '../../src/validate/pairs.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { makeRepo, tempDir } from '../fixtures/repo.js';
import { BACKOFF, item, PARAPHRASE, QUOTES, UNRELATED } from './judge-literals.js';

function pair(id: string, label: Label, split: 'fit' | 'held', over: Partial<LabelledPair> = {}): LabelledPair {
  return { id, repo: 'o/r', t0: '2025-01-01', split, source: 'heuristic', label, reason: 'read both sides', family: BACKOFF, item: PARAPHRASE, ...over };
}

test('AUC is the chance a strong pair outscores another, ties counting half', () => {
  expect(auc([0.9, 0.8, 0.1, 0.2], [true, true, false, false])).toBe(1);
  expect(auc([0.1, 0.2, 0.9, 0.8], [true, true, false, false])).toBe(0);
  expect(auc([0.5, 0.5], [true, false])).toBe(0.5);
  // 3 positives, 2 negatives: of the 6 (positive, negative) pairs, 4 ordered right and 1 tie.
  expect(auc([0.9, 0.6, 0.3, 0.6, 0.2], [true, true, true, false, false])).toBeCloseTo(4.5 / 6);
  expect(auc([0.9], [true])).toBeNull();
});

test('accuracy and kappa compare the three labels; relevant accuracy the two that relevance counts', () => {
  const cell = (gold: Label, label: Label): CellResult => ({ pair: pair(`${gold}-${label}-${Math.random()}`, gold, 'held'), label, score: label === 'strong' ? 1 : 0 });
  const row = summariseCells('semantic', [cell('strong', 'strong'), cell('related', 'strong'), cell('rejected', 'rejected'), cell('rejected', 'related')]);
  expect(row.accuracy).toBe(0.5);
  expect(row.relevantAccuracy).toBe(0.75);
  // po = 2/4; judge strong 2, related 1, rejected 1; gold 1, 1, 2: pe = (2 + 1 + 2) / 16.
  expect(row.kappa).toBeCloseTo((0.5 - 5 / 16) / (1 - 5 / 16));
  expect(row.confusion.related.strong).toBe(1);
  expect(row.gold).toEqual({ strong: 1, related: 1, rejected: 2 });
});

test('fitted thresholds reproduce labels that a threshold rule made, and prefer the stricter of equals', () => {
  const cells: CellResult[] = [0.1, 0.3, 0.5, 0.7, 0.9].flatMap((similarity, i) =>
    [true, false].map((touches): CellResult => {
      const label: Label = similarity >= 0.6 ? 'strong' : similarity >= 0.4 || (touches && similarity >= 0.2) ? 'related' : 'rejected';
      return { pair: pair(`p${i}${touches}`, label, 'fit'), label, score: similarity, signals: { similarity, shared: 1, touches, agrees: true } };
    }),
  );
  const fitted = fitThresholds(cells);
  expect(fitted.kappa).toBe(1);
  expect(fitted.thresholds.strong).toBeGreaterThan(0.5);
  expect(fitted.thresholds.strong).toBeLessThanOrEqual(0.7);
  expect(fitted.thresholds.related).toBeGreaterThan(0.3);
  expect(fitted.thresholds.relatedInArea).toBeGreaterThan(0.1);
  expect(fitted.thresholds.relatedInArea).toBeLessThanOrEqual(0.3);
  // Ties go to the stricter thresholds: nothing between 0.5 and 0.7 tells them apart, so the highest wins.
  expect(fitted.thresholds.strong).toBe(0.7);
});

test('the fit finds how many topic words in common related needs in the family area', () => {
  // People called an item in the area related only when it also named something the family names.
  const cells: CellResult[] = [0.15, 0.25, 0.35].flatMap((similarity, i) =>
    [0, 1, 2].map((shared): CellResult => {
      const label: Label = shared >= 1 ? 'related' : 'rejected';
      return { pair: pair(`q${i}${shared}`, label, 'fit'), label, score: similarity, signals: { similarity, shared, touches: true, agrees: false } };
    }),
  );
  const fitted = fitThresholds(cells);
  expect(fitted.kappa).toBe(1);
  expect(fitted.thresholds.minSharedInArea).toBe(1);
  expect(fitted.thresholds.relatedInArea).toBeLessThanOrEqual(0.15);
});

test('pairs of a repository half are judged together, a family known by its source and id', () => {
  const pairs = [
    pair('a', 'strong', 'held'),
    pair('b', 'rejected', 'held', { item: UNRELATED }),
    pair('c', 'rejected', 'held', { source: 'hotspot' }),
    pair('d', 'related', 'fit', { family: QUOTES }),
  ];
  const contexts = pairContexts(pairs);
  expect(contexts.map((c) => [c.split, c.families.map((f) => f.id), c.later.map((i) => i.key), c.cells.map((x) => [x.family, x.item])])).toEqual([
    ['held', ['heuristic/F1', 'hotspot/F1'], ['pr#21', 'pr#22'], [[0, 0], [0, 1], [1, 0]]],
    ['fit', ['heuristic/F2'], ['pr#21'], [[0, 0]]],
  ]);
  const windows = [PARAPHRASE, UNRELATED, item('pr#99', 'x', ['a'])].map((i) => ({ repo: 'o/r', t0: '2025-01-01', item: i }));
  const families = familyContexts([...pairs, pair('e', 'strong', 'held', { source: 'paraphrase' })], windows);
  expect(families.map((f) => [f.split, f.families.map((x) => x.id), f.gold, f.later.length])).toEqual([
    ['held', ['heuristic/F1', 'hotspot/F1'], ['strong', 'rejected'], 3],
    ['fit', ['heuristic/F2'], ['related'], 3],
  ]);
});

test('a bad line of a pairs file is a user error naming the file and line', async () => {
  const dir = await tempDir();
  const file = join(dir, 'p.jsonl');
  writeFileSync(file, `${JSON.stringify(pair('a', 'strong', 'held'))}\n${JSON.stringify({ ...pair('b', 'strong', 'held'), label: 'maybe' })}\n`);
  const err = (() => {
    try {
      readPairs([file]);
    } catch (e) {
      return e;
    }
  })() as UserError;
  expect(err).toBeInstanceOf(UserError);
  expect(err.code).toBe('PAIRS_INVALID');
  expect(err.message).toMatch(/p\.jsonl:2: label/);
  writeFileSync(file, `${JSON.stringify(pair('a', 'strong', 'held'))}\n${JSON.stringify(pair('a', 'strong', 'held'))}\n`);
  expect(() => readPairs([file])).toThrow(/appears twice/);
});

test('eval/pairs holds at least 400 labelled pairs of the development repositories, split by family, with windows', () => {
  const pairs = readPairs(pairFiles(['eval/pairs']));
  expect(pairs.length).toBeGreaterThanOrEqual(400);
  const labels = new Set(pairs.map((p) => p.label));
  expect([...labels].sort()).toEqual(['rejected', 'related', 'strong']);
  expect(pairs.filter((p) => p.split === 'fit').length).toBeGreaterThan(pairs.length / 3);
  expect(pairs.filter((p) => p.split === 'held').length).toBeGreaterThan(pairs.length / 3);
  // No family has pairs in both halves.
  const half = new Map<string, string>();
  for (const p of pairs) {
    const family = `${p.repo}/${p.source}/${p.family.id}`;
    expect(half.get(family) ?? p.split, family).toBe(p.split);
    half.set(family, p.split);
  }
  expect(new Set(pairs.map((p) => p.repo)).size).toBe(8);
  expect(pairs.some((p) => p.source === 'paraphrase')).toBe(true);
  // Every labelled item is in its repository's window.
  const windows = readWindows(pairFiles(['eval/pairs/windows']));
  const keys = new Set(windows.map((w) => `${w.repo} ${w.item.key}`));
  for (const p of pairs) expect(keys.has(`${p.repo} ${p.item.key}`), p.id).toBe(true);
});

test("eval/pairs/families: people's label of every forecaster family against its whole window, in its own half; a second labeller's of every held family; every key cited is in the window", () => {
  const pairs = readPairs(pairFiles(['eval/pairs']));
  const families = new Map(pairs.filter((p) => p.source !== 'paraphrase').map((p) => [`${p.repo}/${p.source}/${p.family.id}`, p]));
  const first = readFamilyLabels(pairFiles(['eval/pairs/families']));
  const second = readFamilyLabels(pairFiles(['eval/pairs/families/second']));
  expect([...first.keys()].sort()).toEqual([...families.keys()].sort());
  expect([...second.keys()].sort()).toEqual([...families].filter(([, p]) => p.split === 'held').map(([id]) => id).sort());
  const windows = readWindows(pairFiles(['eval/pairs/windows']));
  const keys = new Set(windows.map((w) => `${w.repo} ${w.item.key}`));
  for (const labels of [first, second]) {
    for (const [id, l] of labels) {
      const family = families.get(id)!;
      expect(l.split, id).toBe(family.split);
      expect(l.label === 'strong', id).toBe(l.strong.length > 0);
      for (const key of [...l.strong, ...l.related]) expect(keys.has(`${family.repo} ${key}`), `${id} cites ${key}`).toBe(true);
    }
  }
});

test('eval/heldout-pairs: families of the held-out study, all in the held half (nothing is fitted on them), every item in its window', () => {
  const pairs = readPairs(pairFiles(['eval/heldout-pairs']));
  expect(pairs.length).toBeGreaterThanOrEqual(300);
  expect(pairs.every((p) => p.split === 'held')).toBe(true);
  expect(new Set(pairs.map((p) => p.label))).toEqual(new Set(['strong', 'related', 'rejected']));
  const windows = readWindows(pairFiles(['eval/heldout-pairs/windows']));
  const keys = new Set(windows.map((w) => `${w.repo} ${w.item.key}`));
  for (const p of pairs) expect(keys.has(`${p.repo} ${p.item.key}`), p.id).toBe(true);
});

test('judge-eval --json prints every judge\'s scores on the held half; the table names them', async () => {
  const dir = await tempDir();
  const file = join(dir, 'pairs.jsonl');
  const filler = [1, 2, 3, 4, 5, 6].map((n) => item(`pr#${100 + n}`, ['docs: contributing guide', 'chore: bump linter', 'Add dark theme to the site', 'Release 2.3.0', 'Translate the README', 'Cache templates'][n - 1]!, [`f${n}.md`]));
  const pairs = [
    pair('a', 'strong', 'held'),
    pair('b', 'rejected', 'held', { item: UNRELATED }),
    pair('c', 'rejected', 'held', { family: QUOTES }),
    ...filler.map((i, n) => pair(`f${n}`, 'rejected', 'held', { item: i })),
    pair('z', 'strong', 'fit'),
  ];
  writeFileSync(file, pairs.map((p) => JSON.stringify(p)).join('\n'));
  const out = await runCliJson(['judge-eval', '--pairs', file]);
  expect(out.split).toBe('held');
  expect(out.pairs).toEqual({ total: 10, reported: 9 });
  expect(out.judges.map((j: { judge: string }) => j.judge)).toEqual(['semantic', 'lexical']);
  for (const j of out.judges) {
    expect(j).toMatchObject({ pairs: 9, gold: { strong: 1, related: 0, rejected: 8 }, auc: expect.any(Number), accuracy: expect.any(Number), kappa: expect.any(Number), families: null });
    expect(j.pairsPerSecond).toBeGreaterThan(0);
  }
  const text = await runCli(['judge-eval', '--pairs', file, '--judge', 'lexical']);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/judge-eval on the held half: 9 of 10 labelled pairs/);
  expect(text.stdout).toMatch(/^lexical\s+9\s+/m);
});

test('judge-eval --families FILE writes each family\'s gold and judged label, the gold\'s pair and the judge\'s reasons, disagreements first', async () => {
  const dir = await tempDir();
  mkdirSync(join(dir, 'windows'));
  const filler = [1, 2, 3, 4, 5, 6].map((n) => item(`pr#${100 + n}`, ['docs: contributing guide', 'chore: bump linter', 'Add dark theme to the site', 'Release 2.3.0', 'Translate the README', 'Cache templates'][n - 1]!, [`f${n}.md`]));
  const window = [PARAPHRASE, UNRELATED, ...filler];
  writeFileSync(join(dir, 'windows', 'r.jsonl'), window.map((i) => JSON.stringify({ repo: 'o/r', t0: '2025-01-01', item: i })).join('\n'));
  // BACKOFF: people strong by the paraphrase; QUOTES: people related by the typo fix (a label no judge gives it).
  const pairs = [pair('a', 'strong', 'held'), pair('b', 'rejected', 'held', { item: UNRELATED }), pair('c', 'related', 'held', { family: QUOTES, item: UNRELATED })];
  writeFileSync(join(dir, 'pairs.jsonl'), pairs.map((p) => JSON.stringify(p)).join('\n'));
  const out = join(dir, 'families.jsonl');
  const run = await runCli(['judge-eval', '--pairs', dir, '--judge', 'lexical', '--families', out, '--quiet']);
  expect(run.code).toBe(0);
  const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({ judge: 'lexical', agrees: false, repo: 'o/r', family: `heuristic/${QUOTES.id}`, title: QUOTES.title, gold: 'related', label: 'rejected' });
  expect(lines[0].goldPair).toEqual({ key: UNRELATED.key, title: UNRELATED.title, reason: 'read both sides' });
  expect(lines[0].judgedOnGoldItem).toMatchObject({ label: 'rejected', reason: expect.any(String) });
  expect(lines[1]).toMatchObject({ agrees: true, family: `heuristic/${BACKOFF.id}`, gold: 'strong', label: 'strong' });
  expect(lines[1].goldPair.key).toBe(PARAPHRASE.key);
  expect(lines[1].judgedBest).toMatchObject({ key: PARAPHRASE.key, label: 'strong', reason: expect.stringMatching(/direction/) });
});

test("--family-gold window takes people's label of a family against its whole window (families/) as its gold, over the best of its pairs (the default); a second labeller's gives people against people", async () => {
  const dir = await tempDir();
  for (const sub of ['windows', 'families', join('families', 'second')]) mkdirSync(join(dir, sub));
  const filler = [1, 2, 3, 4, 5, 6].map((n) => item(`pr#${100 + n}`, ['docs: contributing guide', 'chore: bump linter', 'Add dark theme to the site', 'Release 2.3.0', 'Translate the README', 'Cache templates'][n - 1]!, [`f${n}.md`]));
  writeFileSync(join(dir, 'windows', 'r.jsonl'), [PARAPHRASE, UNRELATED, ...filler].map((i) => JSON.stringify({ repo: 'o/r', t0: '2025-01-01', item: i })).join('\n'));
  // By their pairs: BACKOFF strong (the paraphrase), QUOTES related (the typo fix).
  const pairs = [pair('a', 'strong', 'held'), pair('b', 'rejected', 'held', { item: UNRELATED }), pair('c', 'related', 'held', { family: QUOTES, item: UNRELATED })];
  writeFileSync(join(dir, 'pairs.jsonl'), pairs.map((p) => JSON.stringify(p)).join('\n'));
  const label = (family: string, l: Label, labeller: string) =>
    JSON.stringify({ id: `o/r/heuristic/${family}`, split: 'held', label: l, specificity: 1, strong: [], related: [], reason: 'read against the window', labeller });
  // Against the whole window a person rejects QUOTES: the typo fix is not its direction.
  writeFileSync(join(dir, 'families', 'labels.jsonl'), [label(BACKOFF.id, 'strong', 'L1'), label(QUOTES.id, 'rejected', 'L1')].join('\n'));
  writeFileSync(join(dir, 'families', 'second', 'labels.jsonl'), [label(BACKOFF.id, 'strong', 'L2'), label(QUOTES.id, 'related', 'L2')].join('\n'));

  const byWindow = await runCliJson(['judge-eval', '--pairs', dir, '--judge', 'lexical', '--family-gold', 'window']);
  expect(byWindow.familyGold).toMatchObject({ option: 'window', counts: { window: 2, settled: 0, pairs: 0 } });
  expect(byWindow.judges[0].families).toMatchObject({ families: 2, goldRelevance: 0.5 });
  expect(byWindow.familyLabellers).toMatchObject({ families: 2, accuracy: 0.5 });
  const text = await runCli(['judge-eval', '--pairs', dir, '--judge', 'lexical', '--family-gold', 'window']);
  expect(text.stdout).toMatch(/gold = people's label of the family against its whole window \(2 families; 1 files\)/);
  expect(text.stdout).toMatch(/people against people on the families: a second labeller labelled 2 of them/);

  const byPairs = await runCliJson(['judge-eval', '--pairs', dir, '--judge', 'lexical']);
  expect(byPairs.familyGold).toMatchObject({ option: 'pairs', files: [], counts: { window: 0, settled: 0, pairs: 2 } });
  expect(byPairs.judges[0].families).toMatchObject({ families: 2, goldRelevance: 1 });
  expect(byPairs.familyLabellers).toBeNull();

  // A second label of a family no first label names is refused, as a user error.
  writeFileSync(join(dir, 'families', 'second', 'labels.jsonl'), label('F9', 'strong', 'L2'));
  const bad = await runCli(['judge-eval', '--pairs', dir, '--judge', 'lexical', '--family-gold', 'window']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/A second family label names o\/r\/heuristic\/F9, which no first family label has/);
});

test('a second labeller\'s blind labels give people\'s agreement with each other, the ceiling for the judges', async () => {
  const pairs = [pair('a', 'strong', 'held'), pair('b', 'related', 'held'), pair('c', 'rejected', 'fit'), pair('d', 'rejected', 'fit')];
  const dir = await tempDir();
  mkdirSync(join(dir, 'second'));
  const second = join(dir, 'second', 'sample.jsonl');
  const line = (id: string, label: Label) => JSON.stringify({ id, label, reason: 'read both sides' });
  writeFileSync(second, [line('a', 'strong'), line('b', 'rejected'), line('c', 'rejected'), line('d', 'rejected')].join('\n'));
  const a = labellerAgreement(pairs, [second])!;
  // po = 3/4; first: strong 1, related 1, rejected 2; second: strong 1, rejected 3: pe = (1 + 0 + 6) / 16.
  expect(a.pairs).toBe(4);
  expect(a.accuracy).toBe(0.75);
  expect(a.kappa).toBeCloseTo((0.75 - 7 / 16) / (1 - 7 / 16));
  expect(a.strongKappa).toBe(1);
  expect(labellerAgreement(pairs, [])).toBeNull();
  writeFileSync(second, line('x', 'strong'));
  expect(() => labellerAgreement(pairs, [second])).toThrow(/names the pair x, which no pairs file has/);
  // The shipped sample: a second labeller who had not seen the first labels (under ../shared/judging-rules.md).
  const shipped = labellerAgreement(readPairs(pairFiles(['eval/pairs'])), pairFiles(['eval/pairs/second']))!;
  expect(shipped.pairs).toBeGreaterThanOrEqual(400);
  expect(shipped.kappa).toBeGreaterThan(0.5);
});

test('judge-eval refuses a missing pairs file and a judge it cannot build, as user errors', async () => {
  const missing = await runCli(['judge-eval', '--pairs', '/nonexistent/pairs.jsonl']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/There is no file or folder \/nonexistent\/pairs\.jsonl/);
  const dir = await tempDir();
  const file = join(dir, 'pairs.jsonl');
  writeFileSync(file, JSON.stringify(pair('a', 'strong', 'held')));
  const llm = await runCli(['judge-eval', '--pairs', file, '--judge', 'llm']);
  expect(llm.code).toBe(2);
  expect(llm.stderr).toMatch(/llm judge needs a chat model endpoint/);
});

test("judge-eval --clones DIR gives the judges the files of the quoted pre-T0 work, read from <DIR>/<name> at the pairs' T0", async () => {
  const dir = await tempDir();
  const clones = join(dir, 'clones');
  mkdirSync(clones);
  // The clone of o/r: pr#3126 before T0 changed the README; the later change clarifies the README's completions.
  const repo = await makeRepo([
    { at: '2024-11-01T00:00:00Z', msg: 'Initial commit', files: { 'README.md': 'r\n' } },
    { at: '2024-12-01T00:00:00Z', msg: 'Add `--completion <SHELL>` to provide shell completions (#3126)', files: { 'README.md': 'r\ncompletions\n', 'src/bin/r/main.rs': 'fn main() {}\n' } },
  ]);
  symlinkSync(repo.dir, join(clones, 'r'));
  const family = {
    ...BACKOFF,
    title: 'Extend src/bin/r: completion, provide, shell',
    anchor: { name: 'src/bin/r', paths: ['src/bin/r'] },
    expected_behavior: 'Work of kind feature lands in src/bin/r around completion, provide, shell, continuing "Add `--completion <SHELL>` to provide shell completions".',
    acceptance_criteria: [],
    evidence: [{ kind: 'work_item', ref: 'pr#3126', date: '2024-12-01T00:00:00.000Z', text: 'Add `--completion <SHELL>` to provide shell completions', reason: 'pull request before T0' }],
    target_hints: { paths: ['src/bin/r'], symbols: [] },
  };
  const readme = item('pr#3298', 'Clarify when the man page and shell completions are accessible when building from source', ['README.md']);
  const filler = [1, 2, 3, 4, 5, 6].map((n) => item(`pr#${100 + n}`, ['docs: contributing guide', 'Add a pager option', 'Add dark theme to the site', 'Fix panic on empty input', 'Speed up startup', 'Cache templates'][n - 1]!, [`f${n}.rs`]));
  mkdirSync(join(dir, 'pairs', 'windows'), { recursive: true });
  writeFileSync(join(dir, 'pairs', 'windows', 'r.jsonl'), [readme, ...filler].map((i) => JSON.stringify({ repo: 'o/r', t0: '2025-01-01', item: i })).join('\n'));
  writeFileSync(join(dir, 'pairs', 'pairs.jsonl'), JSON.stringify(pair('a', 'related', 'held', { source: 'recency-v2', family, item: readme })));
  const labels = async (flags: string[]) => {
    const out = join(dir, `families${flags.length}.jsonl`);
    const run = await runCli(['judge-eval', '--pairs', join(dir, 'pairs'), '--judge', 'lexical', '--families', out, '--quiet', ...flags]);
    expect(run.code).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8').trim());
  };
  const withFiles = await labels(['--clones', clones]);
  expect(withFiles).toMatchObject({ label: 'related', judgedBest: { key: 'pr#3298', reason: expect.stringMatching(/in the files of the quoted pr#3126/) } });
  expect(await labels(['--clones', clones, '--no-quoted'])).toMatchObject({ label: 'rejected' });
});

test('judge-eval says which repositories it judged without their clone when the clones folder lacks them, and names them in --json', async () => {
  const dir = await tempDir();
  const [withClone, without] = [join(dir, 'clones'), join(dir, 'empty')];
  mkdirSync(withClone);
  mkdirSync(without);
  const repo = await makeRepo([{ at: '2024-11-01T00:00:00Z', msg: 'Initial commit', files: { 'README.md': 'r\n' } }]);
  symlinkSync(repo.dir, join(withClone, 'r'));
  const later = item('pr#7', 'Add exponential backoff to HTTP retries', ['src/http/retry.ts']);
  mkdirSync(join(dir, 'pairs', 'windows'), { recursive: true });
  writeFileSync(join(dir, 'pairs', 'windows', 'r.jsonl'), JSON.stringify({ repo: 'o/r', t0: '2025-01-01', item: later }));
  writeFileSync(join(dir, 'pairs', 'pairs.jsonl'), JSON.stringify(pair('a', 'strong', 'held', { family: BACKOFF, item: later })));
  const run = (clones: string) => runCli(['judge-eval', '--pairs', join(dir, 'pairs'), '--judge', 'lexical', '--clones', clones, '--json']);
  const missing = await run(without);
  expect(missing.code).toBe(0);
  expect(JSON.parse(missing.stdout).clonesMissing).toEqual(['o/r']);
  expect(missing.stderr).toContain(`swe-future: no clone of o/r in ${without}/ (${join(without, 'r')}): judged without what its diffs did, its quoted files and standing notes`);
  const present = await run(withClone);
  expect(JSON.parse(present.stdout).clonesMissing).toEqual([]);
  expect(present.stderr).not.toContain('no clone of');
});
