import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import type { JudgeEvalResult } from '../../api/judge-eval.js';
import { JUDGES, OFFLINE_JUDGES } from '../../validate/model.js';
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED } from '../../stats/bootstrap.js';
import type { Interval } from '../../stats/wilson.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { addNetworkJudgeOptions, judgingHooks, NetworkJudgeFlags } from '../network-judges.js';
import { withInterval, wholePercent } from '../interval-text.js';
import { parseOptions } from '../options.js';

const Options = NetworkJudgeFlags.extend({
  pairs: z.array(z.string()).min(1),
  windows: z.array(z.string()).optional(),
  judge: z.array(z.enum(JUDGES)).optional(),
  split: z.enum(['held', 'fit', 'all']),
  fit: z.boolean().optional(),
  settled: z.string().optional(),
  familyGold: z.enum(['window', 'pairs']),
  families: z.string().optional(),
  clones: z.string().optional(),
  quoted: z.boolean(),
  diffs: z.boolean(),
  standing: z.boolean(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];

export function register(program: Command, io: CliIO): void {
  addNetworkJudgeOptions(
    program
      .command('judge-eval')
      .description('Score judges against labelled (family, later work) pairs: AUC (strong vs rest), accuracy and kappa with 95% intervals on the held-back half, and speed')
      .requiredOption('--pairs <path>', 'a JSONL file of labelled pairs, or a folder of them (eval/pairs); repeatable', collect)
      .option('--judge <names>', `judges to score, comma-separated or repeated (default: ${OFFLINE_JUDGES.join(',')})`, collect)
      .option('--windows <path>', 'JSONL files of whole validation windows, or a folder of them (default: the windows/ folder of each --pairs folder); repeatable', collect)
      .option('--split <half>', 'the half to report: held (default), fit or all', 'held')
      .option('--fit', 'refit each threshold judge on the fit half first, print the thresholds, and report the held half with them')
      .option('--settled <file>', "settled family labels (eval/families/settled.jsonl): a family named there takes that label as its family gold, not the best of its pairs")
      .option('--family-gold <source>', "the families' gold: pairs (default: the best label of each family's labelled pairs) or window (people's label of each family against its whole window, the families/ folder of each --pairs folder, where they gave one; with people against people from families/second/)", 'pairs')
      .option('--clones <dir>', "where the repositories' clones are (<dir>/<name> for owner/name): the files of the pre-T0 work a family quotes are read from them (default: ./clones when present)")
      .option('--no-quoted', "don't read the quoted work's files (judge as without clones)")
      .option('--no-diffs', "don't read what the later work's diffs did from the clones (judge titles, bodies and paths only)")
      .option('--no-standing', "don't read from the clones whether a family's TODO note or pending runtime task still stands at the window's end")
      .option('--families <file>', "write each reported family's gold and judged label to FILE (JSONL, one line per judge and family): the gold's pair and reason, the judge's reason on that item, and its best match over the whole window")
  )
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const [{ evaluateJudges }, { clonePath }, hooks] = await Promise.all([import('../../api/judge-eval.js'), import('../../api/quoted-files.js'), judgingHooks(io, o)]);
      const result = await evaluateJudges({
        pairs: o.pairs,
        windows: o.windows,
        judges: o.judge,
        split: o.split,
        fit: o.fit,
        settled: o.settled,
        familyGold: o.familyGold,
        listFamilies: o.families !== undefined,
        clones: !o.quoted && !o.diffs ? undefined : o.clones ?? (existsSync('clones') ? 'clones' : undefined),
        quoted: o.quoted,
        diffs: o.diffs,
        standing: o.standing,
        ...hooks,
      });
      const clonesDir = o.clones ?? 'clones';
      for (const repo of result.clonesMissing) {
        io.stderr(`swe-future: no clone of ${repo} in ${clonesDir}/ (${clonePath(clonesDir, repo)}): judged without what its diffs did, its quoted files and standing notes, so the figures differ from a run with it (npm run -s eval:clones -- eval/dev.json prints how to clone)\n`);
      }
      if (o.families !== undefined) {
        writeFileSync(o.families, familyLabelLines(result));
        if (!o.quiet) io.stderr(`swe-future: wrote ${o.families}\n`);
      }
      printResult(io, o, result, () => formatJudgeEval(result));
    });
}

/** The lines of `--families FILE`: one JSON object per judge and reported family, disagreements first. */
export function familyLabelLines(r: JudgeEvalResult): string {
  const rows = r.judges.flatMap((j) => (j.familyLabels ?? []).map((f) => ({ judge: j.judge, agrees: f.gold === f.label, ...f })));
  rows.sort((a, b) => Number(a.agrees) - Number(b.agrees));
  return rows.map((row) => JSON.stringify(row) + '\n').join('');
}

function num(x: number | null, digits = 3): string {
  return x === null ? '-' : x.toFixed(digits);
}

function pct(x: number | null): string {
  return x === null ? '-' : `${Math.round(x * 100)}%`;
}

/** `0.467 [0.30, 0.62]`: a figure (3 decimals) and its 95% interval (2 decimals); the figure alone without an interval. */
function numWithin(x: number | null, interval: Interval | null | undefined): string {
  return x === null ? num(x) : withInterval(num(x), interval?.low, interval?.high, (b) => b.toFixed(2));
}

/** `13% [8, 21]`: a rate and its 95% interval in percent; the rate alone without an interval. */
function pctWithin(x: number | null, interval: Interval | null | undefined): string {
  return x === null ? pct(x) : withInterval(pct(x), interval?.low, interval?.high, wholePercent);
}

