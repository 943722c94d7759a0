import type { Forecaster, ForecastRequest } from '../forecaster.js';
import type { TaskFamily } from '../model.js';
import { renderFamily } from './render.js';
import type { Scored } from './score.js';
import { contributorNames, rankAreas } from './signals.js';
import { renderStated, statedWork, STATED_RATES } from '../pending/stated.js';
import { BRANCH_RATE, branchLines, doneOnBranch, landedTitle, renderBranchLine, restateAsLanding } from '../pending/branch-work.js';
import { rankCandidates } from './candidates.js';
import { addMoreDrafts, type Draft } from './more-lines.js';
import { familyText, type FamilyText } from './title.js';
import { stem, tokens, topicTokens } from '../../text/tokens.js';
import { compareText } from '../../text/order.js';
import { buildStreams } from './streams.js';
import { directionText, renderDirection } from './direction.js';
import { examplesBesideList } from './upkeep.js';
import { learnStreamRecord, scoreStream, PEOPLE_FACTOR } from '../backtest/streams.js';
import { heldBack, showOrder } from './order.js';
import { waitsOnUpstream, withoutHedge } from './phrase.js';
import { floorNote, heldBackNote } from '../held-back.js';
import { calibrate, calibrationComponents, calibrationWhy, SCORE_CALIBRATION, type CalibrationInput, type FamilyKind, type MoreGround } from '../backtest/calibration.js';
import { withPendingAct } from '../backtest/pending-act.js';
import { plainPhrase } from '../../text/clean.js';
import { detectSeries, statesSeries } from './series.js';
import { renderSeries, seriesTitle } from './series-render.js';
import { learnSeriesRecord, scoreSeries, SERIES_PRIOR } from '../backtest/series.js';

/** Every knob of the heuristic forecaster; defaults set on the demo and the eval/ development repositories. */
export interface HeuristicOptions {
  lookbackDays: number;
  maxTodos: number;
  /** At most this many signals are clustered (the most recent). */
  maxSignals: number;
  clusterThreshold: number;
  textWeight: number;
  minSignals: number;
  /** Clusters scoring below this are dropped: the evidence threshold. */
  minScore: number;
  /** At most this many families share one anchor. */
  maxPerAnchor: number;
  /** Rank and score by the forecaster's own record on earlier cutoffs of the same snapshot (src/forecast/backtest). */
  backtest: boolean;
  /** A work stream needs at least this many non-chore changes in the lookback (default 3). */
  minStreamItems: number;
  /**
   * At most this many loose families (titles naming no checkable work) are shown, after every specific one (order.ts).
   * Default 0: people rejected every one in round 5 (eval/families/dev5); the config's `loose` says how many were held back.
   */
  maxLoose: number;
  /** Loose families only fill a forecast up to this many families: with this many specific ones, none is shown (order.ts). */
  looseFillTo: number;
  /**
   * Families whose score (the calibrated chance of strong later work) is below this are held back (`forecast
   * --score-floor`). Default 0, every family shown; recorded in the config only when above 0, so forecasts without it
   * keep their hashes.
   */
  scoreFloor: number;
}

export const HEURISTIC_DEFAULTS: HeuristicOptions = {
  lookbackDays: 365,
  maxTodos: 150,
  maxSignals: 400,
  clusterThreshold: 0.3,
  textWeight: 0.5,
  minSignals: 2,
  minScore: 0.4,
  maxPerAnchor: 2,
  backtest: true,
  minStreamItems: 2,
  maxLoose: 0,
  looseFillTo: 5,
  scoreFloor: 0,
};

/**
 * The ranking score of a family of pending work (stated by the repository at
 * T0), by the kind of signal its title comes from: chosen from the share of
 * such families people labelled strong in round 1 (eval/families/dev). Its
 * score is this put on people's labels by the fitted map (backtest/calibration.ts).
 */
export const PENDING_RATES: Record<string, number> = { pending: 0.25, todo: 0.15, roadmap: 0.2, changelog: 0.2, issue: 0.2 };

/** The ranking score of the dependency-removal line: now beside the other "more" lines (more-lines.ts). */
export { DEPENDENCY_RATE } from './more-lines.js';


/**
 * The embedded default forecaster: no network, no model. Signals from the
 * snapshot, clustered into work directions, scored, thresholded; abstains with
 * a reason when nothing passes. Deterministic for a snapshot (the seed is
 * recorded but nothing here is random).
 */
