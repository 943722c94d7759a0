import type { Snapshot } from '../../snapshot/model.js';
import { carriesOut } from '../../text/work-match.js';
import { addDuration } from '../../time.js';
import { buildStreams, componentOf, isChore, itemTopic, type Stream, type StreamOptions } from '../heuristic/streams.js';
import { pastView, workBetween } from './past-view.js';
import { calibrate, calibrationComponents, calibrationWhy, type CalibrationInput, type FamilyKind, type MoreGround } from './calibration.js';
import { logit, sigmoid } from '../../stats/logistic.js';
import { fitScale, sharedTopic, tallyReplay } from './record.js';

/**
 * The backtest record of work streams. At each earlier cutoff (T0-6m, -12m,
 * -18m; 6-month windows that close by T0) the streams are rebuilt from the past
 * view, and a stream counts as continued when a later non-chore change of the
 * window lands in the same component and shares a topic word with the stream's
 * recurring words (src/text/work-match.ts). The record gives, per stream
 * kind, how often that happened, and the points a logistic scale on the
 * stream's heat is fitted on. Only the T0 snapshot is read.
 */
export interface StreamRecord {
  replays: { cutoff: string; streams: number; hits: number }[];
  streams: number;
  hits: number;
  /** [hits, streams] per component kind. */
  kinds: Record<string, [number, number]>;
  /** log(1 + heat) of each replayed stream and whether it continued. */
  points: [number, 0 | 1][];
}

export const STREAM_OFFSETS = [6, 12, 18] as const;

export function learnStreamRecord(snapshot: Snapshot, options: StreamOptions, names: ReadonlySet<string>): StreamRecord {
  const record: StreamRecord = { replays: [], streams: 0, hits: 0, kinds: {}, points: [] };
  const dirFiles = new Map(snapshot.tree.map((d) => [d.dir, d.files]));
  for (const months of STREAM_OFFSETS) {
    const cutoff = addDuration(snapshot.t0, { amount: months, unit: 'm' }, -1);
    const closes = addDuration(cutoff, { amount: 6, unit: 'm' });
    const later = workBetween(snapshot, cutoff, closes)
      .filter((w) => !isChore(w.title, w.paths, names))
      .map((w) => ({ where: componentOf(w.paths, dirFiles), paths: w.paths, topic: itemTopic(w.title, w.body.slice(0, 400)) }));
    if (later.length === 0) continue;
    const streams = buildStreams(pastView(snapshot, cutoff), { ...options, categorize: false }, names);
    const hits = tallyReplay(streams, (s) => {
      const topic = streamTopic(s);
      const hit = later.some((w) => w.where?.kind === s.kind && w.where.component === s.component && carriesOut({ areas: [''], topic }, w, 1));
      return { hit, x: Math.log1p(s.heat), groups: [s.kind] };
    }, record.points, record.kinds);
    record.replays.push({ cutoff, streams: streams.length, hits });
    record.streams += streams.length;
    record.hits += hits;
  }
  return record;
}

/** Topic words two or more of the stream's changes share (the twelve most shared), else its most frequent. */
export function streamTopic(s: Stream): Set<string> {
  return new Set(sharedTopic(s.items.map((i) => itemTopic(i.title, i.body)), 4));
}

/**
 * How a backtest rate becomes a ranking score: a later change in the same
 * component sharing a word is looser than "a change that does the predicted
 * work" of people's strong label. Chosen, not fitted (set before any labels of
 * these families existed); it orders families only: the score is the ranking
 * score put on people's labels by the map fitted on them (calibration.ts).
 */
export const PEOPLE_FACTOR = 0.75;
/**
 * Further, per kind of component: work on the test suite and the CI sits close
 * to what the label rule calls chores (dependency and tooling upkeep), so a
 * later change there is less often the predicted work in substance.
 */
export const KIND_FACTOR: Record<string, number> = { code: 1, docs: 1, tests: 0.8, ci: 0.7 };

export interface StreamScore {
  /** The ranking score (rank_score): it breaks ties of the calibrated score in the order (order.ts). */
  rank: number;
  /** The calibrated probability of strong later work. */
  score: number;
  components: Record<string, number>;
  why: string;
}

