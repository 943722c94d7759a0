import { beforeAll, expect, test } from 'vitest';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { EXPECTED, exportedDemo, writeHarborJob, writeHarborTrials, writeJsonl, writeSwebenchRuns } from './results-files.js';

let demo: Awaited<ReturnType<typeof exportedDemo>>;
beforeAll(async () => {
  demo = await exportedDemo(6); // six tasks: the demo round spreads 6 over its five families, two for the FAQ page (F4)
});

type Doc = { calibration: Record<string, any>; tasks: Record<string, any>[]; families: Record<string, any>[]; next_allocation: Record<string, any>[] };

function expectHandCount(doc: Doc) {
  expect(demo.ids).toHaveLength(6);
  expect(doc.tasks.map((t) => t.instance_id)).toEqual(demo.ids);
  expect(doc.tasks.map(({ attempts, resolved, pass_rate, band }) => ({ attempts, resolved, pass_rate, band }))).toEqual(EXPECTED);
  expect(doc.calibration.bands).toEqual({ never: 1, frontier: 2, always: 1, undetermined: 1, untested: 1 });
  expect(doc.calibration).toMatchObject({ id: expect.any(Number), synthesis: demo.synthesisId, tasks: 6, attempts: 17, resolved: 8 });
}

test('JSONL results give the pass rates, intervals, pass@k and bands counted by hand', async () => {
  const doc = await runCliJson<Doc>(['calibrate', '--db', demo.db, '--results', await writeJsonl(demo.ids)]);
  expectHandCount(doc);
  expect(doc.calibration).toMatchObject({ format: 'jsonl', agent: 'toy-agent', reused: false });
  // Wilson 95% for 2 of 4 is 0.150..0.850; pass@2 of 1 in 4 is 1 - C(3,2)/C(4,2) = 0.5.
  expect(doc.tasks[2]!.interval).toEqual([0.15, 0.85]);
  expect(doc.tasks[3]!.pass_at_k).toEqual({ '1': 0.25, '2': 0.5 });
  expect(doc.tasks[0]!.pass_at_k).toEqual({ '1': 1, '2': 1 });
  expect(doc.tasks[4]!.pass_at_k).toEqual({ '1': 1 });
  // Every validated family is in families and next_allocation; the next round keeps this round's total (6 allocated,
  // all 6 made and exported).
  const previous = doc.next_allocation.reduce((a, n) => a + n.previous, 0);
  expect(previous).toBe(6);
  expect(doc.next_allocation.reduce((a, n) => a + n.tasks, 0)).toBe(6);
  expect(doc.families.map((f) => f.family)).toEqual(doc.next_allocation.map((n) => n.family));

  // The same results again: the stored calibration.
  const again = await runCliJson<Doc>(['calibrate', '--db', demo.db, '--results', await writeJsonl(demo.ids)]);
  expect(again.calibration).toMatchObject({ id: doc.calibration.id, reused: true });
});

test('SWE-bench run reports (one per run) give the same hand count; a harness error is no attempt', async () => {
  const run = await runCli(['calibrate', '--db', demo.db, '--results', ...(await writeSwebenchRuns(demo.ids)), '--agent', 'toy-agent', '--json']);
  expect(run.code, run.stderr).toBe(0);
  const doc = JSON.parse(run.stdout) as Doc;
  expectHandCount(doc);
  expect(doc.calibration).toMatchObject({ format: 'swebench-run', agent: 'toy-agent' });
  expect(run.stderr).toContain(`skipped ${demo.ids[5]}: harness error in run toy-org__toy-agent.run-2`);
});

test('Harbor trial results and a Harbor job result give the same hand count', async () => {
  const trials = await runCliJson<Doc>(['calibrate', '--db', demo.db, '--results', ...(await writeHarborTrials(demo.ids))]);
  expectHandCount(trials);
  expect(trials.calibration).toMatchObject({ format: 'harbor-trial', agent: 'terminus-2__toy/model' });
  const job = await runCliJson<Doc>(['calibrate', '--db', demo.db, '--results', await writeHarborJob(demo.ids)]);
  expectHandCount(job);
  expect(job.calibration).toMatchObject({ format: 'harbor-job', agent: 'terminus-2__toy/model__adhoc' });
});

test('band edges are configurable: with --min-attempts 1 a single solved attempt is always', async () => {
  const doc = await runCliJson<Doc>(['calibrate', '--db', demo.db, '--results', await writeJsonl(demo.ids), '--min-attempts', '1', '--always-at', '0.5']);
  expect(doc.tasks.map((t) => t.band)).toEqual(['always', 'never', 'always', 'frontier', 'always', 'untested']);
  expect(doc.calibration.edges).toEqual({ min_attempts: 1, never_at: 0, always_at: 0.5 });
});

test('the readable summary names the bands, the next round and the command that runs it', async () => {
  const run = await runCli(['calibrate', '--db', demo.db, '--results', await writeJsonl(demo.ids)]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^calibration \d+ of synthesis \d+ for agent toy-agent \(jsonl, 1 file\)/);
  expect(run.stdout).toContain('1 never, 2 frontier, 1 always, 1 undetermined, 1 untested');
  expect(run.stdout).toContain(`swe-future synthesize --validation ${demo.validationId} --tgen HEAD --calibration `);
});
