/**
 * A feature table for the list-shaped families that quote past work ("Extend X: a, b, c, continuing "…"", evidence
 * `listed` and `quotes` true; judges78, issue 16): for every such family of the readable family sets, paired with every
 * later item of its window, the title/path/kind/time signals a rule could read, beside people's label (labels-1) and
 * whether people cite the item (its key in their strong or related list), and the default (semantic) judge's label
 * and basis for the pair. Besides the listed words found in the item's title, body and paths (`tTitle`, `tBody`,
 * `tPath`), it records the quoted titles' words in its title (`qTitle`, and per quoted title `qLines`: the listed and
 * the other words of that one title), how many of its files the quoted changes touched (`qFileHits`) or sit in their
 * folders (`qDirHits`), its kind (`itemKind`, `sameKind`), each listed title word's rarity (window titles having it),
 * code words (not English, or with _ or digits), its size, and its days after T0. One JSON line per (family, later
 * item) to --out; eval/results/judges78-features.py reads them, and eval/results/judges78.md reports what they show.
 *
 *   npx tsx scripts/list-family-features.ts --stores DIR --out FILE [--only SET,...] [--config eval/family-sets.json]
 *
 * Only sets the mapping calls readable are read. Stores are opened read-only through the store layer and never
 * written. Bad input (a missing store, an unknown set) is one line on stderr and exit 2.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { readJudgeRequest } from '../src/api/judge-request.js';
import type { AddedIdentifiersMemo } from '../src/git/added-identifiers.js';
import { loadForecast } from '../src/store/forecasts.js';
import { openStore } from '../src/store/open.js';
import { forecastOrigin } from '../src/store/validations.js';
import { loadWorkItems } from '../src/store/work-items.js';
import { keywordCategory, strongCategory } from '../src/text/category.js';
import { isMisspelt } from '../src/text/spelling.js';
import { splitIdentifiers, stem, topicTokens } from '../src/text/tokens.js';
import { addDuration, parseDuration } from '../src/time.js';
import { familyDirection } from '../src/validate/judges/direction.js';
import { listedText } from '../src/validate/judges/vagueness.js';
import { createSemanticJudge } from '../src/validate/semantic/judge.js';
import { fail, parseFlags } from './exit.js';
import { readLines } from './jsonl.js';
import { keyedPackets, orExit, resolvePacketKeys } from './packet-keys.js';

const USAGE = 'usage: npx tsx scripts/list-family-features.ts --stores DIR --out FILE [--only SET,...] [--config eval/family-sets.json]';
const { values } = parseFlags({ options: { stores: { type: 'string' }, out: { type: 'string' }, only: { type: 'string' }, config: { type: 'string' } } }, USAGE);
if (!values.stores || !values.out) fail(`--stores and --out are required; ${USAGE}`);
const config = resolve(values.config ?? 'eval/family-sets.json');
if (!existsSync(config)) fail(`${config}: no such set mapping; pass --config FILE`);
const mapping = (JSON.parse(readFileSync(config, 'utf8')) as { sets: { set: string; config: string; group: string }[] }).sets.filter((s) => s.group === 'readable');
const only = values.only?.split(',').map((s) => s.trim());
for (const name of only ?? []) if (!mapping.some((s) => s.set === name)) fail(`--only: ${name} is no readable set of ${config}`);
const sets = mapping.filter((s) => !only || only.includes(s.set));

interface Label { blind: string; label: string; strong?: string[]; related?: string[] }
/** Changelogs and manifests: every change touches them, so sharing one with the quoted change says nothing. */
const BOOKKEEPING = /(^|\/)(CHANGELOG|CHANGES|HISTORY|NEWS)(\.\w+)?$|(^|\/)(package(-lock)?\.json|Cargo\.(toml|lock)|pyproject\.toml|go\.(mod|sum)|uv\.lock|yarn\.lock|pnpm-lock\.yaml)$/i;
const stems = (text: string): Set<string> => new Set(topicTokens(text));
const pathStems = (paths: readonly string[]): Set<string> => new Set(paths.flatMap((p) => splitIdentifiers(p)).map(stem));

