import type { TaskFamily } from '../family/model.js';
import type { ModelCall } from '../llm/model.js';
import type { WorkItem } from '../sources/model.js';
import type { PairSignals } from './judges/shared.js';
import type { JudgeName, Match, Verdict } from './model.js';

/**
 * A judge labels each family of a frozen forecast against later work:
 * `strong` (the later work does what the family predicted, in full or in
 * part), `related` (the same direction of work, but a different change;
 * the same code area alone is not enough) or `rejected`. Judges see family text and later work
 * metadata (title, body, changed paths, labels), never patches.
 */
export interface JudgeRequest {
  families: readonly TaskFamily[];
  /** Later work to judge against: merged in (T0, T0 + window], bot work already removed unless asked for. */
  later: readonly WorkItem[];
  /**
   * What each later item's diff did, by item key, where the clone has it (src/git/added-identifiers.ts
   * readDefinedIdentifiers): the names it defines, `removed:<name>` for definitions it removes, and
   * `runtime:+python:3.13` / `runtime:-python:3.8` for runtime versions its declarations gain or lose. Judges never run git.
   */
  added?: Readonly<Record<string, readonly string[]>>;
  /**
   * The files each pre-T0 work item the families quote changed, by its ref (`pr#6081`, `commit:<sha>`: the families'
   * `work_item` evidence), where the store or the clone has it: a later change in those files may continue the quoted
   * work, with a shared direction besides (src/validate/judges/quoted-files.ts). Judges never run git.
   */
  quoted?: Readonly<Record<string, readonly string[]>>;
  /**
   * The names each quoted pre-T0 work item defines (its diff's definitions, as `added` reads a later item's: plain names
   * only), by its ref, where the clone has it: a later change rewriting one of those definitions works on that very
   * work (src/validate/judges/quoted-definitions.ts). Judges never run git.
   */
  quotedDefines?: Readonly<Record<string, readonly string[]>>;
  /**
   * The families whose lead TODO/FIXME note (or stated limitation) still stands, unchanged, in the tree of the window's
   * last change, by family id, with the note's text (src/api/standing-notes.ts): no later change did their work
   * (src/validate/judges/standing-note.ts). Read from the clone by validation; judges never run git.
   */
  standing?: Readonly<Record<string, string>>;
}

export interface JudgeOutcome {
  /** One verdict per family, in the families' order. */
  verdicts: Verdict[];
  /** Thresholds and settings that produced them, stored with the validation. */
  config: Record<string, unknown>;
  /** Model calls made (prompts and raw responses), for audit; empty for offline judges. */
  calls: ModelCall[];
}

/** Every (family, later item) pair a judge labelled, not only each family's best: what judge-eval scores. */
export interface PairOutcome {
  /** For each family (in order), one match per later item (in order): its label, score and reason. */
  matches: Match[][];
  /** The signals each label came from, for judges that label by thresholds (refitted by `judge-eval --fit`). */
  signals?: PairSignals[][];
  config: Record<string, unknown>;
}

export interface Judge {
  readonly name: JudgeName;
  judge(request: JudgeRequest): Promise<JudgeOutcome>;
  /** Labels every pair; judges that only look at some candidates (llm) leave it out. */
  judgePairs?(request: JudgeRequest): Promise<PairOutcome>;
}
