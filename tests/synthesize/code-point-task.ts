import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { synthesizeTasks } from '../../src/api/synthesize.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { startOpenAIServer, type Reply } from '../fixtures/openai-server.js';
import type { demoValidation } from './demo-validation.js';

type Demo = Awaited<ReturnType<typeof demoValidation>>;

export const PARSER_TESTS = 'node --test --test-reporter=tap test/parser.test.js';
/** A tool call reply of the scripted agent. */
export const call = (name: string, args: unknown): Reply => ({ toolCalls: [{ name, arguments: args }] });

/** A \u{...} code-point escape: something the demo's parser at HEAD cannot read yet. */
export function codePointFix(quote: string): string {
  const anchor = "    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {";
  expect(quote).toContain(anchor);
  return quote.replace(anchor, [
    '    const point = /^u\\{([0-9a-fA-F]{1,6})\\}/.exec(text.slice(i + 1));',
    '    if (point) {',
    '      out += String.fromCodePoint(parseInt(point[1], 16));',
    '      i += point[0].length;',
    '      continue;',
    '    }',
    anchor,
  ].join('\n'));
}

export const NEW_TEST = "\ntest('reads \\\\u{...} code point escapes in double-quoted values', () => {\n  assert.equal(parse('smile = \"\\\\u{1F600}\"').smile, '\\u{1F600}');\n});\n";

/** The scripted agent's four replies: look around, write a test and the fix, submit. */
export function codePointScript(demo: Demo): Reply[] {
  const show = (path: string) => execFileSync('git', ['show', `HEAD:${path}`], { cwd: demo.repo, encoding: 'utf8' });
  return [
    call('list_files', { path: 'src/parser' }),
    call('read_file', { path: 'src/parser/quote.js' }),
    { toolCalls: [
      { name: 'write_file', arguments: { path: 'test/parser.test.js', content: show('test/parser.test.js') + NEW_TEST } },
      { name: 'write_file', arguments: { path: 'src/parser/quote.js', content: codePointFix(show('src/parser/quote.js')) } },
    ] },
    call('submit', {
      title: 'Code-point escapes like \\u{1F600} are rejected in quoted values',
      problem_statement: 'A config value such as `smile = "\\u{1F600}"` fails with "unknown escape \\u". Characters outside the Basic Multilingual Plane cannot be written with the four-digit form, so the braced form should be accepted in double-quoted values.',
      hints: 'Escapes are read in one place.',
    }),
  ];
}

/** The demo at HEAD through the scripted llm backend and the execution gate: one verified task (node:test, TAP). */
/**
 * The demo's heuristic families at T0 are the Node.js 18 drop (F1, refactor, 0.804), the parser direction (F2,
 * bugfix, 0.364), the LRU-split note (F3, refactor, 0.058) and the retry direction (F4, feature, 0.025; calib44's map as refitted in session 20;
 * the loose FAQ and cache ones are held back, maxLoose 0), so four tasks at the category shares (refactor 2, bugfix 1,
 * feature 1) go twice to F1 (by score within refactor), then to F2 and F4: the parser direction's is the third. The scripted agent gives up on the others, so the synthesis
 * holds one verified task (the parser's, family PARSER_FAMILY) and three AGENT_GAVE_UP rejections.
 */
export const PARSER_DIRECTION_TOTAL = 4;
export const PARSER_FAMILY = 'F2';
const GIVE_UP: Reply[] = ['I cannot finish.', 'Still nothing.', 'Giving up.'];
export function aroundParserDirection(script: Reply[]): Reply[] {
  return [...GIVE_UP, ...GIVE_UP, ...script, ...GIVE_UP];
}

export async function synthesizeCodePointTask(demo: Demo, runs = 3, testCommand = PARSER_TESTS, more: Partial<Parameters<typeof synthesizeTasks>[0]> = {}) {
  const server = await startOpenAIServer({ chat: aroundParserDirection(codePointScript(demo)) });
  try {
    return await synthesizeTasks({
      db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: PARSER_DIRECTION_TOTAL, backend: 'llm', runs,
      testCommand,
      ...more,
      chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted' }),
    });
  } finally {
    await server.close();
  }
}