/** The heuristic with `overrides` on HEURISTIC_DEFAULTS; an override left undefined keeps its default. */
export function createHeuristicForecaster(overrides: Partial<HeuristicOptions> = {}): Forecaster {
  const options: HeuristicOptions = { ...HEURISTIC_DEFAULTS, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
  return {
    name: 'heuristic',
    async forecast(request: ForecastRequest) {
      const { snapshot } = request;
      const { signals: all, dropped, clusters, big, scored, passing, tfidf } = rankCandidates(snapshot, options);
      const names = contributorNames(snapshot);
      const streamOptions = { lookbackDays: options.lookbackDays, minItems: options.minStreamItems };
      const streams = buildStreams(snapshot, streamOptions, names);
      const record = options.backtest ? learnStreamRecord(snapshot, streamOptions, names) : null;
      const drafts: Draft[] = [];
      const perKind = new Map<string, number>();
      // The project's own name is no aspect of its work ("zustand", "click").
      const projectWords = new Set(snapshot.repo.name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).map(stem));
      // Series with targets left at T0 (series.ts): the same change for the targets named. The backtest is only run when there is one.
      const seriesOptions = { lookbackDays: options.lookbackDays };
      const allSeries = detectSeries(snapshot, seriesOptions, names);
      const series = allSeries.filter((s) => s.remaining.length > 0);
      // A finished series (targets it can name, none left) says its line of work is done: a direction restating it would be "already done".
      const finished = allSeries.filter((s) => s.enumerable && s.remaining.length === 0);
      const finishedRefs = new Set(finished.flatMap((s) => s.changes.map((c) => c.ref)));
      const seriesRecord = options.backtest && series.length ? learnSeriesRecord(snapshot, seriesOptions, names) : null;
      for (const s of series) {
        const score = scoreSeries(seriesRecord, s, snapshot.t0);
        drafts.push({ rank: score.rank, score: score.score, title: seriesTitle(s), kind: 'series', specific: true, render: (id) => renderSeries(s, id, score) });
      }
      const seriesRefs = new Set(series.flatMap((s) => s.changes.map((c) => c.ref)));
      // Every change of the lookback, streams of one change included: where an additive line looks for its kind added elsewhere.
      const everyItem = buildStreams(snapshot, { ...streamOptions, minItems: 1, categorize: false }, names).flatMap((s) => s.items);
      // A documentation stream's example corrections beside its list page are a line of their own (doc-examples.ts).
      for (const stream of streams.flatMap((s) => [s, examplesBesideList(s) ?? []].flat())) {
        const own = new Set(stream.items.map((i) => i.ref));
        const text = directionText(stream, names, projectWords, everyItem.filter((i) => !own.has(i.ref)));
        if (!text) continue;
        // One family each for the documentation, the test suite and the CI, and one for a list page: the rest are code components.
        const slot = text.list ? 'list' : stream.kind;
        if (stream.kind !== 'code' && (perKind.get(slot) ?? 0) >= 1) continue;
        // The direction of a series' component whose focus is the series' own changes would say it twice: the series states it.
        if (series.some((s) => s.component === stream.component && s.kind === stream.kind) && text.focusRefs.some((r) => seriesRefs.has(r))) continue;
        const cited = text.focusRefs.filter((r) => finishedRefs.has(r)).length;
        if (cited * 2 >= text.focusRefs.length) continue;
        // Or one of its changes with the finished series' own words in the title ("Extend rejection macros …" after every rejection uses them).
        if (cited > 0 && finished.some((s) => s.changes.some((c) => text.focusRefs.includes(c.ref)) && statesSeries(s, text.title))) continue;
        perKind.set(slot, (perKind.get(slot) ?? 0) + 1);
        // The kind the score map reads: a code direction by its category, else the stream's kind (docs, ci, tests).
        // A `more` line's ground: a list page's entries, a page's code examples (every other non-code `more`), or a code line.
        const ground: MoreGround | undefined = text.oneMore ? (text.list ? 'list' : stream.kind === 'code' ? 'code' : 'examples') : undefined;
        const score = scoreStream(record, stream, !text.specific, text.oneMore ? 'more' : stream.kind === 'code' ? text.category : (stream.kind as FamilyKind), ground);
        // The score reads whether the title is loose as before; the order shows only checkable directions by default (direction.ts `checkable`).
        drafts.push({ rank: score.rank, score: score.score, title: text.title, kind: stream.kind, specific: text.specific, checkable: text.checkable, render: (id) => renderDirection(stream, text, id, names, score) });
      }
      // Pending work the repository states at T0 (deprecations, runtimes, open notes): never a merged change restated.
      const pendingDropped: Record<string, number> = {};
      // A pending notice's evidence row says whether it is a runtime task (from the release calendar) or a deprecation.
      const pendingSignal = new Map(snapshot.evidence.flatMap((e) => (e.kind === 'pending' ? [[e.ref, e.signal] as const] : [])));
      for (const c of choosePending(passing, names, options.maxPerAnchor, pendingDropped)) {
        const rank = PENDING_RATES[c.kind] ?? 0.15;
        const input: CalibrationInput = { rank, loose: false, kind: pendingKind(c.kind, pendingSignal.get(c.text.representative)), backtest: null, changes: null };
        const score = calibrate(input);
        const why = `${calibrationWhy(input)} Ranking score ${rank.toFixed(2)}: the rate chosen for families stated from a ${c.kind} signal.`;
        const components = { ...c.scored.components, heuristic: c.scored.score, pending_rate: rank, ...calibrationComponents(input) };
        drafts.push({ rank, score, title: c.title, kind: c.kind, specific: true, refs: c.scored.cluster.members.map((m) => m.ref), render: (id) => renderFamily(c.scored, id, (t) => tfidf.idf(t), names, { score, components, why }, c.text)! });
      }
      // Pending work stated in one place (known failures, missing support, deprecations by target): a task each, unless a family above cites it.
      const cited = new Set(drafts.flatMap((d) => d.refs ?? []));
      const dirFiles = new Map(snapshot.tree.map((d) => [d.dir, d.files]));
      for (const w of statedWork(snapshot, (paths) => rankAreas(paths, dirFiles))) {
        // Or a family above states it in other words ("Implement auth-int" from the note beside "Implement digest auth-int support").
        const words = taskWords(w.title);
        if (w.rows.some((r) => cited.has(r.ref)) || drafts.some((d) => d.refs && overlap(words, taskWords(d.title)) >= 0.6)) continue;
        const rank = STATED_RATES[w.signal];
        const input: CalibrationInput = { rank, loose: false, kind: w.signal === 'deprecation' ? 'deprecation' : 'stated', backtest: null, changes: null };
        const score = calibrate(input);
        const why = `${calibrationWhy(input)} Ranking score ${rank.toFixed(2)}: the rate chosen for families stated by a ${w.signal} signal (docs/forecast.md).`;
        const components = { pending_rate: rank, [`stated_${w.signal}`]: 1, stated_rows: w.rows.length, ...calibrationComponents(input) };
        drafts.push({ rank, score, title: w.title, kind: 'pending', specific: true, render: (id) => renderStated(w, id, { score, components, why }) });
      }
      // Lines asking for one more of what a run of like changes (or like code) did: dependency, trait, lint, sponsors (more-lines.ts).
      addMoreDrafts(drafts, { snapshot, options, rankAreas: (paths) => rankAreas(paths, dirFiles) });
      // Work done on a long-lived branch active near T0, not on the default branch yet: landing it (pending/branch-work.ts).
      const lines = branchLines(snapshot);
      // A family whose named work a branch commit already does is that work landed, not done anew (newcomer23 cause B).
      if (lines.length > 0) {
        for (const [i, d] of drafts.entries()) {
          // Rendered once here and kept: a family's id is its `id` field and nothing else in it (every render function),
          // so the shown family is this one renumbered, not a second render.
          const family = d.render('F0');
          const done = doneOnBranch(lines, d.title, family.anchor.paths, topicTokens);
          drafts[i] = done
            ? { ...d, title: landedTitle(done, d.title), render: (id) => restateAsLanding({ ...family, id }, done) }
            : { ...d, render: (id) => ({ ...family, id }) };
        }
      }
      for (const line of lines) {
        const rank = BRANCH_RATE;
        const input: CalibrationInput = { rank, loose: false, kind: 'plan', backtest: null, changes: null };
        const score = calibrate(input);
        const why = `${calibrationWhy(input)} Ranking score ${rank.toFixed(2)}: work done on a branch and still to land is scored as a planned item (docs/forecast.md).`;
        const components = { pending_rate: rank, branch_commits: line.commits.length, branch_members: line.members.length, ...calibrationComponents(input) };
        drafts.push({ rank, score, title: line.title, kind: 'branch', specific: true, render: (id) => renderBranchLine(line, id, { score, components, why }) });
      }
      for (const [i, d] of drafts.entries()) drafts[i] = withPendingAct(d); // each pending family's act, recorded and scored (backtest/pending-act.ts)
      // By the calibrated score, ties by the ranking score (order.ts): specific families first, then at most maxLoose loose ones filling up to looseFillTo.
      drafts.sort((a, b) => b.score - a.score || b.rank - a.rank || compareText(a.title, b.title));
      // Below the score floor a family is held back whatever its kind; the loose cap reads the families above it.
      const { scoreFloor, ...shownOptions } = options;
      const above = drafts.filter((d) => d.score >= scoreFloor);
      const belowFloor = drafts.length - above.length;
      const { shown, held } = showOrder(above, options.maxLoose, request.maxFamilies, options.looseFillTo);
      const families: TaskFamily[] = shown.map((d, i) => d.render(`F${i + 1}`));
      // With families held back a forecast can be left empty although directions were found: say so, not "no signals".
      const abstainReason = families.length
        ? null
        : belowFloor > 0
          ? `${floorNote(belowFloor, scoreFloor)}${held > 0 ? `; ${heldBackNote(held)}` : ''}, none at or above it`
          : held > 0
            ? `${heldBackNote(held)}, none specific (maxLoose ${options.maxLoose})`
            : abstention(all.length, big, scored, options);
      return {
        draft: {
          forecaster: 'heuristic',
          config: {
            seed: request.seed,
            maxFamilies: request.maxFamilies,
            ...shownOptions,
            ...(scoreFloor > 0 ? { scoreFloor, floor: { heldBack: belowFloor } } : {}),
            signals: all.length,
            clusters: clusters.length,
            candidates: scored.length,
            dropped,
            pendingDropped,
            streams: streams.length,
            loose: { found: above.filter(heldBack).length, heldBack: held },
            series: series.length ? { found: series.length, prior: SERIES_PRIOR, record: seriesRecord ? { replays: seriesRecord.replays, series: seriesRecord.series, hits: seriesRecord.hits } : null } : null,
            backtest: record ? { replays: record.replays, candidates: record.streams, hits: record.hits, kinds: record.kinds, peopleFactor: PEOPLE_FACTOR, calibration: SCORE_CALIBRATION } : null,
          },
          families,
          abstained: families.length === 0,
          abstainReason,
        },
        calls: [],
      };
    },
  };
}

