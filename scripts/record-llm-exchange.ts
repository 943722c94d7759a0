/**
 * Records one real-model exchange of the LLM forecaster as a test fixture
 * (tests/fixtures/llm-exchanges/README.md):
 *
 *   npx tsx scripts/record-llm-exchange.ts --db FILE --snapshot ID --bridge DIR --name NAME --cutoff DATE --model TEXT
 *
 * Reads the forecaster's request and the model's answer from a model-bridge
 * folder (req/<sha>.json, resp/<sha>.json; the request whose user message is
 * this snapshot's prompt), and writes tests/fixtures/llm-exchanges/NAME/:
 * meta.json (repository, T0, the model's stated cutoff, the request's sha256,
 * the prompt version), prompt.txt (the user message as sent), answer.json (the
 * model's message content) and snapshot.json: the snapshot reduced to the rows
 * the answer cites (and the tree), enough to replay the answer through the
 * forecaster without the repository. `--keep REF` keeps another row too (one a
 * hand-written sloppy answer cites).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROMPT_VERSION } from '../src/forecast/llm/prompt.js';
import { openStore } from '../src/store/open.js';
import { loadSnapshot } from '../src/store/snapshots.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/record-llm-exchange.ts --db FILE --snapshot ID --bridge DIR --name NAME --cutoff DATE --model TEXT [--keep REF ...]';
const { values } = parseFlags({
  options: { db: { type: 'string' }, snapshot: { type: 'string' }, bridge: { type: 'string' }, name: { type: 'string' }, cutoff: { type: 'string' }, model: { type: 'string' }, keep: { type: 'string', multiple: true } },
}, USAGE);
if (!values.db || !values.snapshot || !values.bridge || !values.name || !values.cutoff || !values.model) fail(USAGE);
if (!/^[1-9]\d*$/.test(values.snapshot)) fail(`--snapshot takes a snapshot's id, a whole number, not "${values.snapshot}"`);
const store = openStore(values.db);
const snapshot = loadSnapshot(store, Number(values.snapshot));
store.close();
const reqDir = join(values.bridge!, 'req');
const files = readdirSync(reqDir).filter((f) => f.endsWith('.json'));
const match = files
  .map((f) => ({ f, raw: readFileSync(join(reqDir, f), 'utf8') }))
  .map((r) => ({ ...r, body: JSON.parse(r.raw) as { messages: { role: string; content: string }[] } }))
  .find((r) => r.body.messages.length === 2 && r.body.messages[1]!.content.startsWith(`Repository: ${snapshot.repo.name}\n`));
if (!match) fail(`${reqDir}: no bridge request for ${snapshot.repo.name}; pass the --bridge folder of the run that forecast snapshot ${values.snapshot}`);
const completion = JSON.parse(readFileSync(join(values.bridge!, 'resp', match.f), 'utf8')) as { choices: { message: { content: string } }[] };
const content = completion.choices[0]!.message.content;
const cited = new Set<string>();
for (const f of (JSON.parse(content) as { families: { evidence: ({ ref: string } | string)[] }[] }).families) {
  for (const e of f.evidence) cited.add(typeof e === 'string' ? e : e.ref);
}
for (const ref of values.keep ?? []) cited.add(ref);
const rows = snapshot.evidence.filter((e) => cited.has(e.ref) || (e.kind === 'work_item' && [...cited].some((c) => /^(commit:)?[0-9a-f]{7,}$/i.test(c) && e.item.sha.startsWith(c.replace(/^commit:/, '')))));
const out = join('tests/fixtures/llm-exchanges', values.name!);
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'meta.json'),
  `${JSON.stringify({
    repo: snapshot.repo.name,
    t0: snapshot.t0,
    commit: snapshot.commit,
    model: values.model,
    modelCutoff: values.cutoff,
    promptVersion: PROMPT_VERSION,
    requestSha256: createHash('sha256').update(match.raw).digest('hex'),
    requestChars: match.raw.length,
    citedRows: rows.length,
  }, null, 2)}\n`,
);
writeFileSync(join(out, 'prompt.txt'), `${match.body.messages[1]!.content}\n`);
writeFileSync(join(out, 'answer.json'), `${JSON.stringify(JSON.parse(content), null, 2)}\n`);
const { evidence: _all, ...rest } = snapshot;
writeFileSync(join(out, 'snapshot.json'), `${JSON.stringify({ ...rest, repo: { ...rest.repo, path: `/clones/${values.name}` }, evidence: rows })}\n`);
console.log(`${out}: ${rows.length} cited rows, answer ${content.length} chars`);
