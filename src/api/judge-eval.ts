import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { UserError } from '../errors.js';
import type { TaskFamily } from '../family/model.js';
import { cloneOf, quotedDefinesOf, quotedPathsOf, quotedRefs, readQuotedItems, type CloneChains } from './quoted-files.js';
import { readLaterDiffs } from './later-diffs.js';
import { standingByRepo } from './eval-standing.js';
import type { WorkItem } from '../sources/model.js';
import { silentProgress, type Progress } from '../progress.js';
import { loadWordTable } from '../text/glove/cache.js';
import type { WordTable } from '../text/glove/table.js';
import { cellsFromPairs, cellsFromVerdicts, familiesFromPairs, familiesFromVerdicts, fitThresholds, summariseCells, summariseFamilies, type CellResult, type FamilyEvalRow, type FamilyLabelDetail, type FamilyResult, type JudgeEvalRow } from '../validate/evaluation.js';
import type { Judge, PairOutcome } from '../validate/judge.js';
import { withStandingNote } from '../validate/judges/standing-note.js';
import { NO_EMBEDDING_CACHE, type EmbeddingCache } from '../validate/judges/embedding.js';
import { labelFromSignals, type LabelThresholds } from '../validate/judges/shared.js';
import { createLexicalJudge, lexicalThresholds } from '../validate/lexical.js';
import { OFFLINE_JUDGES, type JudgeName, type NetworkJudgeName } from '../validate/model.js';
import { agreement } from '../validate/agreement.js';
import { kappaInterval } from '../stats/kappa.js';
import { familyGroupedKappaInterval, familyGroupedRateInterval, pairFamilyKey, rateInterval } from '../validate/eval-intervals.js';
import type { BootstrapInterval } from '../stats/bootstrap.js';
import type { ClusteredRateInterval } from '../stats/clustered-rate.js';
import type { Interval } from '../stats/wilson.js';
import { FamilyWindowLabel, familyContexts, familyLabelKey, LabelledPair, pairContexts, SecondLabel, SettledLabel, settledKey, WindowItem, type FamilyContext, type GoldSource, type PairContext, type SettledLabels, type Split, type WindowLabels } from '../validate/pairs.js';
import { createSemanticJudge, semanticThresholds } from '../validate/semantic/judge.js';

export interface JudgeEvalOptions {
  /** JSONL files of labelled pairs, or folders whose *.jsonl files are read (eval/pairs); a folder's windows/*.jsonl are its windows. */
  pairs: readonly string[];
  /** JSONL files of whole validation windows (WindowItem lines), or folders of them; default the windows/ folder of each pairs folder. */
  windows?: readonly string[];
  /** Judges to evaluate; default the offline ones (semantic, lexical). */
  judges?: readonly JudgeName[];
  /** The half reported; default `held`. */
  split?: Split | 'all';
  /** Refit each threshold judge's thresholds on the `fit` half first, and report with those. */
  fit?: boolean;
  /**
   * A JSONL file of settled family labels (eval/families/settled.jsonl: scripts/settled-labels.ts): a family
   * named there (repository and title) takes that label as its family gold instead of the best of its pairs.
   */
  settled?: string;
  /**
   * The reported families' gold: `pairs` (default) the best label of each family's labelled pairs; `window` people's
   * label of a family against its whole window where they gave one (the `families/*.jsonl` of each pairs folder:
   * eval/pairs/families/), as the family sets are labelled, with people against people from `families/second/`.
   * On eval/pairs the pairs' gold is the steadier (docs/judging.md "Whole-window family labels").
   */
  familyGold?: 'window' | 'pairs';
  /** Return each reported family's gold and judged label with the match behind each (`familyLabels`), to read disagreements. */
  listFamilies?: boolean;
  /**
   * Where the repositories' clones are (`<clones>/<name>` for owner/name): the changed files of the pre-T0 work the
   * families quote are read from them (JudgeRequest.quoted); a repository without a clone is judged without them.
   */
  clones?: string;
  /**
   * Read what each later item's diff did from the clones too (JudgeRequest.added, as `validate` reads it: the names it
   * defines or takes out); default true when `clones` is given.
   */
  diffs?: boolean;
  /**
   * Read from the clones whether a family's TODO note or pending runtime task still stands at the window's last item
   * (JudgeRequest.standing, as `validate` reads it); default true when `clones` is given.
   */
  standing?: boolean;
  /** Read the quoted pre-T0 work's files from the clones (JudgeRequest.quoted); default true when `clones` is given. */
  quoted?: boolean;
  /** Builds the embedding and llm judges (from CLI flags). */
  networkJudge?: (name: NetworkJudgeName, deps: { embeddingCache: EmbeddingCache }) => Judge;
  /** Told when the word-vector table is built (once per machine). */
  onVectorBuild?: (message: string) => void;
  progress?: Progress;
}