/** The kind of a pending family, by its representative signal: a notice's evidence row says runtime or deprecation. */
function pendingKind(signalKind: string, pendingSignal: string | undefined): FamilyKind {
  if (signalKind === 'todo') return 'note';
  if (signalKind === 'pending') return pendingSignal === 'runtime' ? 'runtime' : 'deprecation';
  return 'plan';
}

function abstention(signals: number, big: number, scored: readonly Scored[], options: HeuristicOptions): string {
  if (signals < options.minSignals) return `only ${signals} usable signal(s) before T0 (bot, docs-only and work older than ${options.lookbackDays} days are not signals); a family needs ${options.minSignals}`;
  if (big === 0) return `${signals} signals, but no work direction has ${options.minSignals} or more of them`;
  const best = scored.reduce((m, s) => Math.max(m, s.score), 0);
  return `${big} candidate direction(s), none above the evidence threshold ${options.minScore} (best ${best.toFixed(2)})`;
}

/**
 * Families of pending work, best first: a candidate whose title comes from an
 * open note, a pending-work notice, a roadmap or changelog entry or an open
 * issue. One whose task only a merged change states is not pending work and is
 * dropped (people label it "already done"), as is a note whose text does not
 * start with the work it names ("probably refactor this"). Near-duplicates
 * (same title words, Jaccard >= 0.6, or the same representative) are merged,
 * and at most `maxPerAnchor` share an anchor.
 */
