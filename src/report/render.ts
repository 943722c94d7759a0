import { familySection, FILTER_SCRIPT } from './cards.js';
import { CATEGORIES, forecasterChart, isBaseline, repositoryChart } from './figures.js';
import { day, escapeHtml as e, fraction, minute, percent, points } from './html.js';
import type { ReportData, RelevanceRow } from './model.js';
import { PUBLISHED, type PublishedFraction } from './published.js';
import { STYLE } from './style.js';

/**
 * ReportData → one self-contained HTML page: inline CSS and SVG, a few lines
 * of script for the card filter, nothing fetched when viewed. Pure: the same
 * data give the same text (times shown are the stored ones).
 */
export function renderReport(data: ReportData): string {
  const s = data.study;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>swe-future report: ${e(s.name)} (study ${s.id})</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    header(data),
    '<main>',
    resultsSection(data),
    publishedSection(),
    chartsSection(data),
    repositorySection(data),
    agreementSection(data),
    familySection(data),
    provenanceSection(data),
    '</main>',
    `<script>${FILTER_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function header(data: ReportData): string {
  const s = data.study;
  const done = s.repos.filter((r) => r.status === 'done').length;
  const failed = s.repos.filter((r) => r.status === 'failed').length;
  const t0s = [...new Set(s.repos.map((r) => day(r.t0)))].sort();
  const fact = (term: string, value: string) => `<dt>${e(term)}</dt><dd>${value}</dd>`;
  return [
    '<header class="page">',
    `<h1>Study “${e(s.name)}” <span class="id">#${s.id}</span></h1>`,
    '<p class="lede">Task families forecast from what each repository showed at its cutoff T0, frozen, then judged against the work merged in the window after T0.</p>',
    '<dl class="facts">',
    fact('Repositories', `${s.repos.length} (${done} done${failed ? `, ${failed} failed` : ''}${s.repos.length - done - failed ? `, ${s.repos.length - done - failed} pending` : ''}): ${s.repos.map((r) => e(r.name)).join(', ')}`),
    fact('T0', t0s.length ? t0s.map(e).join(', ') : '—'),
    fact('Window', `${e(s.window ?? '—')} after T0${s.windowStart ? ` (${e(day(s.windowStart))} → ${e(day(s.windowEnd))})` : ''}`),
    fact('Forecasters', s.forecasters.map((f) => `${e(f)}${isBaseline(f) ? ' <span class="muted">(baseline)</span>' : ''}`).join(', ') || '—'),
    fact('Judges', s.judges.map(e).join(', ') || '—'),
    fact('Started', e(minute(s.createdAt))),
    fact('Finished', e(minute(s.finishedAt))),
    '</dl>',
    '</header>',
  ].join('\n');
}

function resultsSection(data: ReportData): string {
  const tables = data.study.judges.map((judge) => `<h3>Judge: ${e(judge)}</h3>\n${resultsTable(data, judge)}`);
  return [
    '<section id="results">',
    '<h2>Future-work relevance</h2>',
    '<p><b>Relevance</b> = (strong + related) / families, pooled over the repositories; <b>strong rate</b> = strong / families; <b>coverage</b> = later non-bot work items that some family matched strong / all later non-bot work items; <b>lift</b> = relevance minus the best baseline\'s relevance in the same row group. Rows marked <i>SWE-Future paper</i> are the published figures, on a different set of repositories with another judge: context, not a comparison.</p>',
    tables.length ? tables.join('\n') : '<p class="none">No results stored for this study yet.</p>',
    '</section>',
  ].join('\n');
}

function resultsTable(data: ReportData, judge: string): string {
  const head =
    '<thead><tr><th>Category</th><th>Forecaster</th><th>Families</th><th>Strong</th><th>Related</th><th>Rejected</th><th>Relevance</th><th>Strong rate</th><th>Coverage</th><th>Abstentions</th><th>Lift over best baseline</th></tr></thead>';
  const groups = CATEGORIES.map((category) => {
    const rows = data.study.forecasters
      .map((f) => data.relevance.find((r) => r.judge === judge && r.category === category && r.forecaster === f))
      .filter((r): r is RelevanceRow => r !== undefined);
    const lines = rows.map((r, i) => {
      const lead = i === 0 ? `<th scope="rowgroup" rowspan="${rows.length + 1}">${e(category)}</th>` : '';
      return `<tr class="${r.baseline ? 'baseline' : 'forecaster'}" data-judge="${e(judge)}" data-category="${e(category)}" data-forecaster="${e(r.forecaster)}">${lead}${resultCells(data, r)}</tr>`;
    });
    lines.push(paperRow(category, rows.length === 0));
    return `<tbody data-category="${e(category)}">\n${lines.join('\n')}\n</tbody>`;
  });
  return scrollable(`Results, judge ${judge}`, `<table class="results" data-judge="${e(judge)}">\n${head}\n${groups.join('\n')}\n</table>`);
}

