/**
 * Judges the families of label packets (eval/families/<set>) anew with
 * today's offline judges, in-process, as `validate` would: each forecast the
 * packet's key.jsonl names is loaded from the store the packets were made
 * from and judged on exactly the request `validate` builds
 * (src/api/judge-request.ts): its repository's later work in (T0, T0 + 6m]
 * (bots and work that is not work counted apart), what each change's diff
 * adds read from the clone, and the files of the pre-T0 work its families
 * quote; each packet's verdicts.jsonl is rewritten (the
 * shape scripts/score-family-labels.ts --db writes). A store rebuilt from the
 * set's config will do: each key's family is found there by repository,
 * forecaster and title (scripts/packet-keys.ts resolveKeys), and its verdicts
 * are written under the key's own forecast and family ids, so key.jsonl is
 * never rewritten; only the keyed families' verdicts are written. A title the
 * store lacks, or cannot tell apart, ends the run with one line (exit 2).
 * Nothing is saved to the
 * store. With --dump, one line per (packet family, judge) with the verdict's
 * label, reason and matches, for reading the disagreements. With --evidence,
 * one line per (packet family, threshold judge) with what its verdict rests on
 * (src/validate/semantic/evidence.ts familyEvidence), for scripts/fit-judge-gate.py.
 *
 *   npx tsx scripts/rejudge-families.ts --dir DIR --db [REPO=]STORE ... [--judge semantic,lexical] [--dump FILE] [--evidence FILE] [--no-standing] [--keys DIR] [--parallel N]
 *     [--llm-base-url URL --llm-model NAME [--llm-timeout S] [--llm-retries N] [--llm-concurrency N]] [--embedding-base-url URL --embedding-model NAME]
 *
 * (--judge llm / embedding: the network judges, built from the endpoint flags by the code the CLI builds them with,
 * src/cli/network-judges.ts; key from OPENAI_API_KEY. Vectors are not cached: nothing is saved to the store.
 * The llm judge is asked only about the keyed families (one request each; a family's verdict does not depend on the others).
 * --parallel N: repositories of the set judged at once (default 1); the files written are the same whatever N.
 * A failed model request (or any bad input) ends the run with one line and exit 2, and no verdicts file is rewritten.)
 *
 * (--keys DIR: where label-packets.ts wrote the packets' keys, when they are not beside the packets: scripts/packet-keys.ts.)
 *
 * (--no-standing: judge without the standing-note reading, src/api/standing-notes.ts, to compare with it.)
 *
 * (REPO=STORE for a packet whose families are in a store of their own, as e14's are.)
 *
 * Copy the packets first when the committed verdicts should stay as they are.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { readJudgeRequest } from '../src/api/judge-request.js';
import { loadNetworkJudgeBuilder, NetworkJudgeFlags } from '../src/cli/network-judges.js';
import { isUserError } from '../src/errors.js';
import type { AddedIdentifiersMemo } from '../src/git/added-identifiers.js';
import { loadForecast } from '../src/store/forecasts.js';
import { openStore } from '../src/store/open.js';
import { forecastOrigin } from '../src/store/validations.js';
import { runPool } from '../src/study/pool.js';
import { addDuration, parseDuration } from '../src/time.js';
import type { Judge } from '../src/validate/judge.js';
import { NO_EMBEDDING_CACHE } from '../src/validate/judges/embedding.js';
import { createLexicalJudge } from '../src/validate/lexical.js';
import { JudgeName, type Verdict } from '../src/validate/model.js';
import { familyEvidence } from '../src/validate/semantic/evidence.js';
import { createSemanticJudge } from '../src/validate/semantic/judge.js';
import { withStandingNote } from '../src/validate/judges/standing-note.js';
import { fail, parseFlags } from './exit.js';
import { keyedPackets, orExit, resolvePacketKeys } from './packet-keys.js';

const USAGE = 'usage: npx tsx scripts/rejudge-families.ts --dir DIR --db STORE [--judge semantic,lexical] [--dump FILE]';
const { values } = parseFlags({
  options: {
    dir: { type: 'string' },
    keys: { type: 'string' },
    db: { type: 'string', multiple: true },
    judge: { type: 'string', default: 'semantic,lexical' },
    dump: { type: 'string' },
    evidence: { type: 'string' },
    'no-standing': { type: 'boolean' },
    parallel: { type: 'string', default: '1' },
    'llm-base-url': { type: 'string' },
    'llm-model': { type: 'string' },
    'llm-timeout': { type: 'string' },
    'llm-retries': { type: 'string' },
    'llm-concurrency': { type: 'string' },
    'embedding-base-url': { type: 'string' },
    'embedding-model': { type: 'string' },
  },
}, USAGE);
if (!values.dir || !values.db) fail(USAGE);

/** Bad input: one line on stderr naming this script, exit 2 (scripts/exit.ts). */
function exitWith(line: string): never {
  fail(`rejudge-families: ${line}`);
}

/** The endpoint flags, checked by the schema the CLI's judging commands use. */
function endpointFlags(): NetworkJudgeFlags {
  const flags = NetworkJudgeFlags.safeParse({
    llmBaseUrl: values['llm-base-url'],
    llmModel: values['llm-model'],
    llmTimeout: values['llm-timeout'],
    llmRetries: values['llm-retries'],
    llmConcurrency: values['llm-concurrency'],
    embeddingBaseUrl: values['embedding-base-url'],
    embeddingModel: values['embedding-model'],
  });
  if (!flags.success) {
    const issue = flags.error.issues[0]!;
    exitWith(`Option --${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}.`);
  }
  return flags.data;
}

interface Key { blind: string; forecastId: number; familyId: string; forecaster: string }