export interface JudgeEvalJudgeResult extends JudgeEvalRow {
  /** Seconds the judge spent on the reported half (the word-vector table is loaded before timing). */
  seconds: number;
  /** (family, item) pairs the judge scored there: every family against every item of each repository's half. */
  scoredPairs: number;
  /** scoredPairs / seconds. */
  pairsPerSecond: number | null;
  /** CPU seconds the process spent meanwhile (all its threads: the engine compiles and collects garbage beside the judge); on a busy machine wall time overstates the judge's cost, CPU time does not. */
  cpuSeconds: number;
  /** The judge's settings as run (with refitted thresholds under --fit). */
  config: Record<string, unknown>;
  /** With --fit: the thresholds fitted on the fit half, in the judge's names, and their kappa/accuracy there. */
  fitted?: { thresholds: Record<string, number>; fitKappa: number; fitAccuracy: number; fitFamilyKappa: number | null };
  /** The reported half's forecaster families judged against their whole windows (by judgePairs, else by the judge's verdicts); null without windows. */
  families: FamilyEvalRow | null;
  /** With listFamilies: every reported family's gold and judged label, the gold's pair and the judge's best match. */
  familyLabels?: FamilyLabelDetail[];
}

export interface JudgeEvalResult {
  files: string[];
  split: Split | 'all';
  /** Labelled pairs in the files, and in the reported half. */
  pairs: { total: number; reported: number };
  /** Window files read, and their later items. */
  windows: { files: string[]; items: number };
  judges: JudgeEvalJudgeResult[];
  /** Seconds to load the word-vector table (building it first if needed), when the semantic judge ran. */
  tableLoadSeconds: number | null;
  /** People against people: a second labeller's blind labels (the `second/` folder of each pairs folder) against the pairs' labels, over every pair both labelled; null without second labels. */
  labellers: LabellerAgreement | null;
  /** Where the reported families' gold came from: the option, the whole-window label files read, and how many families took each source. */
  familyGold: { option: 'window' | 'pairs'; files: string[]; counts: Record<GoldSource, number> };
  /** People against people on the families: a second labeller's whole-window labels (`families/second/`) against the first's, over the reported families both labelled; null without them. */
  familyLabellers: FamilyLabellerAgreement | null;
  /** Repositories (owner/name) judged while a clones folder was given but had no `<clones>/<name>`: judged without their diffs, quoted files and standing notes. */
  clonesMissing: string[];
}

export interface LabellerAgreement {
  files: string[];
  pairs: number;
  /** The three labels. */
  accuracy: number | null;
  kappa: number | null;
  /** Relevant (strong or related) against rejected. */
  relevantKappa: number | null;
  /** Strong against the rest. */
  strongKappa: number | null;
  /** 95% intervals: kappa and accuracy by a bootstrap resampling families' pair groups whole (src/validate/eval-intervals.ts). */
  kappaInterval: BootstrapInterval | null;
  accuracyInterval: ClusteredRateInterval | null;
  /** Wilson over the pairs, counting them as independent (too narrow; the interval stats52 printed). */
  accuracyWilsonInterval: Interval | null;
}

export interface FamilyLabellerAgreement {
  files: string[];
  families: number;
  accuracy: number | null;
  kappa: number | null;
  /** 95% interval: a bootstrap over the families. */
  kappaInterval: BootstrapInterval | null;
  /** Relevant (strong or related) against rejected. */
  relevantKappa: number | null;
}

