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
 *   npx tsx scripts/rejudge-families.ts --dir DIR --db [REPO=]STORE ... [--judge semantic,lexical] [--dump FILE] [--evidence FILE] [--no-standing] [--keys DIR]
 *
 * (--keys DIR: where label-packets.ts wrote the packets' keys, when they are not beside the packets: scripts/packet-keys.ts.)
 *
 * (--no-standing: judge without the standing-note reading, src/api/standing-notes.ts, to compare with it.)
 *
 * (REPO=STORE for a packet whose families are in a store of their own, as e14's are.)
 *
 * Copy the packets first when the committed verdicts should stay as they are.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readJudgeRequest } from '../src/api/judge-request.js';
import type { AddedIdentifiersMemo } from '../src/git/added-identifiers.js';
import { loadForecast } from '../src/store/forecasts.js';
import { openStore } from '../src/store/open.js';
import { forecastOrigin } from '../src/store/validations.js';
import { addDuration, parseDuration } from '../src/time.js';
import type { Judge } from '../src/validate/judge.js';
import { createLexicalJudge } from '../src/validate/lexical.js';
import type { Verdict } from '../src/validate/model.js';
import { familyEvidence } from '../src/validate/semantic/evidence.js';
import { createSemanticJudge } from '../src/validate/semantic/judge.js';
import { withStandingNote } from '../src/validate/judges/standing-note.js';
import { keyedPackets, orExit, resolvePacketKeys } from './packet-keys.js';

const { values } = parseArgs({ options: { dir: { type: 'string' }, keys: { type: 'string' }, db: { type: 'string', multiple: true }, judge: { type: 'string', default: 'semantic,lexical' }, dump: { type: 'string' }, evidence: { type: 'string' }, 'no-standing': { type: 'boolean' } } });
if (!values.dir || !values.db) throw new Error('usage: --dir DIR --db STORE [--judge semantic,lexical] [--dump FILE]');

interface Key { blind: string; forecastId: number; familyId: string; forecaster: string }

const judges: Record<string, Judge> = {};
for (const name of values.judge.split(',')) judges[name] = name === 'lexical' ? createLexicalJudge() : createSemanticJudge();
const stores = new Map(values.db.map((spec) => (spec.includes('=') ? (spec.split('=', 2) as [string, string]) : ['', spec])));
const memo: AddedIdentifiersMemo = new Map();
const dump: string[] = [];
const evidence: string[] = [];
for (const repo of keyedPackets(values.dir, values.keys)) {
  const file = stores.get(repo) ?? stores.get('');
  if (file === undefined) continue;
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
        const { verdicts } = await judge.judge(request);
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
    writeFileSync(join(values.dir, repo, 'verdicts.jsonl'), out.map((v) => JSON.stringify(v)).join('\n') + '\n');
  } finally {
    store.close();
  }
}
if (values.dump) writeFileSync(values.dump, dump.join('\n') + '\n');
if (values.evidence) writeFileSync(values.evidence, evidence.join('\n') + '\n');
