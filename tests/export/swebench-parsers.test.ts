import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SWEBENCH_PARSER, swebenchStatusMap } from '../../src/synthesize/swebench-parsers.js';
import { parseTestLog } from '../../src/synthesize/test-log.js';
import { tempDir } from '../fixtures/repo.js';
import { runSwebench, swebenchSource } from '../fixtures/swebench/harness.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/swebench');
const recorded = JSON.parse(readFileSync(join(FIXTURES, 'parsed.json'), 'utf8')) as { logs: Record<string, { parser: string; status_map: Record<string, string> }> };
const log = (format: string) => readFileSync(join(FIXTURES, 'logs', `${format}.log`), 'utf8');
const port = (parser: string, text: string) => Object.fromEntries(swebenchStatusMap(parser, text)!);

test('for each framework, our port of SWE-bench\'s log parser keys the recorded real output exactly as SWE-bench 5.0.2\'s own parser did', () => {
  expect(Object.keys(recorded.logs).sort()).toEqual(Object.keys(SWEBENCH_PARSER).sort());
  for (const [format, { parser, status_map }] of Object.entries(recorded.logs)) {
    expect(SWEBENCH_PARSER[format]).toBe(parser);
    // Same keys, same statuses, same order (a Python dict and a Map both keep first insertion, last value).
    expect(Object.entries(port(parser, log(format)))).toEqual(Object.entries(status_map));
    // Our reader finds the format, and the run carries the harness's keys beside our ids.
    const parsed = parseTestLog(log(format));
    expect(parsed.format).toBe(format);
    expect(parsed.swebench!.parser).toBe(parser);
  }
  // What the keys are: TAP leaves with the "- " the line holds (no suite, no file), vitest's file-qualified path, pytest's node id.
  expect(recorded.logs.tap!.status_map).toHaveProperty(['- reads a value'], 'FAILED');
  expect(recorded.logs.vitest!.status_map).toHaveProperty(['test/math.test.js > add > adds two numbers'], 'PASSED');
  expect(recorded.logs.pytest!.status_map).toHaveProperty(['tests/test_a.py::TestGroup::test_one'], 'PASSED');
});

const src = swebenchSource();

test.skipIf(src === null)('SWE-bench\'s own parsers (a checkout: SWEBENCH_SRC or the fetched mirror) give the recorded keys, and key node:test and vitest output made now as the port does', async () => {
  const formats = Object.keys(recorded.logs);
  const live = await liveLogs();
  const answer = runSwebench(src!, {
    parse: [...formats.map((f) => ({ parser: recorded.logs[f]!.parser, log: log(f) })), ...live.map((l) => ({ parser: l.parser, log: l.log }))],
  });
  formats.forEach((f, i) => expect(Object.entries(answer.parse[i]!)).toEqual(Object.entries(recorded.logs[f]!.status_map)));
  live.forEach((l, i) => expect(Object.entries(answer.parse[formats.length + i]!)).toEqual(Object.entries(port(l.parser, l.log))));
});

/** node --test (TAP) and vitest (verbose) output produced on this machine now. */
async function liveLogs(): Promise<{ parser: string; log: string }[]> {
  const dir = await tempDir();
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(join(dir, 'test', 'a.test.js'), [
    "import { test, describe } from 'node:test';",
    "import assert from 'node:assert';",
    "describe('one', () => { test('same name', () => {}); });",
    "describe('two', () => { test('same name', () => { assert.ok(false); }); });",
    "test('with # hash and (parens)', () => {});",
  ].join('\n'));
  const env = { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  const tap = spawnSync('node', ['--test', '--test-reporter=tap'], { cwd: dir, encoding: 'utf8', env });
  const vdir = await tempDir();
  mkdirSync(join(vdir, 'test'));
  writeFileSync(join(vdir, 'package.json'), '{"type":"module"}');
  writeFileSync(join(vdir, 'vitest.config.js'), 'export default {}\n');
  spawnSync('ln', ['-s', join(process.cwd(), 'node_modules'), join(vdir, 'node_modules')]);
  writeFileSync(join(vdir, 'test', 'v.test.js'), "import { describe, test, expect } from 'vitest';\ndescribe('s', () => { test('ends in 2', () => { expect(1).toBe(1); }); test('fails', () => { expect(1).toBe(2); }); });\n");
  const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=verbose'], { cwd: vdir, encoding: 'utf8', env });
  return [
    { parser: 'parse_log_tap', log: tap.stdout + tap.stderr },
    { parser: 'parse_log_vitest', log: vitest.stdout + vitest.stderr },
  ];
}
