import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { freezeForecast } from '../../src/forecast/freeze.js';
import { saveForecast } from '../../src/store/forecasts.js';
import { openStore } from '../../src/store/open.js';
import { loadSnapshot } from '../../src/store/snapshots.js';
import { packetFamilies, type PacketKey, PacketKeyError, resolveKeys } from '../../scripts/packet-keys.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { makeRepo, tempDir, topicHistory } from '../fixtures/repo.js';
import { spawnAsync } from '../fixtures/spawn.js';
import { BACKOFF } from './judge-literals.js';

/**
 * A committed family set names its families by the forecast and family ids of the store it was made from. A store
 * rebuilt from the same config numbers its forecasts in another order (`study --jobs 2` finishes repositories as they
 * come), so every script that reads keys against a store finds each key's family there by repository, forecaster and
 * title, the family id breaking ties, and never rewrites the keys (scripts/packet-keys.ts resolveKeys).
 */
const ROOT = join(import.meta.dirname, '..', '..');

function script(name: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', name), ...args], { cwd: ROOT, encoding: 'utf8' });
}

function ok(name: string, args: string[]) {
  const run = script(name, args);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

/** `ok` for scripts run side by side: each its own process, started together, awaited together. */
async function oks(runs: [string, string[]][]) {
  const done = await Promise.all(runs.map(([name, args]) => spawnAsync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', name), ...args], { cwd: ROOT })));
  return done.map((run) => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return run.stdout;
  });
}

const repo = (topic: string) => makeRepo(topicHistory(topic));

const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

/** Committed sets keep each key beside its packet: label-packets' keys moved there. */
function besidePackets(out: string) {
  for (const r of readdirSync(out)) renameSync(join(`${out}-keys`, basename(out), r, 'key.jsonl'), join(out, r, 'key.jsonl'));
}

test('a set made from one store is rejudged and scored on a store built in another order, its keys unchanged', async () => {
  const [alpha, beta] = [await repo('alpha'), await repo('beta')];
  const dir = await tempDir();
  const config = (name: string, paths: string[]) => JSON.stringify({ name, window: '6m', repos: paths.map((path) => ({ path, t0: '2025-01-01' })), forecasters: ['hotspot', 'recency'], judges: ['lexical'] });
  writeFileSync(join(dir, 'two.json'), config('two', [alpha.dir, beta.dir]));
  writeFileSync(join(dir, 'beta.json'), config('beta', [beta.dir]));
  // --jobs 1: each store numbers its forecasts in the order its configs list the repositories. With the default jobs the
  // first store's study could finish beta first and number it as the rebuilt store does (the check below then failed
  // about one run in two on an idle machine).
  const study = async (c: string, db: string) => expect((await runCli(['study', '--config', join(dir, c), '--db', join(dir, db), '--jobs', '1', '--quiet'])).code).toBe(0);
  // Rebuilt in another order: beta's repository first (as `study --jobs 2` may finish it first), then the same config.
  // The two stores are written apart, so they are built side by side.
  await Promise.all([
    study('two.json', 'first.db'),
    (async () => {
      await study('beta.json', 'rebuilt.db');
      await study('two.json', 'rebuilt.db');
    })(),
  ]);
  const ids = (db: string) => openStore(join(dir, db), { readonly: true }).db.prepare("SELECT f.id, r.name, f.forecaster FROM forecasts f JOIN snapshots s ON s.id = f.snapshot_id JOIN repos r ON r.id = s.repo_id ORDER BY r.name, f.forecaster").all();
  // The rebuilt store numbers the same forecasts otherwise: the committed ids name other families there.
  expect(ids('rebuilt.db')).not.toEqual(ids('first.db'));

  const set = join(dir, 'set');
  ok('label-packets.ts', ['--db', join(dir, 'first.db'), '--out', set]);
  besidePackets(set);
  for (const r of readdirSync(set)) {
    writeFileSync(join(set, r, 'labels-L1.jsonl'), lines(join(set, r, 'families.jsonl')).map((f, i) => JSON.stringify({ blind: f.blind, label: i % 2 ? 'rejected' : 'related', specificity: 1, strong: [], related: [], reason: 'read it', labeller: 'L1' })).join('\n') + '\n');
  }
  const keys = Object.fromEntries(readdirSync(set).map((r) => [r, readFileSync(join(set, r, 'key.jsonl'), 'utf8')]));
  const [first, rebuilt] = ['first', 'rebuilt'].map((name) => {
    const copy = join(dir, `${name}-set`);
    cpSync(set, copy, { recursive: true });
    return copy;
  });
  await oks(['first', 'rebuilt'].map((name) => ['rejudge-families.ts', ['--dir', join(dir, `${name}-set`), '--db', join(dir, `${name}.db`), '--judge', 'lexical']]));
  for (const r of readdirSync(set)) {
    expect(readFileSync(join(rebuilt!, r, 'key.jsonl'), 'utf8')).toBe(keys[r]);
    // Verdicts are written under the key's own ids, whichever store judged them.
    expect(lines(join(rebuilt!, r, 'verdicts.jsonl'))).toEqual(lines(join(first!, r, 'verdicts.jsonl')));
    expect(lines(join(first!, r, 'verdicts.jsonl')).length).toBe(lines(join(set, r, 'key.jsonl')).length);
  }
  // score-family-labels --db exports the study's own verdicts the same way: the same scores from either store.
  const scored = (await oks(['first', 'rebuilt'].map((name) => ['score-family-labels.ts', ['--dir', join(dir, `${name}-set`), '--db', join(dir, `${name}.db`), '--json']]))).map((out) => JSON.parse(out));
  expect(scored[1].versus).toEqual(scored[0].versus);
  expect(scored[0].versus.lexical.all.families).toBe(readdirSync(set).flatMap((r) => lines(join(set, r, 'key.jsonl'))).length);
}, 300_000);

const PRE_COMMIT = 'Extend .pre-commit-config.yaml: dependencies, dev';
const family = (id: string, title: string, paths: string[]): TaskFamily => ({ ...BACKOFF, id, title, evidence: [], anchor: { name: paths[0]!, paths }, target_hints: { paths, symbols: [] } });
/** flask's recency forecast of the held-out study: F4 and F8 share one title. */
const RECENCY = [
  family('F1', 'Continue work in src/http', ['src/http']),
  family('F4', PRE_COMMIT, ['.pre-commit-config.yaml']),
  family('F6', 'Continue work in docs', ['docs']),
  family('F8', PRE_COMMIT, ['.pre-commit-config.yaml', 'requirements/dev.txt']),
];

/** A store holding flask's snapshot and, in this order, forecasts of these forecasters (config varied to vary the hash). */
async function storeWith(repoDir: string, forecasts: [string, TaskFamily[], number][]) {
  const db = join(await tempDir(), 'x.db');
  const snap = await runCliJson(['snapshot', '--repo', repoDir, '--t0', '2025-01-01', '--db', db]);
  const store = openStore(db);
  const snapshot = { ...loadSnapshot(store, snap.snapshot.id), id: snap.snapshot.id };
  const ids = forecasts.map(([forecaster, families, n]) => saveForecast(store, freezeForecast({ forecaster: forecaster as 'recency', config: { n }, families, abstained: false, abstainReason: null }, snapshot, '2025-01-01T00:00:00.000Z')).id);
  return { db, store, ids };
}

/** A packet of flask's families with keys naming them by forecast `forecastId`. */
async function packet(repoDir: string, forecastId: number, blind: [string, string, string][]) {
  const set = join(await tempDir(), 'heldout20');
  mkdirSync(join(set, 'flask'), { recursive: true });
  const keys: PacketKey[] = blind.map(([b, familyId]) => ({ blind: b, forecaster: 'recency', forecastId, familyId }));
  writeFileSync(join(set, 'flask', 'key.jsonl'), keys.map((k) => JSON.stringify(k)).join('\n') + '\n');
  writeFileSync(join(set, 'flask', 'families.jsonl'), blind.map(([b, , title]) => JSON.stringify({ blind: b, title })).join('\n') + '\n');
  writeFileSync(join(set, 'flask', 'meta.json'), JSON.stringify({ repo: basename(repoDir), t0: '2025-01-01' }));
  return { set, keys };
}

test('two families of one title in one forecast are told apart by the family id, in the store the keys came from and in one numbered otherwise', async () => {
  const flask = await repo('flask');
  const made = await storeWith(flask.dir, [['recency', RECENCY, 1]]);
  // The rebuilt store: other forecasts first, so flask's recency forecast has another id.
  const rebuilt = await storeWith(flask.dir, [['hotspot', [family('F1', 'More work in src', ['src'])], 1], ['random-anchor', [family('F1', 'Work near src/flask', ['src/flask'])], 1], ['recency', RECENCY, 1]]);
  expect(rebuilt.ids[2]).not.toBe(made.ids[0]);
  const { set, keys } = await packet(flask.dir, made.ids[0]!, [['flask-F07', 'F8', PRE_COMMIT], ['flask-F02', 'F4', PRE_COMMIT], ['flask-F03', 'F6', 'Continue work in docs']]);
  const inStore = (store: typeof made.store) => resolveKeys(store.db, packetFamilies(set, 'flask'), keys).map((k) => [k.blind, k.inStore]);
  expect(inStore(made.store)).toEqual([['flask-F07', { forecastId: made.ids[0], familyId: 'F8' }], ['flask-F02', { forecastId: made.ids[0], familyId: 'F4' }], ['flask-F03', { forecastId: made.ids[0], familyId: 'F6' }]]);
  expect(inStore(rebuilt.store)).toEqual([['flask-F07', { forecastId: rebuilt.ids[2], familyId: 'F8' }], ['flask-F02', { forecastId: rebuilt.ids[2], familyId: 'F4' }], ['flask-F03', { forecastId: rebuilt.ids[2], familyId: 'F6' }]]);
  made.store.close();
  rebuilt.store.close();

  // rejudge-families judges the rebuilt store's F8 for flask-F07 and writes it under the key's ids, as from the store the keys came from.
  const copies = [made.db, rebuilt.db].map((_db, i) => {
    const copy = `${set}-${i}`;
    cpSync(set, copy, { recursive: true });
    return copy;
  });
  await oks([made.db, rebuilt.db].map((db, i) => ['rejudge-families.ts', ['--dir', copies[i]!, '--db', db, '--judge', 'lexical', '--dump', `${copies[i]}.dump.jsonl`]]));
  expect(lines(join(copies[1]!, 'flask', 'verdicts.jsonl'))).toEqual(lines(join(copies[0]!, 'flask', 'verdicts.jsonl')));
  expect(lines(join(copies[1]!, 'flask', 'verdicts.jsonl')).map((v) => [v.forecastId, v.familyId])).toEqual([[made.ids[0], 'F4'], [made.ids[0], 'F6'], [made.ids[0], 'F8']]);
  expect(lines(`${copies[1]}.dump.jsonl`).map((d) => d.blind)).toEqual(['flask-F02', 'flask-F03', 'flask-F07']);
});

test('a title the store lacks, or cannot tell apart, stops every reader with one line and exit 2', async () => {
  const flask = await repo('flask');
  // Two recency forecasts of one snapshot, both holding F4 of that title, neither of the key's forecast id.
  const twice = await storeWith(flask.dir, [['hotspot', [family('F1', 'More work in src', ['src'])], 1], ['recency', RECENCY, 1], ['recency', RECENCY, 2]]);
  twice.store.close();
  const missing = await packet(flask.dir, 40, [['flask-F01', 'F2', 'Extend setup.cfg: lint']]);
  const ambiguous = await packet(flask.dir, 40, [['flask-F02', 'F4', PRE_COMMIT]]);
  const store = openStore(twice.db, { readonly: true });
  expect(() => resolveKeys(store.db, packetFamilies(missing.set, 'flask'), missing.keys)).toThrow(PacketKeyError);
  store.close();

  const readers = [
    ['rejudge-families.ts', ['--judge', 'lexical']],
    ['score-family-labels.ts', []],
  ] as const;
  // The four refusals (two readers, two sets), each its own process, started together.
  const refusals = await Promise.all(readers.flatMap(([name, args]) => [missing, ambiguous].map((s) => spawnAsync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', name), '--dir', s.set, '--db', twice.db, ...args], { cwd: ROOT }))));
  for (const [i] of readers.entries()) {
    const [absent, two] = [refusals[2 * i]!, refusals[2 * i + 1]!];
    expect(absent.status).toBe(2);
    expect(absent.stderr.trim().split('\n')).toEqual([
      `${join(missing.set, 'flask')}: flask-F01 (recency "Extend setup.cfg: lint", F2 of forecast 40 when labelled) is not in the store: no recency family of ${basename(flask.dir)} at T0 2025-01-01 has that title; use a store built from the config the set was made from`,
    ]);
    expect(two.status).toBe(2);
    expect(two.stderr.trim().split('\n')).toEqual([
      `${join(ambiguous.set, 'flask')}: flask-F02 (recency "${PRE_COMMIT}", F4 of forecast 40 when labelled) matches 2 families of the store (forecast ${twice.ids[1]} F4, forecast ${twice.ids[2]} F4): pass a store with one recency forecast of ${basename(flask.dir)} at that T0`,
    ]);
  }
});

test('rerank-family-set and join-label-rounds key the copy by the rebuilt store, each baseline family by its title and family id', async () => {
  const flask = await repo('flask');
  const HEURISTIC = [family('F1', 'Fix flask parser on empty input in src/flask/parse.ts', ['src/flask/parse.ts'])];
  const made = await storeWith(flask.dir, [['heuristic', HEURISTIC, 1], ['recency', RECENCY, 1]]);
  const rebuilt = await storeWith(flask.dir, [['hotspot', [family('F1', 'More work in src', ['src'])], 1], ['recency', RECENCY, 1], ['heuristic', HEURISTIC, 1]]);
  made.store.close();
  rebuilt.store.close();
  const { set } = await packet(flask.dir, made.ids[1]!, [['flask-F07', 'F8', PRE_COMMIT], ['flask-F02', 'F4', PRE_COMMIT]]);
  // The set's heuristic family, keyed by the store it was made from.
  const keyFile = join(set, 'flask', 'key.jsonl');
  writeFileSync(keyFile, readFileSync(keyFile, 'utf8') + JSON.stringify({ blind: 'flask-F01', forecaster: 'heuristic', forecastId: made.ids[0], familyId: 'F1' }) + '\n');
  writeFileSync(join(set, 'flask', 'families.jsonl'), readFileSync(join(set, 'flask', 'families.jsonl'), 'utf8') + JSON.stringify({ blind: 'flask-F01', title: HEURISTIC[0]!.title }) + '\n');
  const committed = readFileSync(keyFile, 'utf8');
  const byBlind = (file: string) => Object.fromEntries(lines(file).map((k) => [k.blind, [k.forecaster, k.forecastId, k.familyId]]));

  const copy = `${set}-reranked`;
  ok('rerank-family-set.ts', ['--dir', set, '--db', rebuilt.db, '--out', copy]);
  expect(byBlind(join(copy, 'flask', 'key.jsonl'))).toEqual({
    'flask-F07': ['recency', rebuilt.ids[1], 'F8'],
    'flask-F02': ['recency', rebuilt.ids[1], 'F4'],
    'flask-F01': ['heuristic', rebuilt.ids[2], 'F1'],
  });

  // A new round of the heuristic's families joined to the set: the set's recency families keep their labels, keyed by the new store.
  const round = join(await tempDir(), 'round');
  mkdirSync(join(round, 'flask'), { recursive: true });
  writeFileSync(join(round, 'flask', 'families.jsonl'), JSON.stringify({ blind: 'flask-F01', title: HEURISTIC[0]!.title }) + '\n');
  writeFileSync(join(round, 'flask', 'key.jsonl'), JSON.stringify({ blind: 'flask-F01', forecaster: 'heuristic', forecastId: rebuilt.ids[2], familyId: 'F1' }) + '\n');
  writeFileSync(join(round, 'flask', 'labels-L9.jsonl'), JSON.stringify({ blind: 'flask-F01', label: 'strong', labeller: 'L9' }) + '\n');
  writeFileSync(join(round, 'flask', 'meta.json'), '{}\n');
  writeFileSync(join(round, 'flask', 'window.jsonl'), '');
  writeFileSync(join(set, 'flask', 'labels-1.jsonl'), ['flask-F07', 'flask-F02', 'flask-F01'].map((b) => JSON.stringify({ blind: b, label: 'rejected', labeller: 'L1' })).join('\n') + '\n');
  const joined = join(await tempDir(), 'joined');
  ok('join-label-rounds.ts', ['--base', set, '--round', round, '--db', rebuilt.db, '--out', joined]);
  expect(byBlind(join(joined, 'flask', 'key.jsonl'))).toEqual({
    'flask-H01': ['heuristic', rebuilt.ids[2], 'F1'],
    'flask-F07': ['recency', rebuilt.ids[1], 'F8'],
    'flask-F02': ['recency', rebuilt.ids[1], 'F4'],
  });
  expect(readFileSync(keyFile, 'utf8')).toBe(committed);
});
