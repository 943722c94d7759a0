import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import { verifyForecast } from '../forecast/freeze.js';
import { contentHash } from '../hash.js';
import { silentProgress, type Progress } from '../progress.js';
import { loadForecast } from '../store/forecasts.js';
import { openStore } from '../store/open.js';
import { forecastOrigin, historyEnd, loadValidation, saveValidation } from '../store/validations.js';
import { readJudgeRequest } from './judge-request.js';
import type { AddedIdentifiersMemo } from '../git/added-identifiers.js';
import { addDuration, DAY_MS, parseDuration } from '../time.js';
import type { Judge } from '../validate/judge.js';
import type { EmbeddingCache } from '../validate/judges/embedding.js';
import { createEmbeddingCache } from '../store/embedding-cache.js';
import { createLexicalJudge } from '../validate/lexical.js';
import { computeMetrics } from '../validate/metrics.js';
import { DEFAULT_JUDGE, isOfflineJudge, type JudgeName, type NetworkJudgeName, type Validation } from '../validate/model.js';
import { createSemanticJudge } from '../validate/semantic/judge.js';

export interface ValidateOptions {
  db: string;
  forecast: number;
  /** Default 6m. */
  window?: string;
  /** Default semantic (offline; docs/judging.md says why). */
  judge?: JudgeName;
  /** Judge bot/dependency work too (default: left out, counted apart). */
  includeBots?: boolean;
  /**
   * Builds the network judges (embedding, llm); the CLI passes one made from its
   * --llm-* / --embedding-* flags. It gets the store's embedding cache.
   */
  networkJudge?: (name: NetworkJudgeName, deps: { embeddingCache: EmbeddingCache }) => Judge;
  /** Told when the semantic judge builds its word-vector table (once per machine); the CLI prints it on stderr. */
  onVectorBuild?: (message: string) => void;
  progress?: Progress;
  now?: Date;
  /**
   * What later commits of this forecast's clone added, kept across validations (a study validates each
   * repository's window once per forecaster and judge: src/api/study-repo.ts passes one per repository).
   */
  addedMemo?: AddedIdentifiersMemo;
}

export interface ValidateResult {
  id: number;
  reused: boolean;
  validation: Validation;
  /** The validated forecast's forecaster and snapshot (the CLI names them in its next-step hint). */
  forecaster: string;
  snapshotId: number;
  /** Things the user should know that do not stop the validation (printed on stderr by the CLI). */
  warnings: string[];
}

const STALE_AFTER_MS = 30 * DAY_MS;

/**
 * Judges a frozen forecast against the work merged in (T0, T0 + window].
 * Refuses a forecast whose hash no longer matches its content, and a window
 * that has not ended yet (its later work is not all known).
 */
export async function validateForecast(options: ValidateOptions): Promise<ValidateResult> {
  const progress = options.progress ?? silentProgress;
  const windowText = options.window ?? '6m';
  const window = parseDuration(windowText, '--window');
  const judgeName = options.judge ?? DEFAULT_JUDGE;
  if (!isOfflineJudge(judgeName) && !options.networkJudge) {
    throw new UserError('JUDGE_NOT_CONFIGURED', `The ${judgeName} judge needs a model endpoint`, 'Pass `networkJudge`, a function that builds it.');
  }

  if (!existsSync(options.db)) {
    // Refused before the store is opened: opening it would leave an empty store behind.
    throw new UserError('FORECAST_NOT_FOUND', `There is no forecast ${options.forecast}: there is no store at ${options.db}`, 'Forecast first (swe-future forecast --repo PATH --t0 DATE), or pass the --db that holds it.');
  }
  const store = openStore(options.db);
  try {
    const judge =
      judgeName === 'lexical' ? createLexicalJudge()
      : judgeName === 'semantic' ? createSemanticJudge({ onBuild: options.onVectorBuild })
      : options.networkJudge!(judgeName, { embeddingCache: createEmbeddingCache(store) });
    const forecast = loadForecast(store, options.forecast);
    verifyForecast(forecast);
    const origin = forecastOrigin(store, options.forecast)!;
    const windowEnd = addDuration(origin.t0, window);
    if (Date.parse(windowEnd) > (options.now ?? new Date()).getTime()) {
      throw new UserError('WINDOW_OPEN', `The validation window ends ${windowEnd.slice(0, 10)}, which has not come yet`, 'Pass a shorter --window, or validate a forecast with an earlier T0.');
    }
    // A clone fetched before the window ended misses later work; a quiet repository looks the same, so warn only.
    const warnings: string[] = [];
    const minedUntil = historyEnd(store, origin.repoId);
    if (minedUntil !== null && Date.parse(windowEnd) - Date.parse(minedUntil) > STALE_AFTER_MS) {
      warnings.push(
        `the mined history ends ${minedUntil.slice(0, 10)}, more than 30 days before the window ends ${windowEnd.slice(0, 10)}: ` +
          'if the clone is stale, fetch it and run swe-future snapshot again (it mines only the new commits)',
      );
    }

    // The later work, what each change's diff added and the quoted pre-T0 work's files (src/api/judge-request.ts).
    const { later, request } = await readJudgeRequest(store, forecast.families, origin, { windowEnd, includeBots: options.includeBots ?? false, addedMemo: options.addedMemo, progress });
    const { added, quoted, quotedDefines } = request;
    progress.stage(`judging ${forecast.families.length} families against ${later.judged.length} later work items (${judgeName})`);
    const outcome = await judge.judge(request);
    const validation: Validation = {
      forecastId: options.forecast,
      forecastHash: forecast.hash,
      judge: judgeName,
      judgeConfig: outcome.config,
      window: windowText,
      windowStart: origin.t0,
      windowEnd,
      excludeBots: !(options.includeBots ?? false),
      verdicts: outcome.verdicts,
      metrics: computeMetrics({ verdicts: outcome.verdicts, abstained: forecast.abstained, judged: later.judged, bots: later.bots, byKind: later.byKind }),
    };
    // What the diffs added is an input too: the same forecast judged with and without the clone's blobs is judged anew.
    const hash = contentHash({ forecastHash: forecast.hash, judge: judgeName, config: outcome.config, window: windowText, excludeBots: validation.excludeBots, laterWork: later.judged.map((i) => i.key), added: contentHash(added), quoted: contentHash(quoted), quotedDefines: contentHash(quotedDefines) });
    const saved = saveValidation(store, validation, hash, outcome.calls);
    return { ...saved, warnings, forecaster: forecast.forecaster, snapshotId: origin.snapshotId, validation: saved.reused ? loadValidation(store, saved.id) : validation };
  } finally {
    progress.done();
    store.close();
  }
}
