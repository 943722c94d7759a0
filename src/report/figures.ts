import { BASELINES } from '../queries/named.js';
import { percent } from './html.js';
import type { ReportData } from './model.js';
import { PUBLISHED } from './published.js';
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

export function isBaseline(forecaster: string): boolean {
  return (BASELINES as readonly string[]).includes(forecaster);
}

export function seriesOf(forecasters: readonly string[]): ChartSeries[] {
  let spare = 0;
  return forecasters.map((f) => ({
    key: f,
    label: isBaseline(f) ? `${f} (baseline)` : f,
    color: COLORS[f] ?? SPARE[spare++ % SPARE.length]!,
  }));
}

/** Relevance per category, one bar per forecaster (strong solid, related light), the paper's rate as a dashed line. */
export function forecasterChart(data: ReportData, judge: string, index: number): string {
  const groups = CATEGORIES.map((category) => {
    const bars: ChartBar[] = data.study.forecasters.map((forecaster) => {
      const row = data.relevance.find((r) => r.judge === judge && r.category === category && r.forecaster === forecaster);
      if (!row || row.families === 0) {
        return { series: forecaster, segments: [], total: null, note: 'no families', tooltip: `${forecaster}, ${category}: no families` };
      }
      return {
        series: forecaster,
        segments: [
          { value: row.strong / row.families, light: false },
          { value: row.related / row.families, light: true },
        ],
        total: row.relevance,
        note: null,
        tooltip: `${forecaster}, ${category}: relevance ${percent(row.relevance)} (${row.strong} strong + ${row.related} related of ${row.families})`,
      };
    });
    const paper = category === 'all' ? PUBLISHED.relevance : PUBLISHED.perCategory[category];
    return {
      label: category,
      bars,
      reference: { value: paper.n / paper.of, tooltip: `SWE-Future paper, ${category}: ${percent(paper.n / paper.of)} (${paper.n}/${paper.of}) on its own 80 repositories` },
    };
  });
  return barChart({
    id: `chart-forecasters-${index}`,
    title: `Future-work relevance by category, judge ${judge}: forecaster vs baselines`,
    series: seriesOf(data.study.forecasters),
    groups,
    shades: { solid: 'strong', light: 'related' },
    referenceLabel: 'SWE-Future paper (other repositories)',
  });
}

/** Relevance per repository, one bar per forecaster; abstentions and failed repositories are marked. */
export function repositoryChart(data: ReportData, judge: string, index: number): string {
  const groups = data.study.repos.map((repo) => {
    const bars: ChartBar[] = data.study.forecasters.map((forecaster) => {
      const row = data.repos.find((r) => r.repo_ord === repo.ord && r.forecaster === forecaster && r.judge === judge);
      const none = (note: string): ChartBar => ({ series: forecaster, segments: [], total: null, note, tooltip: `${repo.name}, ${forecaster}: ${note}` });
      if (repo.status === 'failed') return none('failed');
      if (!row) return none(repo.status === 'pending' ? 'pending' : 'no result');
      if (row.abstained) return none('abstained');
      if (row.families === 0) return none('no families');
      return {
        series: forecaster,
        segments: [
          { value: row.strong / row.families, light: false },
          { value: row.related / row.families, light: true },
        ],
        total: row.relevance,
        note: null,
        tooltip: `${repo.name}, ${forecaster}: relevance ${percent(row.relevance)} (${row.strong} strong + ${row.related} related of ${row.families})`,
      };
    });
    return { label: repo.name, bars, reference: null };
  });
  return barChart({
    id: `chart-repos-${index}`,
    title: `Future-work relevance per repository, judge ${judge}`,
    series: seriesOf(data.study.forecasters),
    groups,
    shades: { solid: 'strong', light: 'related' },
    referenceLabel: null,
  });
}
