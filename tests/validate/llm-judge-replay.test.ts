import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { createOpenAIChat } from '../../src/llm/openai-chat.js';
import type { WorkItem } from '../../src/sources/model.js';
import { createLlmJudge, LLM_JUDGE_PROMPT, SAME_MESSAGES_AS, SYSTEM_PROMPT } from '../../src/validate/judges/llm.js';
import { Verdict } from '../../src/validate/model.js';
import { startOpenAIServer, type OpenAIServer } from '../fixtures/openai-server.js';

/**
 * The LLM judge replayed from recorded real-model exchanges
 * (tests/fixtures/llm-judge-exchanges/README.md): two development
 * repositories validated with `--judge llm` through the model bridge, each
 * request answered by a real model. Replayed through a local server with the
 * real openai client, the judge keeps every match the model named, in the
 * model's order, without a repair round. The replay holds today's prompt's
 * recording (click/, typer/); the recording at llm-judge-v4 (v4/) is kept for
 * the ways a model writes keys ("PR #2893", "#2956", "pr#1222"), which its
 * answers hold and today's need not.
 */

const FIXTURES = join(import.meta.dirname, '../fixtures/llm-judge-exchanges');

interface Recorded {
  meta: { t0: string; prompt: string; systemSha256: string; requests: { family: string; sha256: string }[] };
  families: TaskFamily[];
  later: WorkItem[];
  added: Record<string, string[]>;
  answers: Map<string, string>;
  prompts: Map<string, string>;
}