/**
 * Scores judges against people's labels on eval/pairs/: for each judge,
 * every repository's half is judged as one validation, and the labelled
 * pairs are read off; AUC (strong against the rest), accuracy and kappa of
 * the three labels, and speed. Thresholds are never fitted on the half
 * reported.
 */
export async function evaluateJudges(options: JudgeEvalOptions): Promise<JudgeEvalResult> {
  const progress = options.progress ?? silentProgress;
  const split = options.split ?? 'held';
  const judges = [...(options.judges ?? OFFLINE_JUDGES)];
  const files = pairFiles(options.pairs);
  const all = readPairs(files);
  const windowFiles = options.windows ? pairFiles(options.windows) : defaultSubfolderFiles(options.pairs, 'windows');
  const windows = readWindows(windowFiles);
  const labellers = labellerAgreement(all, defaultSubfolderFiles(options.pairs, 'second'));
  const reported = all.filter((p) => split === 'all' || p.split === split);
  if (reported.length === 0) throw new UserError('PAIRS_EMPTY', `No labelled pairs in the ${split} half of ${files.join(', ')}`, 'Pass files of eval/pairs/ whose lines have "split": "fit" or "held".');
  if (options.fit && split !== 'held') throw new UserError('BAD_OPTION', '--fit fits on the fit half, so it reports only the held half', 'Drop --split, or drop --fit.');
  const contexts = pairContexts(reported, windows);
  const fitPairs = all.filter((p) => p.split === 'fit');
  const fitContexts = options.fit ? pairContexts(fitPairs, windows) : [];
  const settled = options.settled === undefined ? undefined : readSettled(options.settled);
  const familyGold = options.familyGold ?? 'pairs';
  const familyLabelFiles = familyGold === 'window' ? defaultSubfolderFiles(options.pairs, 'families') : [];
  const firstLabels = readFamilyLabels(familyLabelFiles);
  const windowLabels: WindowLabels = new Map([...firstLabels].map(([id, l]) => [id, l.label]));
  const familyReported = familyContexts(reported, windows, settled, windowLabels);
  const familyFit = options.fit ? familyContexts(fitPairs, windows, settled, windowLabels) : [];
  const counts: Record<GoldSource, number> = { window: 0, settled: 0, pairs: 0 };
  for (const c of familyReported) for (const from of c.goldFrom ?? []) counts[from]++;
  const reportedIds = familyReported.flatMap((c) => c.families.map((f) => familyLabelKey(c.repo, f.id)));
  const familyLabellers = familyGold === 'window' ? familyLabellerAgreement(firstLabels, defaultSubfolderFiles(options.pairs, join('families', 'second')), reportedIds) : null;

  let table: WordTable | undefined;
  let tableLoadSeconds: number | null = null;
  if (judges.includes('semantic')) {
    const started = performance.now();
    table = loadWordTable({ onBuild: options.onVectorBuild });
    tableLoadSeconds = (performance.now() - started) / 1000;
  }

  // The quoted pre-T0 work's files and what the later items' diffs did, read from each repository's clone (its history
  // walked once for both) before any judge is timed.
  const chains: CloneChains = new Map();
  const { quoted, quotedDefines } =
    options.quoted === false ? { quoted: new Map(), quotedDefines: new Map() } : await quotedByRepo([...contexts, ...fitContexts, ...familyReported, ...familyFit], all, options.clones, chains, options.diffs !== false);
  const added = options.diffs === false ? new Map() : await addedByRepo([...contexts, ...fitContexts, ...familyReported, ...familyFit], options.clones, chains);
  const standing = options.standing === false ? new Map() : await standingByRepo([...contexts, ...fitContexts, ...familyReported, ...familyFit], windows, options.clones, chains);
  const context: RepoContext = { quoted, quotedDefines, added, standing };

  const results: JudgeEvalJudgeResult[] = [];
  for (const name of judges) {
    progress.stage(`judge-eval: ${name} on ${reported.length} pairs`);
    let judge = buildJudge(name, table, options);
    let fitted: JudgeEvalJudgeResult['fitted'];
    if (options.fit && (name === 'lexical' || name === 'semantic' || name === 'embedding')) {
      const fitCells = (await runJudge(judge, fitContexts, context)).cells;
      if (fitCells.every((c) => c.signals)) {
        const f = fitThresholds(fitCells, await judgeFamilies(judge, familyFit, context));
        fitted = { thresholds: judgeThresholds(name, f.thresholds), fitKappa: f.kappa, fitAccuracy: f.accuracy, fitFamilyKappa: f.familyKappa };
        judge = refitted(judge, f.thresholds);
      }
    }
    const run = await runJudge(judge, contexts, context);
    const familyResults = familyReported.length > 0 ? await judgeFamilies(judge, familyReported, context) : null;
    const families = familyResults ? summariseFamilies(familyResults) : null;
    results.push({
      ...summariseCells(name, run.cells),
      seconds: run.seconds,
      scoredPairs: run.scoredPairs,
      pairsPerSecond: run.seconds > 0 ? run.scoredPairs / run.seconds : null,
      cpuSeconds: run.cpuSeconds,
      config: { ...run.config, ...(fitted ? fitted.thresholds : {}) },
      ...(fitted ? { fitted } : {}),
      families,
      ...(options.listFamilies && familyResults ? { familyLabels: familyResults.flatMap((f) => (f.detail ? [f.detail] : [])) } : {}),
    });
  }
  progress.done();
  // A repository whose clone is not in the clones folder is judged on titles, bodies and paths alone: figures differ
  // from a run with it, so the caller is told (eval/README.md "On a fresh machine").
  const judgedRepos = [...new Set([...contexts, ...fitContexts, ...familyReported, ...familyFit].map((c) => c.repo))].sort();
  const clonesMissing = options.clones === undefined ? [] : judgedRepos.filter((r) => cloneOf(options.clones, r) === null);
  return { files, split, pairs: { total: all.length, reported: reported.length }, windows: { files: windowFiles, items: windows.length }, judges: results, tableLoadSeconds, labellers, familyGold: { option: familyGold, files: familyLabelFiles, counts }, familyLabellers, clonesMissing };
}

