import type { SynthesizedTask } from '../model.js';
import { splitDiff } from '../patch.js';
import { GO_QUALIFY_AWK } from '../test-log.js';
import type { Runtime } from './runtime.js';
import type { ExportContext } from './swebench.js';
import { expectedIds, expectedTsv, NODE_FORMATS, verifierScript } from './verifier.js';

/**
 * One Harbor task folder (harborframework.com/docs/tasks) per verified task:
 *
 *   instruction.md            the issue, what the agent sees
 *   task.toml                 timeouts, resources, metadata
 *   environment/Dockerfile    the repository at Tgen, cloned from environment/repo.bundle
 *   tests/test.sh             applies tests/test.patch, runs the test command (in the gate's
 *                             CI=1 NO_COLOR=1 FORCE_COLOR=0), checks every FAIL_TO_PASS and
 *                             PASS_TO_PASS test ran and passed (src/synthesize/export/verifier.ts);
 *                             reward 1 or 0
 *   solution/solve.sh         applies solution/gold.patch
 *
 * Paths are relative to the task folder; the bundle is copied in by the caller.
 */
export interface HarborFile {
  path: string;
  content: string;
  executable?: boolean;
}

export const HARBOR_BUNDLE = 'environment/repo.bundle';

export function harborTask(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext, runtime: Runtime): HarborFile[] {
  const execution = task.execution;
  const format = execution?.format ?? 'tap';
  const command = execution?.testCommand ?? ctx.testCommand ?? 'true';
  const ids = [...task.failToPass, ...task.passToPass];
  const byNode = (NODE_FORMATS as readonly string[]).includes(format);
  const testPaths = splitDiff(task.testPatch).map((c) => c.path);
  const expected: HarborFile[] = byNode
    ? [
        { path: 'tests/expected-tests.txt', content: expectedIds(ids).map((id) => `${id}\n`).join('') },
        { path: 'tests/verify.mjs', content: verifierScript() },
      ]
    : [{ path: 'tests/expected-tests.tsv', content: expectedTsv(format, ids) }];
  return [
    { path: 'instruction.md', content: `# ${task.title}\n\n${task.problemStatement}\n${task.hints ? `\n## Hints\n\n${task.hints}\n` : ''}` },
    { path: 'task.toml', content: taskToml(task, ctx) },
    { path: 'environment/Dockerfile', content: dockerfile(ctx.tgen.commit, runtime) },
    { path: 'tests/test.patch', content: task.testPatch },
    ...expected,
    { path: 'tests/test.sh', content: testScript(ctx.tgen.commit, testPaths, command, format, byNode), executable: true },
    { path: 'solution/gold.patch', content: task.goldPatch },
    { path: 'solution/solve.sh', content: '#!/bin/bash\nset -euo pipefail\ncd /app\ngit apply --whitespace=nowarn "$(dirname "$0")/gold.patch"\n', executable: true },
  ];
}

function taskToml(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext): string {
  const s = (x: string) => JSON.stringify(x); // a TOML basic string is a JSON string for these characters
  return [
    'version = "1.0"',
    '',
    '[metadata]',
    'author_name = "swe-future"',
    `category = ${s(task.category)}`,
    `tags = [${['swe-future', ctx.repo, task.category].map(s).join(', ')}]`,
    `instance_id = ${s(task.instanceId)}`,
    `base_commit = ${s(ctx.tgen.commit)}`,
    `synthesis_id = ${ctx.synthesisId}`,
    '',
    '[verifier]',
    'timeout_sec = 900.0',
    '',
    '[agent]',
    'timeout_sec = 3600.0',
    '',
    '[environment]',
    'build_timeout_sec = 1800.0',
    'cpus = 2',
    'memory_mb = 4096',
    '',
  ].join('\n');
}

/** The official image for the repository's declared runtime (src/synthesize/export/runtime.ts), with the repository at Tgen in /app. */
function dockerfile(commit: string, runtime: Runtime): string {
  return [
    `# ${runtime.source}`,
    `FROM ${runtime.image}`,
    'WORKDIR /app',
    'COPY repo.bundle /tmp/repo.bundle',
    `RUN git clone -q /tmp/repo.bundle /app && git -C /app checkout -q --detach ${commit} && git -C /app remote remove origin && rm /tmp/repo.bundle`,
    `RUN ${runtime.install}`,
    '',
  ].join('\n');
}

/**
 * The verifier. Test files back to Tgen, the hidden tests, the test command
 * in the gate's environment, then every expected test must have run and
 * passed each time it ran (node formats: verify.mjs reads the log with the
 * gate's readers; line-per-test formats: a pass line and no fail line).
 */
function testScript(commit: string, testPaths: readonly string[], command: string, format: string, byNode: boolean): string {
  const quoted = testPaths.map((p) => `'${p.replace(/'/g, "'\\''")}'`).join(' ');
  const check = byNode
    ? [`node "$HERE/verify.mjs" ${format} "$LOG" "$HERE/expected-tests.txt" || reward=0`]
    : [
        ...(format === 'go'
          ? ['# go test: one PASS|FAIL|SKIP line per package-qualified test, read as the gate read the log.', 'RESULTS=/logs/verifier/test-results.txt', `awk '${GO_QUALIFY_AWK}' "$LOG" > "$RESULTS"`]
          : ['RESULTS="$LOG"']),
        "while IFS=$'\\t' read -r id pass fail; do",
        '  [ -n "$pass" ] || continue',
        '  if grep -qE -- "$fail" "$RESULTS"; then echo "did not pass: $id"; reward=0',
        '  elif ! grep -qE -- "$pass" "$RESULTS"; then echo "did not run: $id"; reward=0; fi',
        'done < "$HERE/expected-tests.tsv"',
      ];
  return [
    '#!/bin/bash',
    'set -u',
    'HERE="$(cd "$(dirname "$0")" && pwd)"',
    'mkdir -p /logs/verifier',
    'cd /app',
    '# The task\'s test files as they were at Tgen, then the hidden tests.',
    `for f in ${quoted || "''"}; do [ -n "$f" ] || continue; git checkout -q ${commit} -- "$f" 2>/dev/null || rm -f "$f"; done`,
    'if ! git apply --whitespace=nowarn "$HERE/test.patch"; then echo 0 > /logs/verifier/reward.txt; exit 0; fi',
    'LOG=/logs/verifier/test-output.txt',
    '# The environment the execution gate ran the tests in.',
    'export CI=1 NO_COLOR=1 FORCE_COLOR=0',
    `( ${command} ) > "$LOG" 2>&1`,
    'reward=1',
    ...check,
    'echo "$reward" > /logs/verifier/reward.txt',
    '',
  ].join('\n');
}
