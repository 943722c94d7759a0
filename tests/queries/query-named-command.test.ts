import { beforeAll, expect, test } from 'vitest';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { makeStudyDb, type StudyDb } from '../fixtures/study-db.js';

let fixture: StudyDb;

beforeAll(async () => {
  fixture = await makeStudyDb();
});

test('query --named reads the latest study, and --study picks another', async () => {
  const latest = await runCliJson<Record<string, unknown>[]>(['query', '--db', fixture.file, '--named', 'relevance']);
  expect(latest.find((r) => r.forecaster === 'heuristic' && r.judge === 'lexical' && r.category === 'all')).toMatchObject({ study: 2, families: 5, relevance: 0.8 });
  const pilot = await runCliJson<Record<string, unknown>[]>(['query', '--db', fixture.file, '--named', 'relevance', '--study', String(fixture.pilotId)]);
  expect(pilot[0]).toMatchObject({ study: 1, forecaster: 'heuristic', category: 'all', families: 3 });
});

test('query --list shows which named queries take --study', async () => {
  const list = await runCliJson<{ name: string; parameters: string }[]>(['query', '--db', fixture.file, '--list']);
  expect(list.find((q) => q.name === 'lift')?.parameters).toBe('--study');
  expect(list.find((q) => q.name === 'snapshots')?.parameters).toBe('');
});

test('a wrong --study is a user error that says what to do', async () => {
  for (const [args, message] of [
    [['--named', 'relevance', '--study', '99'], /no study 99/],
    [['--named', 'snapshots', '--study', '1'], /does not take a study/],
    [['--study', '1', 'SELECT 1'], /named queries only/],
    [['--named', 'relevance', '--study', 'x'], /--study/],
  ] as const) {
    const run = await runCli(['query', '--db', fixture.file, ...args]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^swe-future: /);
    expect(run.stderr).toMatch(message);
  }
});