/**
 * Wraps a table in a box that scrolls sideways on its own, so a table wider
 * than the screen never widens the page. Focusable, so the keyboard can scroll it.
 */
function scrollable(label: string, table: string): string {
  return `<div class="table-scroll" role="region" tabindex="0" aria-label="${e(label)}">\n${table}\n</div>`;
}

function resultCells(data: ReportData, r: RelevanceRow): string {
  const pooled = r.category === 'all';
  const coverage = pooled ? data.coverage.find((c) => c.forecaster === r.forecaster && c.judge === r.judge) : undefined;
  const lift = data.lift.find((l) => l.forecaster === r.forecaster && l.judge === r.judge && l.category === r.category);
  const liftText = r.baseline
    ? '<span class="muted">baseline</span>'
    : lift?.lift !== null && lift?.lift !== undefined
      ? `<span class="nowrap">${e(points(lift.lift))}</span> <span class="muted">vs ${e(lift.best_baseline)}</span>`
      : '—';
  const coverageText = !pooled
    ? '<span class="muted" title="coverage is counted over all later work, not per category">·</span>'
    : coverage && coverage.later_work
      ? `${percent(coverage.coverage)} <span class="muted">(${coverage.covered}/${coverage.later_work})</span>`
      : '—';
  const cells = [
    `<td class="name">${e(r.forecaster)}</td>`,
    `<td>${r.families}</td>`,
    `<td>${r.strong}</td>`,
    `<td>${r.related}</td>`,
    `<td>${r.rejected}</td>`,
    `<td class="rate">${r.families ? `${percent(r.relevance)} <span class="muted">(${r.strong + r.related}/${r.families})</span>` : '—'}</td>`,
    `<td class="rate">${r.families ? `${percent(r.strong_rate)} <span class="muted">(${r.strong}/${r.families})</span>` : '—'}</td>`,
    `<td class="rate">${coverageText}</td>`,
    `<td>${pooled ? `${r.abstentions} <span class="muted">of ${r.repos}</span>` : '<span class="muted">·</span>'}</td>`,
    `<td class="lift">${liftText}</td>`,
  ];
  return cells.join('');
}

function paperRow(category: (typeof CATEGORIES)[number], alone: boolean): string {
  const paper: PublishedFraction = category === 'all' ? PUBLISHED.relevance : PUBLISHED.perCategory[category];
  const mark = paper.inferred ? '<sup title="inferred by subtraction: 151 − 89 − 45">‡</sup>' : '';
  const strong = category === 'all' ? fraction(PUBLISHED.strong.n, PUBLISHED.strong.of) : '—';
  const lead = alone ? `<th scope="rowgroup">${e(category)}</th>` : '';
  return [
    `<tr class="paper" data-source="swe-future-paper" data-category="${e(category)}">${lead}`,
    `<td class="name"><span class="nowrap">SWE-Future paper<sup>†</sup></span> <span class="muted">(other repos)</span></td>`,
    `<td>${paper.of}</td>`,
    `<td>${category === 'all' ? PUBLISHED.strong.n : '—'}</td><td>—</td><td>—</td>`,
    `<td class="rate">${fraction(paper.n, paper.of)}${mark}</td>`,
    `<td class="rate">${strong}</td>`,
    '<td>—</td>',
    `<td>${category === 'all' ? `${PUBLISHED.abstained} <span class="muted">of ${PUBLISHED.repositories}</span>` : '<span class="muted">·</span>'}</td>`,
    '<td class="lift">—</td></tr>',
  ].join('');
}

function publishedSection(): string {
  const p = PUBLISHED;
  return [
    '<section id="published" class="published">',
    '<h2>Published SWE-Future figures<sup>†</sup></h2>',
    `<p>As reported for ${e(p.source)}: its own forecaster and judge on its own ${p.repositories} repositories (${p.abstained} abstained, ${p.families} families). These are <b>the paper's numbers on a different repository set</b>, shown for orientation; nothing on this page recomputes them.</p>`,
    '<dl class="facts">',
    `<dt>Future-work relevance</dt><dd>${fraction(p.relevance.n, p.relevance.of)}</dd>`,
    `<dt>Strong only</dt><dd>${fraction(p.strong.n, p.strong.of)}</dd>`,
    `<dt>Judge agreement (relevant vs rejected)</dt><dd>${fraction(p.agreement.n, p.agreement.of)}</dd>`,
    `<dt>Per type</dt><dd>bugfix ${fraction(p.perCategory.bugfix.n, p.perCategory.bugfix.of)}, feature ${fraction(p.perCategory.feature.n, p.perCategory.feature.of)}, refactor ${fraction(p.perCategory.refactor.n, p.perCategory.refactor.of)}<sup>‡</sup></dd>`,
    `<dt>Repositories with a relevant family</dt><dd>${p.relevantRepositories} of ${p.repositories}</dd>`,
    '</dl>',
    '<p class="muted">† Secondary reports of arXiv 2606.18733 (see docs/queries.md). ‡ Refactor 17/28 is inferred by subtraction (151 − 89 − 45), not reported.</p>',
    '</section>',
  ].join('\n');
}

