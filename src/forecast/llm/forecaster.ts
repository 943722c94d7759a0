import { z } from 'zod';
import { UserError } from '../../errors.js';
import type { ChatMessage, ChatModel, ChatResponse, ModelCall } from '../../llm/model.js';
import { annotateLastCall, recordingChat } from '../../llm/record.js';
import { Snapshot } from '../../snapshot/model.js';
import { parseDate } from '../../time.js';
import type { ForecastOutcome, ForecastRequest, Forecaster } from '../forecaster.js';
import { ForecastDraft } from '../model.js';
import { checkModelCutoff } from './cutoff.js';
import { readAnswer, rankFamilies, type ReadAnswer } from './output.js';
import {
  buildForecastPrompt,
  buildRepairMessages,
  CHARS_PER_TOKEN,
  DEFAULT_MAX_PROMPT_CHARS,
  estimateTokens,
  PROMPT_VERSION,
  promptChars,
} from './prompt.js';

export const DEFAULT_MAX_COMPLETION_TOKENS = 4_096;
export const DEFAULT_TOKEN_BUDGET = 60_000;
export const REPAIR_FAILED = 'model output did not validate after one repair';

const Settings = z.object({
  cutoff: z.string().nullable(),
  allowModelAfterT0: z.boolean(),
  maxPromptChars: z.number().int().min(4_000).default(DEFAULT_MAX_PROMPT_CHARS),
  maxCompletionTokens: z.number().int().min(256).default(DEFAULT_MAX_COMPLETION_TOKENS),
  /** Prompt plus completion tokens over all calls for one repository. */
  tokenBudget: z.number().int().positive().default(DEFAULT_TOKEN_BUDGET),
});

export interface LlmForecasterOptions extends z.input<typeof Settings> {
  chat: ChatModel;
}

/**
 * The opt-in LLM forecaster: the snapshot's evidence digest (./prompt.ts) goes
 * to a chat model once, at temperature 0 in JSON mode with the request's seed;
 * the answer is validated family by family (./output.ts). When the answer is
 * not JSON or no family validates, one repair request sends the problems back;
 * if that fails too, the forecaster abstains instead of failing. It never
 * spends more than `tokenBudget` tokens (estimated before each call as prompt
 * characters / 4 plus `maxCompletionTokens`): it abstains instead.
 *
 * Refuses (UserError) before any request: a model cutoff not known to be
 * before T0 (./cutoff.ts), and evidence dated after T0 (EVIDENCE_AFTER_T0).
 * Endpoint failures propagate as the chat model's UserErrors.
 */
export function createLlmForecaster(options: LlmForecasterOptions): Forecaster {
  const { chat, ...rest } = options;
  const parsed = Settings.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError('LLM_BAD_OPTION', `Bad llm forecaster option ${issue.path.join('.')}: ${issue.message}`, 'Fix the option and run again.');
  }
  const settings = parsed.data;
  const cutoff = settings.cutoff === null ? null : parseDate(settings.cutoff, '--llm-cutoff');

  return {
    name: 'llm',
    async forecast(request: ForecastRequest): Promise<ForecastOutcome> {
      const snapshot = Snapshot.parse(request.snapshot);
      checkModelCutoff({ cutoff, allowModelAfterT0: settings.allowModelAfterT0 }, snapshot.t0);
      const prompt = buildForecastPrompt(snapshot, { maxFamilies: request.maxFamilies, maxPromptChars: settings.maxPromptChars });
      const context = { citable: prompt.digest.citable, dirs: new Set(snapshot.tree.map((d) => d.dir)) };

      const config = {
        model: chat.model,
        baseURL: chat.baseURL,
        cutoff,
        allowModelAfterT0: settings.allowModelAfterT0,
        maxPromptChars: settings.maxPromptChars,
        maxCompletionTokens: settings.maxCompletionTokens,
        tokenBudget: settings.tokenBudget,
        seed: request.seed,
        maxFamilies: request.maxFamilies,
        temperature: 0,
        prompt: PROMPT_VERSION,
      };
      const calls: ModelCall[] = [];
      const budget = tokenBudget(settings.tokenBudget, settings.maxCompletionTokens);
      const outcome = (answer: ReadAnswer | null, abstainReason: string | null): ForecastOutcome => {
        const families = abstainReason === null && answer ? rankFamilies(answer.families, request.maxFamilies) : [];
        const reason = families.length === 0 ? (abstainReason ?? 'the model proposed no usable family') : null;
        const draft = ForecastDraft.parse({ forecaster: 'llm', config, families, abstained: reason !== null, abstainReason: reason });
        return { draft, calls };
      };
      const ask = async (purpose: string, messages: ChatMessage[]): Promise<ChatResponse | string> => {
        const over = budget.refuse(purpose, messages);
        if (over) return over;
        const response = await recordingChat(chat, purpose, calls).complete({
          messages,
          temperature: 0,
          json: true,
          seed: request.seed,
          maxTokens: settings.maxCompletionTokens,
        });
        budget.spend(messages, response);
        return response;
      };

      const first = await ask('forecast', prompt.messages);
      if (typeof first === 'string') return outcome(null, first);
      let answer = readAnswer(first.content, context);
      note(calls, answer);
      if (answer.families.length === 0 && !answer.modelAbstained) {
        const second = await ask('forecast-repair', buildRepairMessages(prompt, first.content, answer.problems));
        if (typeof second === 'string') return outcome(null, second);
        answer = readAnswer(second.content, context);
        note(calls, answer);
        if (answer.families.length === 0 && !answer.modelAbstained) {
          return outcome(null, `${REPAIR_FAILED} (${answer.problems[0] ?? 'no family'})`);
        }
      }
      if (answer.modelAbstained) {
        return outcome(null, `the model proposed no families: ${answer.modelAbstained.reason ?? 'it gave no reason'}`);
      }
      return outcome(answer, null);
    },
  };
}

/** Records on the latest call what made its output (partly) unusable. */
function note(calls: ModelCall[], answer: ReadAnswer): void {
  const parts: string[] = [];
  if (answer.problems.length > 0) parts.push(`output did not validate: ${answer.problems.join('; ')}`);
  if (answer.droppedRefs.length > 0) parts.push(`dropped refs not in the digest: ${[...new Set(answer.droppedRefs)].join(', ')}`);
  if (parts.length > 0) annotateLastCall(calls, parts.join('; '));
}

interface TokenBudget {
  /** A reason to stop when the next call could exceed the budget, else null. */
  refuse(purpose: string, messages: readonly ChatMessage[]): string | null;
  spend(messages: readonly ChatMessage[], response: ChatResponse): void;
}

function tokenBudget(total: number, maxCompletionTokens: number): TokenBudget {
  let used = 0;
  return {
    refuse(purpose, messages) {
      const need = estimateTokens(promptChars(messages)) + maxCompletionTokens;
      if (used + need <= total) return null;
      return (
        `stopped before exceeding the token budget (tokenBudget ${total}): the ${purpose} call could take ${need} tokens ` +
        `(prompt ≈ characters/${CHARS_PER_TOKEN} plus ${maxCompletionTokens} for the answer) and ${used} are spent`
      );
    },
    spend(messages, response) {
      used += (response.promptTokens ?? estimateTokens(promptChars(messages))) + (response.completionTokens ?? estimateTokens(response.content.length));
    },
  };
}