const lines: string[] = [];
const memo: AddedIdentifiersMemo = new Map();
const judge = createSemanticJudge();
for (const set of sets) {
  const dir = join(dirname(config), 'families', set.set);
  const store = join(values.stores, `${basename(set.config, '.json')}.db`);
  if (!existsSync(store)) fail(`${store}: no store for ${set.set}; build it with npm run eval:stores`);
  for (const repo of keyedPackets(dir)) {
    if (!existsSync(join(dir, repo, 'labels-1.jsonl'))) continue;
    const labels = new Map(readLines<Label>(join(dir, repo, 'labels-1.jsonl')).map((l) => [l.blind, l]));
    const db = openStore(store);
    try {
      const keys = orExit(() => resolvePacketKeys<{ blind: string; forecaster: string; forecastId: number; familyId: string }>(db.db, dir, repo));
      for (const id of [...new Set(keys.map((k) => k.inStore.forecastId))]) {
        const forecast = loadForecast(db, id);
        const origin = forecastOrigin(db, id)!;
        const { request } = await readJudgeRequest(db, forecast.families, origin, { windowEnd: addDuration(origin.t0, parseDuration('6m', '--window')), includeBots: false, addedMemo: memo });
        const pairs = await judge.judgePairs!(request);
        const quotedItems = new Map(loadWorkItems(db, origin.repoId, { until: origin.t0 }).map((i) => [i.key, i]));
        const later = request.later;
        const itemTitle = later.map((i) => stems(i.title));
        const itemBody = later.map((i) => stems(i.body.slice(0, 600)));
        const itemPath = later.map((i) => pathStems(i.paths));
        request.families.forEach((family, fi) => {
          const fd = familyDirection(family);
          if (fd.listed.length === 0 || fd.quoted.length === 0) return;
          for (const key of keys.filter((k) => k.inStore.forecastId === id && k.inStore.familyId === family.id)) {
            const people = labels.get(key.blind);
            if (!people) continue;
            const cited = new Set([...(people.strong ?? []), ...(people.related ?? [])]);
            const refs = family.evidence.filter((e) => e.kind === 'work_item').map((e) => e.ref);
            const quoted = refs.flatMap((r) => (quotedItems.has(r) ? [quotedItems.get(r)!] : []));
            const quotedTitleStems = new Set(quoted.flatMap((q) => [...stems(q.title)]));
            const quotedFiles = new Set(refs.flatMap((r) => request.quoted?.[r] ?? []).filter((p) => !BOOKKEEPING.test(p)));
            const quotedDirs = new Set([...quotedFiles].map((p) => dirname(p)));
            const listed = fd.listed;
            const listedSurface = (listedText(family.title) ?? '').split(/[,\s]+/).map((w) => w.replace(/[^\w-]/g, '').toLowerCase()).filter((w) => w.length >= 2 && w !== 'and');
            // A listed word's rarity: how many of the window's items name it in their title.
            const rarity = Object.fromEntries(listed.map((s) => [s, itemTitle.filter((t) => t.has(s)).length]));
            const codeWord = Object.fromEntries(listedSurface.map((w) => [stem(w), isMisspelt(w) || /\d|_/.test(w)]));
            later.forEach((item, ii) => {
              const m = pairs.matches[fi]![ii]!;
              const sig = pairs.signals?.[fi]?.[ii];
              const tTitle = listed.filter((s) => itemTitle[ii]!.has(s));
              const tBody = listed.filter((s) => itemBody[ii]!.has(s));
              const tPath = listed.filter((s) => itemPath[ii]!.has(s));
              const qTitle = [...quotedTitleStems].filter((s) => itemTitle[ii]!.has(s));
              // The item's title against each quoted title on its own: the listed words it shares with that title, and the others.
              const qLines = quoted.map((q) => {
                const qs = stems(q.title);
                const both = [...qs].filter((w) => itemTitle[ii]!.has(w));
                return { ref: q.key, listed: both.filter((w) => listed.includes(w)), other: both.filter((w) => !listed.includes(w)) };
              }).filter((q) => q.listed.length + q.other.length > 0);
              const qFileHits = item.paths.filter((p) => quotedFiles.has(p)).length;
              const qDirHits = item.paths.filter((p) => quotedDirs.has(dirname(p))).length;
              const itemKind = strongCategory(item.title, item.labels) ?? keywordCategory(item.title);
              lines.push(JSON.stringify({
                set: set.set, repo, blind: key.blind, forecaster: key.forecaster, title: family.title, kind: family.category,
                people: people.label, cited: cited.has(item.key), citedStrong: (people.strong ?? []).includes(item.key),
                key: item.key, itemTitle: item.title, itemKind, sameKind: itemKind === family.category, judge: m.label, basis: sig?.basis ?? null, direction: sig?.direction ?? null,
                touches: sig?.touches ?? null, shared: sig?.shared ?? 0, similarity: sig?.similarity ?? 0,
                tTitle, tBody, tPath, qTitle, qLines, quotedTitles: quoted.map((q) => q.title), qFileHits, qDirHits, quotedFiles: quotedFiles.size,
                rarity: Object.fromEntries(tTitle.map((s) => [s, rarity[s]])), codeWords: tTitle.filter((s) => codeWord[s] === true),
                files: item.paths.length, days: Math.round((Date.parse(item.mergedAt) - Date.parse(origin.t0)) / 864e5),
                added: (request.added?.[item.key] ?? []).length, windowSize: later.length, listed,
              }));
            });
          }
        });
      }
    } finally {
      db.close();
    }
  }
  process.stderr.write(`${set.set}: ${lines.length} pairs so far\n`);
}
writeFileSync(values.out, lines.join('\n') + '\n');
