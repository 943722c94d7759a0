import { createHash } from 'node:crypto';
import { cpSync, type Dirent, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { agreement, groupFigures, type FamilyRow, type Label } from '../../scripts/family-set-figures.js';
import { runCli } from '../cli/run-cli.js';
import { makeRepo, tempDir, topicHistory } from '../fixtures/repo.js';
import { startOpenAIServer } from '../fixtures/openai-server.js';
import { spawnAsync } from '../fixtures/spawn.js';

/**
 * scripts/judge-family-sets.ts (npm run eval:judge-sets): copies each family set, rejudges the copy with
 * rejudge-families.ts against a copy of its store, and scores the judges against people's labels (labels-1), people
 * against people (labels-2) and the judges on the families both labellers agree on. Here on a real store (`study` over
 * two repositories built by the test), a set made from it by label-packets.ts, and labels files written as labellers
 * write them.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const script = (name: string, args: string[]) => spawnAsync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', name), ...args], { cwd: ROOT });
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** Every file under a folder with its hash: what must not change. */
const tree = (root: string): Record<string, string> => Object.fromEntries((readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[]).filter((d) => d.isFile()).map((d) => [join(d.parentPath, d.name), sha(join(d.parentPath, d.name))]));

/** Cohen's kappa written out from its definition, to check the script's figures against. */
function kappaOf(pairs: [string, string][]): number {
  const n = pairs.length;
  const po = pairs.filter(([a, b]) => a === b).length / n;
  const labels = new Set(pairs.flat());
  const pe = [...labels].reduce((s, l) => s + (pairs.filter(([a]) => a === l).length / n) * (pairs.filter(([, b]) => b === l).length / n), 0);
  return (po - pe) / (1 - pe);
}

async function repo(topic: string) {
  return makeRepo([
    ...topicHistory(topic),
    { at: '2025-04-01T00:00:00Z', msg: `Document the ${topic} writer options (#8)`, files: { 'docs/options.md': `${topic} options\nwriter options\n` } },
  ]);
}

const PEOPLE: Label[] = ['strong', 'related', 'rejected'];
const labelsFile = (labels: [string, Label][], labeller: string) => labels.map(([blind, label]) => JSON.stringify({ blind, label, specificity: 1, strong: [], related: [], reason: 'read the window', labeller })).join('\n') + '\n';

let dir: string;
let set: string;
let store: string;
/** The set's families in the order the script reads them: packets by name, families in labels-1.jsonl's order. */
let blinds: [string, string][];

beforeAll(async () => {
  const [alpha, beta] = [await repo('alpha'), await repo('beta')];
  dir = await tempDir();
  writeFileSync(join(dir, 'two.json'), JSON.stringify({ name: 'two', window: '6m', repos: [alpha.dir, beta.dir].map((path) => ({ path, t0: '2025-01-01' })), forecasters: ['heuristic', 'hotspot', 'recency'], judges: ['lexical'] }));
  store = join(dir, 'two.db');
  expect((await runCli(['study', '--config', join(dir, 'two.json'), '--db', store, '--jobs', '1', '--quiet'])).code).toBe(0);
  // As eval/ lays them out: a mapping of sets to configs, the sets in families/ beside it.
  set = join(dir, 'families', 'tiny20');
  const made = await script('label-packets.ts', ['--db', store, '--out', set, '--keys', join(dir, 'keys')]);
  expect(made.stderr).toBe('');
  // Committed sets keep each key beside its packet.
  for (const r of readdirSync(set)) renameSync(join(dir, 'keys', 'tiny20', r, 'key.jsonl'), join(set, r, 'key.jsonl'));
  writeFileSync(join(dir, 'sets.json'), JSON.stringify({ sets: [{ set: 'tiny20', config: 'eval/two.json', group: 'readable' }, { set: 'held20', config: 'eval/two.json', group: 'held' }] }));
  blinds = readdirSync(set)
    .sort()
    .flatMap((r) => lines(join(set, r, 'families.jsonl')).map((f) => [r, f.blind as string] as [string, string]));
  // First labels: people's primary label cycles through the three; the second labeller differs on the first family only.
  for (const r of readdirSync(set)) {
    const mine = blinds.filter(([p]) => p === r).map(([, b]) => b);
    const first = mine.map((b) => [b, PEOPLE[blinds.findIndex(([, x]) => x === b) % 3]!] as [string, Label]);
    writeFileSync(join(set, r, 'labels-1.jsonl'), labelsFile(first, 'L1'));
    writeFileSync(join(set, r, 'labels-2.jsonl'), labelsFile(first.map(([b, l]) => [b, b === blinds[0]![1] ? (l === 'rejected' ? 'strong' : 'rejected') : l]), 'L2'));
  }
}, 300_000);

test('agreement counts under- and over-calls and gives kappa with a bootstrap interval that is the same on every run', () => {
  // people (left) against a judge (right): 4 alike of 6; people relevant and judge rejected once, the reverse once.
  const pairs: [Label, Label][] = [
    ['strong', 'strong'],
    ['related', 'strong'],
    ['rejected', 'rejected'],
    ['related', 'rejected'],
    ['rejected', 'related'],
    ['rejected', 'rejected'],
  ];
  const a = agreement(pairs);
  expect(a).toMatchObject({ n: 6, labels: 50, under: 1, over: 1, rightRelevant: { relevant: 3, n: 6, share: 0.5 }, leftRelevant: { relevant: 3, n: 6, share: 0.5 } });
  expect(a.kappa).toBeCloseTo(kappaOf(pairs), 4);
  expect(a.relevantKappa).toBeCloseTo(kappaOf(pairs.map(([x, y]) => [x === 'rejected' ? 'no' : 'yes', y === 'rejected' ? 'no' : 'yes'])), 4);
  expect(a.kappaInterval).not.toBeNull();
  expect(a.kappaInterval![0]).toBeLessThanOrEqual(a.kappa!);
  expect(a.kappaInterval![1]).toBeGreaterThanOrEqual(a.kappa!);
  expect(agreement(pairs)).toEqual(a);
});

test('the judge is scored on all families and again on those both labellers gave one label; people against people on those labelled twice', () => {
  const row = (blind: string, people: Label, second: Label | null, judge: Label): FamilyRow => ({ set: 's', repo: 'r', blind, forecaster: 'hotspot', people, second, judges: { lexical: judge } });
  const rows = [row('a', 'strong', 'strong', 'strong'), row('b', 'related', 'rejected', 'rejected'), row('c', 'rejected', 'rejected', 'related'), row('d', 'rejected', null, 'rejected')];
  const g = groupFigures(rows, ['lexical']);
  expect(g.families).toBe(4);
  expect(g.judges.lexical!.all).toMatchObject({ n: 4, under: 1, over: 1 });
  // a and c: labels-1 = labels-2.
  expect(g.judges.lexical!.agreed).toMatchObject({ n: 2, under: 0, over: 1, labels: 50 });
  expect(g.people).toMatchObject({ n: 3, under: 1, over: 0, labels: 66.67 });
  expect(groupFigures(rows.slice(3), ['lexical']).people).toBeNull();
});

test('a set is rejudged on copies and scored against people: kappa, under/over, the agreed families, people against people; the same JSON on every run', async () => {
  const before = { store: sha(store), set: tree(set) };
  const out = join(dir, 'out');
  const [kept, again] = await Promise.all([
    script('judge-family-sets.ts', ['--set', `${set}=${store}`, '--judge', 'semantic,lexical', '--out', out, '--json']),
    script('judge-family-sets.ts', ['--set', `${set}=${store}`, '--judge', 'semantic,lexical', '--json']),
  ]);
  expect(kept.status, kept.stderr).toBe(0);
  expect(again.status, again.stderr).toBe(0);
  const doc = JSON.parse(kept.stdout);
  // Deterministic: a second run (another copy, another folder) prints the same figures and intervals.
  expect({ ...JSON.parse(again.stdout), out: null }).toEqual({ ...doc, out: null });
  // Nothing of the set or the store was written.
  expect(sha(store)).toBe(before.store);
  expect(tree(set)).toEqual(before.set);
  expect(readdirSync(out).sort()).toEqual(['stores', 'tiny20', 'tiny20.dump.jsonl']);

  // The figures, recomputed here from the copy's verdicts and the labels files.
  const verdict = (judge: string, repo: string, blind: string) => {
    const key = lines(join(out, 'tiny20', repo, 'key.jsonl')).find((k) => k.blind === blind);
    return lines(join(out, 'tiny20', repo, 'verdicts.jsonl')).find((v) => v.judge === judge && v.forecastId === key.forecastId && v.familyId === key.familyId).label as Label;
  };
  const people = (file: string, repo: string, blind: string) => lines(join(set, repo, file)).find((l) => l.blind === blind).label as Label;
  expect(doc.sets).toHaveLength(1);
  expect(doc.pooled).toEqual(doc.sets[0].figures);
  expect(doc.pooled.families).toBe(blinds.length);
  for (const judge of ['semantic', 'lexical']) {
    const pairs = blinds.map(([r, b]) => [people('labels-1.jsonl', r, b), verdict(judge, r, b)] as [Label, Label]);
    const all = doc.pooled.judges[judge].all;
    expect(all.n).toBe(blinds.length);
    expect(all.under).toBe(pairs.filter(([p, j]) => p !== 'rejected' && j === 'rejected').length);
    expect(all.over).toBe(pairs.filter(([p, j]) => p === 'rejected' && j !== 'rejected').length);
    expect(all.kappa).toBeCloseTo(kappaOf(pairs), 4);
    expect(all.rightRelevant.relevant).toBe(pairs.filter(([, j]) => j !== 'rejected').length);
    expect(all.leftRelevant.relevant).toBe(pairs.filter(([p]) => p !== 'rejected').length);
    // Only the first family's two labels differ.
    const agreed = doc.pooled.judges[judge].agreed;
    expect(agreed.n).toBe(blinds.length - 1);
    expect(agreed.kappa).toBeCloseTo(kappaOf(pairs.slice(1)), 4);
  }
  expect(doc.pooled.people).toMatchObject({ n: blinds.length, labels: Number(((100 * (blinds.length - 1)) / blinds.length).toFixed(2)) });
  expect(doc.pooled.people.under + doc.pooled.people.over).toBe(1);

  // --as-is scores the copy's verdicts as they are: the same figures, with no store.
  const asIs = await script('judge-family-sets.ts', ['--set', join(out, 'tiny20'), '--judge', 'semantic,lexical', '--as-is', '--json']);
  expect(asIs.status, asIs.stderr).toBe(0);
  expect(JSON.parse(asIs.stdout).pooled).toEqual(doc.pooled);
}, 300_000);

test('a group of the mapping and a --set together: a row per set and a pooled row for each judge, the agreed families and people against people', async () => {
  const copy = join(dir, 'tiny20b');
  cpSync(set, copy, { recursive: true });
  const run = await script('judge-family-sets.ts', ['--config', join(dir, 'sets.json'), '--group', 'readable', '--stores', dir, '--set', `${copy}=${store}`, '--judge', 'lexical', '--jobs', '2']);
  expect(run.status, run.stderr).toBe(0);
  const titles = run.stdout.split('\n').filter((l) => /^(lexical|people) /.test(l));
  expect(titles).toEqual(['lexical against people (labels-1)', 'lexical against people, on the families both labellers gave one label (labels-1 = labels-2)', 'people against people (labels-2 against labels-1, where a second labeller labelled)']);
  const pooled = run.stdout.split('\n').filter((l) => l.startsWith('pooled '));
  expect(pooled).toHaveLength(3);
  expect(pooled[0]!.split(/\s+/)[1]).toBe(`${2 * blinds.length}`);
  expect(run.stdout.split('\n').filter((l) => /^tiny20b? /.test(l))).toHaveLength(6);
}, 300_000);

test('--judge llm with its endpoint flags: each set\'s rejudge asks the endpoint, and the llm judge is scored beside the others', async () => {
  // A real HTTP server on 127.0.0.1 speaking the OpenAI wire format: every family rejected by the model.
  const server = await startOpenAIServer(() => JSON.stringify({ label: 'rejected', matches: [], reason: 'nothing of it' }));
  try {
    const run = await script('judge-family-sets.ts', ['--set', `${set}=${store}`, '--judge', 'lexical,llm', '--llm-base-url', server.baseURL, '--llm-model', 'm', '--llm-retries', '0', '--llm-concurrency', '2', '--parallel', '2', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.judges).toEqual(['lexical', 'llm']);
    expect(doc.sets[0].missing.llm).toEqual([]);
    expect(doc.pooled.judges.llm.all).toMatchObject({ n: blinds.length, over: 0, rightRelevant: { relevant: 0 } });
    expect(server.requestsTo('chat').length).toBeGreaterThan(0);
    // A bad flag of rejudge-families is its one line, through this script's, and exit 2.
    const bad = await script('judge-family-sets.ts', ['--set', `${set}=${store}`, '--judge', 'llm', '--llm-base-url', server.baseURL, '--llm-model', 'm', '--llm-concurrency', '99']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--llm-concurrency/);
  } finally {
    await server.close();
  }
}, 300_000);

test('bad input is one line and exit 2, and a held set runs only with --held', async () => {
  const mapping = join(dir, 'sets.json');
  const held = join(dir, 'families', 'held20');
  cpSync(set, held, { recursive: true });
  const full = join(dir, 'full');
  mkdirSync(full, { recursive: true });
  writeFileSync(join(full, 'x'), '');
  const cases = [
    [],
    ['--set', set],
    ['--set', `${set}=${join(dir, 'none.db')}`],
    ['--set', `${join(dir, 'none')}=${store}`],
    ['--set', `${set}=${store}`, '--jobs', '0'],
    ['--set', `${set}=${store}`, '--out', full],
    ['--set', `${set}=${store}`, '--set', `${set}=${store}`],
    ['--config', mapping, '--set', `${held}=${store}`],
    ['--config', mapping, '--group', 'held', '--stores', dir],
    ['--config', mapping, '--only', 'nosuch', '--stores', dir],
    ['--config', mapping, '--group', 'readable'],
    ['--config', join(dir, 'none.json'), '--group', 'readable', '--stores', dir],
    ['--set', `${set}=${store}`, '--frobnicate'],
  ];
  const runs = await Promise.all(cases.map((args) => script('judge-family-sets.ts', args)));
  for (const [i, args] of cases.entries()) {
    expect(runs[i]!.status, args.join(' ')).toBe(2);
    expect(runs[i]!.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
  }
  expect(runs[7]!.stderr).toContain('held20 is a held set');
  expect(runs[8]!.stderr).toContain('held20 is a held set');
}, 120_000);