function load(name: string): Recorded {
  const dir = join(FIXTURES, name);
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
  const families = JSON.parse(readFileSync(join(dir, 'families.json'), 'utf8')) as TaskFamily[];
  const rows = readFileSync(join(dir, 'later.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as WorkItem & { added: string[] | null });
  const added = Object.fromEntries(rows.flatMap((r) => (r.added ? [[r.key, r.added]] : [])));
  const later = rows.map(({ added: _a, ...item }) => item);
  const answers = new Map<string, string>();
  const prompts = new Map<string, string>();
  for (const { family } of meta.requests) {
    answers.set(family, readFileSync(join(dir, `${family}.answer.json`), 'utf8'));
    prompts.set(family, readFileSync(join(dir, `${family}.prompt.txt`), 'utf8'));
  }
  return { meta, families, later, added, answers, prompts };
}

/** The keys a recorded answer names strong or related, in its order, read the plain way ("PR #2893" and "#2893" are pr#2893). */
function namedKeys(answer: string): { key: string; label: string }[] {
  const parsed = JSON.parse(answer) as { matches: { key: string; label: string }[] };
  return parsed.matches
    .filter((m) => m.label !== 'rejected')
    .map((m) => ({ key: /^(?:pr\s*)?#\s*(\d+)$/i.test(m.key.trim()) ? `pr#${/(\d+)/.exec(m.key)![1]}` : m.key.trim(), label: m.label }));
}

/** The prompt versions whose messages are built as today's: today's, and those SAME_MESSAGES_AS links back to. */
function sameMessageVersions(): string[] {
  const out = [LLM_JUDGE_PROMPT];
  while (SAME_MESSAGES_AS[out[out.length - 1]!] !== undefined) out.push(SAME_MESSAGES_AS[out[out.length - 1]!]!);
  return out;
}

/** A request's family part (everything before its candidates) and the field names of each candidate line. */
function requestParts(user: string): { family: string; fields: string[][] } {
  const at = user.indexOf('\nCandidates (');
  const fields = user.slice(at).split('\n').filter((l) => l.startsWith('{"key"')).map((l) => Object.keys(JSON.parse(l) as object));
  return { family: user.slice(0, at), fields };
}

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

test.each(['click', 'typer'])('replayed from real-model exchanges on %s, the llm judge keeps every match the model named, in the model\'s order', async (name) => {
  const recorded = load(name);
  // Honest replay: the answers were given to messages built as today's are (the same system message, the same family
  // text, candidate lines of the same fields); only which candidates are picked may have moved since (SAME_MESSAGES_AS).
  expect(sameMessageVersions()).toContain(recorded.meta.prompt);
  expect(createHash('sha256').update(SYSTEM_PROMPT).digest('hex')).toBe(recorded.meta.systemSha256);
  const server = await startOpenAIServer((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    // A repair round would mean a key the model wrote was not read: there is none to replay.
    if (messages.length !== 2) return { status: 500, body: { error: { message: 'unexpected repair request' } } };
    const family = /^Forecast task family (\S+)/.exec(messages[1]!.content)![1]!;
    return recorded.answers.get(family) ?? { status: 500, body: { error: { message: `no recorded answer for ${family}` } } };
  });
  servers.push(server);
  const chat = createOpenAIChat({ baseURL: server.baseURL, model: 'claude-bridge', maxRetries: 0 });
  const outcome = await createLlmJudge({ chat }).judge({ families: recorded.families, later: recorded.later, added: recorded.added });

  const requests = server.requestsTo('chat');
  expect(requests).toHaveLength(recorded.meta.requests.length);
  for (const request of requests) {
    const user = request.body.messages[1].content as string;
    const family = /^Forecast task family (\S+)/.exec(user)![1]!;
    // Every key the model named is still among the candidates shown (else record again: README.md). The requests
    // themselves may differ from the recorded ones (meta.json keeps their sha256): how candidates are picked and
    // ranked improves, and the replay holds the recorded answers to today's reading of them.
    for (const { key } of namedKeys(recorded.answers.get(family)!)) expect([family, user]).toEqual([family, expect.stringContaining(`"key":"${key}"`)]);
    expect(recorded.prompts.get(family)).toMatch(/^Forecast task family /);
    expect(request.body.messages[0].content).toBe(SYSTEM_PROMPT);
    const [then, now] = [requestParts(recorded.prompts.get(family)!), requestParts(user)];
    expect(now.family).toBe(then.family);
    for (const fields of [...then.fields, ...now.fields]) expect(fields.filter((f) => f !== 'diff_adds')).toEqual(['key', 'title', 'touches_family_paths', 'files', 'labels', 'body']);
  }
  for (const verdict of outcome.verdicts) {
    expect(Verdict.parse(verdict)).toEqual(verdict);
    const answer = recorded.answers.get(verdict.familyId);
    if (answer === undefined) continue;
    const named = namedKeys(answer);
    expect([verdict.familyId, verdict.matches.map((m) => ({ key: m.key, label: m.label }))]).toEqual([verdict.familyId, named]);
    const best = named.some((m) => m.label === 'strong') ? 'strong' : named.length > 0 ? 'related' : 'rejected';
    expect([verdict.familyId, verdict.label]).toEqual([verdict.familyId, best]);
    if (named.length > 0) expect(verdict.reason).toContain(named[0]!.key);
  }
  for (const call of outcome.calls) expect([call.purpose, call.error]).toEqual(['judge', null]);
});

test('the recorded exchanges hold the ways a model writes keys, more than one match in its own order, and a family it rejects', () => {
  // The v4 recording's answers: the key forms are the model's habit, not the prompt's, and these answers hold them all.
  const answers = ['v4/click', 'v4/typer'].flatMap((name) => [...load(name).answers.values()].map((a) => JSON.parse(a) as { label: string; matches: { key: string }[] }));
  const keys = answers.flatMap((a) => a.matches.map((m) => m.key));
  expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(/^PR #\d+$/), expect.stringMatching(/^#\d+$/), expect.stringMatching(/^pr#\d+$/)]));
  expect(answers.some((a) => a.matches.length >= 3)).toBe(true);
  expect(answers.some((a) => a.label === 'rejected' && a.matches.length === 0)).toBe(true);
});
