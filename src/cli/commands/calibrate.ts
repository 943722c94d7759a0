import type { Command } from 'commander';
import { z } from 'zod';
import { calibrateResults, DEFAULT_PREVALENCE_WEIGHT, type CalibrateResult } from '../../api/calibrate.js';
import { round } from '../../calibrate/estimators.js';
import { pooledPassRateInterval } from '../../calibrate/groups.js';
import { DEFAULT_EDGES, type GroupCalibration, type Interval } from '../../calibrate/model.js';
import type { StoredCalibration } from '../../store/calibrations.js';
import { withInterval, wholePercent } from '../interval-text.js';
import { formatTable, printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';

const rate = z.coerce.number().min(0).max(1);

const Options = z.object({
  db: z.string(),
  results: z.array(z.string().min(1)).min(1),
  synthesis: z.coerce.number().int().positive().optional(),
  agent: z.string().min(1).optional(),
  minAttempts: z.coerce.number().int().min(1),
  neverAt: rate,
  alwaysAt: rate,
  solvedAt: z.coerce.number().gt(0).max(1),
  prevalenceWeight: rate,
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('calibrate')
    .description("Read an agent's results on exported tasks into pass rates, frontier bands and the next round's allocation (docs/calibrate.md)")
    .requiredOption(
      '--results <file...>',
      'results files, all of one format: SWE-bench run reports (<model>.<run_id>.json) or per-instance report.json files, Harbor job or trial result.json files, or JSONL with instance_id, attempt and resolved or reward',
    )
    .option('--synthesis <id>', 'the synthesis the tasks were exported from (default: the one the instance ids belong to)')
    .option('--agent <name>', 'the agent\'s name (default: the one the results name, else "unnamed")')
    .option('--min-attempts <n>', 'attempts a task needs to be banded never, frontier or always (fewer: undetermined)', String(DEFAULT_EDGES.minAttempts))
    .option('--never-at <rate>', 'band edge: a pass rate at or below this is never', String(DEFAULT_EDGES.neverAt))
    .option('--always-at <rate>', 'band edge: a pass rate at or above this is always (in between: frontier)', String(DEFAULT_EDGES.alwaysAt))
    .option('--solved-at <reward>', 'a reward at or above this counts as solved', '1')
    .option('--prevalence-weight <w>', "next round: weight of the validation window's category mix against the frontier steer", String(DEFAULT_PREVALENCE_WEIGHT))
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const result = await calibrateResults({
        db: o.db,
        results: o.results,
        synthesis: o.synthesis,
        agent: o.agent,
        edges: { minAttempts: o.minAttempts, neverAt: o.neverAt, alwaysAt: o.alwaysAt },
        solvedAt: o.solvedAt,
        prevalenceWeight: o.prevalenceWeight,
      });
      if (!o.quiet) {
        for (const line of result.skipped) io.stderr(`swe-future: note: skipped ${line}\n`);
        const b = result.calibration.counts.bands;
        if (b.undetermined > 0 && b.never + b.frontier + b.always === 0) {
          io.stderr(`swe-future: note: no task has ${result.calibration.config.edges.minAttempts} attempts; one attempt cannot tell the frontier from always or never: run k >= 2 attempts per task\n`);
        }
      }
      printResult(io, o, calibrationJson(result), () => formatCalibration(result.id, result.calibration, result.reused));
    });
}

/** The contract's document: calibration, tasks (instance_id, attempts, resolved, pass_rate, band), families, next_allocation. */
export function calibrationJson(result: Pick<CalibrateResult, 'id' | 'reused' | 'calibration'>): unknown {
  const c = result.calibration;
  return {
    calibration: {
      id: result.id,
      synthesis: c.synthesisId,
      validation: c.validationId,
      agent: c.agent,
      format: c.format,
      reused: result.reused,
      files: c.files,
      edges: { min_attempts: c.config.edges.minAttempts, never_at: c.config.edges.neverAt, always_at: c.config.edges.alwaysAt },
      solved_at: c.config.solvedAt,
      prevalence_weight: c.config.prevalenceWeight,
      prevalence_source: c.config.prevalenceSource,
      tasks: c.counts.tasks,
      attempts: c.counts.attempts,
      resolved: c.counts.resolved,
      pass_rate: c.counts.attempts > 0 ? round(c.counts.resolved / c.counts.attempts) : null,
      pass_rate_interval: pair(pooledPassRateInterval(c.tasks)),
      bands: c.counts.bands,
      pass_at_k: c.passAtK,
      correlations: c.correlations.map((r) => ({ signal: snake(r.signal), tasks: r.tasks, spearman: r.spearman })),
    },
    tasks: c.tasks.map((t) => ({
      instance_id: t.instanceId,
      attempts: t.attempts,
      resolved: t.resolved,
      pass_rate: t.passRate,
      band: t.band,
      interval: t.interval ? [t.interval.low, t.interval.high] : null,
      pass_at_k: t.passAtK,
      mean_reward: t.meanReward,
      family: t.familyId,
      category: t.category,
      status: t.status,
      signals: { gold_lines: t.signals.goldLines, files_touched: t.signals.filesTouched, fail_to_pass: t.signals.failToPass },
    })),
    families: c.families.map((f) => ({
      family: f.familyId,
      title: f.title,
      category: f.category,
      label: f.label,
      ...groupJson(f),
      steer: f.steer,
      signals: { gold_lines: f.signals.goldLines, files_touched: f.signals.filesTouched, fail_to_pass: f.signals.failToPass },
    })),
    categories: c.categories.map((g) => ({
      category: g.category,
      ...groupJson(g),
      prevalence: g.prevalence,
      share: g.share,
    })),
    next_allocation: c.nextAllocation.map((n) => ({ family: n.familyId, category: n.category, previous: n.previous, tasks: n.tasks, change: n.tasks - n.previous, weight: n.weight, steer: n.steer })),
  };
}

