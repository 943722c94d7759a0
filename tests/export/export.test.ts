import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { openStore } from '../../src/store/open.js';
import { loadSynthesis, saveSynthesis } from '../../src/store/tasks.js';
import type { SynthesizedTask } from '../../src/synthesize/model.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { tempDir } from '../fixtures/repo.js';
import { demoValidation } from '../synthesize/demo-validation.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
let specSynthesis: number;
beforeAll(async () => {
  demo = await demoValidation();
  specSynthesis = (await synthesizeTasks({ db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 4 })).id;
});

const readJsonl = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

const PUBLIC = ['instance_id', 'repo', 'base_commit', 'problem_statement', 'hints_text', 'created_at', 'version', 'environment_setup_commit', 'category', 'status', 'repo_bundle'];
const SPEC = [...PUBLIC, 'family', 'family_title', 'label', 'acceptance_criteria', 'text_leakage', 'text_leakage_item', 'test_command', 'synthesis_id'];

test('swebench export of specifications: public JSONL and specs/tasks.jsonl, never the gradable hidden/tasks.jsonl; provenance apart; a clean repository bundle', async () => {
  const out = join(await tempDir(), 'export');
  const result = await runCliJson(['export', '--db', demo.db, '--format', 'swebench', '--out', out]);
  // Four tasks allocated, four specifications (the heuristic's directions of recurring work at the demo's T0).
  expect(result.export).toMatchObject({ synthesis: specSynthesis, format: 'swebench', exported: 4 });
  const bundle = `bundles/demo-${demo.head.slice(0, 12)}.bundle`;
  expect(result.files).toEqual([bundle, 'hidden/provenance.jsonl', 'public/tasks.jsonl', 'specs/tasks.jsonl']);

  const pub = readJsonl(join(out, 'public/tasks.jsonl'));
  expect(pub).toHaveLength(4);
  for (const row of pub) expect(Object.keys(row)).toEqual(PUBLIC);
  expect(pub[0]).toMatchObject({ base_commit: demo.head, environment_setup_commit: demo.head, status: 'spec', repo_bundle: bundle });
  // The public file holds no patch, test list, family or leakage data.
  expect(JSON.stringify(pub)).not.toMatch(/FAIL_TO_PASS|test_patch|"family"|leakage/);

  // A spec has no tests: no FAIL_TO_PASS or patch a harness could score as resolved; repo is owner/name (no GitHub home: local/).
  const specs = readJsonl(join(out, 'specs/tasks.jsonl'));
  for (const row of specs) expect(Object.keys(row).sort()).toEqual([...SPEC].sort());
  expect(specs[0]).toMatchObject({ instance_id: pub[0]!.instance_id, repo: 'local/demo', version: demo.head.slice(0, 12), family: 'F1', label: 'strong' });
  expect(specs[0]!.text_leakage).toEqual(expect.any(Number));

  const provenance = readJsonl(join(out, 'hidden/provenance.jsonl'));
  expect(provenance[0]).toMatchObject({ instance_id: pub[0]!.instance_id, synthesis_id: specSynthesis, validation_id: demo.validationId, family: { id: 'F1', category: 'refactor' } }); // F1 is the Node.js 18 drop (calib39's map ranks pending work first)

  // The bundle: clone it, and nothing after Tgen is there.
  const clone = join(await tempDir(), 'clone');
  execFileSync('git', ['clone', '-q', join(out, bundle), clone]);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8' }).trim();
  expect(git('rev-parse', 'HEAD')).toBe(demo.head);
  const tgenTime = loadTgenTime();
  expect(git('log', '--all', '--format=%cI').split('\n').every((d) => Date.parse(d) <= Date.parse(tgenTime))).toBe(true);
  expect(git('tag')).toBe('');
});

function loadTgenTime(): string {
  const store = openStore(demo.db, { readonly: true });
  try {
    return loadSynthesis(store, specSynthesis).tgen.time;
  } finally {
    store.close();
  }
}

/** A verified task stored as the LLM backend would store it (patches that really apply to the demo at HEAD). */
function storeVerified(repoName: string): number {
  const store = openStore(demo.db);
  try {
    const base = loadSynthesis(store, specSynthesis);
    // The parser direction's task: a bug report, as the verified task below is.
    const spec = base.tasks.find((t) => t.category === 'bugfix')!;
    const task: SynthesizedTask = {
      ...spec,
      ord: 0,
      status: 'verified',
      backend: 'llm',
      title: 'Code-point escapes are rejected',
      testPatch: 'diff --git a/test/new.test.js b/test/new.test.js\nnew file mode 100644\n--- /dev/null\n+++ b/test/new.test.js\n@@ -0,0 +1 @@\n+// test\n',
      goldPatch: 'diff --git a/src/new.js b/src/new.js\nnew file mode 100644\n--- /dev/null\n+++ b/src/new.js\n@@ -0,0 +1 @@\n+// fix\n',
      failToPass: ['reads code points (a.b)'],
      passToPass: ['parses key = value lines'],
      execution: {
        testCommand: 'node --test --test-reporter=tap', runsPerState: 3, format: 'tap', failToPass: ['reads code points (a.b)'], passToPass: ['parses key = value lines'],
        flaky: [], broken: [], newFailing: [], goldResolves: true, emptyPatchResolves: false, runs: { gold: [], testsOnly: [], base: [] }, log: { gold: '', testsOnly: '', base: '' },
        swebench: { parser: 'parse_log_tap', failToPass: ['- reads code points (a.b)'], passToPass: ['- parses key = value lines'], goldResolves: true, emptyPatchResolves: false },
      },
    };
    const { tasks, counts, id, createdAt, ...rest } = base;
    void tasks; void counts; void id; void createdAt;
    const synthesis = { ...rest, repo: { ...rest.repo, name: repoName }, backend: 'llm' as const, tasks: [task, { ...spec, ord: 1, status: 'rejected' as const, rejection: { code: 'LEAKAGE_TEXT' as const, reason: 'x' } }] };
    return saveSynthesis(store, { ...synthesis, counts: { tasks: 2, spec: 0, verified: 1, rejected: 1, perFamily: {}, rejections: {} } }, `test-${repoName}`).id;
  } finally {
    store.close();
  }
}