function choosePending(passing: readonly Scored[], names: ReadonlySet<string>, maxPerAnchor: number, dropped: Record<string, number> = {}): { scored: Scored; kind: string; title: string; text: FamilyText }[] {
  const chosen: { scored: Scored; kind: string; title: string; text: FamilyText; words: Set<string>; rep: string; notice: string }[] = [];
  const perAnchor = new Map<string, number>();
  const drop = (why: string) => (dropped[why] = (dropped[why] ?? 0) + 1);
  for (const s of passing) {
    // A merged change, or an upcoming-release changelog line (also merged), is work already done at T0:
    // the task is stated from what is still open (a note, a notice, an open issue or roadmap item).
    const open = s.cluster.members.filter((m) => m.kind !== 'work_item' && m.kind !== 'changelog');
    if (open.length === 0) continue;
    const text = familyText(open, s.category, s.anchor.name, names);
    if (!text) {
      drop('no task phrase');
      continue;
    }
    const rep = open.find((m) => m.ref === text.representative)!;
    if (rep.kind === 'todo' && !statesWork(rep.text, text.title)) {
      drop('note does not state work');
      continue;
    }
    // A note waiting on another project's fix ("when wsproto fixes …") states work the repository cannot do yet.
    if (rep.kind === 'todo' && waitsOnUpstream(rep.text)) {
      drop('note waits on another project');
      continue;
    }
    const words = new Set(tokens(text.title));
    // The same notice in two files ("Drop support for Python 3.8" from tox.ini and from the CI matrix) is one task:
    // its clusters differ by place only.
    const notice = rep.kind === 'pending' ? rep.text.trim().toLowerCase() : '';
    const twin = chosen.find((c) => c.rep === text.representative || jaccard(c.words, words) >= 0.6 || (notice !== '' && c.notice === notice));
    if (twin) {
      drop('merged into a twin');
      const seen = new Set(twin.scored.cluster.members.map((m) => m.ref));
      const members = [...twin.scored.cluster.members, ...s.cluster.members.filter((m) => !seen.has(m.ref))];
      twin.scored = { ...twin.scored, cluster: { ...twin.scored.cluster, members } };
      continue;
    }
    const n = perAnchor.get(s.anchor.name) ?? 0;
    if (n >= maxPerAnchor) {
      drop('anchor full');
      continue;
    }
    perAnchor.set(s.anchor.name, n + 1);
    chosen.push({ scored: s, kind: rep.kind, title: text.title, text, words, rep: text.representative, notice });
  }
  // A note's twins merged from other clusters may be its copies in other files ("Remove shell_complete …" in core.py,
  // params.py and models.py): its text names them all now, the same note still stating it (title.ts sameNote).
  for (const c of chosen) {
    if (c.kind !== 'todo') continue;
    const open = c.scored.cluster.members.filter((m) => m.kind !== 'work_item' && m.kind !== 'changelog');
    const text = familyText(open, c.scored.category, c.scored.anchor.name, names, c.rep);
    if (text && text.representative === c.rep && text.title !== c.title) Object.assign(c, { title: text.title, text });
  }
  return chosen;
}

