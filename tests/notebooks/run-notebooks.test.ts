import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { TaskFamily } from '../../src/forecast/model.js';
import { runNamedQuery } from '../../src/queries/run.js';
import { fraction } from '../../src/report/html.js';
import { loadReportData } from '../../src/report/load.js';
import { WorkItem } from '../../src/sources/model.js';
import { LabelledPair } from '../../src/validate/pairs.js';
import { openStore } from '../../src/store/open.js';
import { tempDir } from '../fixtures/repo.js';
import { T0, writeStudyDb, XSS_TITLE, type StudyDb } from '../fixtures/study-db.js';
import { addTaskSet } from '../fixtures/task-set-db.js';
import { codeCells, missingTools, NOTEBOOKS, outputsOf, readNotebook, ROOT, tableHtml, tableRows, text, type Notebook } from './executed-notebooks.js';

/**
 * Executes every notebook headless and offline with scripts/run-notebooks.sh
 * (nbconvert on the Deno kernel, then `deno check` of the exported scripts)
 * against the hand-built study of tests/fixtures/study-db.ts, and compares
 * what the notebooks show with the named queries and the report on the same
 * database. Skipped, saying what is missing, without Deno or nbconvert.
 */
const missing = missingTools();
if (missing.length > 0) console.warn(`Notebook tests skipped: ${missing.join(' and ')} missing.`);

