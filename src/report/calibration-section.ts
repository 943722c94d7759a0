import type { z } from 'zod';
import type { CalibrationFamilyRow, CalibrationReport, CalibrationRow } from './calibration-model.js';
import { pooledPassRateInterval } from '../calibrate/groups.js';
import { wilsonInterval } from '../stats/wilson.js';
import { escapeHtml as e, percent, withCi } from './html.js';
import { barChart } from './svg.js';

/**
 * The report's calibration section (docs/calibrate.md): for each calibration
 * of the study's syntheses, the pass-rate histogram, the frontier share per
 * family and the allocation change for the next round. Read through the
 * named queries `calibrations`, `calibration_histogram` and
 * `calibration_families`; nothing when there is no calibration.
 */

export function calibrationSection(report: CalibrationReport | undefined, study: number): string {
  if (!report || report.calibrations.length === 0) return '';
  const q = (name: string) => `<code>swe-future query --named ${name} --study ${study}</code>`;
  return [
    '<section id="calibration">',
    '<h2>Calibration against an agent</h2>',
    '<p>An agent\'s results on the exported tasks (<code>swe-future calibrate</code>): each task\'s pass rate and band (never, frontier, always), the share of each family\'s banded tasks at the frontier, and how the next round moves tasks toward the frontier, blended with the window\'s category mix (docs/calibrate.md).</p>',
    ...report.calibrations.map((c) => oneCalibration(c, report)),
    `<p class="muted">Regenerate: ${q('calibrations')}, ${q('calibration_histogram')}, ${q('calibration_families')}, ${q('calibration_categories')}.</p>`,
    '</section>',
  ].join('\n');
}

function oneCalibration(c: z.infer<typeof CalibrationRow>, report: CalibrationReport): string {
  const bins = report.histogram.filter((b) => b.calibration === c.calibration);
  const tested = bins.reduce((a, b) => a + b.tasks, 0);
  const families = report.families.filter((f) => f.calibration === c.calibration);
  const histogram = barChart({
    id: `chart-calibration-${c.calibration}-histogram`,
    title: `Pass-rate histogram, calibration ${c.calibration} (${c.agent}): share of the ${tested} tested tasks per pass-rate bin`,
    series: [{ key: 'tasks', label: 'share of tested tasks', color: '#0969da' }],
    groups: bins.map((b) => ({
      label: `${Math.round(b.low * 100)}${b.bin === 9 ? '-100' : ''}%`,
      bars: [{ series: 'tasks', segments: [{ value: tested ? b.tasks / tested : 0, light: false }], total: tested ? b.tasks / tested : 0, interval: null, note: null, tooltip: `${b.tasks} of ${tested} tasks with a pass rate in [${b.low}, ${b.high}${b.bin === 9 ? ']' : ')'}` }],
    })),
  });
  const frontier = barChart({
    id: `chart-calibration-${c.calibration}-frontier`,
    title: `Frontier share per family, calibration ${c.calibration} (${c.agent})`,
    series: [{ key: 'frontier', label: 'frontier share of banded tasks', color: '#8250df' }],
    groups: families.map((f) => ({
      label: `${f.family} ${f.category}`,
      bars: [
        f.frontier_share === null
          ? { series: 'frontier', segments: [], total: null, interval: null, note: 'none banded', tooltip: `${f.family}: no task with enough attempts` }
          : { series: 'frontier', segments: [{ value: f.frontier_share, light: false }], total: f.frontier_share, interval: null, note: null, tooltip: `${f.family}: ${f.frontier} of ${f.never + f.frontier + f.always} banded tasks at the frontier` },
      ],
    })),
  });
  const made = families.find((f) => f.next_synthesis !== null)?.next_synthesis ?? null;
  const tasks = report.tasks.filter((t) => t.calibration === c.calibration);
  // A pooled pass rate's interval resamples tasks with all their attempts (groups.ts); a frontier share's is Wilson over the banded tasks.
  const passRate = (rate: number | null, of: readonly { attempts: number; resolved: number }[]) => {
    const ci = rate === null ? null : pooledPassRateInterval(of);
    return withCi(percent(rate), ci?.low, ci?.high);
  };
  const frontierShare = (f: z.infer<typeof CalibrationFamilyRow>) => {
    const ci = wilsonInterval(f.frontier, f.never + f.frontier + f.always);
    return withCi(percent(f.frontier_share), ci?.low, ci?.high);
  };
  const cell = (label: string, content: string | number, cls = '') => `<td${cls ? ` class="${cls}"` : ''} data-label="${label}">${content}</td>`;
  const rows = families.map((f) =>
    [
      '<tr>',
      `<th scope="row" class="name" data-label="Family">${e(f.family)}</th>`,
      cell('Category', e(f.category)),
      cell('Tasks', f.tasks),
      cell('Pass rate', passRate(f.pass_rate, tasks.filter((t) => t.family === f.family)), 'rate'),
      cell('Never', f.never),
      cell('Frontier', f.frontier),
      cell('Always', f.always),
      cell('Frontier share', `${frontierShare(f)} <span class="n">${f.frontier}/${f.never + f.frontier + f.always}</span>`, 'rate'),
      cell('Steer', e(f.steer)),
      cell('This round', f.previous_tasks),
      cell('Next round, same total', f.next_tasks),
      cell('Change', `${f.change > 0 ? '+' : ''}${f.change}`),
      made ? cell(`Made in synthesis ${made}`, f.next_made ?? 0) : '',
      '</tr>',
    ].join(''),
  );
  return [
    `<h3>Calibration ${c.calibration}: ${e(c.agent)} on synthesis ${c.synthesis} (${e(c.repo)}, ${e(c.format)})</h3>`,
    `<p>${c.attempts} attempts, ${c.resolved} solved (${passRate(c.pass_rate, tasks)}); tasks: ${c.never} never, ${c.frontier} frontier, ${c.always} always, ${c.undetermined} undetermined (fewer than ${c.min_attempts} attempts), ${c.untested} untested. ` +
      `Band edges: never at a pass rate &le; ${c.never_at}, always &ge; ${c.always_at}.</p>`,
    histogram,
    frontier,
    `<div class="table-scroll" role="region" tabindex="0" aria-label="Calibration ${c.calibration} per family">`,
    `<table class="calibration reflow"><thead><tr><th>Family</th><th>Category</th><th>Tasks</th><th>Pass rate</th><th>Never</th><th>Frontier</th><th>Always</th><th>Frontier share</th><th>Steer</th><th>This round</th><th>Next round, same total</th><th>Change</th>${made ? `<th>Made in synthesis ${made}</th>` : ''}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody></table>`,
    '</div>',
    '<p class="muted">Brackets: 95% intervals. A pass rate pools attempts over tasks, and the attempts at one task are not independent (a hard task fails every time), so its interval is a bootstrap over the tested tasks, each with all its attempts (Wilson over the tasks where every attempt passed or none did); a frontier share\'s is Wilson over the banded tasks.</p>',
    `<p class="muted">Next round: category shares are ${c.prevalence_weight} &times; the window's category mix + ${Math.round((1 - c.prevalence_weight) * 100) / 100} &times; the frontier steer; within a category, learnability &times; score &times; label weight.</p>`,
  ].join('\n');
}
