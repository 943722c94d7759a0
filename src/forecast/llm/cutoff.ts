import { UserError } from '../../errors.js';
import { parseDate } from '../../time.js';

export interface CutoffSettings {
  /** The model's knowledge (training data) cutoff, ISO 8601; null when unknown. */
  cutoff: string | null;
  /** Run even when the cutoff is unknown or not before T0 (the forecast is then not leakage-free). */
  allowModelAfterT0: boolean;
}

/**
 * The model-cutoff guard. A model trained on data from after T0 may have seen
 * the very pull requests it is asked to forecast, which no prompt discipline
 * can undo; so the llm forecaster refuses unless the model's cutoff is known
 * and before T0, or the user explicitly accepts the leak. Pure; throws
 * UserError LLM_CUTOFF_REQUIRED, LLM_CUTOFF_AFTER_T0, or BAD_DATE for an
 * unreadable cutoff.
 */
export function checkModelCutoff(settings: CutoffSettings, t0: string): void {
  const cutoff = settings.cutoff === null ? null : parseDate(settings.cutoff, '--llm-cutoff');
  if (settings.allowModelAfterT0) return;
  const t0Day = new Date(t0).toISOString().slice(0, 10);
  if (cutoff === null) {
    throw new UserError(
      'LLM_CUTOFF_REQUIRED',
      `The llm forecaster needs the model's knowledge cutoff to rule out that it was trained on work after T0 ${t0Day}`,
      `Pass --llm-cutoff DATE (the model's training-data cutoff, before ${t0Day}), or --allow-model-after-t0 to run without that guarantee.`,
    );
  }
  if (Date.parse(cutoff) >= Date.parse(t0)) {
    throw new UserError(
      'LLM_CUTOFF_AFTER_T0',
      `The model's knowledge cutoff ${cutoff.slice(0, 10)} is not before T0 ${t0Day}, so it may have seen the work it is asked to forecast`,
      `Pick a T0 after ${cutoff.slice(0, 10)} or a model with an earlier --llm-cutoff, or pass --allow-model-after-t0 to run anyway (the forecast is then not leakage-free).`,
    );
  }
}
