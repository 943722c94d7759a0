import { calibrationSection } from './calibration-section.js';
import { familySection, FILTER_SCRIPT } from './cards.js';
import { isBaseline } from '../forecast/model.js';
import { chartKey, forecasterChart, repositoryChart } from './figures.js';
import { day, escapeHtml as e, fraction, fractionWithWilson, minute, withCi } from './html.js';
import type { ReportData } from './model.js';
import { PUBLISHED } from './published.js';
import { rankedSection } from './ranked.js';
import { resultsTable } from './results.js';
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
    `<title>swe-future report: ${e(s.name)}${s.id === 0 ? '' : ` (study ${s.id})`}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    header(data),
    '<main>',
    resultsSection(data),
    chartsSection(data),
    rankedSection(data),
    publishedSection(),
    repositorySection(data),
    agreementSection(data),
    familySection(data),
    calibrationSection(data.calibration, data.study.id),
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
    s.id === 0 ? '<h1>Stand-alone validations</h1>' : `<h1>Study “${e(s.name)}” <span class="id">#${s.id}</span></h1>`,
    '<p class="lede">Task families forecast from what each repository showed at its cutoff T0, frozen, then judged against the work merged in the window after T0.</p>',
    s.id === 0 ? '<p class="lede">This store holds no study: each validated snapshot is one repository here, with the latest validation of each forecaster and judge (docs/queries.md).</p>' : '',
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
  const repos = data.study.repos.filter((r) => r.status === 'done').length;
  return [
    '<section id="results">',
    '<h2>Future-work relevance</h2>',
    `<p><b>Relevance</b> = (strong + related) / families, pooled over the ${repos} repositor${repos === 1 ? 'y' : 'ies'} done; <b>strong rate</b> = strong / families; <b>coverage</b> = later non-bot work items that some family matched strong / all later non-bot work items; <b>lift</b> = relevance minus the best baseline's relevance in the same category. Each rate shows its 95% interval in brackets (Wilson) and the counts it rests on; lift's interval is a paired bootstrap over the repositories (docs/study.md). Read the intervals before the point figures: few families make wide intervals.</p>`,
    tables.length ? tables.join('\n') : '<p class="none">No results stored for this study yet.</p>',
    '</section>',
  ].join('\n');
}

function publishedSection(): string {
  const p = PUBLISHED;
  return [
    '<section id="published" class="published">',
    '<h2>Published SWE-Future figures<sup>†</sup></h2>',
    `<p>As reported for ${e(p.source)}: its own forecaster and judge on its own ${p.repositories} repositories (${p.abstained} abstained, ${p.families} families). These are <b>the paper's numbers on a different repository set</b>, shown for orientation only: they are in this box and nowhere else on the page, since a row beside this study's would invite a comparison the two repository sets do not support.</p>`,
    '<dl class="facts">',
    `<dt>Future-work relevance</dt><dd>${fractionWithWilson(p.relevance.n, p.relevance.of)}</dd>`,
    `<dt>Strong only</dt><dd>${fractionWithWilson(p.strong.n, p.strong.of)}</dd>`,
    `<dt>Judge agreement (relevant vs rejected)</dt><dd>${fractionWithWilson(p.agreement.n, p.agreement.of)}</dd>`,
    `<dt>Per type</dt><dd>bugfix ${fractionWithWilson(p.perCategory.bugfix.n, p.perCategory.bugfix.of)}, feature ${fractionWithWilson(p.perCategory.feature.n, p.perCategory.feature.of)}, refactor ${fractionWithWilson(p.perCategory.refactor.n, p.perCategory.refactor.of)}<sup>‡</sup></dd>`,
    `<dt>Repositories with a relevant family</dt><dd>${fractionWithWilson(p.relevantRepositories, p.repositories)}</dd>`,
    '</dl>',
    '<p class="muted">† Secondary reports of arXiv 2606.18733 (see docs/queries.md). ‡ Refactor 17/28 is inferred by subtraction (151 − 89 − 45), not reported. Brackets: 95% Wilson intervals computed here from the counts (the paper gives none); its families come from 80 repositories and are not independent, so these are narrower than a bootstrap over its repositories would be.</p>',
    '</section>',
  ].join('\n');
}

function chartsSection(data: ReportData): string {
  const judges = data.study.judges;
  const key = chartKey(data.study.forecasters);
  return [
    '<section id="charts">',
    '<h2>Forecaster vs baselines</h2>',
    '<p>Bar length is relevance in percent of the families, per category; the whisker is its 95% interval.</p>',
    key,
    `<div class="figures">${judges.map((j, i) => `<figure><figcaption>Judge ${e(j)}</figcaption>${forecasterChart(data, j, i)}</figure>`).join('\n')}</div>`,
    '<h2>Per repository</h2>',
    key,
    `<div class="figures">${judges.map((j, i) => `<figure><figcaption>Judge ${e(j)}</figcaption>${repositoryChart(data, j, i)}</figure>`).join('\n')}</div>`,
    '</section>',
  ].join('\n');
}