/**
 * A note states work when its text opens with the verb of the title made from it ("Explore …", not "probably
 * refactor this"; never a HACK note's description of its workaround), or says the team should do it ("this isn't right, we should really check ahead for …").
 */
function statesWork(note: string, title: string): boolean {
  // A hedge before the work ("consider setting …", "explore replicating …") is no part of it: the title drops it (phrase.ts).
  const text = withoutHedge(plainPhrase(note.replace(/^\s*(TODO|FIXME|HACK|XXX)\b[:\s-]*/i, '')).toLowerCase());
  const verb = title.split(/\s+/)[0]!.toLowerCase();
  // "Stop `X` returning …" is a note's "this should not return …" with its declaration named (heuristic/pronoun.ts).
  if (verb === 'stop') return /^(do not|don't|never|stop)\b/.test(text);
  const stemmed = verb.slice(0, Math.max(3, verb.length - 1));
  // A HACK note says what a workaround does at T0 ("HACK: Assuming knowledge of is_escape"), not the work left: it states
  // work only when it says what we should do ("HACK: we should use `Self::add` …"; clap at 2026-01-01).
  if (text.startsWith(stemmed) && !/^\s*HACK\b/i.test(note)) return true;
  const resolved = new RegExp(`(^|,\\s*(so\\s+|and\\s+|but\\s+)?)(we|you)\\s+(should|must|need to|have to|ought to)\\s+((really|probably|also|just|eventually|instead)\\s+)?${stemmed.replace(/[^a-z]/g, '')}`);
  return resolved.test(text);
}

/** A title's words without its place (" in typer/main.py"): two tasks in one file are not the same task. */
function taskWords(title: string): Set<string> {
  return new Set(tokens(title.replace(/\s+in\s+\S*[/.]\S*$/, '')));
}

/** How many words two sets share. */
function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both;
}

/** Share of the smaller title's words the other has; 0 unless two or more are shared. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const both = shared(a, b);
  return both < 2 || Math.min(a.size, b.size) === 0 ? 0 : both / Math.min(a.size, b.size);
}

/** Shared words over all words of either (Jaccard). */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const both = shared(a, b);
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}
