import type { ToolSpec } from '../llm/tools.js';
import type { Allocation, ConditioningInput } from './model.js';

/**
 * What the LLM backend says to the model: a system prompt, one user message
 * rendered from the ConditioningInput (nothing else), and the tools. The
 * prompt is deterministic: same input and slot, same bytes.
 */

export const AGENT_TOOLS: ToolSpec[] = [
  {
    name: 'list_files',
    description: 'List files of the work tree under a folder (default: the whole tree).',
    parameters: { type: 'object', properties: { path: { type: 'string', description: 'folder, relative to the work tree' } }, additionalProperties: false },
  },
  {
    name: 'read_file',
    description: 'Read a text file with line numbers, optionally a range of 1-based lines. At most 400 lines and about 12,000 characters per call (lines over 2,000 characters are cut); when the file goes on, the reply ends with the start_line to read on from.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, start_line: { type: 'integer', minimum: 1 }, end_line: { type: 'integer', minimum: 1 } },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'search',
    description: 'Find lines matching a regular expression (JavaScript syntax; an invalid one is searched as plain text) in the files under a folder. At most 200 matches, each line cut at 200 characters; the reply says when either limit was reached.',
    parameters: { type: 'object', properties: { pattern: { type: 'string' }, path: { type: 'string' } }, required: ['pattern'], additionalProperties: false },
  },
  {
    name: 'write_file',
    description: 'Write a whole file (created or replaced); for a change to a long file use edit_file, since a reply is limited in length. Test files go under the test folders or follow the test naming (x.test.js, test_x.py, x_test.go).',
    parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'], additionalProperties: false },
  },
  {
    name: 'edit_file',
    description: 'Replace an exact piece of text in a file: old_string must match the file exactly (spaces, tabs and line breaks included) and occur once, unless replace_all is true. Include enough surrounding lines to make it unique. Errors say whether it was not found or found several times (with line numbers).',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' }, replace_all: { type: 'boolean' } },
      required: ['path', 'old_string', 'new_string'],
      additionalProperties: false,
    },
  },
  {
    name: 'delete_file',
    description: 'Delete a file of the work tree.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  },
  {
    name: 'run_tests',
    description: "Run the repository's test command once, or only some test files (files) and/or the tests whose name matches a regular expression (name; pytest: a -k expression). The reply lists the failing tests first, each with what the runner printed about it (the assertion), then the end of the output.",
    parameters: {
      type: 'object',
      properties: { files: { type: 'array', items: { type: 'string' }, description: 'test files, relative to the work tree' }, name: { type: 'string', description: 'tests whose name matches' } },
      additionalProperties: false,
    },
  },
  {
    name: 'submit',
    description: 'Finish: the task as an issue a user would file. Do not reveal the tests or the solution.',
    parameters: {
      type: 'object',
      properties: { title: { type: 'string' }, problem_statement: { type: 'string' }, hints: { type: 'string' } },
      required: ['title', 'problem_statement'],
      additionalProperties: false,
    },
  },
];

export function systemPrompt(input: ConditioningInput): string {
  const g = input.grounding;
  return [
    `You write one new coding task for a benchmark of future software work, in a work tree of the repository "${input.repo.name}" at commit ${g.commit.slice(0, 12)} (${g.time.slice(0, 10)}).`,
    `The task continues a direction forecast from the repository's history up to ${input.t0.slice(0, 10)}: the task family in the user message.`,
    'Do not recreate a change you know this repository made: invent a new, small, concrete instance in the family\'s direction that the code at this commit does not have yet.',
    '',
    'Steps:',
    '1. Explore the code with list_files, read_file and search.',
    '2. Write tests (in test files only) that fail at this commit because the behaviour is missing or wrong.',
    '3. Write the change, outside test files, that makes them pass without breaking any other test; check with run_tests.',
    '4. Call submit with an issue-style title and problem statement that describe the problem or request as a user would, without giving away the tests or the solution, and optional hints.',
    '',
    'Every file you write becomes part of the task\'s patches: test files make the test patch, all others the gold patch. Write whole files. You cannot run other commands.',
    'Tests run (in run_tests, in the gate that checks the task, and in the exported verifiers) with CI=1 NO_COLOR=1 FORCE_COLOR=0, without network, with only the work tree writable: tests must pass in that environment (no colour codes in expected output).',
  ].join('\n');
}

/** Under `synthesize --calibration`: agents solved this family's last tasks always (harder) or never (easier). */
const STEER_LINES = {
  harder: "An agent solved this family's previous tasks every time: make this one harder (a change across more code, or a subtler case), still small enough to state as one issue.",
  easier: "An agent never solved this family's previous tasks: make this one easier (one clear behaviour in one place), still a real change the code lacks.",
} as const;

export function userPrompt(input: ConditioningInput, slot: Allocation): string {
  const { family, grounding: g } = input;
  const lines = [
    `## Task family ${family.id} (${family.category}, validated ${input.label})`,
    `Title: ${family.title}`,
    `Anchor: ${family.anchor.name} (${family.anchor.paths.join(', ') || 'no paths'})`,
    `Expected behaviour: ${family.expected_behavior}`,
    'Acceptance criteria of the family:',
    ...family.acceptance_criteria.map((c) => `- ${c}`),
    `Target hints: paths ${family.target_hints.paths.join(', ') || '-'}; symbols ${family.target_hints.symbols.join(', ') || '-'}`,
    `Evidence it was forecast from (all before ${input.t0.slice(0, 10)}):`,
    ...family.evidence.map((e) => `- [${e.ref}] ${e.date.slice(0, 10)} ${e.text}`),
    '',
    `## The code at ${g.commit.slice(0, 12)} (${g.time.slice(0, 10)})`,
    ...g.files.map((f) => `- ${f.path} (${f.lines} lines)${f.symbols.length > 0 ? `: ${f.symbols.slice(0, 12).join(', ')}` : ''}`),
    ...g.files.flatMap((f) => f.notes.map((n) => `  note ${f.path}:${n.line}: ${n.text}`)),
    `Tests of this area: ${g.testFiles.join(', ') || 'none found'}`,
    `Test command: ${g.testCommand ?? 'none'}`,
    ...(g.resolvedNotes.length > 0 ? [`Already resolved at this commit (not the task): ${g.resolvedNotes.join(', ')}`] : []),
    ...(g.missingPaths.length > 0 ? [`Paths of the family that no longer exist: ${g.missingPaths.join(', ')}`] : []),
    '',
    `This is task ${slot.ordinal} of ${slot.familyTasks} for this family${slot.familyTasks > 1 ? '; make it differ from the obvious first one' : ''}.`,
    ...(slot.steer && slot.steer !== 'keep' ? [STEER_LINES[slot.steer]] : []),
  ];
  return lines.join('\n');
}
