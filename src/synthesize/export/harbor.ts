import type { SynthesizedTask } from '../model.js';
import { splitDiff } from '../patch.js';
import { passLinePattern } from '../test-log.js';
import type { ExportContext } from './swebench.js';

/**
 * One Harbor task folder (harborframework.com/docs/tasks) per verified task:
 *
 *   instruction.md            the issue, what the agent sees
 *   task.toml                 timeouts, resources, metadata
 *   environment/Dockerfile    the repository at Tgen, cloned from environment/repo.bundle
 *   tests/test.sh             applies tests/test.patch, runs the test command, greps every
 *                             FAIL_TO_PASS and PASS_TO_PASS test's pass line; reward 1 or 0
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

export function harborTask(task: SynthesizedTask & { instanceId: string }, ctx: ExportContext, languageFiles: readonly string[]): HarborFile[] {
  const execution = task.execution;
  const format = execution?.format ?? 'tap';
  const command = execution?.testCommand ?? ctx.testCommand ?? 'true';
  const expected = [...task.failToPass, ...task.passToPass].map((id) => passLinePattern(format, id));
  const testPaths = splitDiff(task.testPatch).map((c) => c.path);
  return [
    { path: 'instruction.md', content: `# ${task.title}\n\n${task.problemStatement}\n${task.hints ? `\n## Hints\n\n${task.hints}\n` : ''}` },
    { path: 'task.toml', content: taskToml(task, ctx) },
    { path: 'environment/Dockerfile', content: dockerfile(ctx.tgen.commit, languageFiles) },
    { path: 'tests/test.patch', content: task.testPatch },
    { path: 'tests/expected-passes.txt', content: expected.map((p) => `${p}\n`).join('') },
    { path: 'tests/test.sh', content: testScript(ctx.tgen.commit, testPaths, command), executable: true },
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

/** A full (non-slim) official image for the repository's language, which has git; dependencies installed best-effort. */
function dockerfile(commit: string, files: readonly string[]): string {
  const has = (f: string) => files.includes(f);
  const [image, install] = has('package.json')
    ? ['node:20-bookworm', 'if [ -f package-lock.json ]; then npm ci; else npm install; fi || true']
    : has('pyproject.toml') || has('setup.py')
      ? ['python:3.12-bookworm', 'pip install -e . pytest || pip install pytest || true']
      : has('go.mod')
        ? ['golang:1.23-bookworm', 'go mod download || true']
        : has('Cargo.toml')
          ? ['rust:1-bookworm', 'cargo fetch || true']
          : ['buildpack-deps:bookworm', 'true'];
  return [
    `FROM ${image}`,
    'WORKDIR /app',
    'COPY repo.bundle /tmp/repo.bundle',
    `RUN git clone -q /tmp/repo.bundle /app && git -C /app checkout -q --detach ${commit} && git -C /app remote remove origin && rm /tmp/repo.bundle`,
    `RUN ${install}`,
    '',
  ].join('\n');
}

function testScript(commit: string, testPaths: readonly string[], command: string): string {
  const quoted = testPaths.map((p) => `'${p.replace(/'/g, "'\\''")}'`).join(' ');
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
    `( ${command} ) > "$LOG" 2>&1`,
    'reward=1',
    'while IFS= read -r pattern; do',
    '  [ -n "$pattern" ] || continue',
    '  grep -qE -- "$pattern" "$LOG" || { echo "not passing: $pattern"; reward=0; }',
    'done < "$HERE/expected-passes.txt"',
    'echo "$reward" > /logs/verifier/reward.txt',
    '',
  ].join('\n');
}
