/**
 * Judge benchmark: what the semantic judge costs and what each of its pieces
 * adds, on eval/pairs/.
 *
 *   npm run bench:judges -- [--pairs eval/pairs] [--ablation] [--json]
 *
 * Prints: the word-vector table's load time and the process's RSS before and
 * after loading it (first, in a fresh process), its first-use build time, file
 * size and the peak RSS of the build; each offline judge's pairs/s (wall
 * clock, and per CPU-second of the process, which a busy machine does not
 * skew); whether the vagueness rule's phrase tags were read from the cache
 * file or parsed (loading compromise inside the first judge's run); and with
 * --ablation, the semantic judge with one piece changed at a time, scored on
 * the FIT half only (AUC of strong against the rest; the kappa of pairs and
 * of families judged against their whole windows, with thresholds fitted on
 * that same half): choices of pieces are made there, never on the held half
 * that judge-eval reports.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateJudges, pairFiles, readPairs, readWindows } from '../src/api/judge-eval.js';
import { ensureTableFile, loadWordTable } from '../src/text/glove/cache.js';
import { cellsFromPairs, familiesFromPairs, fitThresholds, summariseCells } from '../src/validate/evaluation.js';
import { familyContexts, pairContexts } from '../src/validate/pairs.js';
import { phraseTagStats } from '../src/validate/judges/phrase-tags.js';
import { createSemanticJudge, type SemanticJudgeOptions } from '../src/validate/semantic/judge.js';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: 'eval/pairs' }, ablation: { type: 'boolean' }, json: { type: 'boolean' }, words: { type: 'string' } } });

const out: Record<string, unknown> = {};

// Load first, in a fresh process, from the user's cache folder (building it there if this is its first use).
const rssStart = process.memoryUsage().rss;
const started = performance.now();
const table = loadWordTable({ words: values.words ? Number(values.words) : undefined });
out.tableLoad = {
  seconds: round((performance.now() - started) / 1000),
  words: table.size,
  rssBeforeMiB: Math.round(rssStart / 2 ** 20),
  rssAfterMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
};

// A first-use build, into a fresh folder so it is really built.
const folder = mkdtempSync(join(tmpdir(), 'swe-future-bench-'));
try {
  const built = ensureTableFile({ folder, words: values.words ? Number(values.words) : undefined });
  out.tableBuild = { seconds: round(built.buildSeconds), bytes: built.bytes, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) };
} finally {
  rmSync(folder, { recursive: true, force: true });
}

// With the quoted work's files read from ./clones where present, as judge-eval does (the pairs/s then include its rule).
// On the fit half: judge-eval's default half is the held one, which engineers must not read (the bench printed its
// pair kappa until judges73); pairs/s are the fit half's pairs, as many within a few percent.
const evaluation = await evaluateJudges({ pairs: [values.pairs!], split: 'fit', clones: existsSync('clones') ? 'clones' : undefined });
out.judges = evaluation.judges.map((j) => ({
  judge: j.judge,
  pairsPerSecond: Math.round(j.pairsPerSecond ?? 0),
  // The same pairs over the CPU time the process spent: on a machine shared with other jobs, the judge's own cost.
  pairsPerCpuSecond: j.cpuSeconds > 0 ? Math.round(j.scoredPairs / j.cpuSeconds) : null,
  auc: round(j.auc),
  kappa: round(j.kappa),
  accuracy: round(j.accuracy),
}));
// Whether the vagueness rule's tags came from the cache file (a machine that judged these titles before) or from
// compromise, loaded and run inside the first judge's timed run (src/validate/judges/phrase-tags.ts).
out.phraseTags = phraseTagStats();

if (values.ablation) {
  const fitPairs = readPairs(pairFiles([values.pairs!])).filter((p) => p.split === 'fit');
  const windows = readWindows(pairFiles([join(values.pairs!, 'windows')]));
  const contexts = pairContexts(fitPairs, windows);
  const families = familyContexts(fitPairs, windows);
  const variants: [string, SemanticJudgeOptions, number[]?][] = [
    ['as shipped', {}],
    ['no shared-word minimums for related', {}, [0]],
    ['TF-IDF only (blend 0)', { blend: 0 }],
    ['word vectors only (blend 1)', { blend: 1 }],
    ['blend 0.5', { blend: 0.5 }],
    ['no synonym map', { synonyms: false }],
    ['sub-words on', { subwords: true }],
    ['synonyms off, sub-words on', { synonyms: false, subwords: true }],
    ['common component kept', { removeComponent: false }],
    ['action words kept', { actionWords: true }],
    ['area words at full weight', { areaWeight: 1 }],
    ['area words left out', { areaWeight: 0 }],
    ['IDF weights on vectors', { idfWeights: true }],
    ['negative vector cosines kept', { clampVectors: false }],
    ['file name words in item text', { pathWords: true }],
    ['family: title and symbols only', { familyText: 'title' }],
    ['family: with its evidence texts', { familyText: 'evidence' }],
  ];
  const rows = [];
  for (const [name, options, sharedLevels] of variants) {
    const judge = createSemanticJudge({ ...options, table });
    const cells = [];
    for (const c of contexts) cells.push(...cellsFromPairs(c, await judge.judgePairs!({ families: c.families, later: c.later })));
    const fams = [];
    for (const c of families) fams.push(...familiesFromPairs(c, await judge.judgePairs!({ families: c.families, later: c.later })));
    const fitted = fitThresholds(cells, fams, undefined, sharedLevels);
    rows.push({ variant: name, fitAuc: round(summariseCells('semantic', cells).auc), pairKappa: round(fitted.kappa), familyKappa: round(fitted.familyKappa), objective: round(fitted.objective) });
  }
  out.ablation = rows;
}

if (values.json) console.log(JSON.stringify(out, null, 2));
else {
  console.log(`table build (first use): ${JSON.stringify(out.tableBuild)}`);
  console.log(`table load: ${JSON.stringify(out.tableLoad)}`);
  console.table(out.judges);
  console.log(`phrase tags (vagueness rule): ${JSON.stringify(out.phraseTags)}`);
  if (out.ablation) console.table(out.ablation);
}

function round(x: number | null): number | null {
  return x === null ? null : Math.round(x * 1000) / 1000;
}