test('harbor export: one folder per verified task with instruction, tests and solution; rejected tasks are never exported', async () => {
  const id = storeVerified('demo');
  const out = join(await tempDir(), 'harbor-out');
  const result = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', out, '--synthesis', String(id)]);
  expect(result.export).toMatchObject({ exported: 1, skipped: { rejected: 1, spec: 0 } });
  const task = join(out, 'harbor', `demo__future-${id}-1`);
  expect(readdirSync(task).sort()).toEqual(['environment', 'instruction.md', 'solution', 'task.toml', 'tests']);
  expect(readdirSync(join(task, 'tests')).sort()).toEqual(['expected-tests.txt', 'test.patch', 'test.sh', 'verify.mjs']);
  expect(readdirSync(join(task, 'solution')).sort()).toEqual(['gold.patch', 'solve.sh']);
  expect(readdirSync(join(task, 'environment')).sort()).toEqual(['Dockerfile', 'repo.bundle']);
  expect(readFileSync(join(task, 'instruction.md'), 'utf8')).toMatch(/^# Code-point escapes are rejected\n\n## Bug report/);
  expect(readFileSync(join(task, 'environment/Dockerfile'), 'utf8')).toContain(`checkout -q --detach ${demo.head}`);
  expect(statSync(join(task, 'tests/test.sh')).mode & 0o111).not.toBe(0);
  expect(readFileSync(join(task, 'tests/expected-tests.txt'), 'utf8').trim().split('\n')).toEqual(['reads code points (a.b)', 'parses key = value lines']);
  expect(readFileSync(join(task, 'task.toml'), 'utf8')).toMatch(/^version = "1.0"\n\n\[metadata\]/);
  const testSh = readFileSync(join(task, 'tests/test.sh'), 'utf8');
  expect(testSh).toContain(`git checkout -q ${demo.head} -- "$f"`);
  expect(testSh).toContain("for f in 'test/new.test.js'");
  // The spec synthesis has nothing Harbor can run.
  const specs = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', join(out, 'x'), '--synthesis', String(specSynthesis)]);
  expect(specs.export).toMatchObject({ exported: 0, skipped: { spec: 4 } });
});

test('export paths are sanitised: a hostile repository name cannot write outside the output folder', async () => {
  const id = storeVerified('../../escape me/..');
  const root = await tempDir();
  const out = join(root, 'a', 'b');
  const result = await runCliJson(['export', '--db', demo.db, '--format', 'harbor', '--out', out, '--synthesis', String(id)]);
  expect(readdirSync(root)).toEqual(['a']);
  expect(readdirSync(join(root, 'a'))).toEqual(['b']);
  for (const f of result.files as string[]) expect(f).toMatch(/^harbor\/escape_me__future-\d+-1\//);
  const swe = await runCliJson(['export', '--db', demo.db, '--format', 'swebench', '--out', out, '--synthesis', String(id)]);
  expect(swe.files[0]).toBe(`bundles/escape_me-${demo.head.slice(0, 12)}.bundle`);
});

test('a failed export leaves nothing behind; a later export with --force replaces the earlier one', async () => {
  const root = await tempDir();
  const out = join(root, 'out');
  writeFileSync(join(root, 'file'), 'x');
  const notDir = await runCli(['export', '--db', demo.db, '--format', 'swebench', '--out', join(root, 'file')]);
  expect([notDir.code, notDir.stderr]).toEqual([2, expect.stringMatching(/is not a folder/)]);

  renameSync(demo.repo, `${demo.repo}-moved`);
  try {
    const gone = await runCli(['export', '--db', demo.db, '--format', 'swebench', '--out', out, '--synthesis', String(specSynthesis)]);
    expect(gone.code).toBe(2);
    expect(gone.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(root)).toEqual(['file']);
  } finally {
    renameSync(`${demo.repo}-moved`, demo.repo);
  }
  await runCliJson(['export', '--db', demo.db, '--format', 'swebench', '--out', out, '--synthesis', String(specSynthesis)]);
  await runCliJson(['export', '--db', demo.db, '--format', 'swebench', '--out', out, '--synthesis', String(specSynthesis), '--force']);
  expect(readdirSync(out).sort()).toEqual(['.swe-future-export.json', 'bundles', 'hidden', 'public', 'specs']);
  expect(readdirSync(root).sort()).toEqual(['file', 'out']);
});
