import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDemoRepo, DEMO_T0 } from '../demo/scenario.js';
import { SYNTHETIC_AGENT, syntheticRunReports } from '../demo/synthetic-agent.js';
import type { Forecast } from '../forecast/model.js';
import { silentProgress, type Progress } from '../progress.js';
import type { Snapshot } from '../snapshot/model.js';
import { loadForecast } from '../store/forecasts.js';
import { openStore } from '../store/open.js';
import { loadSnapshot } from '../store/snapshots.js';
import { DEFAULT_FORECASTERS } from '../study/model.js';
import { DEFAULT_JUDGE } from '../validate/model.js';
import { calibrateResults, type CalibrateResult } from './calibrate.js';
import { exportTasks, type ExportResult } from './export.js';
import { writeReport } from './report.js';
import { runStudy, type StudyRunResult } from './study.js';
import { synthesizeTasks, type SynthesizeResult } from './synthesize.js';

export interface DemoOptions {
  /** Folder that keeps everything the demo makes; default a new temporary folder. */
  out?: string;
  progress?: Progress;
}

export interface DemoResult {
  out: string;
  repo: string;
  db: string;
  /** The one-repository study the demo runs: snapshot, every offline forecaster, the default (semantic) judge and the lexical one beside it. */
  study: StudyRunResult;
  snapshot: Snapshot & { id: number };
  /** The heuristic forecaster's frozen forecast. */
  forecast: Forecast & { id: number };
  /** DIR/report/index.html */
  report: string;
  /** Task specs synthesized at HEAD (template backend) from the heuristic forecast's validation. */
  synthesis: SynthesizeResult;
  /** The synthesis exported as SWE-bench JSONL with its repository bundle, in DIR/export/. */
  export: ExportResult;
  /** A synthetic agent's results on the exported tasks (SWE-bench run reports in DIR/agent-results/), calibrated. */
  calibration: CalibrateResult;
  /** The next round: the same validation synthesized again under that calibration. */
  nextRound: SynthesizeResult;
}

/**
 * Builds the demo repository and runs every pipeline stage on it, keeping all
 * it makes in one folder (the CLI contract's layout): repo/, swe-future.db,
 * snapshots/, study.json (the config of the demo's study), report/index.html,
 * export/ (task specs synthesized at HEAD from the heuristic forecast's
 * validation, as SWE-bench JSONL with the repository bundle), and
 * agent-results/ (a synthetic agent's SWE-bench run reports on those tasks,
 * calibrated into the next round's allocation).
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const progress = options.progress ?? silentProgress;
  const out = options.out ? resolve(options.out) : mkdtempSync(join(tmpdir(), 'swe-future-demo-'));
  mkdirSync(out, { recursive: true });
  const repo = join(out, 'repo');
  const db = join(out, 'swe-future.db');

  progress.stage('building the demo repository');
  await buildDemoRepo(repo);
  const config = join(out, 'study.json');
  // The demo's planted streams are lines of fixes and features that name no instance to add: loose directions, held
  // back by a default forecast (spec30, docs/forecast.md "What is shown"). The demo shows them, after the checkable
  // family (the two best: the parser and retry lines), so its synthesis and calibration have the planted work to start from.
  const studyConfig = { name: 'demo', window: '6m', repos: [{ path: 'repo', t0: DEMO_T0, name: 'demo' }], forecasters: [...DEFAULT_FORECASTERS], judges: [DEFAULT_JUDGE, 'lexical'], maxLoose: 2 };
  writeFileSync(config, `${JSON.stringify(studyConfig, null, 2)}\n`);
  const study = await runStudy({ db, config, jobs: 1, progress });
  const validationId = heuristicValidation(db, study.id);
  const synthesis = await synthesizeTasks({ db, validation: validationId, tgen: 'HEAD', backend: 'template', progress });
  const exported = await exportTasks({ db, format: 'swebench', out: join(out, 'export'), synthesis: synthesis.id, progress });

  // One calibration round: a synthetic agent's SWE-bench run reports on the exported tasks, then the next round under it.
  progress.stage('calibrating against a synthetic agent');
  const agentDir = join(out, 'agent-results');
  mkdirSync(agentDir, { recursive: true });
  const exportedIds = synthesis.synthesis.tasks.filter((t) => t.status !== 'rejected').map((t) => t.instanceId);
  const results = syntheticRunReports(exportedIds).map(({ file, report }) => {
    writeFileSync(join(agentDir, file), `${JSON.stringify(report, null, 4)}\n`);
    return join(agentDir, file);
  });
  const calibration = await calibrateResults({ db, results, synthesis: synthesis.id, agent: SYNTHETIC_AGENT.model });
  // The next round doubles the set, so the calibrated split shows (three tasks over three categories stay one each).
  const nextRound = await synthesizeTasks({ db, validation: validationId, tgen: 'HEAD', backend: 'template', calibration: calibration.id, total: 2 * synthesis.synthesis.tasks.length, progress });
  const report = await writeReport({ db, study: study.id, out: join(out, 'report') });

  // Opened writable on purpose: the last connection to close checkpoints the WAL, leaving one tidy file.
  const store = openStore(db);
  try {
    const row = study.repos[0];
    if (!row || row.status !== 'done' || row.snapshotId === null) throw new Error(`The demo study did not complete: ${row?.error ?? 'no repository row'}`);
    const forecastId = store.db
      .prepare<[number], number>("SELECT forecast_id FROM study_results WHERE study_id = ? AND forecaster = 'heuristic' LIMIT 1")
      .pluck()
      .get(study.id)!;
    return {
      out,
      repo,
      db,
      study,
      snapshot: { ...loadSnapshot(store, row.snapshotId), id: row.snapshotId },
      forecast: loadForecast(store, forecastId),
      report: report.path,
      synthesis,
      export: exported,
      calibration,
      nextRound,
    };
  } finally {
    store.close();
  }
}

/** The default judge's validation of the demo study's heuristic forecast. */
function heuristicValidation(db: string, studyId: number): number {
  const store = openStore(db, { readonly: true });
  try {
    const id = store.db
      .prepare<[number, string], number>("SELECT validation_id FROM study_results WHERE study_id = ? AND forecaster = 'heuristic' AND judge = ? LIMIT 1")
      .pluck()
      .get(studyId, DEFAULT_JUDGE);
    if (id === undefined) throw new Error('The demo study has no validation of the heuristic forecast');
    return id;
  } finally {
    store.close();
  }
}
