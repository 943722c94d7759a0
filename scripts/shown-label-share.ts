/**
 * What a labelled family round says of the families the heuristic shows now: each repository of a study config is
 * forecast (snapshot first, reused when stored), its shown titles are matched by title to a round's primary labels
 * (eval/families/<set>/<repo>/families.jsonl + key.jsonl + labels-1.jsonl, heuristic families only), and the labelled
 * share at specificity 2 and the strong rate in the top 5 are printed. Titles the round never labelled are counted
 * apart, never guessed. Tune only on dev sets.
 *
 *   npx tsx scripts/shown-label-share.ts --config eval/dev.json --labels eval/families/dev4 --db /tmp/x.db [--keys DIR] [--src DIR] [--json]
 *
 * --src runs another checkout's forecaster (its src/ folder), e.g. main's, for a before/after comparison.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readLines } from './jsonl.js';
import { keyOf } from './packet-keys.js';
import { studyRepos } from './study-repos.js';
import { fail, parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/shown-label-share.ts --config eval/dev.json --labels eval/families/<set> --db STORE [--keys DIR] [--src DIR] [--json]';
const { values } = parseFlags({
  options: { config: { type: 'string' }, labels: { type: 'string' }, keys: { type: 'string' }, db: { type: 'string' }, src: { type: 'string' }, json: { type: 'boolean' }, top: { type: 'string', default: '5' } },
}, USAGE);
if (!values.config || !values.labels || !values.db) fail(USAGE);
const TOP = Number(values.top);
const src = resolve(values.src ?? join(import.meta.dirname, '../src'));
const { forecastSnapshot } = (await import(join(src, 'api/forecast.ts'))) as typeof import('../src/api/forecast.js');

interface Label { blind: string; label: 'strong' | 'related' | 'rejected'; specificity: number }

/** The round's primary label of each heuristic family, by title. */
function labelsByTitle(repo: string): Map<string, Label> {
  const dir = join(values.labels!, repo);
  const out = new Map<string, Label>();
  if (!existsSync(join(dir, 'labels-1.jsonl'))) return out;
  const heuristic = new Set(readLines<{ blind: string; forecaster: string }>(keyOf(values.labels!, repo, values.keys)).filter((k) => k.forecaster === 'heuristic').map((k) => k.blind));
  const labels = new Map(readLines<Label>(join(dir, 'labels-1.jsonl')).map((l) => [l.blind, l]));
  for (const f of readLines<{ blind: string; title: string }>(join(dir, 'families.jsonl'))) {
    const l = labels.get(f.blind);
    if (l && heuristic.has(f.blind)) out.set(f.title, l);
  }
  return out;
}

const rows: { repo: string; loose: unknown; titles: { title: string; specificity: number | null; label: string | null }[] }[] = [];
for (const r of studyRepos(values.config)) {
  const repo = r.path;
  const { forecast } = await forecastSnapshot({ db: values.db, repo, t0: r.t0, maxFamilies: 10 });
  const byTitle = labelsByTitle(r.name);
  rows.push({
    repo: r.name,
    loose: (forecast.config as Record<string, unknown>).loose ?? null,
    titles: forecast.families.map((f) => ({ title: f.title, specificity: byTitle.get(f.title)?.specificity ?? null, label: byTitle.get(f.title)?.label ?? null })),
  });
}

const all = rows.flatMap((r) => r.titles);
const labelled = all.filter((t) => t.label !== null);
const top = rows.flatMap((r) => r.titles.slice(0, TOP));
const topLabelled = top.filter((t) => t.label !== null);
const pct = (a: number, b: number) => (b ? `${a}/${b} = ${((100 * a) / b).toFixed(1)}%` : '-');
const summary = {
  shown: all.length,
  labelled: labelled.length,
  spec2: pct(labelled.filter((t) => t.specificity === 2).length, labelled.length),
  strong: pct(labelled.filter((t) => t.label === 'strong').length, labelled.length),
  [`strongAt${TOP}`]: pct(topLabelled.filter((t) => t.label === 'strong').length, topLabelled.length),
  [`top${TOP}Unlabelled`]: top.length - topLabelled.length,
};
if (values.json) console.log(JSON.stringify({ summary, rows }, null, 2));
else {
  for (const r of rows) {
    console.log(`${r.repo} ${JSON.stringify(r.loose)}`);
    r.titles.forEach((t, i) => console.log(`  ${String(i + 1).padStart(2)} ${t.label ? `spec${t.specificity} ${t.label}` : '(unlabelled)'}  ${t.title}`));
  }
  console.log(JSON.stringify(summary));
}