function chartsSection(data: ReportData): string {
  const judges = data.study.judges;
  return [
    '<section id="charts">',
    '<h2>Forecaster vs baselines</h2>',
    '<p>Bar height is relevance (solid: strong, light: related), in percent of the families; the dashed line is the SWE-Future paper\'s rate on its own repositories.</p>',
    ...judges.map((j, i) => `<figure><figcaption>Judge ${e(j)}</figcaption>${forecasterChart(data, j, i)}</figure>`),
    '<h2>Per repository</h2>',
    ...judges.map((j, i) => `<figure><figcaption>Judge ${e(j)}</figcaption>${repositoryChart(data, j, i)}</figure>`),
    '</section>',
  ].join('\n');
}

function repositorySection(data: ReportData): string {
  const rows = data.study.repos.map((r) => {
    const later = data.repos.find((x) => x.repo_ord === r.ord && x.later_work !== null)?.later_work;
    return `<tr data-repo="${e(r.name)}"><td>${r.ord}</td><td>${e(r.name)}</td><td><code>${e(r.path)}</code></td><td>${e(day(r.t0))}</td><td class="status-${e(r.status)}">${e(r.status)}</td><td>${later ?? '—'}</td><td>${e(minute(r.finished_at))}</td><td>${e(r.error ?? '')}</td></tr>`;
  });
  return [
    '<section id="repositories">',
    '<h2>Repositories</h2>',
    scrollable('Repositories', [
      '<table class="repos"><thead><tr><th>#</th><th>Name</th><th>Path</th><th>T0</th><th>Status</th><th>Later work</th><th>Finished</th><th>Error</th></tr></thead>',
      `<tbody>\n${rows.join('\n')}\n</tbody></table>`,
    ].join('\n')),
    '</section>',
  ].join('\n');
}

function agreementSection(data: ReportData): string {
  const paper = `SWE-Future paper<sup>†</sup>: its independent semantic audit agreed with the primary judge on ${fraction(PUBLISHED.agreement.n, PUBLISHED.agreement.of)} of families (relevant vs rejected).`;
  if (data.agreement.length === 0) {
    return `<section id="agreement"><h2>Judge agreement</h2><p>Only one judge ran in this study; agreement needs two (list more under "judges" in the study config).</p><p class="muted">${paper}</p></section>`;
  }
  const rows = data.agreement.map(
    (a) =>
      `<tr data-forecaster="${e(a.forecaster)}"><td>${e(a.forecaster)}</td><td>${e(a.judge_a)} / ${e(a.judge_b)}</td><td>${a.families}</td><td class="rate">${fraction(a.agree, a.families)}</td><td>${a.both_relevant}</td><td>${a.both_rejected}</td><td>${a.only_a}</td><td>${a.only_b}</td><td>${fraction(a.same_label, a.families)}</td></tr>`,
  );
  return [
    '<section id="agreement">',
    '<h2>Judge agreement</h2>',
    '<p>Two judges on the same frozen families: agreement on relevant (strong or related) vs rejected, with the counts behind it; "same label" also requires strong vs related to match.</p>',
    scrollable('Judge agreement', [
      '<table class="agreement"><thead><tr><th>Forecaster</th><th>Judges (A / B)</th><th>Families</th><th>Agreement</th><th>Both relevant</th><th>Both rejected</th><th>Only A relevant</th><th>Only B relevant</th><th>Same label</th></tr></thead>',
      `<tbody>\n${rows.join('\n')}\n</tbody></table>`,
    ].join('\n')),
    `<p class="muted">${paper}</p>`,
    '</section>',
  ].join('\n');
}

function provenanceSection(data: ReportData): string {
  const q = (name: string) => `<code>swe-future query --named ${name} --study ${data.study.id}</code>`;
  return [
    '<section id="provenance">',
    '<h2>Regenerate these numbers</h2>',
    '<p>Every figure on this page comes from the store through a named query (docs/queries.md lists their SQL):</p>',
    '<ul>',
    `<li>Relevance table, strong rate, abstentions, first chart: ${q('relevance')}</li>`,
    `<li>Coverage column: ${q('coverage')}</li>`,
    `<li>Lift column: ${q('lift')}</li>`,
    `<li>Per-repository chart and later work: ${q('repos')}</li>`,
    `<li>Judge agreement: ${q('agreement')}</li>`,
    `<li>Family cards: ${q('families')} and ${q('matches')}</li>`,
    '</ul>',
    '</section>',
  ].join('\n');
}
