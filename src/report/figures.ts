import { isBaseline } from '../forecast/model.js';
import { escapeHtml, percent } from './html.js';
import type { ReportData } from './model.js';
import { barChart, type ChartBar, type ChartSeries } from './svg.js';

/** The report's two charts, built from ReportData rows and drawn by svg.ts. */

const COLORS: Record<string, string> = {
  heuristic: '#0969da',
  llm: '#8250df',
  hotspot: '#bf8700',
  recency: '#1a7f37',
  'random-anchor': '#cf222e',
};
const SPARE = ['#6e7781', '#953800', '#116329', '#0550ae'];

export const CATEGORIES = ['all', 'bugfix', 'feature', 'refactor'] as const;

export function seriesOf(forecasters: readonly string[]): ChartSeries[] {
  let spare = 0;
  return forecasters.map((f) => ({
    key: f,
    label: isBaseline(f) ? `${f} (baseline)` : f,
    color: COLORS[f] ?? SPARE[spare++ % SPARE.length]!,
  }));
}

/** Relevance per category, one bar per forecaster (strong solid, related light), each with its 95% interval. */
export function forecasterChart(data: ReportData, judge: string, index: number): string {
  const groups = CATEGORIES.map((category) => ({
    label: category,
    bars: data.study.forecasters.map((forecaster): ChartBar => {
      const row = data.relevance.find((r) => r.judge === judge && r.category === category && r.forecaster === forecaster);
      if (!row || row.families === 0) {
        return { series: forecaster, segments: [], total: null, interval: null, note: 'no families', tooltip: `${forecaster}, ${category}: no families` };
      }
      return relevanceBar(forecaster, row, `${forecaster}, ${category}`);
    }),
  }));
  return barChart({ id: `chart-forecasters-${index}`, title: `Future-work relevance by category, judge ${judge}: forecaster vs baselines`, series: seriesOf(data.study.forecasters), groups });
}

/** Relevance per repository, one bar per forecaster; abstentions and failed repositories are marked. */
export function repositoryChart(data: ReportData, judge: string, index: number): string {
  const groups = data.study.repos.map((repo) => ({
    label: repo.name,
    bars: data.study.forecasters.map((forecaster): ChartBar => {
      const row = data.repos.find((r) => r.repo_ord === repo.ord && r.forecaster === forecaster && r.judge === judge);
      const none = (note: string): ChartBar => ({ series: forecaster, segments: [], total: null, interval: null, note, tooltip: `${repo.name}, ${forecaster}: ${note}` });
      if (repo.status === 'failed') return none('failed');
      if (!row) return none(repo.status === 'pending' ? 'pending' : 'no result');
      if (row.abstained) return none('abstained');
      if (row.families === 0) return none('no families');
      return relevanceBar(forecaster, row, `${repo.name}, ${forecaster}`);
    }),
  }));
  return barChart({ id: `chart-repos-${index}`, title: `Future-work relevance per repository, judge ${judge}`, series: seriesOf(data.study.forecasters), groups });
}

type Counted = { strong: number; related: number; families: number; relevance: number | null; relevance_low: number | null; relevance_high: number | null };

function relevanceBar(forecaster: string, row: Counted, what: string): ChartBar {
  const interval = row.relevance_low !== null && row.relevance_high !== null ? { low: row.relevance_low, high: row.relevance_high } : null;
  return {
    series: forecaster,
    segments: [
      { value: row.strong / row.families, light: false },
      { value: row.related / row.families, light: true },
    ],
    total: row.relevance,
    interval,
    note: null,
    tooltip: `${what}: relevance ${percent(row.relevance)} (${row.strong} strong + ${row.related} related of ${row.families})${interval ? `, 95% interval ${percent(interval.low)} to ${percent(interval.high)}` : ''}`,
  };
}

/** What the charts' colours, shades and whiskers mean, as HTML (it wraps on a phone, unlike SVG text). */
export function chartKey(forecasters: readonly string[]): string {
  const swatches = seriesOf(forecasters).map((s) => `<span class="key"><i style="background:${s.color}"></i>${escapeHtml(s.label)}</span>`);
  return `<p class="chart-key">${swatches.join(' ')} <span class="key">solid: strong, light: related</span> <span class="key"><b>├─┤</b> 95% interval of relevance (Wilson)</span></p>`;
}
