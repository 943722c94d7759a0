/**
 * Records one real-model synthesis run (`synthesize --backend llm` through shared/tools/model-bridge.mjs) as a test
 * fixture (tests/fixtures/synthesis-exchanges/README.md):
 *
 *   npx tsx scripts/record-synthesis-exchange.ts --db FILE --synthesis ID --name NAME --cutoff DATE --model TEXT
 *     [--forecast-fixture NAME] [--github OWNER/NAME]
 *
 * Writes tests/fixtures/synthesis-exchanges/NAME/:
 * - answers.json: the model's replies in the order they were made, each with the family of its task, its text or its
 *   tool calls (arguments parsed), and the sha256 and length of the request it answered. Requests are not kept: they
 *   embed repository files, which a replay reads from the repository itself.
 * - meta.json: repository, T0, window, Tgen commit, test command, install, the model and its stated cutoff, the
 *   forecast fixture the families came from, the counts, and the verified tasks (FAIL_TO_PASS, PASS_TO_PASS size,
 *   leakage) the replay must reproduce.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../src/store/open.js';
import { loadSynthesis } from '../src/store/tasks.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/record-synthesis-exchange.ts --db FILE --synthesis ID --name NAME --cutoff DATE --model TEXT [--forecast-fixture NAME] [--github OWNER/NAME]';
const { values } = parseFlags({
  options: {
    db: { type: 'string' }, synthesis: { type: 'string' }, name: { type: 'string' }, cutoff: { type: 'string' }, model: { type: 'string' },
    'forecast-fixture': { type: 'string' }, github: { type: 'string' },
  },
}, USAGE);
if (!values.db || !values.synthesis || !values.name || !values.cutoff || !values.model) fail(USAGE);
if (!/^[1-9]\d*$/.test(values.synthesis)) fail(`--synthesis takes a synthesis run's id, a whole number, not "${values.synthesis}"`);
const store = openStore(values.db);
const id = Number(values.synthesis);
const synthesis = loadSynthesis(store, id);
const rows = store.db
  .prepare<[number], { request: string; response: string | null; family_id: string; ord: number; prompt_tokens: number | null; completion_tokens: number | null }>(
    `SELECT m.request, m.response, t.family_id, t.ord, m.prompt_tokens, m.completion_tokens
     FROM model_calls m JOIN tasks t ON t.id = m.task_id WHERE m.synthesis_id = ? AND m.purpose = 'synthesize' ORDER BY m.id`,
  )
  .all(id);
store.close();

interface StoredReply { content: string | null; toolCalls?: { name: string; arguments: string }[] }
const answers = rows.map((row) => {
  const reply = JSON.parse(row.response ?? 'null') as StoredReply | null;
  if (!reply) fail(`synthesis ${id}: a model call without a response: record a run whose calls all succeeded`);
  const request = JSON.stringify(JSON.parse(row.request));
  return {
    family: row.family_id,
    task: row.ord,
    request: { sha256: createHash('sha256').update(request).digest('hex'), chars: request.length },
    ...(reply.toolCalls && reply.toolCalls.length > 0
      ? { toolCalls: reply.toolCalls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments) as unknown })) }
      : { content: reply.content ?? '' }),
  };
});
const tokens = rows.reduce((acc, r) => ({ prompt: acc.prompt + (r.prompt_tokens ?? 0), completion: acc.completion + (r.completion_tokens ?? 0) }), { prompt: 0, completion: 0 });
const meta = {
  repo: synthesis.repo.name,
  github: values.github ?? null,
  t0: synthesis.t0,
  windowEnd: synthesis.windowEnd,
  tgen: synthesis.tgen,
  testCommand: synthesis.testCommand,
  install: synthesis.config.install ?? null,
  model: values.model,
  modelCutoff: values.cutoff,
  forecastFixture: values['forecast-fixture'] ?? null,
  calls: rows.length,
  tokens,
  counts: synthesis.counts,
  tasks: synthesis.tasks.map((t) => ({
    family: t.familyId,
    status: t.status,
    rejection: t.rejection?.code ?? null,
    ...(t.status === 'verified'
      ? { title: t.title, failToPass: t.failToPass, passToPass: t.passToPass.length, runsPerState: t.execution?.runsPerState, leakage: { text: t.leakage?.text.score, patch: t.leakage?.patch?.score ?? null } }
      : {}),
  })),
};
const dir = join('tests/fixtures/synthesis-exchanges', values.name!);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
writeFileSync(join(dir, 'answers.json'), `${JSON.stringify(answers, null, 2)}\n`);
console.log(`${dir}: ${answers.length} answers, ${meta.tasks.filter((t) => t.status === 'verified').length} verified`);