export function formatCalibration(id: number, c: StoredCalibration, reused: boolean): string {
  const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(0)}%`);
  const within = (x: number | null, i: Interval | null | undefined) => (x === null ? pct(x) : withInterval(pct(x), i?.low, i?.high, wholePercent));
  const b = c.counts.bands;
  const overall = c.counts.attempts > 0 ? c.counts.resolved / c.counts.attempts : null;
  return [
    `calibration ${id} of synthesis ${c.synthesisId} for agent ${c.agent} (${c.format}, ${c.files.length} file${c.files.length === 1 ? '' : 's'})${reused ? ' (reused)' : ''}: ` +
      `${c.counts.attempts} attempts, ${c.counts.resolved} solved (${within(overall, pooledPassRateInterval(c.tasks))}); bands: ${b.never} never, ${b.frontier} frontier, ${b.always} always, ${b.undetermined} undetermined, ${b.untested} untested`,
    '[low, high]: 95% intervals in percent: a task\'s pass rate by Wilson over its attempts; a pooled pass rate by a bootstrap over the tested tasks, each with all its attempts (attempts at one task are not independent; docs/calibrate.md); a frontier share by Wilson over the banded tasks.',
    `band edges: at least ${c.config.edges.minAttempts} attempts; never <= ${c.config.edges.neverAt}, always >= ${c.config.edges.alwaysAt}, frontier in between`,
    '',
    formatTable(
      c.tasks.map((t) => ({
        task: t.instanceId,
        family: t.familyId,
        attempts: t.attempts,
        solved: t.resolved,
        pass_rate: pct(t.passRate),
        '95% interval': t.interval ? `${pct(t.interval.low)}-${pct(t.interval.high)}` : '',
        'pass@1': t.passAtK['1'] ?? '',
        band: t.band,
      })),
    ),
    '',
    formatTable(
      c.families.map((f) => ({
        family: f.familyId,
        category: f.category,
        tasks: f.tasks,
        pass_rate: within(f.passRate, f.passRateInterval),
        frontier_share: within(f.frontierShare, f.frontierShareInterval),
        never: f.bands.never,
        frontier: f.bands.frontier,
        always: f.bands.always,
        steer: f.steer,
      })),
    ),
    '',
    `Next round (category share = ${c.config.prevalenceWeight} x window prevalence (${c.config.prevalenceSource}) + ${round(1 - c.config.prevalenceWeight, 2)} x frontier steer):`,
    formatTable(
      c.categories.map((g) => ({ category: g.category, prevalence: pct(g.prevalence), learnability: g.learnability.toFixed(2), share: pct(g.share) })),
    ),
    formatTable(c.nextAllocation.map((n) => ({ family: n.familyId, category: n.category, this_round: n.previous, next_round: n.tasks, steer: n.steer }))),
    '',
    `Next round: swe-future synthesize --validation ${c.validationId} --tgen HEAD --calibration ${id}`,
  ].join('\n');
}

function snake(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A family's or a category's pooled figures, with the keys of both in the document's order (tasks .. learnability). */
function groupJson(g: GroupCalibration & { learnability: number }) {
  return {
    tasks: g.tasks,
    attempts: g.attempts,
    resolved: g.resolved,
    pass_rate: g.passRate,
    pass_rate_interval: pair(g.passRateInterval),
    bands: g.bands,
    frontier_share: g.frontierShare,
    frontier_share_interval: pair(g.frontierShareInterval),
    learnability: g.learnability,
  };
}

/** `[low, high]` as the tasks' `interval`; null without one (or in a calibration stored before stats58). */
function pair(i: Interval | null | undefined): [number, number] | null {
  return i ? [i.low, i.high] : null;
}