function repositorySection(data: ReportData): string {
  const rows = data.study.repos.map((r) => {
    const later = data.repos.find((x) => x.repo_ord === r.ord && x.later_work !== null)?.later_work;
    return `<tr data-repo="${e(r.name)}"><td data-label="#">${r.ord}</td><th scope="row" class="name" data-label="Name">${e(r.name)}</th><td data-label="Path"><code>${e(r.path)}</code></td><td data-label="T0">${e(day(r.t0))}</td><td data-label="Status" class="status-${e(r.status)}">${e(r.status)}</td><td data-label="Later work">${later ?? '—'}</td><td data-label="Finished">${e(minute(r.finished_at))}</td><td data-label="Error">${e(r.error ?? '')}</td></tr>`;
  });
  return [
    '<section id="repositories">',
    '<h2>Repositories</h2>',
    scrollable('Repositories', [
      '<table class="repos reflow"><thead><tr><th>#</th><th>Name</th><th>Path</th><th>T0</th><th>Status</th><th>Later work</th><th>Finished</th><th>Error</th></tr></thead>',
      `<tbody>\n${rows.join('\n')}\n</tbody></table>`,
    ].join('\n')),
    '</section>',
  ].join('\n');
}

function agreementSection(data: ReportData): string {
  if (data.agreement.length === 0) {
    return '<section id="agreement"><h2>Judge agreement</h2><p>Only one judge ran in this study; agreement needs two (list more under "judges" in the study config).</p></section>';
  }
  const cell = (label: string, content: string | number, cls = '') => `<td${cls ? ` class="${cls}"` : ''} data-label="${label}">${content}</td>`;
  const rows = data.agreement.map((a) =>
    [
      `<tr data-forecaster="${e(a.forecaster)}">`,
      `<th scope="row" class="name" data-label="Forecaster">${e(a.forecaster)}</th>`,
      cell('Judges (A / B)', `${e(a.judge_a)} / ${e(a.judge_b)}`),
      cell('Families', a.families),
      cell('Agreement', withCi(fraction(a.agree, a.families), a.agreement_low, a.agreement_high), 'rate'),
      cell('Both relevant', a.both_relevant),
      cell('Both rejected', a.both_rejected),
      cell('Only A relevant', a.only_a),
      cell('Only B relevant', a.only_b),
      cell('Same label', fractionWithWilson(a.same_label, a.families), 'rate'),
      '</tr>',
    ].join(''),
  );
  return [
    '<section id="agreement">',
    '<h2>Judge agreement</h2>',
    '<p>Two judges on the same frozen families: agreement on relevant (strong or related) vs rejected, with its 95% Wilson interval and the counts behind it; "same label" also requires strong vs related to match (also with its Wilson interval over the families).</p>',
    scrollable('Judge agreement', [
      '<table class="agreement reflow"><thead><tr><th>Forecaster</th><th>Judges (A / B)</th><th>Families</th><th>Agreement</th><th>Both relevant</th><th>Both rejected</th><th>Only A relevant</th><th>Only B relevant</th><th>Same label</th></tr></thead>',
      `<tbody>\n${rows.join('\n')}\n</tbody></table>`,
    ].join('\n')),
    '</section>',
  ].join('\n');
}

function provenanceSection(data: ReportData): string {
  // Study 0 (the stand-alone validations) is what a named query reads with no --study, in a store without studies.
  const q = (name: string) => `<code>swe-future query --named ${name}${data.study.id === 0 ? '' : ` --study ${data.study.id}`}</code>`;
  return [
    '<section id="provenance">',
    '<h2>Regenerate these numbers</h2>',
    '<p>Every figure on this page comes from the store through a named query (docs/queries.md lists their SQL):</p>',
    '<ul>',
    `<li>Relevance table, strong rate, abstentions, first chart, with their intervals: ${q('relevance')}</li>`,
    `<li>Coverage column: ${q('coverage')}</li>`,
    `<li>Lift column: ${q('lift')}</li>`,
    `<li>Per-repository chart and later work: ${q('repos')}</li>`,
    `<li>Judge agreement: ${q('agreement')}</li>`,
    `<li>Ranked output (strong@k, relevant@k, coverage@k): ${q('at_k')}; reliability bins: ${q('reliability')}</li>`,
    `<li>Family cards: ${q('families')} and ${q('matches')}</li>`,
    '</ul>',
    '</section>',
  ].join('\n');
}

/**
 * Wraps a table in a box that scrolls sideways on its own, so a table wider
 * than the screen never widens the page. Focusable, so the keyboard can scroll it.
 */
function scrollable(label: string, table: string): string {
  return `<div class="table-scroll" role="region" tabindex="0" aria-label="${e(label)}">\n${table}\n</div>`;
}
