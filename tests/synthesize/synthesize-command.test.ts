import { existsSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { demoValidation } from './demo-validation.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
beforeAll(async () => {
  demo = await demoValidation();
});

function syntheses(): number {
  const store = openStore(demo.db, { readonly: true });
  try {
    return store.db.prepare('SELECT count(*) FROM syntheses').pluck().get() as number;
  } finally {
    store.close();
  }
}

test('synthesize with the template backend writes one spec per validated family, grounded in the code at Tgen', async () => {
  const out = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD']);
  expect(out.synthesis).toMatchObject({ id: expect.any(Number), backend: 'template', tgen: 'HEAD', tgen_commit: demo.head, reused: false });
  // One spec per validated family: all four families the heuristic shows (its four loose directions, the FAQ page,
  // restructuring src/cache, the test suite and the CI, are held back: maxLoose 0, docs/forecast.md), each anchored on
  // files that exist at Tgen, so none is refused.
  expect(out.synthesis.counts).toMatchObject({ tasks: 4, spec: 4, verified: 0, rejected: 0 });
  expect(Object.keys(out.synthesis.counts.perFamily)).toEqual(['F1', 'F2', 'F3', 'F4']);
  // The parser direction is F2 under calib44's map as refitted in session 20, below the Node.js 18 drop (F1, runtime drop 0.804): bugfix
  // direction 0.364, so its one task is the second.
  const parser = out.tasks.find((t: { familyId: string }) => t.familyId === 'F2');
  expect(parser).toMatchObject({ status: 'spec', familyId: 'F2', category: 'bugfix', testPatch: '', goldPatch: '', failToPass: [], instanceId: expect.stringMatching(/__future-\d+-2$/) });
  // Grounded: files and symbols that exist at Tgen; the notes T0 knew of are resolved by now and are not asked for.
  expect(parser.problemStatement).toContain('`src/parser/');
  expect(parser.problemStatement).toContain('### Acceptance criteria');
  // The LRU-split note is F3 under calib44's map as refitted in session 20: a note (0.058) above the http retries' feature direction (F4, 0.025).
  const note = out.tasks.find((t: { familyId: string }) => t.familyId === 'F3');
  expect(note.droppedCriteria).toEqual(['The note at src/cache/index.js:32 is resolved and removed.']);
  expect(parser.hints).toContain('not executable');
  // A direction, not a replay: no quoted titles or citations of the work it was forecast from.
  expect(parser.problemStatement).not.toMatch(/pr#\d+|"fix\(parser\)/);
  for (const t of out.tasks.filter((x: { status: string }) => x.status === 'spec')) expect(t.leakage.text.score).toBeLessThan(0.5);

  // The template backend is deterministic: the same request reuses the stored synthesis.
  const again = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', 'HEAD']);
  expect(again.synthesis).toMatchObject({ id: out.synthesis.id, reused: true });
});

test('--total spreads tasks over families; a dated Tgen resolves to the newest commit at or before it', async () => {
  const out = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', '2025-03-01', '--total', '5']);
  expect(out.synthesis.tgen).toBe('2025-03-01T00:00:00.000Z');
  expect(Date.parse(out.synthesis.tgen_time)).toBeLessThanOrEqual(Date.parse('2025-03-01'));
  // The forecast's mix is refactor 2 (F1 the Node.js 18 drop, F3 the LRU split), bugfix 1 (F2), feature 1 (F4) of 4:
  // 5 tasks give 2.5, 1.25, 1.25, floors 2, 1, 1, and the one left goes to the largest remainder, refactor (0.5).
  // Within refactor by score: F1 0.804 against F3 0.058 takes all three (2.80 and 0.20 of them).
  expect(out.tasks.map((t: { familyId: string; allocation: { ordinal: number } }) => `${t.familyId}.${t.allocation.ordinal}`)).toEqual(['F1.1', 'F1.2', 'F1.3', 'F2.1', 'F4.1']);
  // A family's tasks focus on different files.
  const seven = await runCliJson(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', '2025-03-01', '--total', '7']);
  const twice = seven.tasks.filter((t: { familyId: string }) => t.familyId === seven.tasks[0].familyId);
  expect(twice.length).toBeGreaterThanOrEqual(2);
  expect(twice[0].focus.paths).not.toEqual(twice[1].focus.paths);
  const text = await runCli(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), '--tgen', '2025-03-01', '--total', '5']);
  expect(text.stdout).toMatch(/^synthesis \d+ from validation \d+ \(template\) at Tgen [0-9a-f]{12}/);
  expect(text.stdout).toContain('swe-future export --format swebench');
});

test('bad input is one line on stderr, exit 2, and nothing is stored', async () => {
  const before = syntheses();
  const cases: [string[], RegExp][] = [
    [['--tgen', '2024-06-01'], /^swe-future: Tgen 2024-06-01 is before the forecast's T0 2025-01-01\. Pass a --tgen on or after 2025-01-01, or HEAD\.\n$/],
    [['--tgen', 'yesterday'], /Cannot read --tgen "yesterday" as a date/],
    [['--tgen', '2999-01-01'], /Tgen 2999-01-01 is in the future/],
    [['--tgen', 'HEAD', '--total', '0'], /Option --total/],
    [['--tgen', 'HEAD', '--backend', 'llm'], /The llm backend needs a chat model endpoint.*--llm-base-url/],
  ];
  for (const [args, message] of cases) {
    const run = await runCli(['synthesize', '--db', demo.db, '--validation', String(demo.validationId), ...args]);
    expect(run.code, args.join(' ')).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
  }
  const missing = await runCli(['synthesize', '--db', demo.db, '--validation', '999', '--tgen', 'HEAD']);
  expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('There is no validation 999')]);
  expect(syntheses()).toBe(before);
  const noStore = await runCli(['synthesize', '--db', `${demo.db}-missing`, '--validation', '1', '--tgen', 'HEAD']);
  expect([noStore.code, noStore.stderr]).toEqual([2, expect.stringContaining('There is no store at')]);
  expect(existsSync(`${demo.db}-missing`)).toBe(false);
});