/**
 * The prior a repository's own record is shrunk toward: a logistic scale on
 * log(1 + heat) and each kind's continuation rate, fitted on the pooled stream
 * backtests of the development study's repositories (eval/dev.json; backtests
 * only, no labels): 345 replayed streams, 223 continued.
 */
export const STREAM_PRIOR = { a: -1.056, b: 1.339, base: 0.52, kinds: { code: 0.48, ci: 0.67, docs: 0.81, tests: 0.41 } as Record<string, number>, weight: 20 };

/**
 * A stream's probability of strong work in the window: the chance it
 * continues, from its heat on the repository's own backtest scale (Platt
 * scaling) and its kind's rate there, blended in log-odds with the pooled
 * prior by the record's size (n / (n + 20)), times the people factor: the
 * ranking score, which breaks ties in the order; put on people's label by the
 * fitted map (calibration.ts), which reads the kind of family (`kind`: a code
 * direction's category, else the stream's kind) and whether the direction's
 * title is loose (names no checkable work), and for a `more` family its ground
 * (`ground`: a list page, a page's code examples or a code line; MORE_GROUNDS).
 */
export function scoreStream(record: StreamRecord | null, s: Stream, loose: boolean, kind: FamilyKind, ground?: MoreGround): StreamScore {
  const x = Math.log1p(s.heat);
  const kindPrior = STREAM_PRIOR.kinds[s.kind] ?? STREAM_PRIOR.base;
  const zPrior = STREAM_PRIOR.a + STREAM_PRIOR.b * x + 0.5 * (logit(kindPrior) - logit(STREAM_PRIOR.base));
  const n = record?.streams ?? 0;
  const w = n / (n + STREAM_PRIOR.weight);
  let scaled = sigmoid(zPrior);
  let kindRate = kindPrior;
  let base = STREAM_PRIOR.base;
  let zOwn = zPrior;
  if (record && n > 0) {
    const { a, b } = fitScale(record.points);
    scaled = sigmoid(a + b * x);
    base = (record.hits + 1) / (record.streams + 2);
    const [kh, kn] = record.kinds[s.kind] ?? [0, 0];
    kindRate = (kh + 5 * kindPrior) / (kn + 5);
    zOwn = logit(scaled) + 0.5 * (logit(kindRate) - logit(base));
  }
  const continued = sigmoid(w * zOwn + (1 - w) * zPrior);
  const factor = PEOPLE_FACTOR * (KIND_FACTOR[s.kind] ?? 1);
  const rank = round(Math.min(0.95, Math.max(0.02, factor * continued)));
  const input: CalibrationInput = { rank, loose, kind, backtest: round(continued), changes: s.items.length, ...(ground ? { ground } : {}) };
  const score = calibrate(input);
  const [kh, kn] = record?.kinds[s.kind] ?? [0, 0];
  const replays = record?.replays ?? [];
  return {
    rank,
    score,
    components: {
      heat: s.heat,
      items: s.items.length,
      backtest_scaled: round(scaled),
      backtest_base: round(base),
      backtest_kind: round(kindRate),
      backtest_weight: round(w),
      prior_continued: round(sigmoid(zPrior)),
      backtest_continued: round(continued),
      people_factor: round(factor),
      ...calibrationComponents(input),
      backtest_replays: replays.length,
      backtest_candidates: record?.streams ?? 0,
      backtest_hits: record?.hits ?? 0,
    },
    why:
      `${calibrationWhy(input)} Ranking score ${rank.toFixed(2)}: backtests at ${replays.map((r) => r.cutoff.slice(0, 10)).join(', ') || '(none)'} (6-month windows closed by T0) ` +
      `rebuilt ${n} streams, of which ${record?.hits ?? 0} got a later change in their component on their topic; ` +
      `this stream's heat puts it at ${scaled.toFixed(2)} there, ${s.kind} streams continued ${kh}/${kn}; ` +
      `blended with the pooled prior (weight ${round(w)}) that is ${continued.toFixed(2)}, times the chosen ranking factor ${round(factor)} for ${s.kind} work.`,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
