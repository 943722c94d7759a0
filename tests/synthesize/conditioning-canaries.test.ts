import { execFileSync, spawnSync } from 'node:child_process';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import type { CommitSpec } from '../../src/demo/model.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { openStore } from '../../src/store/open.js';
import { conditionFamily } from '../../src/synthesize/conditioning.js';
import { startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';
import { demoValidation } from './demo-validation.js';

/**
 * Canaries planted in the pull requests that validate the families: in their
 * titles, in their bodies, and in their patches (lines added by the pull
 * request and removed again before Tgen, so only history holds them). A
 * synthesizer conditioned on the family and the code at Tgen must never see
 * one: not in a problem statement, not in a stored row, not in any request
 * sent to the model.
 */
const CANARIES = {
  title: 'zqxcanarytitle',
  body: 'ZQX-CANARY-BODY-4471',
  patch: 'zqxCanaryPatch9913',
  file: 'ZQX_CANARY_FILE_2208',
};

function plant(commits: CommitSpec[]): CommitSpec[] {
  // Every parser pull request of the validation window gets the text canaries, so whichever the judge matches carries them.
  for (const n of [311, 339, 361, 384]) {
    const pr = commits.find((c) => c.msg.includes(`(#${n})`) || c.msg.startsWith(`Merge pull request #${n} `))!;
    const lines = pr.msg.split('\n');
    const t = lines.findIndex((l) => l.includes(`(#${n})`) || (!l.startsWith('Merge pull request') && l.trim() !== ''));
    lines[t] = lines[t]!.includes(`(#${n})`) ? lines[t]!.replace(` (#${n})`, ` ${CANARIES.title} (#${n})`) : `${lines[t]} ${CANARIES.title}`;
    pr.msg = [...lines, '', `Also ${CANARIES.body}.`].join('\n');
  }
  const i = commits.findIndex((c) => c.msg.startsWith('fix(parser): support \\t, \\n and \\r escapes'));
  const files = commits[i]!.files as Record<string, string>;
  files['src/parser/quote.js'] = `// ${CANARIES.patch}: a line only this pull request's patch has\n${files['src/parser/quote.js']}`;
  files['src/parser/canary-notes.js'] = `export const ${CANARIES.file} = 1;\n`;
  // Later commits: #361 rewrites quote.js (the canary line goes); the next direct commit deletes the file.
  const next = commits.findIndex((c, j) => j > i && c.branch === undefined && c.merge === undefined);
  commits[next]!.files = { ...commits[next]!.files, 'src/parser/canary-notes.js': null };
  return commits;
}

let demo: Awaited<ReturnType<typeof demoValidation>>;
beforeAll(async () => {
  demo = await demoValidation(plant);
});

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function expectNoCanary(text: string, where: string): void {
  for (const canary of Object.values(CANARIES)) {
    expect(text.toLowerCase().includes(canary.toLowerCase()), `${canary} in ${where}`).toBe(false);
  }
}

test('the canaries are really in the validating pull requests, which validated the parser family strong', () => {
  const log = execFileSync('git', ['log', '--all', '-p'], { cwd: demo.repo, encoding: 'utf8', maxBuffer: 64 << 20 });
  for (const canary of Object.values(CANARIES)) expect(log).toContain(canary);
  const parser = demo.forecast.families.find((f) => f.anchor.name === 'src/parser')!;
  const f1 = demo.validation.verdicts.find((v) => v.familyId === parser.id)!;
  expect(f1.label).toBe('strong');
  expect(f1.matches.filter((m) => m.label === 'strong' && m.title.includes(CANARIES.title)).length).toBeGreaterThan(0);
  // ... and none survives into the code at HEAD.
  const grep = spawnSync('git', ['grep', '-i', 'zqx', 'HEAD'], { cwd: demo.repo, encoding: 'utf8' });
  expect([grep.status, grep.stdout]).toEqual([1, '']);
}, 10_000);

test('template tasks, their stored rows and the LLM agent\'s every request hold no canary', async () => {
  const template = await synthesizeTasks({ db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 6 });
  // Six allocated over the five families the heuristic shows, each anchored on files at HEAD: six specs, none refused.
  expect(template.synthesis.counts).toMatchObject({ spec: 6, rejected: 0 });
  expectNoCanary(JSON.stringify(template.synthesis), 'the template synthesis');

  // The scripted agent looks everywhere it can: the anchor, a search, the deleted file, .git.
  const server = await startOpenAIServer({
    chat: [
      { toolCalls: [{ name: 'list_files', arguments: {} }, { name: 'search', arguments: { pattern: 'zqx|canary' } }] },
      { toolCalls: ['quote.js', 'list.js', 'index.js', 'canary-notes.js'].map((f) => ({ name: 'read_file', arguments: { path: `src/parser/${f}` } })) },
      { toolCalls: [{ name: 'read_file', arguments: { path: '.git/HEAD' } }, { name: 'list_files', arguments: { path: '.git' } }, { name: 'search', arguments: { pattern: 'zqx', path: '.git' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'test/parser.test.js', content: '// nothing yet\n' } }, { name: 'submit', arguments: { title: 't', problem_statement: 'p' } }] },
      'I cannot finish.', 'Still nothing.', 'Giving up.',
    ],
  });
  servers.push(server);
  const llm = await synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 1, backend: 'llm',
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
  });
  expect(llm.synthesis.tasks[0]!.rejection!.code).toBe('AGENT_GAVE_UP');
  const chats = server.requestsTo('chat');
  expect(chats).toHaveLength(7);
  for (const [i, request] of chats.entries()) expectNoCanary(request.raw, `request ${i + 1} to the model`);
  // The tools really answered: the anchor was read, .git was refused.
  const toolAnswers = chats[3]!.body.messages.filter((m: { role: string }) => m.role === 'tool').map((m: { content: string }) => m.content);
  expect(toolAnswers.some((t: string) => t.includes('export function readValue'))).toBe(true);
  expect(toolAnswers).toContain('error: no file src/parser/canary-notes.js in the work tree');
  expect(toolAnswers).toContain('error: no file .git/HEAD in the work tree');
  expect(toolAnswers).toContain('no files under .git');

  const store = openStore(demo.db, { readonly: true });
  try {
    for (const table of ['syntheses', 'tasks', 'model_calls']) {
      const rows = store.db.prepare(`SELECT * FROM ${table}`).all();
      expect(rows.length).toBeGreaterThan(0);
      expectNoCanary(JSON.stringify(rows), `table ${table}`);
    }
  } finally {
    store.close();
  }
});

test('inputs are assembled strictly: extra fields are refused and family evidence after T0 is refused', () => {
  const family = demo.forecast.families[0]!;
  const grounding = { commit: 'c', time: '2025-06-01T00:00:00.000Z', presentPaths: [], missingPaths: [], files: [], testFiles: [], resolvedNotes: [], testCommand: null };
  const base = { repoName: 'demo', t0: '2025-01-01T00:00:00.000Z', family, label: 'strong' as const, grounding };
  expect(() => conditionFamily(base)).not.toThrow();
  // A verdict's matches riding along on the grounding are refused.
  expect(() => conditionFamily({ ...base, grounding: { ...grounding, matches: [{ key: 'pr#339' }] } as never })).toThrow();
  // Evidence dated after T0 is refused before any backend sees it.
  const late = { ...family, evidence: [{ ...family.evidence[0]!, date: '2025-02-26T00:00:00.000Z' }] };
  expect(() => conditionFamily({ ...base, family: late })).toThrow(/after T0/);
  // The family itself is re-read: extra keys (say, a verdict) are dropped, not passed on.
  const input = conditionFamily({ ...base, family: { ...family, verdict: { reason: 'pr#339' } } as never });
  expect(JSON.stringify(input)).not.toContain('verdict');
});
