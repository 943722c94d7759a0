import type { TaskFamily } from '../forecast/model.js';
import type { ModelCall } from '../llm/model.js';
import type { WorkItem } from '../sources/model.js';
import type { JudgeName, Verdict } from './model.js';

/**
 * A judge labels each family of a frozen forecast against later work:
 * `strong` (the later work does what the family predicted, in full or in
 * part), `related` (same category and same code area or direction, but
 * different work) or `rejected`. Judges see family text and later work
 * metadata (title, body, changed paths, labels), never patches.
 */
export interface JudgeRequest {
  families: readonly TaskFamily[];
  /** Later work to judge against: merged in (T0, T0 + window], bot work already removed unless asked for. */
  later: readonly WorkItem[];
}

export interface JudgeOutcome {
  /** One verdict per family, in the families' order. */
  verdicts: Verdict[];
  /** Thresholds and settings that produced them, stored with the validation. */
  config: Record<string, unknown>;
  /** Model calls made (prompts and raw responses), for audit; empty for offline judges. */
  calls: ModelCall[];
}

export interface Judge {
  readonly name: JudgeName;
  judge(request: JudgeRequest): Promise<JudgeOutcome>;
}
