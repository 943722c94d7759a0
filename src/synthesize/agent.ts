import { z } from 'zod';
import type { ToolCall, ToolChatModel, ToolMessage } from '../llm/tools.js';
import { AGENT_TOOLS, systemPrompt, userPrompt } from './agent-prompt.js';
import type { Allocation, ConditioningInput, Rejection, TaskDraft } from './model.js';
import { splitTestAndGold } from './patch.js';
import { targetedCommand } from './test-command.js';
import { SEARCH_LIMITS, type Workspace } from './workspace.js';

/**
 * The LLM backend: an agent loop over OpenAI-compatible tool calling in a
 * work tree at Tgen. The model explores (list_files, read_file, search),
 * writes tests and a fix (write_file), runs the tests (run_tests) and submits
 * an issue. The work tree's diff becomes the test patch (test files) and the
 * gold patch (the rest). Its only inputs are the ConditioningInput and what
 * the tools show of the work tree.
 */
export interface AgentOptions {
  maxSteps?: number;
  temperature?: number;
  seed?: number;
  maxTokens?: number;
}

export const AGENT_DEFAULTS = { maxSteps: 40, temperature: 0.2, maxTokens: 4096 } as const;

/** Tool output limits, stated in the tools' descriptions (agent-prompt.ts); every cut is announced with how to see the rest. */
export const TOOL_LIMITS = { output: 12_000, list: 400, readLines: 400, lineChars: 2_000 } as const;
const TOOL_OUTPUT = TOOL_LIMITS.output;
const MAX_LIST = TOOL_LIMITS.list;
const MAX_READ_LINES = TOOL_LIMITS.readLines;