describe.skipIf(missing.length > 0)('notebooks executed against a study database', () => {
  let fixture: StudyDb;
  let out: string;
  let run: { status: number | null; stdout: string; stderr: string };
  const executed = new Map<string, Notebook>();
  const notebook = (name: string) => executed.get(name) ?? (() => { throw new Error(`${name} was not executed`); })();

  beforeAll(async () => {
    const dir = await tempDir('swe-future-notebooks-');
    fixture = writeStudyDb(join(dir, 'study.db'));
    addTaskSet(fixture);
    out = join(dir, 'out');
    const result = spawnSync('bash', [join(ROOT, 'scripts/run-notebooks.sh'), '--db', fixture.file, '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SWE_FUTURE_AUDIT_PER_STRATUM: '3' },
      // Setup alone took ~100 s under the whole suite on a loaded host (eval/results/quality57.md): a limit, not a timing assert.
      timeout: 300_000,
    });
    run = { status: result.status, stdout: result.stdout, stderr: result.stderr };
    for (const file of NOTEBOOKS) {
      try {
        executed.set(file.replace(/\.ipynb$/, ''), readNotebook(join(out, file)));
      } catch {
        // Reported by the first test.
      }
    }
  }, 310_000);

  test('every notebook runs with no failing cell and its exported script passes deno check', () => {
    expect(run.stdout.trim().split('\n').at(-1), run.stdout + run.stderr).toBe(`${NOTEBOOKS.length} passed, 0 failed`);
    expect(run.status).toBe(0);
    for (const file of NOTEBOOKS) {
      const nb = notebook(file.replace(/\.ipynb$/, ''));
      for (const cell of codeCells(nb)) {
        expect(cell.execution_count, text(cell.source)).toBeTypeOf('number');
        expect((cell.outputs ?? []).filter((o) => o.output_type === 'error' || o.name === 'stderr'), `${file}: ${text(cell.source).slice(0, 80)}`).toEqual([]);
      }
    }
  });

  test('every table and chart a notebook displays reaches its executed copy', () => {
    const names = (nb: Notebook) => outputsOf(nb).flatMap((o) => (o.data?.['application/vnd.swe-future.rows+json'] as { name: string } | undefined)?.name ?? []);
    const svgs = (nb: Notebook) => outputsOf(nb).filter((o) => text(o.data?.['image/svg+xml']).startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
    expect(names(notebook('study-overview'))).toEqual(['results', 'strictness', 'coverage', 'agreement', 'repos']);
    expect(svgs(notebook('study-overview'))).toHaveLength(2);
    expect(names(notebook('family-audit'))).toEqual(['families', 'strata', 'sample']);
    expect(outputsOf(notebook('family-audit')).some((o) => text(o.data?.['text/html']).includes('<article class="card"'))).toBe(true);
    expect(names(notebook('task-set'))).toEqual(['mix', 'task_families', 'task_allocation', 'tasks', 'task_rejections']);
    expect(svgs(notebook('task-set'))).toHaveLength(3);
  });

  test("the overview's pooled relevance equals the report's for the same database", () => {
    const store = openStore(fixture.file);
    try {
      const report = loadReportData(store).relevance.filter((r) => r.category === 'all');
      const shown = tableRows(notebook('study-overview'), 'results').filter((r) => r.category === 'all');
      const figures = (r: Record<string, unknown>) => ({
        study: r.study, forecaster: r.forecaster, judge: r.judge, families: r.families, strong: r.strong, related: r.related, relevance: r.relevance, strong_rate: r.strong_rate,
      });
      expect(report.length).toBe(6);
      expect(shown.map(figures)).toEqual(report.map(figures));
      const html = tableHtml(notebook('study-overview'), 'results');
      for (const r of report) expect(html).toContain(fraction(r.strong + r.related, r.families));
    } finally {
      store.close();
    }
  });

  test("the overview's tables hold the named queries' rows for the study the report shows", () => {
    const store = openStore(fixture.file);
    try {
      const named = (name: string) => runNamedQuery(store, name, { study: fixture.studyId });
      const nb = notebook('study-overview');
      const results = tableRows(nb, 'results');
      expect(results.map((r) => Object.fromEntries(Object.keys(named('relevance')[0]!).map((k) => [k, r[k]])))).toEqual(named('relevance'));
      for (const l of named('lift')) {
        const row = results.find((r) => r.forecaster === l.forecaster && r.judge === l.judge && r.category === l.category);
        expect({ lift: row?.lift, best_baseline: row?.best_baseline }).toEqual({ lift: l.lift, best_baseline: l.best_baseline });
      }
      expect(tableRows(nb, 'coverage')).toEqual(named('coverage'));
      const agreement = tableRows(nb, 'agreement');
      expect(agreement.map((r) => Object.fromEntries(Object.keys(named('agreement')[0]!).map((k) => [k, r[k]])))).toEqual(named('agreement'));
      // Cohen's kappa on relevant vs rejected, from judgeAgreement. Heuristic's 5 families: both relevant 3, both
      // rejected 1, only lexical relevant 1; po = 4/5, pe = 3/5 * 4/5 + 2/5 * 1/5 = 14/25, kappa = (20 - 14) / (25 - 14).
      const heuristic = agreement.find((r) => r.forecaster === 'heuristic')!;
      expect(heuristic.kappa).toBeCloseTo(6 / 11, 10);
      const repos = named('repos').filter((r) => r.forecaster !== null);
      expect(tableRows(nb, 'repos').map((r) => ({ repo: r.repo, forecaster: r.forecaster, judge: r.judge, families: r.families, relevance: r.relevance }))).toEqual(
        repos.map((r) => ({ repo: r.repo, forecaster: r.forecaster, judge: r.judge, families: r.families, relevance: r.relevance })),
      );
    } finally {
      store.close();
    }
  });

  test("the task set's tables hold the task queries' rows", () => {
    const store = openStore(fixture.file);
    try {
      const nb = notebook('task-set');
      for (const name of ['task_families', 'task_allocation', 'tasks', 'task_rejections']) {
        expect(tableRows(nb, name), name).toEqual(runNamedQuery(store, name, { study: fixture.studyId }));
      }
      expect(tableRows(nb, 'task_families').map((r) => [r.family, r.tasks])).toEqual([['F1', 3], ['F2', 1], ['F1', 1], ['F2', 0]]);
    } finally {
      store.close();
    }
  });

  test('text from a repository reaches the notebooks escaped', () => {
    const html = outputsOf(notebook('family-audit')).map((o) => text(o.data?.['text/html'])).join('\n');
    expect(html).toContain('Escape &lt;script&gt;alert(1)&lt;/script&gt; in cell rendering');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(outputsOf(notebook('family-audit')).some((o) => text(o.data?.['text/plain']).includes(XSS_TITLE))).toBe(true);
  });

  test('the audit sample is a pairs file in the labelled-pairs format, blind to the judge, and a key joined to it by id', () => {
    const lines = (file: string) => readFileSync(join(out, 'audit', file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const pairs = lines(`study-${fixture.studyId}-pairs.jsonl`);
    const key = lines(`study-${fixture.studyId}-key.jsonl`);
    expect(pairs.map((p) => p.id)).toEqual(key.map((k) => k.id));
    for (const p of pairs) {
      // The keys of eval/pairs/*.jsonl, with label and reason left for a person to fill in.
      expect(Object.keys(p).sort()).toEqual(['family', 'id', 'item', 'label', 'reason', 'repo', 'source', 'split', 't0']);
      expect([p.label, p.reason, p.split, p.t0]).toEqual([null, null, 'held', T0]);
      const family = TaskFamily.parse(p.family);
      const item = WorkItem.parse(p.item);
      expect(p.id).toBe(`${p.repo}/${p.source}/${family.id}/${item.key}`);
      expect(item.bot).toBe(false);
      // Once a person has labelled it, judge-eval reads it.
      expect(() => LabelledPair.parse({ ...p, label: 'related', reason: 'same direction of work' })).not.toThrow();
    }
    const strata = tableRows(notebook('family-audit'), 'strata');
    // The audited judge is the config's first, lexical; its matches in the fixture's PLAN: 4 strong and 5 related
    // (family, work item) pairs; every other pair of a family and a later work item of its repository is unmatched.
    expect(strata).toEqual([
      { stratum: 'strong', candidates: 4, drawn: 3 },
      { stratum: 'related', candidates: 5, drawn: 3 },
      { stratum: 'unmatched', candidates: expect.any(Number), drawn: 3 },
    ]);
    expect(key.filter((k) => k.stratum === 'strong').every((k) => k.judge === 'lexical' && typeof k.judge_score === 'number')).toBe(true);
  });

  test('a notebook refuses a store whose schema is older than the checkout, saying how to upgrade it', async () => {
    const dir = await tempDir('swe-future-old-schema-');
    const old = writeStudyDb(join(dir, 'old.db'));
    const store = openStore(old.file);
    const latest = store.db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number };
    store.db.prepare('DELETE FROM schema_migrations WHERE version = ?').run(latest.v);
    store.close();
    const script = join(ROOT, 'notebooks', `.check-open-${process.pid}.ts`);
    writeFileSync(script, "import { openStudyDb } from './lib/study-db.ts';\nopenStudyDb();\n");
    try {
      const opened = spawnSync(join(ROOT, 'node_modules/.bin/deno'), ['run', '--allow-all', script], {
        cwd: join(ROOT, 'notebooks'),
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', SWE_FUTURE_DB: old.file },
      });
      expect(opened.status).not.toBe(0);
      expect(opened.stderr).toContain(`has schema version ${latest.v - 1}, older than this swe-future's ${latest.v}`);
      expect(opened.stderr).toContain('which upgrades it');
    } finally {
      rmSync(script, { force: true });
    }
  });

  test('the deno check pass catches a named import that does not exist, which the kernel would run as undefined', () => {
    const script = join(ROOT, 'notebooks', `.check-test-${process.pid}.ts`);
    const source = codeCells(readNotebook(join(ROOT, 'notebooks/study-overview.ipynb'))).map((c) => text(c.source)).join('\n\n');
    writeFileSync(script, source.replace('import { countLabels }', 'import { countLabel }'));
    try {
      const check = spawnSync(join(ROOT, 'node_modules/.bin/deno'), ['check', '--quiet', script], { cwd: join(ROOT, 'notebooks'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(check.status).not.toBe(0);
      expect(check.stderr).toContain("has no exported member named 'countLabel'");
    } finally {
      rmSync(script, { force: true });
    }
  });
});
