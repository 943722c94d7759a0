import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { startOpenAIServer, type OpenAIServer, type Reply } from '../fixtures/openai-server.js';
import { call, PARSER_TESTS } from './code-point-task.js';
import { demoValidation } from './demo-validation.js';

let demo: Awaited<ReturnType<typeof demoValidation>>;
beforeAll(async () => {
  demo = await demoValidation();
});
const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** 1,000 lines of 60-odd characters: more than one read_file reply can hold, and more search matches than one reply lists. */
const BIG = Array.from({ length: 1000 }, (_, i) => `export const v${i} = '${'x'.repeat(50)}';`).join('\n');

/** Runs the scripted calls through the real openai client and the agent loop on the demo at Tgen; the tool replies, in order. */
async function toolReplies(script: Reply[], more: Partial<Parameters<typeof synthesizeTasks>[0]> = {}): Promise<{ replies: string[]; tools: { name: string; description: string }[] }> {
  const server = await startOpenAIServer({ chat: [...script, 'done'] });
  servers.push(server);
  await synthesizeTasks({
    db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: 1, backend: 'llm', maxSteps: script.length + 1, testCommand: PARSER_TESTS,
    chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
    ...more,
  });
  const chats = server.requestsTo('chat');
  return {
    replies: chats.slice(1).map((c) => c.body.messages.at(-1).content as string),
    tools: chats[0]!.body.tools.map((t: { function: { name: string; description: string } }) => t.function),
  };
}

test('read_file and search state their limits, and every cut says so and how to see the rest', async () => {
  const { replies, tools } = await toolReplies([
    call('write_file', { path: 'src/big.js', content: BIG }),
    call('read_file', { path: 'src/big.js' }),
    call('read_file', { path: 'src/big.js', start_line: 990 }),
    call('search', { pattern: 'export const v', path: 'src' }),
  ]);
  const description = (name: string) => tools.find((t) => t.name === name)!.description;
  expect(description('read_file')).toMatch(/At most 400 lines and about 12,000 characters per call/);
  expect(description('search')).toMatch(/At most 200 matches, each line cut at 200 characters/);
  const first = replies[1]!;
  const shown = /showing lines 1-(\d+) of 1000; read on with start_line (\d+)\)$/.exec(first);
  expect(shown, first.slice(-200)).not.toBeNull();
  expect(Number(shown![2])).toBe(Number(shown![1]) + 1);
  // No line is skipped: the last numbered line shown is the one before start_line.
  expect(first).toContain(`${shown![1]}: export const v${Number(shown![1]) - 1} =`);
  expect(first.length).toBeLessThanOrEqual(12_000);
  expect(replies[2]).toMatch(/^990: export const v989 =/);
  expect(replies[2]).toMatch(/1000: export const v999 = .*';$/);
  expect(replies[3]).toMatch(/stopped at 200 matches: there may be more; narrow the pattern or pass a folder as path\)$/);
});

test('search and list_files say when a folder is ignored by git (installed dependencies) instead of "no matches", and read_file reads there', async () => {
  // Seen recording express: search in node_modules/content-disposition answered "no matches" while read_file could read it.
  const { replies } = await toolReplies([
    call('search', { pattern: 'exports', path: 'node_modules/dep' }),
    call('list_files', { path: 'node_modules' }),
    call('read_file', { path: 'node_modules/dep/index.js' }),
    call('search', { pattern: 'no such text anywhere', path: 'src' }),
  ], { install: { command: "mkdir -p node_modules/dep && echo 'exports.answer = 42;' > node_modules/dep/index.js" } });
  expect(replies[0]).toBe('no matches: node_modules/dep is ignored by git (by .gitignore, or made by the dependency install), so search and list_files do not look there; read its files with read_file');
  expect(replies[1]).toBe('no files under node_modules: node_modules is ignored by git (by .gitignore, or made by the dependency install), so search and list_files do not look there; read its files with read_file');
  expect(replies[2]).toMatch(/^1: exports.answer = 42;\n/);
  expect(replies[3]).toBe('no matches');
});

test('edit_file replaces an exact string once, and says clearly when it is missing or not unique; delete_file removes a file', async () => {
  const { replies } = await toolReplies([
    call('write_file', { path: 'src/big.js', content: BIG }),
    call('edit_file', { path: 'src/big.js', old_string: `export const v7 = '${'x'.repeat(50)}';\nexport const wrong = 1;`, new_string: 'z' }),
    call('edit_file', { path: 'src/big.js', old_string: "'xxxxx", new_string: "'yyyyy" }),
    call('edit_file', { path: 'src/big.js', old_string: 'export const v7 =', new_string: 'export const seven =' }),
    call('read_file', { path: 'src/big.js', start_line: 8, end_line: 8 }),
    call('edit_file', { path: 'src/nope.js', old_string: 'a', new_string: 'b' }),
    call('delete_file', { path: 'src/big.js' }),
    call('delete_file', { path: 'src/big.js' }),
  ]);
  expect(replies[1]).toBe("error: old_string was not found in src/big.js; it must match the file exactly, spaces, tabs and line breaks included (read_file shows the current text); its first line is at line 8, so what follows it differs");
  expect(replies[2]).toMatch(/^error: old_string occurs 1000 times in src\/big\.js \(lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …\); add surrounding lines to make it unique, or pass replace_all: true$/);
  expect(replies[3]).toBe('edited src/big.js: 1 replacement, from line 8; the file now has 1000 lines');
  expect(replies[4]).toBe(`8: export const seven = '${'x'.repeat(50)}';\n… (showing lines 8-8 of 1000; read on with start_line 9)`);
  expect(replies[5]).toBe('error: no file src/nope.js in the work tree; create it with write_file');
  expect(replies[6]).toBe('deleted src/big.js');
  expect(replies[7]).toBe('error: no file src/big.js in the work tree');
});

test('run_tests can target test files and test names, and shows the failing tests first with what the runner printed about them', async () => {
  const tests = execFileSync('git', ['show', 'HEAD:test/parser.test.js'], { cwd: demo.repo, encoding: 'utf8' });
  const { replies, tools } = await toolReplies([
    call('write_file', { path: 'test/parser.test.js', content: `${tests}\ntest('reads a code point escape', () => {\n  assert.equal(parse('a = "\\\\u{41}"').a, 'A');\n});\n` }),
    call('run_tests', { name: 'code point' }),
    call('run_tests', { files: ['test/parser.test.js'] }),
  ]);
  expect(tools.find((t) => t.name === 'run_tests')!.description).toMatch(/only some test files \(files\) and\/or the tests whose name matches/);
  const named = replies[1]!;
  expect(named).toMatch(/^ran `node --test --test-name-pattern='code point' --test-reporter=tap test\/parser\.test\.js`: exit 1; 0 passed, 1 failed\nFAILED reads a code point escape\n/);
  // The assertion comes with it, before the end of the output.
  const details = named.slice(0, named.indexOf('--- end of output ---'));
  expect(details).toMatch(/error: .*escape/i);
  const whole = replies[2]!;
  expect(whole).toMatch(/^ran `node --test --test-reporter=tap test\/parser\.test\.js`: exit 1; \d+ passed, 1 failed\nFAILED reads a code point escape\n/);
});