/** How a second labeller's blind labels agree with the pairs' own; null without second-label files. */
export function labellerAgreement(pairs: readonly LabelledPair[], files: readonly string[]): LabellerAgreement | null {
  if (files.length === 0) return null;
  const first = new Map(pairs.map((p) => [p.id, p]));
  const labelled = readSecondLabels(files).map((s) => {
    const pair = first.get(s.id);
    if (pair === undefined) throw new UserError('PAIRS_INVALID', `A second label names the pair ${s.id}, which no pairs file has`, 'Keep second labels to ids of the pairs files.');
    return { pair, second: s.label };
  });
  const both = labelled.map((l) => [l.pair.label, l.second] as const);
  const three = agreement(both);
  const binary = (f: (l: string) => boolean) => agreement(both.map(([a, b]) => [f(a), f(b)] as const)).kappa;
  return {
    files: [...files],
    pairs: both.length,
    accuracy: three.percent === null ? null : three.percent / 100,
    kappa: three.kappa,
    relevantKappa: binary((l) => l !== 'rejected'),
    strongKappa: binary((l) => l === 'strong'),
    kappaInterval: familyGroupedKappaInterval(labelled, (l) => pairFamilyKey(l.pair), (l) => [l.pair.label, l.second]),
    accuracyInterval: familyGroupedRateInterval(labelled, (l) => pairFamilyKey(l.pair), (l) => l.pair.label === l.second),
    accuracyWilsonInterval: rateInterval(labelled, (l) => l.pair.label === l.second),
  };
}

/** How a second labeller's whole-window family labels agree with the first's, over the reported families both labelled; null without second files. */
export function familyLabellerAgreement(first: ReadonlyMap<string, FamilyWindowLabel>, files: readonly string[], reported: readonly string[]): FamilyLabellerAgreement | null {
  if (files.length === 0) return null;
  const second = readFamilyLabels(files);
  for (const id of second.keys()) {
    if (!first.has(id)) throw new UserError('PAIRS_INVALID', `A second family label names ${id}, which no first family label has`, 'Keep second labels (families/second/) to families labelled in families/.');
  }
  const both = reported.flatMap((id) => {
    const [a, b] = [first.get(id), second.get(id)];
    return a && b ? [[a.label, b.label] as const] : [];
  });
  const three = agreement(both);
  return {
    files: [...files],
    families: both.length,
    accuracy: three.percent === null ? null : three.percent / 100,
    kappa: three.kappa,
    kappaInterval: kappaInterval(both.map((b) => [b])),
    relevantKappa: agreement(both.map(([a, b]) => [a !== 'rejected', b !== 'rejected'] as const)).kappa,
  };
}