/** A judge's rate beside people's on the same families, each with its interval. */
function rateBesideGold(rate: number | null, interval: Interval | null | undefined, gold: number | null, goldInterval: Interval | null | undefined): string {
  return `${pctWithin(rate, interval)} (gold ${pctWithin(gold, goldInterval)})`;
}

export function formatJudgeEval(r: JudgeEvalResult): string {
  const gold = r.judges[0]?.gold;
  const rows = r.judges.map((j) => ({
    judge: j.judge,
    pairs: j.pairs,
    auc_strong: numWithin(j.auc, j.aucInterval),
    accuracy: numWithin(j.accuracy, j.accuracyInterval),
    kappa: numWithin(j.kappa, j.kappaInterval),
    relevant_acc: numWithin(j.relevantAccuracy, j.relevantAccuracyInterval),
    'pairs/s': j.pairsPerSecond === null ? '-' : Math.round(j.pairsPerSecond).toString(),
    families: j.families?.families ?? '-',
    family_kappa: numWithin(j.families?.kappa ?? null, j.families?.kappaInterval),
    family_relevance: j.families ? rateBesideGold(j.families.relevance, j.families.relevanceInterval, j.families.goldRelevance, j.families.goldRelevanceInterval) : '-',
    family_strong: j.families ? rateBesideGold(j.families.strongRate, j.families.strongRateInterval, j.families.goldStrongRate, j.families.goldStrongRateInterval) : '-',
  }));
  const lines = [
    `judge-eval on the ${r.split} half: ${r.pairs.reported} of ${r.pairs.total} labelled pairs` +
      (gold ? ` (${gold.strong} strong, ${gold.related} related, ${gold.rejected} rejected)` : ''),
    '',
    formatTable(rows),
  ];
  const bySource = r.judges.flatMap((j) =>
    Object.entries(j.families?.bySource ?? {}).map(([source, f]) => ({
      judge: j.judge,
      forecaster: source,
      families: f.families,
      kappa: numWithin(f.kappa, f.kappaInterval),
      relevance: rateBesideGold(f.relevance, f.relevanceInterval, f.goldRelevance, f.goldRelevanceInterval),
      strong: rateBesideGold(f.strongRate, f.strongRateInterval, f.goldStrongRate, f.goldStrongRateInterval),
    })),
  );
  if (bySource.length > 0) lines.push('', 'Families by forecaster (the baselines show how strict each judge is beside people):', '', formatTable(bySource));
  for (const j of r.judges.filter((x) => x.fitted)) {
    lines.push('', `${j.judge}: thresholds fitted on the fit half ${JSON.stringify(j.fitted!.thresholds)} (there: pair kappa ${num(j.fitted!.fitKappa)}, family kappa ${num(j.fitted!.fitFamilyKappa)})`);
  }
  if (r.labellers) {
    const l = r.labellers;
    lines.push(
      '',
      `people against people: a second labeller relabelled ${l.pairs} pairs blind: accuracy ${numWithin(l.accuracy, l.accuracyInterval)}, kappa ${numWithin(l.kappa, l.kappaInterval)} (relevant vs rejected ${num(l.relevantKappa)}, strong vs rest ${num(l.strongKappa)}); read the judges' kappa against it.`,
    );
  }
  if (r.familyLabellers) {
    const l = r.familyLabellers;
    lines.push(
      '',
      `people against people on the families: a second labeller labelled ${l.families} of them against their whole window, blind: accuracy ${num(l.accuracy)}, kappa ${numWithin(l.kappa, l.kappaInterval)} (relevant vs rejected ${num(l.relevantKappa)}); read the family kappa against it.`,
    );
  }
  if (r.tableLoadSeconds !== null) lines.push('', `word-vector table loaded in ${r.tableLoadSeconds.toFixed(2)} s`);
  lines.push(
    '',
    intervalNote(r),
    'pairs/s: every family of a repository half against every later item of it, as a validation scores them.',
    `families: the half's forecaster families judged against their repository's whole window (${r.windows.items} later items in ${r.windows.files.length} files); ${goldNote(r)}.`,
  );
  return lines.join('\n');
}

/** Where the families' gold came from, with how many families took each source. */
function goldNote(r: JudgeEvalResult): string {
  const { window, settled, pairs } = r.familyGold.counts;
  const parts = [
    window > 0 ? `people's label of the family against its whole window (${window} families; ${r.familyGold.files.length} files)` : '',
    settled > 0 ? `a settled label (${settled} families; --settled)` : '',
    pairs > 0 ? `the best label of its labelled pairs (${pairs} families)` : '',
  ].filter(Boolean);
  return `gold = ${parts.length ? parts.join(', ') : 'none'}`;
}

/** What the brackets are, with the bootstrap's units (families whose pairs are resampled together). */
function intervalNote(r: JudgeEvalResult): string {
  const j = r.judges[0];
  const pairUnits = j?.accuracyInterval?.units ?? j?.kappaInterval?.units;
  const familyUnits = j?.families?.kappaInterval?.units;
  return (
    `[low, high]: 95% intervals. A bootstrap (${BOOTSTRAP_REPLICATES} replicates, seed ${BOOTSTRAP_SEED}) over the unit sampled: ` +
    `auc_strong, accuracy, kappa and relevant_acc of pairs resample ${pairUnits ?? 'the'} families' pair groups whole (a family's pairs are not independent; ` +
    'at an accuracy of 0 or 1, Wilson over the families), ' +
    `family kappa ${familyUnits ?? 'the'} families; Wilson over the families for family relevance and strong rate. ` +
    'Families of one repository share its window, so these are still narrower than a bootstrap over repositories. ' +
    'A kappa without brackets: both sides gave every family one label, so kappa is undefined (shown as 1 when they agree).'
  );
}
