import { beforeAll, expect, test } from 'vitest';
import { loadReportData } from '../../src/report/load.js';
import { escapeHtml } from '../../src/report/html.js';
import { renderReport } from '../../src/report/render.js';
import { openStore } from '../../src/store/open.js';
import { makeStudyDb, XSS_EVIDENCE, XSS_TITLE, type StudyDb } from '../fixtures/study-db.js';

let fixture: StudyDb;
let html: string;

beforeAll(async () => {
  fixture = await makeStudyDb();
  const store = openStore(fixture.file, { readonly: true });
  try {
    html = renderReport(loadReportData(store));
  } finally {
    store.close();
  }
});

/** The text of one `<tr>` whose opening tag carries all these attributes, tags stripped. */
function row(attributes: Record<string, string>): string {
  const open = Object.entries(attributes).map(([k, v]) => `(?=[^>]*data-${k}="${v}")`).join('');
  const match = new RegExp(`<tr${open}[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!match) throw new Error(`no row with ${JSON.stringify(attributes)}`);
  return match[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

test('the header names the study, its repositories, window, judges and stored times', () => {
  expect(html).toContain('<title>swe-future report: dev (study 2)</title>');
  expect(html).toContain('3 (2 done, 1 failed): httpkit, mdtable, ghost');
  expect(html).toContain('6m after T0 (2024-06-01 → 2024-12-01)');
  expect(html).toMatch(/<dt>Judges<\/dt><dd>lexical, embedding<\/dd>/);
  expect(html).toContain('2024-12-10 09:00 UTC'); // created_at
  expect(html).toContain('2024-12-10 09:04 UTC'); // the last finished_at
});

test('the results table has a row per judge, category and forecaster with the hand-computed figures', () => {
  expect(row({ judge: 'lexical', category: 'all', forecaster: 'heuristic' })).toBe(
    'all heuristic 5 3 1 1 80.0% (4/5) 60.0% (3/5) 28.6% (4/14) 0 of 2 +30.0 pts vs hotspot',
  );
  expect(row({ judge: 'lexical', category: 'all', forecaster: 'hotspot' })).toBe('hotspot 2 0 1 1 50.0% (1/2) 0.0% (0/2) 0.0% (0/14) 1 of 2 baseline');
  expect(row({ judge: 'lexical', category: 'bugfix', forecaster: 'heuristic' })).toBe('bugfix heuristic 2 2 0 0 100.0% (2/2) 100.0% (2/2) · · +50.0 pts vs recency');
  expect(row({ judge: 'lexical', category: 'bugfix', forecaster: 'hotspot' })).toBe('hotspot 0 0 0 0 — — · · baseline');
  expect(row({ judge: 'embedding', category: 'feature', forecaster: 'heuristic' })).toBe('feature heuristic 2 0 1 1 50.0% (1/2) 0.0% (0/2) · · −50.0 pts vs hotspot');
  expect(html.match(/<tr class="(forecaster|baseline)"/g)).toHaveLength(2 * 4 * 3);
});

test("the paper's figures sit beside ours, labelled as another repository set", () => {
  expect(row({ source: 'swe-future-paper', category: 'all' }).replace(/\s+/g, ' ')).toBe('SWE-Future paper † (other repos) 260 111 — — 58.1% (151/260) 42.7% (111/260) — 4 of 80 —');
  expect(row({ source: 'swe-future-paper', category: 'bugfix' })).toContain('64.0% (89/139)');
  expect(row({ source: 'swe-future-paper', category: 'feature' })).toContain('48.4% (45/93)');
  expect(row({ source: 'swe-future-paper', category: 'refactor' })).toContain('60.7% (17/28)');
  expect(html).toContain("the paper's numbers on a different repository set");
  expect(html).toContain('83.1% (216/260)');
});

test('one card per family, each with its evidence, verdict per judge and matched later work', () => {
  const cards = html.match(/<article class="card"[^>]*>[\s\S]*?<\/article>/g) ?? [];
  expect(cards).toHaveLength(10);
  const retry = cards.find((c) => c.includes('Fix retry handling in the HTTP client'))!;
  expect(retry).toContain('data-verdict="j0:strong j1:strong"');
  expect(retry).toContain('<code>pr#41</code> <time datetime="2024-05-02T10:00:00.000Z">2024-05-02</time>');
  expect(retry).toContain('Two signals in src/http before T0 &amp; still open.');
  expect(retry.match(/<div class="verdict" data-judge="(\w+)"/g)).toEqual(['<div class="verdict" data-judge="lexical"', '<div class="verdict" data-judge="embedding"']);
  expect(retry).toMatch(/<span class="label related">related<\/span> <code>pr#105<\/code> Log retries at debug level <time[^>]*>merged 2024-07-08<\/time>/);
  expect(html).toContain('<b>hotspot</b> on <b>mdtable</b> abstained: no directory changed often enough before T0');
});

test('text from repositories is escaped everywhere it appears', () => {
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain(escapeHtml(XSS_TITLE));
  expect(html).toContain(escapeHtml(XSS_EVIDENCE));
  // the page's only script is the card filter
  expect(html.match(/<script>/g)).toHaveLength(1);
});

test('the page is self-contained: no external stylesheet, script, image or font', () => {
  expect(html).not.toMatch(/<link\b|<img\b|@import|url\(|src="http|href="http/i);
  expect(html.match(/<svg /g)).toHaveLength(4); // two charts per judge
});

test('the same store gives the same page', () => {
  const store = openStore(fixture.file, { readonly: true });
  try {
    expect(renderReport(loadReportData(store))).toBe(html);
    expect(renderReport(loadReportData(store, fixture.studyId))).toBe(html);
  } finally {
    store.close();
  }
});

test('an older study reports only its own results', () => {
  const store = openStore(fixture.file, { readonly: true });
  try {
    const pilot = renderReport(loadReportData(store, fixture.pilotId));
    expect(pilot).toContain('<title>swe-future report: pilot (study 1)</title>');
    expect(pilot.match(/<article class="card"/g)).toHaveLength(3);
    expect(pilot).toContain('Only one judge ran in this study');
  } finally {
    store.close();
  }
});