/** People's whole-window family labels of the files by id; a bad line or an id seen twice is a UserError naming the file. */
export function readFamilyLabels(files: readonly string[]): Map<string, FamilyWindowLabel> {
  return new Map(uniqueIds(files, (file) => readJsonLines(file, FamilyWindowLabel, 'Each line of a family-label file holds {"id", "split", "label", "specificity", "strong", "related", "reason", "labeller"} (docs/judging.md).')).map((l) => [l.id, l]));
}

function buildJudge(name: JudgeName, table: WordTable | undefined, options: JudgeEvalOptions): Judge {
  if (name === 'lexical') return createLexicalJudge();
  if (name === 'semantic') return createSemanticJudge({ table });
  if (!options.networkJudge) throw new UserError('JUDGE_NOT_CONFIGURED', `The ${name} judge needs a model endpoint`, `Pass the ${name} judge's endpoint flags, or leave ${name} out of --judge.`);
  return options.networkJudge(name, { embeddingCache: NO_EMBEDDING_CACHE });
}

function judgeThresholds(name: JudgeName, t: LabelThresholds): Record<string, number> {
  if (name === 'lexical') return { ...lexicalThresholds(t) };
  if (name === 'semantic') return { ...semanticThresholds(t) };
  return { strongAt: t.strong, anchorStrongAt: t.strongInArea, relatedAt: t.related, anchorRelatedAt: t.relatedInArea };
}

/** The same judge, its pair labels recomputed from its signals with other thresholds. */
function refitted(judge: Judge, t: LabelThresholds): Judge {
  const judgePairs = judge.judgePairs!;
  return {
    name: judge.name,
    judge: judge.judge,
    async judgePairs(request) {
      const out = await judgePairs(request);
      const matches = out.matches.map((row, fi) => row.map((m, ii) => ({ ...m, label: labelFromSignals(out.signals![fi]![ii]!, t) })));
      return { ...out, matches };
    },
  };
}

/** Quoted work's files (JudgeRequest.quoted) or names (JudgeRequest.quotedDefines) by repository. */
type QuotedByRepo = ReadonlyMap<string, Readonly<Record<string, readonly string[]>>>;

/**
 * The quoted work's files and (with `defines`, when diffs are read) the names it defines, by repository, from
 * `<clones>/<name>` at the pairs' T0, its items read once for both; none without a clone.
 */
async function quotedByRepo(
  contexts: readonly { repo: string; families: readonly TaskFamily[] }[],
  pairs: readonly LabelledPair[],
  clones: string | undefined,
  chains: CloneChains,
  defines: boolean,
): Promise<{ quoted: QuotedByRepo; quotedDefines: QuotedByRepo }> {
  const quoted = new Map<string, Record<string, readonly string[]>>();
  const quotedDefines = new Map<string, Record<string, readonly string[]>>();
  for (const repo of new Set(contexts.map((c) => c.repo))) {
    const path = cloneOf(clones, repo);
    const t0 = pairs.find((p) => p.repo === repo)?.t0;
    if (path === null || t0 === undefined) continue;
    const items = await readQuotedItems(path, t0, quotedRefs(contexts.filter((c) => c.repo === repo).flatMap((c) => c.families)), chains);
    quoted.set(repo, quotedPathsOf(items));
    if (defines) quotedDefines.set(repo, await quotedDefinesOf(path, items));
  }
  return { quoted, quotedDefines };
}

