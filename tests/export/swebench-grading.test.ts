import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { swebenchStatusMap } from '../../src/synthesize/swebench-parsers.js';
import { runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { runSwebench, swebenchSource } from '../fixtures/swebench/harness.js';
import { PARSER_FAMILY, PARSER_TESTS, synthesizeCodePointTask } from '../synthesize/code-point-task.js';
import { demoValidation } from '../synthesize/demo-validation.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
let synthesis: number;
let record: Record<string, string>;
let out: string;
beforeAll(async () => {
  demo = await demoValidation();
  const result = await synthesizeCodePointTask(demo);
  expect(result.synthesis.tasks.find((t) => t.familyId === PARSER_FAMILY)!.status).toBe('verified');
  synthesis = result.id;
  out = join(await tempDir(), 'export');
  await runCliJson(['export', '--db', demo.db, '--format', 'swebench', '--out', out, '--repo', 'acme/confparse']);
  const lines = readFileSync(join(out, 'hidden/tasks.jsonl'), 'utf8').trim().split('\n');
  expect(lines).toHaveLength(1);
  record = JSON.parse(lines[0]!) as Record<string, string>;
}, 120_000);

/** The task's real test log at Tgen + test patch (+ gold patch), from a clone of the exported bundle. */
async function testLog(withGold: boolean): Promise<{ log: string; code: number }> {
  const dir = join(await tempDir(), 'testbed');
  execFileSync('git', ['clone', '-q', join(out, record.repo_bundle!), dir]);
  const apply = (patch: string) => execFileSync('git', ['apply', '--whitespace=nowarn', '-'], { cwd: dir, input: patch });
  apply(record.test_patch!);
  if (withGold) apply(record.patch!);
  const run = spawnSync('sh', ['-c', PARSER_TESTS], { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' } });
  return { log: (run.stdout + run.stderr).split(`${dir}/`).join('/testbed/'), code: run.status ?? 1 };
}

test('the exported instance is what a stock SWE-bench harness reads: owner/name, a version a spec can key, the title in the statement, its own log parser named', () => {
  expect(record).toMatchObject({
    repo: 'acme/confparse',
    version: demo.head.slice(0, 12),
    base_commit: demo.head,
    log_parser: 'parse_log_tap',
    eval_type: 'pass_and_fail',
    // The parser direction's task is the synthesis's third: the Node.js 18 drop (F1) takes the first two (code-point-task.ts).
    image: `swebench/sweb.eval.x86_64.demo_1776_future-${synthesis}-3:latest`,
  });
  expect(record.problem_statement).toMatch(/^Code-point escapes like \\u\{1F600\} are rejected in quoted values\n\nA config value/);
  // Test ids are the TAP parser's keys: the result line after its number, "- " included (node escapes the backslash).
  expect(JSON.parse(record.FAIL_TO_PASS!)).toEqual(['- reads \\\\u{...} code point escapes in double-quoted values']);
  const p2p = JSON.parse(record.PASS_TO_PASS!) as string[];
  expect(p2p.length).toBeGreaterThan(15);
  expect(p2p.every((k) => k.startsWith('- '))).toBe(true);
  expect(record.eval_script).toMatch(/^#!\/bin\/bash\nset -uxo pipefail\ncd \/testbed\n/);
  expect(record.eval_script).toContain("echo '>>>>> Start Test Output'\nCI=1 NO_COLOR=1 FORCE_COLOR=0 bash -c 'node --test --test-reporter=tap test/parser.test.js'\necho '>>>>> End Test Output'");
});

test('the task\'s real test logs, keyed by the harness\'s parser, give the FAIL_TO_PASS and PASS_TO_PASS the instance lists', async () => {
  const gold = await testLog(true);
  const empty = await testLog(false);
  const f2p = JSON.parse(record.FAIL_TO_PASS!) as string[];
  const p2p = JSON.parse(record.PASS_TO_PASS!) as string[];
  const goldMap = swebenchStatusMap(record.log_parser!, gold.log)!;
  const emptyMap = swebenchStatusMap(record.log_parser!, empty.log)!;
  for (const k of [...f2p, ...p2p]) expect([k, goldMap.get(k)]).toEqual([k, 'PASSED']);
  for (const k of f2p) expect(['FAILED', undefined]).toContain(emptyMap.get(k));
  for (const k of p2p) expect([k, emptyMap.get(k)]).toEqual([k, 'PASSED']);
});

const src = swebenchSource();

test.skipIf(src === null)('SWE-bench\'s own harness (make_test_spec, its TAP parser, get_eval_report) grades the exported instance: gold resolved, empty patch not', async () => {
  const gold = await testLog(true);
  const empty = await testLog(false);
  const answer = runSwebench(src!, { grade: [{ instance: record, log: gold.log, exit_code: gold.code }, { instance: record, log: empty.log, exit_code: empty.code }] });
  expect(answer.grade[0]!.resolved).toBe(true);
  expect(answer.grade[0]!.tests_status!.FAIL_TO_PASS!.success).toEqual(JSON.parse(record.FAIL_TO_PASS!));
  expect(answer.grade[0]!.tests_status!.PASS_TO_PASS!.failure).toEqual([]);
  expect(answer.grade[1]!.resolved).toBe(false);
  expect(answer.grade[1]!.tests_status!.FAIL_TO_PASS!.failure).toEqual(JSON.parse(record.FAIL_TO_PASS!));
});