export async function runAgent(
  chat: ToolChatModel,
  ws: Workspace,
  input: ConditioningInput,
  slot: Allocation,
  options: AgentOptions = {},
): Promise<{ draft: TaskDraft | null; rejection: Rejection | null; steps: number }> {
  const maxSteps = options.maxSteps ?? AGENT_DEFAULTS.maxSteps;
  const messages: ToolMessage[] = [
    { role: 'system', content: systemPrompt(input) },
    { role: 'user', content: userPrompt(input, slot) },
  ];
  let idle = 0;
  for (let step = 1; step <= maxSteps; step++) {
    const reply = await chat.completeWithTools({
      messages,
      tools: AGENT_TOOLS,
      temperature: options.temperature ?? AGENT_DEFAULTS.temperature,
      maxTokens: options.maxTokens ?? AGENT_DEFAULTS.maxTokens,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    messages.push({ role: 'assistant', content: reply.content, toolCalls: reply.toolCalls });
    if (reply.finishReason === 'length') {
      // Cut at max_tokens: the calls' arguments are incomplete. Say so instead of a JSON parse error, and run nothing.
      const cut = `Your reply was cut off: it reached the ${options.maxTokens ?? AGENT_DEFAULTS.maxTokens}-token reply limit (finish_reason "length"), so its tool call arguments are incomplete and nothing was done. Send smaller pieces: write or change a file in several shorter calls, and do not repeat text you already sent.`;
      for (const call of reply.toolCalls) messages.push({ role: 'tool', toolCallId: call.id, content: cut });
      if (reply.toolCalls.length === 0) messages.push({ role: 'user', content: cut });
      continue;
    }
    if (reply.toolCalls.length === 0) {
      if (++idle >= 3) return gaveUp('the model answered three times without calling a tool', step);
      messages.push({ role: 'user', content: 'Use the tools; call submit when the tests and the change are written.' });
      continue;
    }
    idle = 0;
    for (const call of reply.toolCalls) {
      const outcome = await runTool(ws, call, input.grounding.testCommand ?? '');
      if ('draft' in outcome) return { draft: outcome.draft, rejection: null, steps: step };
      messages.push({ role: 'tool', toolCallId: call.id, content: clip(outcome.text) });
    }
  }
  return gaveUp(`no submit within ${maxSteps} steps`, maxSteps);
}

function gaveUp(reason: string, steps: number) {
  return { draft: null, rejection: { code: 'AGENT_GAVE_UP' as const, reason }, steps };
}

const Args = {
  list_files: z.object({ path: z.string().optional() }),
  read_file: z.object({ path: z.string(), start_line: z.number().int().positive().optional(), end_line: z.number().int().positive().optional() }),
  search: z.object({ pattern: z.string().min(1), path: z.string().optional() }),
  write_file: z.object({ path: z.string().min(1), content: z.string() }),
  edit_file: z.object({ path: z.string().min(1), old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional() }),
  delete_file: z.object({ path: z.string().min(1) }),
  run_tests: z.object({ files: z.array(z.string().min(1)).optional(), name: z.string().min(1).optional() }),
  submit: z.object({ title: z.string().min(1), problem_statement: z.string().min(1), hints: z.string().optional() }),
};

async function runTool(ws: Workspace, call: ToolCall, testCommand: string): Promise<{ text: string } | { draft: TaskDraft }> {
  const schema = Args[call.name as keyof typeof Args];
  if (!schema) return { text: `error: unknown tool "${call.name}"; the tools are ${Object.keys(Args).join(', ')}` };
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch (err) {
    return { text: `error: the arguments are not valid JSON (${(err as Error).message})` };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { text: `error: bad arguments for ${call.name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'} ${i.message}`).join('; ')}` };
  try {
    switch (call.name) {
      case 'list_files': {
        const a = parsed.data as z.infer<typeof Args.list_files>;
        const files = await ws.listFiles(a.path ?? '');
        if (files.length === 0) return { text: `no files under ${a.path ?? '.'}${await ignoredNote(ws, a.path)}` };
        return { text: files.length > MAX_LIST ? `${files.slice(0, MAX_LIST).join('\n')}\n… ${files.length - MAX_LIST} more` : files.join('\n') };
      }
      case 'read_file': {
        const a = parsed.data as z.infer<typeof Args.read_file>;
        const text = await ws.readFile(a.path);
        if (text === null) return { text: `error: no file ${a.path} in the work tree` };
        return { text: readWindow(a.path, text, a.start_line ?? 1, a.end_line) };
      }
      case 'search': {
        const a = parsed.data as z.infer<typeof Args.search>;
        const hits = await ws.search(a.pattern, a.path ?? '');
        if (hits.length === 0) return { text: `no matches${await ignoredNote(ws, a.path)}` };
        const body = hits.map((h) => `${h.path}:${h.line}: ${h.text}`).join('\n');
        const notes = [
          hits.length >= SEARCH_LIMITS.matches ? `stopped at ${SEARCH_LIMITS.matches} matches: there may be more; narrow the pattern or pass a folder as path` : null,
          hits.some((h) => h.text.length >= SEARCH_LIMITS.lineChars) ? `lines are cut at ${SEARCH_LIMITS.lineChars} characters; read_file shows them whole` : null,
        ].filter(Boolean);
        return { text: notes.length ? `${clipBody(body, TOOL_OUTPUT - 400, 'matches')}\n… (${notes.join('; ')})` : clipBody(body, TOOL_OUTPUT - 200, 'matches') };
      }
      case 'write_file': {
        const a = parsed.data as z.infer<typeof Args.write_file>;
        await ws.writeFile(a.path, a.content);
        return { text: `wrote ${a.path} (${a.content.split('\n').length} lines)` };
      }
      case 'edit_file': {
        const a = parsed.data as z.infer<typeof Args.edit_file>;
        const text = await ws.readFile(a.path);
        if (text === null) return { text: `error: no file ${a.path} in the work tree; create it with write_file` };
        if (a.old_string === '') return { text: 'error: old_string is empty; give the exact text to replace (to write a whole file, use write_file)' };
        if (a.old_string === a.new_string) return { text: 'error: old_string and new_string are the same; nothing to change' };
        const at = occurrences(text, a.old_string);
        if (at.length === 0) return { text: `error: old_string was not found in ${a.path}; it must match the file exactly, spaces, tabs and line breaks included (read_file shows the current text)${nearLine(text, a.old_string)}` };
        if (at.length > 1 && !a.replace_all) {
          const lines = at.map((i) => text.slice(0, i).split('\n').length);
          return { text: `error: old_string occurs ${at.length} times in ${a.path} (lines ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}); add surrounding lines to make it unique, or pass replace_all: true` };
        }
        const updated = a.replace_all ? text.split(a.old_string).join(a.new_string) : text.slice(0, at[0]) + a.new_string + text.slice(at[0]! + a.old_string.length);
        await ws.writeFile(a.path, updated);
        const line = text.slice(0, at[0]).split('\n').length;
        return { text: `edited ${a.path}: ${a.replace_all ? at.length : 1} replacement${a.replace_all && at.length > 1 ? 's' : ''}, from line ${line}; the file now has ${updated.split('\n').length} lines` };
      }
      case 'delete_file': {
        const a = parsed.data as z.infer<typeof Args.delete_file>;
        return { text: (await ws.deleteFile(a.path)) ? `deleted ${a.path}` : `error: no file ${a.path} in the work tree` };
      }
      case 'run_tests': {
        const a = parsed.data as z.infer<typeof Args.run_tests>;
        const narrowed = a.files?.length || a.name ? targetedCommand(testCommand, { files: a.files, name: a.name }) : null;
        if ((a.files?.length || a.name) && narrowed === null) return { text: `error: the test command \`${testCommand}\` cannot be narrowed to files or names here; call run_tests with no arguments to run it whole` };
        const run = await ws.runTests(narrowed ?? undefined);
        const failed = Object.entries(run.results).filter(([, o]) => o === 'fail').map(([id]) => id);
        const passed = Object.values(run.results).filter((o) => o === 'pass').length;
        const limit = run.timedOut ? ' (stopped: time limit)' : run.memoryExceeded ? ' (stopped: memory limit)' : '';
        const head = `${narrowed ? `ran \`${narrowed}\`: ` : ''}exit ${run.exitCode}${limit}; ${passed} passed, ${failed.length} failed`;
        // Failures first, each with what its runner printed about it (the assertion), then the end of the output.
        const details = failed.slice(0, 10).map((id) => `FAILED ${id}\n${failureDetail(run.tail, id)}`.trimEnd());
        const more = failed.length > 10 ? [`… ${failed.length - 10} more failed: ${failed.slice(10, 40).join('; ')}${failed.length > 40 ? '; …' : ''}`] : [];
        const tailRoom = Math.max(1_000, TOOL_OUTPUT - 500 - [head, ...details, ...more].join('\n').length);
        return { text: [head, ...details, ...more, '--- end of output ---', run.tail.slice(-Math.min(4_000, tailRoom))].join('\n') };
      }
      default: {
        const a = parsed.data as z.infer<typeof Args.submit>;
        const split = splitTestAndGold(await ws.diff());
        if (split.testPatch === '') return { text: 'error: no test file was written; write tests that fail now and pass with the change, then submit again' };
        if (split.goldPatch === '') return { text: 'error: no change outside test files; write the change that makes the new tests pass, then submit again' };
        return {
          draft: {
            title: a.title.trim(),
            problemStatement: a.problem_statement.trim(),
            hints: a.hints?.trim() ?? '',
            acceptanceCriteria: ['The tests written for this issue pass.', 'Every test that passed before still passes.'],
            testPatch: split.testPatch,
            goldPatch: split.goldPatch,
            focus: { paths: split.goldPaths, symbols: [] },
            droppedCriteria: [],
          },
        };
      }
    }
  } catch (err) {
    return { text: `error: ${(err as Error).message}` };
  }
}

/**
 * Lines start..end (at most MAX_READ_LINES) with their numbers, within the
 * output limit: the window ends at the last whole line that fits, and
 * whenever the file goes on, the reply says which lines were shown and the
 * start_line to read on from (a line longer than TOOL_LIMITS.lineChars is cut, and says so).
 */
export function readWindow(path: string, text: string, start: number, endLine?: number): string {
  const lines = text.split('\n');
  if (start > lines.length) return `error: ${path} has ${lines.length} lines; start_line ${start} is past its end`;
  const last = Math.min(endLine ?? start + MAX_READ_LINES - 1, start + MAX_READ_LINES - 1, lines.length);
  const out: string[] = [];
  let size = 0;
  let end = start - 1;
  let cutLine = false;
  for (let n = start; n <= last; n++) {
    let line = lines[n - 1]!;
    if (line.length > TOOL_LIMITS.lineChars) {
      line = `${line.slice(0, TOOL_LIMITS.lineChars)} … (line cut at ${TOOL_LIMITS.lineChars} of ${line.length} characters)`;
      cutLine = true;
    }
    const entry = `${n}: ${line}`;
    if (out.length > 0 && size + entry.length + 1 > TOOL_OUTPUT - 300) break;
    out.push(entry);
    size += entry.length + 1;
    end = n;
  }
  const notes: string[] = [];
  if (end < lines.length) notes.push(`showing lines ${start}-${end} of ${lines.length}; read on with start_line ${end + 1}`);
  if (cutLine) notes.push('long lines were cut; search for a part of one to see it in context');
  return notes.length ? `${out.join('\n')}\n… (${notes.join('; ')})` : out.join('\n');
}

function occurrences(text: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) at.push(i);
  return at;
}

/** When an old_string's first line is in the file (the rest differs), say where. */
function nearLine(text: string, needle: string): string {
  const first = needle.split('\n').find((l) => l.trim() !== '')?.trim();
  if (!first) return '';
  const lines = text.split('\n');
  const n = lines.findIndex((l) => l.includes(first));
  return n === -1 ? '' : `; its first line is at line ${n + 1}, so what follows it differs`;
}

/** Whole lines of `body` up to `limit` characters, saying how many were left out. */
/** Why list_files or search found nothing in a folder git ignores (installed dependencies): read_file still reads there. */
async function ignoredNote(ws: Workspace, path: string | undefined): Promise<string> {
  const dir = (path ?? '').replace(/\/+$/, '');
  if (dir === '' || dir === '.' || !ws.isIgnored || !(await ws.isIgnored(dir))) return '';
  return `: ${dir} is ignored by git (by .gitignore, or made by the dependency install), so search and list_files do not look there; read its files with read_file`;
}

function clipBody(body: string, limit: number, what: string): string {
  if (body.length <= limit) return body;
  const lines = body.split('\n');
  const kept: string[] = [];
  let size = 0;
  for (const l of lines) {
    if (size + l.length + 1 > limit) break;
    kept.push(l);
    size += l.length + 1;
  }
  return `${kept.join('\n')}\n… (${lines.length - kept.length} more ${what} not shown: output limit ${TOOL_OUTPUT} characters)`;
}

/** The lines a runner printed after a failed test's result line (TAP's YAML block, pytest's section, …), at most 12. */
function failureDetail(output: string, id: string): string {
  const leaf = id.split(' > ').pop()!.replace(/ \[\d+\]$/, '');
  const lines = output.split('\n');
  const at = lines.findIndex((l) => l.includes(leaf) && /not ok|FAIL|✕|×|Error|FAILED/.test(l));
  if (at === -1) return '  (no details in the end of the output)';
  return lines.slice(at + 1, at + 13).filter((l) => !/^\s*(duration_ms|\.\.\.|---|type:)/.test(l)).map((l) => `  ${l.trim().slice(0, 300)}`).join('\n');
}

function clip(text: string): string {
  return text.length > TOOL_OUTPUT ? `${text.slice(0, TOOL_OUTPUT)}\n… (cut at ${TOOL_OUTPUT} characters)` : text;
}