/** What judge-eval read of each repository's clone: the quoted work's files, the later items' diffs. */
interface RepoContext {
  quoted: QuotedByRepo;
  quotedDefines: QuotedByRepo;
  added: AddedByRepo;
  /** Families whose note or runtime declaration still stands at the window's end (JudgeRequest.standing), by repository. */
  standing: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

/** Later items' diffs by repository (JudgeRequest.added), from `<clones>/<name>`; none without a clone. */
type AddedByRepo = ReadonlyMap<string, Readonly<Record<string, readonly string[]>>>;

async function addedByRepo(contexts: readonly { repo: string; later: readonly WorkItem[] }[], clones: string | undefined, chains: CloneChains): Promise<AddedByRepo> {
  const out = new Map<string, Readonly<Record<string, readonly string[]>>>();
  for (const repo of new Set(contexts.map((c) => c.repo))) {
    const path = cloneOf(clones, repo);
    if (path === null) continue;
    const items = new Map(contexts.filter((c) => c.repo === repo).flatMap((c) => c.later.map((i) => [i.key, i] as const)));
    out.set(repo, await readLaterDiffs(path, [...items.values()], undefined, chains));
  }
  return out;
}

const NO_CONTEXT: RepoContext = { quoted: new Map(), quotedDefines: new Map(), added: new Map(), standing: new Map() };

async function runJudge(judge: Judge, contexts: readonly PairContext[], repo: RepoContext = NO_CONTEXT): Promise<{ cells: CellResult[]; seconds: number; cpuSeconds: number; scoredPairs: number; config: Record<string, unknown> }> {
  const cells: CellResult[] = [];
  let config: Record<string, unknown> = {};
  let scoredPairs = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const requestOf = (context: PairContext) => judgeRequest(context, repo);
  // A judge without judgePairs (the llm judge) is asked about every repository at once: it bounds its own requests in
  // flight (--llm-concurrency), and the cells are read off in the contexts' order.
  const verdicts = judge.judgePairs ? [] : await allInOrder(contexts.map((context) => judge.judge(requestOf(context))));
  for (const [ci, context] of contexts.entries()) {
    const request = requestOf(context);
    if (judge.judgePairs) {
      const out = withStanding(context.families, await judge.judgePairs(request), request.standing);
      config = out.config;
      cells.push(...cellsFromPairs(context, out));
    } else {
      const out = verdicts[ci]!;
      config = out.config;
      cells.push(...cellsFromVerdicts(context, out.verdicts));
    }
    scoredPairs += context.families.length * context.later.length;
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { cells, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, scoredPairs, config };
}

/**
 * A judge's pair labels with the standing-note rule applied (standing-note.ts): judge() applies it to its verdicts,
 * judgePairs leaves each pair as its signals say (so thresholds can be refitted), and judge-eval applies it after.
 */
function withStanding(families: readonly TaskFamily[], out: PairOutcome, standing: Readonly<Record<string, string>> | undefined): PairOutcome {
  if (standing === undefined || Object.keys(standing).length === 0) return out;
  return { ...out, matches: out.matches.map((row, fi) => withStandingNote(families[fi]!, row, standing)) };
}

/**
 * Each family judged against its repository's whole window: by judgePairs where the judge has it (its pairs' labels,
 * the standing-note rule applied after), else by judge() on the same request (the llm judge: its verdicts' labels).
 */
async function judgeFamilies(judge: Judge, contexts: readonly FamilyContext[], repo: RepoContext = NO_CONTEXT): Promise<FamilyResult[]> {
  const requestOf = (c: FamilyContext) => judgeRequest(c, repo);
  if (!judge.judgePairs) {
    // Every repository at once, as runJudge asks it (the judge bounds its requests in flight).
    const outcomes = await allInOrder(contexts.map((c) => judge.judge(requestOf(c))));
    return contexts.flatMap((c, ci) => familiesFromVerdicts(c, outcomes[ci]!.verdicts));
  }
  const out: FamilyResult[] = [];
  for (const c of contexts) {
    const request = requestOf(c);
    out.push(...familiesFromPairs(c, withStanding(c.families, await judge.judgePairs(request), request.standing), request.standing));
  }
  return out;
}

/** What a judge gets for one repository's families and later work, with what judge-eval read of its clone. */
function judgeRequest(context: { repo: string; families: readonly TaskFamily[]; later: readonly WorkItem[] }, repo: RepoContext) {
  return { families: context.families, later: context.later, quoted: repo.quoted.get(context.repo), quotedDefines: repo.quotedDefines.get(context.repo), added: repo.added.get(context.repo), standing: repo.standing.get(context.repo) };
}

/** Every promise's value, in order, once all have settled; the first rejection in order is thrown then (none is left running). */
async function allInOrder<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

/** The `<sub>/*.jsonl` files of each pairs folder given (`windows`, `second`, `families`, `families/second`). */
function defaultSubfolderFiles(paths: readonly string[], sub: string): string[] {
  return paths
    .filter((p) => existsSync(p) && statSync(p).isDirectory() && existsSync(join(p, sub)))
    .flatMap((p) => readdirSync(join(p, sub)).filter((f) => f.endsWith('.jsonl')).sort().map((f) => join(p, sub, f)));
}

/** Every window item of the files; a bad line is a UserError naming its file and line. */
export function readWindows(files: readonly string[]): WindowItem[] {
  return files.flatMap((file) => readJsonLines(file, WindowItem, 'Each line of a window file holds {"repo", "t0", "item"} (docs/judging.md).'));
}

/** The files named, folders replaced by their *.jsonl files (sorted). */
export function pairFiles(paths: readonly string[]): string[] {
  if (paths.length === 0) throw new UserError('BAD_OPTION', 'No pairs file given', 'Pass --pairs FILE (or a folder such as eval/pairs).');
  return paths.flatMap((path) => {
    if (!existsSync(path)) throw new UserError('PAIRS_NOT_FOUND', `There is no file or folder ${path}`, 'Pass --pairs with a JSONL file or a folder such as eval/pairs.');
    if (!statSync(path).isDirectory()) return [path];
    const found = readdirSync(path).filter((f) => f.endsWith('.jsonl')).sort().map((f) => join(path, f));
    if (found.length === 0) throw new UserError('PAIRS_NOT_FOUND', `The folder ${path} has no .jsonl file`, 'Pass --pairs with a JSONL file or a folder such as eval/pairs.');
    return found;
  });
}

/** Every labelled pair of the files; a bad line is a UserError naming its file and line. */
export function readPairs(files: readonly string[]): LabelledPair[] {
  return uniqueIds(files, (file) => readJsonLines(file, LabelledPair, 'Each line holds one labelled pair (docs/judging.md).'));
}

/** Settled family labels by settledKey(repository, title); a bad line is a UserError naming its file and line. */
export function readSettled(file: string): SettledLabels {
  if (!existsSync(file)) throw new UserError('PAIRS_NOT_FOUND', `There is no file ${file}`, 'Pass --settled eval/families/settled.jsonl (made by scripts/settled-labels.ts).');
  return new Map(readJsonLines(file, SettledLabel, 'Each line of a settled-labels file holds {"repo", "title", "label", "from"} (docs/judging.md).').map((l) => [settledKey(l.repo, l.title), l.label]));
}

/** Every second label of the files (eval/pairs/second/): a pair's id, and the label another person gave it blind. */
export function readSecondLabels(files: readonly string[]): SecondLabel[] {
  return uniqueIds(files, (file) => readJsonLines(file, SecondLabel, 'Each line of a second-labeller file holds {"id", "label", "reason"} (docs/judging.md).'));
}

/** Every row of the files, read by `read`; an id seen twice is a UserError naming the file of the second. */
function uniqueIds<T extends { id: string }>(files: readonly string[], read: (file: string) => T[]): T[] {
  const ids = new Set<string>();
  return files.flatMap((file) =>
    read(file).map((row) => {
      if (ids.has(row.id)) throw new UserError('PAIRS_INVALID', `${file}: the pair id ${row.id} appears twice`, 'Give every pair its own id.');
      ids.add(row.id);
      return row;
    }),
  );
}

/** The lines of a JSONL file, each parsed with `schema`; a bad line is a UserError naming its file and line. */
function readJsonLines<T>(file: string, schema: z.ZodType<T>, hint: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (line.trim() === '') return [];
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch (err) {
        throw new UserError('PAIRS_INVALID', `${file}:${i + 1} is not JSON: ${(err as Error).message}`, hint);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new UserError('PAIRS_INVALID', `${file}:${i + 1}: ${issue.path.join('.') || '(line)'}: ${issue.message}`, hint);
      }
      return [parsed.data];
    });
}