/** What one repository's packet gets: its verdicts file's lines, and its lines of --dump and --evidence. */
interface RepoOutput { file: string; verdicts: string; dump: string[]; evidence: string[] }

async function main(): Promise<void> {
  const parallel = z.coerce.number().int().min(1).max(64).safeParse(values.parallel);
  if (!parallel.success) exitWith(`Option --parallel: ${parallel.error.issues[0]!.message}.`);
  const names = values.judge.split(',').map((n) => n.trim()).filter(Boolean);
  for (const name of names) if (!JudgeName.safeParse(name).success) exitWith(`Unknown judge ${name}. Pass --judge with some of ${JudgeName.options.join(', ')}.`);
  const buildNetworkJudge = await loadNetworkJudgeBuilder(endpointFlags());
  const judges: Record<string, Judge> = {};
  for (const name of names as JudgeName[]) {
    judges[name] = name === 'lexical' ? createLexicalJudge() : name === 'semantic' ? createSemanticJudge() : buildNetworkJudge(name, NO_EMBEDDING_CACHE);
  }
  const stores = new Map(values.db!.map((spec) => (spec.includes('=') ? (spec.split('=', 2) as [string, string]) : ['', spec])));
  const memo: AddedIdentifiersMemo = new Map();
  const repos = keyedPackets(values.dir!, values.keys);
  const outputs: (RepoOutput | null)[] = repos.map(() => null);
  await runPool(
    repos.map((repo, ri) => ({
      key: repo,
      run: async () => {
        const file = stores.get(repo) ?? stores.get('');
        if (file !== undefined) outputs[ri] = await rejudgeRepo(repo, file, judges, memo);
      },
    })),
    { jobs: parallel.data },
  );
  // Every repository judged: only now is any file written, each whole (a failed run leaves the set as it was).
  for (const out of outputs) if (out) writeWhole(out.file, out.verdicts);
  if (values.dump) writeWhole(values.dump, outputs.flatMap((o) => o?.dump ?? []).join('\n') + '\n');
  if (values.evidence) writeWhole(values.evidence, outputs.flatMap((o) => o?.evidence ?? []).join('\n') + '\n');
}

/** Writes `text` to `file` through a temporary file renamed over it: never half-written. */
function writeWhole(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

async function rejudgeRepo(repo: string, file: string, judges: Record<string, Judge>, memo: AddedIdentifiersMemo): Promise<RepoOutput> {
  const dump: string[] = [];
  const evidence: string[] = [];
  const store = openStore(file);
  try {
    // Each key's family in this store, found by repository, forecaster and title (a rebuilt store numbers its forecasts
    // otherwise: scripts/packet-keys.ts); verdicts are written under the key's own ids, so the set stays whole as committed.
    const keys = orExit(() => resolvePacketKeys<Key>(store.db, values.dir!, repo, values.keys));
    const out: { forecastId: number; familyId: string; judge: string; label: string; strong: string[] }[] = [];
    for (const id of [...new Set(keys.map((k) => k.inStore.forecastId))].sort((a, b) => a - b)) {
      const forecast = loadForecast(store, id);
      const origin = forecastOrigin(store, id)!;
      // Exactly what `validate` gives its judge (src/api/judge-request.ts): the later work, what each change's diff added, the quoted work's files.
      const { request: read } = await readJudgeRequest(store, forecast.families, origin, { windowEnd: addDuration(origin.t0, parseDuration('6m', '--window')), includeBots: false, addedMemo: memo });
      const request = values['no-standing'] ? { ...read, standing: {} } : read;
      for (const [name, judge] of Object.entries(judges)) {
        if (values.evidence && judge.judgePairs) {
          const pairs = await judge.judgePairs(request);
          request.families.forEach((family, fi) => {
            const row = withStandingNote(family, pairs.matches[fi] ?? [], request.standing);
            for (const key of keys.filter((k) => k.inStore.forecastId === id && k.inStore.familyId === family.id)) evidence.push(JSON.stringify({ repo, blind: key.blind, forecaster: key.forecaster, judge: name, ...familyEvidence(family, row, pairs.signals?.[fi] ?? [], request.standing?.[family.id] !== undefined) }));
          });
        }
        // A judge without judgePairs (the llm judge: one model request per family, each family judged on its own) is
        // asked only about the keyed families; the threshold judges get the forecast's every family, as validate gives them.
        const keyed = new Set(keys.filter((k) => k.inStore.forecastId === id).map((k) => k.inStore.familyId));
        const { verdicts } = await judge.judge(judge.judgePairs ? request : { ...request, families: request.families.filter((f) => keyed.has(f.id)) });
        for (const v of verdicts as Verdict[]) {
          for (const key of keys.filter((k) => k.inStore.forecastId === id && k.inStore.familyId === v.familyId)) {
            out.push({ forecastId: key.forecastId, familyId: key.familyId, judge: name, label: v.label, strong: v.matches.filter((m) => m.label === 'strong').map((m) => m.key) });
            if (values.dump) {
              const family = forecast.families.find((f) => f.id === v.familyId)!;
              dump.push(JSON.stringify({ repo, blind: key.blind, forecaster: key.forecaster, judge: name, title: family.title, label: v.label, reason: v.reason, matches: v.matches.map((m) => ({ key: m.key, label: m.label, reason: m.reason })) }));
            }
          }
        }
      }
    }
    return { file: join(values.dir!, repo, 'verdicts.jsonl'), verdicts: out.map((v) => JSON.stringify(v)).join('\n') + '\n', dump, evidence };
  } finally {
    store.close();
  }
}

main().catch((err: unknown) => {
  // A model request that failed (timed out, refused, unreachable) or a judge without its endpoint: the one line the CLI prints.
  if (isUserError(err)) exitWith(err.line);
  throw err;
});
