import { z } from 'zod';
import { UserError } from '../../errors.js';
import { TaskFamily } from '../../family/model.js';
import { MAX_JUDGE_CONCURRENCY } from '../../llm/limits.js';
import type { ChatMessage, ChatModel, ModelCall } from '../../llm/model.js';
import { annotateLastCall, recordingChat } from '../../llm/record.js';
import { WorkItem } from '../../sources/model.js';
import { cosine, TfIdf } from '../../text/tfidf.js';
import { tokens } from '../../text/tokens.js';
import type { Judge, JudgeOutcome, JudgeRequest } from '../judge.js';
import { Label, type Match, type Verdict } from '../model.js';
import { DIRECTION_RULES, familyDirection, itemDirection, rareWords, sharedDirection } from './direction.js';
import { STANDING_NOTE_RULE, standingReason, withStandingNote } from './standing-note.js';
import { bodyExcerpt, compareText, bestLabel, familyPaths, oneLine, round4, touchedPaths, verdictFrom } from './shared.js';

/**
 * The LLM judge (opt-in: it calls a chat model). For each family it first
 * picks at most `maxCandidates` later items by a cheap score (TF-IDF cosine
 * of stemmed tokens, plus DIRECTION_BONUS when the item shares a direction
 * with the family, src/validate/judges/direction.ts, and a small
 * SPECIFIC_TOUCH_BONUS when it changes one of the family's paths that few
 * later items change: a path every wide chore touches, `src`, earns nothing),
 * so prompts stay small; then it makes one chat call (temperature 0, JSON
 * mode, fixed seed) showing the family's prediction and the candidates, and
 * asks for a label per candidate. An answer that is not JSON of the asked
 * shape gets one repair request; if that fails too the family is rejected
 * with reason JUDGE_OUTPUT_INVALID (recorded on the calls), never a crash.
 * Keys the model writes its own way ("PR #4578", "#4578", "4578", a short
 * SHA) are read as the candidate they name; a key that names no candidate
 * gets one repair request. The family's matches are the model's, in the
 * model's order (its best first), and its reason names the model's first.
 *
 * The prompt holds the family's title, category, anchor, expected behaviour,
 * acceptance criteria and target hints (never its evidence or rationale) and
 * of each candidate its key, title, whether it touches the family's paths
 * (and which files there), its changed files (those in the family's paths
 * first), labels and the start of its body with pasted patches cut out.
 * Endpoint failures propagate as the chat model's UserErrors.
 */

/**
 * What the judge sends, versioned. v7's system message is v6's plus how people read a family
 * (eval/families/GUIDE.md: listed words read together; a family continuing quoted work predicts that line, not another
 * instance of a common kind; an act and an area alone name no direction). v6's states the project's one label rule
 * (../shared/judging-rules.md: strong, related, rejected; what does not make a family related; vague families
 * rejected) where v5's only sketched it; the user message (family and candidate lines) is v5's. v5 sent v4's messages
 * for candidates picked under later direction rules. docs/judges.md "The prompt (llm-judge-v7)". The config records DIRECTION_RULES too, so a later change of those rules is a new
 * validation without a bump here.
 */
export const LLM_JUDGE_PROMPT = 'llm-judge-v7';
/** Earlier prompt versions whose messages are built exactly as today's (only the candidates picked differ). */
export const SAME_MESSAGES_AS: Readonly<Record<string, string>> = { 'llm-judge-v5': 'llm-judge-v4' };
export const DEFAULT_MAX_CANDIDATES = 8;
/** Families judged at once by default (one request in flight); at most MAX_JUDGE_CONCURRENCY (src/llm/limits.ts). */
export const DEFAULT_CONCURRENCY = 1;
export const CANDIDATE_BODY_CHARS = 600;
/** Added to a candidate's text similarity when it shares a direction with the family (a phrase, symbol or issue). */
export const DIRECTION_BONUS = 0.3;
/** Added when it changes one of the family's paths that at most a quarter of the later items change. */
export const SPECIFIC_TOUCH_BONUS = 0.1;
/** Changed files shown per candidate (those in the family's paths first). */
export const MAX_CANDIDATE_FILES = 12;
export const JUDGE_OUTPUT_INVALID = 'judge output did not validate';
const MAX_COMPLETION_TOKENS = 1_024;
const SEED = 0;

const Settings = z.object({
  maxCandidates: z.number().int().min(1).max(50).default(DEFAULT_MAX_CANDIDATES),
  /**
   * Families judged at once (requests in flight), in all the judge's calls in progress together. Verdicts and recorded
   * calls stay in family order, the same as one at a time for the same answers; not in `config`, since it shapes no
   * verdict.
   */
  concurrency: z.number().int().min(1).max(MAX_JUDGE_CONCURRENCY).default(DEFAULT_CONCURRENCY),
});

export interface LlmJudgeOptions extends z.input<typeof Settings> {
  chat: ChatModel;
}

export function createLlmJudge(options: LlmJudgeOptions): Judge {
  const { chat, ...rest } = options;
  const parsed = Settings.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError('JUDGE_BAD_OPTION', `Bad llm judge option ${issue.path.join('.')}: ${issue.message}`, `Pass maxCandidates as a whole number from 1 to 50, concurrency from 1 to ${MAX_JUDGE_CONCURRENCY}.`);
  }
  const { maxCandidates, concurrency } = parsed.data;
  const config = {
    prompt: LLM_JUDGE_PROMPT,
    model: chat.model,
    baseURL: chat.baseURL,
    maxCandidates,
    candidateBodyChars: CANDIDATE_BODY_CHARS,
    directionBonus: DIRECTION_BONUS,
    specificTouchBonus: SPECIFIC_TOUCH_BONUS,
    directionRules: DIRECTION_RULES,
    standingNoteRule: STANDING_NOTE_RULE,
    temperature: 0,
    seed: SEED,
    maxTokens: MAX_COMPLETION_TOKENS,
  };

  /**
   * One family's verdict from its candidates (none: rejected without a call, naming how many later items there were),
   * its model calls recorded in `calls`.
   */
  async function judgeFamily(family: TaskFamily, candidates: readonly Candidate[], laterCount: number, standing: JudgeRequest['standing'], calls: ModelCall[]): Promise<Verdict> {
    if (candidates.length === 0) {
      return laterCount === 0 ? verdictFrom(family, []) : rejected(family, `rejected: none of the ${laterCount} later items shares a word or a path with the family`);
    }
    const ask = (purpose: string, messages: ChatMessage[]) =>
      recordingChat(chat, purpose, calls).complete({ messages, temperature: 0, json: true, seed: SEED, maxTokens: MAX_COMPLETION_TOKENS });
    const messages = buildJudgeMessages(family, candidates);
    const first = await ask('judge', messages);
    let read = readJudgeAnswer(first.content, candidates);
    note(calls, read);
    if (!read.answer || read.dropped.length > 0) {
      // A key that names no candidate would turn the model's strong into rejected: ask once, with the keys given.
      const problems = read.answer ? [`keys that are not among the candidates: ${read.dropped.join(', ')}; use the keys exactly as given (${candidates.slice(0, 3).map((c) => c.item.key).join(', ')}, ...)`] : read.problems;
      const second = await ask('judge-repair', buildRepairMessages(messages, first.content, problems));
      const again = readJudgeAnswer(second.content, candidates);
      note(calls, again);
      // The repair replaces the first answer only when it validates; a valid first answer keeps its resolved keys otherwise.
      if (again.answer || !read.answer) read = again;
    }
    const verdict = read.answer ? verdictOf(family, candidates, read.answer) : rejected(family, JUDGE_OUTPUT_INVALID);
    return withStandingVerdict(family, verdict, standing);
  }

  const slots = semaphore(concurrency);
  let running = 0;
  let failure: { error: unknown } | null = null;

  return {
    name: 'llm',
    async judge(request: JudgeRequest): Promise<JudgeOutcome> {
      const families = z.array(TaskFamily).parse(request.families);
      const later = z.array(WorkItem).parse(request.later);
      const pick = candidatePicker(later, maxCandidates, request.added);
      // Each family records its own calls; they are joined in family order, so `concurrency` changes neither the
      // verdicts nor the calls, only how many requests are in flight. The slots are the judge's, shared by every call
      // in progress (judge-eval judges its repositories at once): at most `concurrency` families are asked at a time
      // in all. A request that fails stops every call in progress from starting another family; those in flight
      // finish, then each call throws the first failure (the chat client's UserError).
      const verdicts: Verdict[] = new Array(families.length);
      const callsOf: ModelCall[][] = families.map(() => []);
      running++;
      try {
        await Promise.all(
          families.map(async (family, fi) => {
            await slots.acquire();
            try {
              if (failure === null) verdicts[fi] = await judgeFamily(family, pick(family), later.length, request.standing, callsOf[fi]!);
            } catch (error) {
              failure ??= { error };
            } finally {
              slots.release();
            }
          }),
        );
        if (failure !== null) throw failure.error;
      } finally {
        // A failure is forgotten once no call is in progress: a later call starts afresh.
        if (--running === 0) failure = null;
      }
      const calls = callsOf.flat();
      return { verdicts, config, calls };
    },
  };
}

/** At most `n` holders at once; waiters are let in first come, first served. */
function semaphore(n: number): { acquire(): Promise<void>; release(): void } {
  let free = n;
  const waiting: (() => void)[] = [];
  return {
    acquire: () => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise<void>((go) => waiting.push(go));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

export interface Candidate {
  item: WorkItem;
  /** TF-IDF cosine, plus DIRECTION_BONUS and SPECIFIC_TOUCH_BONUS; 4 decimals. */
  score: number;
  /** The item's changed files under the family's paths. */
  touching: string[];
  /** A diff summary: identifiers its diff adds (those the family names first), where the clone has them; null when it has none. */
  adds: string[] | null;
}

/** Identifiers shown per candidate as its diff summary. */
export const MAX_DIFF_IDENTIFIERS = 15;

/**
 * What a candidate's diff adds, in a few names: the family's own compound
 * symbols first, then compound names (snake_case, dotted, flags: most often
 * what the change defines or calls), then the rest, each group sorted; null
 * when the clone gave nothing for it.
 */
export function diffSummary(ids: readonly string[] | undefined, familySymbols: ReadonlySet<string>): string[] | null {
  // What the diff takes out (`dropped:` entries, removal-line.ts) is no part of what it adds, nor a test it runs again
  // (`unskipped:` entries, src/git/unskipped-tests.ts: a reading of the diff, read by the task lines).
  ids = ids?.filter((id) => !id.startsWith('dropped:') && !id.startsWith('unskipped:') && !id.startsWith('edited:'));
  if (ids === undefined || ids.length === 0) return null;
  const rank = (id: string) => (familySymbols.has(id) ? 0 : /[_.]|^--/.test(id) ? 1 : 2);
  return [...ids].sort((a, b) => rank(a) - rank(b) || compareText(a, b)).slice(0, MAX_DIFF_IDENTIFIERS);
}

/**
 * For each family, the later items with a positive score, best first (ties
 * by key), at most `max`. A family path touched by more than a quarter of
 * the later items (`src`, `lib`, `tests` in most repositories) says nothing
 * of which item is the family's: touching it earns no bonus.
 */
export function candidatePicker(later: readonly WorkItem[], max: number, added: JudgeRequest['added'] = {}): (family: TaskFamily) => Candidate[] {
  const itemTokens = later.map((i) => tokens(`${i.title}\n${i.body.slice(0, 4_000)}\n${i.paths.join('\n')}`));
  const tfidf = new TfIdf(itemTokens);
  const vectors = itemTokens.map((t) => tfidf.vector(t));
  const dirs = later.map((i) => itemDirection(i, CANDIDATE_BODY_CHARS, added[i.key]));
  const rare = rareWords(dirs);
  const busy = Math.max(2, later.length / 4);
  return (family) => {
    const fv = tfidf.vector(tokens(familyWords(family)));
    const paths = familyPaths(family);
    const specific = new Set(paths.filter((p) => later.filter((i) => touchedPaths(i.paths, [p]).length > 0).length <= busy));
    const fd = familyDirection(family);
    return later
      .map((item, i) => {
        const touched = touchedPaths(item.paths, paths);
        const direction = sharedDirection(fd, dirs[i]!, { agrees: null, touches: touched.length > 0, rare });
        const bonus = (direction.holds ? DIRECTION_BONUS : 0) + (touched.some((p) => specific.has(p)) ? SPECIFIC_TOUCH_BONUS : 0);
        const touching = item.paths.filter((p) => touched.some((area) => p === area || p.startsWith(`${area}/`)));
        return { item, score: round4(cosine(fv, vectors[i]!) + bonus), touching, adds: diffSummary(added[item.key], fd.specific) };
      })
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || compareText(a.item.key, b.item.key))
      .slice(0, max);
  };
}

function familyWords(f: TaskFamily): string {
  return [f.title, f.anchor.name, ...f.anchor.paths, f.expected_behavior, ...f.acceptance_criteria, ...f.target_hints.paths, ...f.target_hints.symbols].join('\n');
}

export const SYSTEM_PROMPT = `You check a forecast of software work against the work that was actually merged afterwards.

You are given one forecast "task family" (a kind of change in one code area) and candidate pieces of later work (pull requests or commits), each with its key, title, whether it touches the family's paths, its changed files, some identifiers its diff adds (diff_adds, when known), labels and the start of its description. Label each candidate by this rule:
- "strong": it does the work the family predicts, in substance: a developer handed the family as a task description would recognise this change as (part of) doing it. The same kind of work (feature, bugfix or refactor) or close to it.
- "related": it does not do the predicted work, but it continues the same specific direction the family names: the same feature line, the same class of defect, the same restructuring, in the same area.
- "rejected": otherwise.

None of these makes a candidate related or strong:
- Touching the same file or folder with a different purpose. The same area alone is not a direction: most later work touches a project's busiest directories whatever it does.
- The same kind of work in the same area ("a bugfix in src/client" for "fix defects in src/client") when the family names no recognisable piece of work.
- Releases, version bumps, merges of one branch into another, translations, contributor lists and other chores, unless the family predicts exactly that chore.
A family too vague to check (it names an area and some loose words, but no recognisable piece of work) gets "rejected" for every candidate, unless a candidate plainly does what its words say.

How to read a family:
- A title like "Extend AREA: w1, w2, w3", "Fix defects in AREA: w1, w2" or "Restructure AREA: w1, w2" is an area and loose words taken from past work. A candidate is more than "rejected" only when it does what those words say together (for "Extend build: mapping, syntax", a change adding a syntax mapping). Sharing one of the words, or doing the same kind of work in the area, is not enough.
- A family that continues past work it quotes ("continuing 'Add X for Y'") predicts more of that specific line. What the quoted work already did is not predicted again, and another instance of a common kind of change in the same area (another mapping, another typing fix, another dependency update, another test) is not its direction unless the family's words name that instance.
- A title made of an act and an area only ("Fix the next reported defects in X", "Update the CI workflow in X.yml", "Extend the tests in tests/"), even when X is one file, names no direction: a change of that kind in X is "rejected", even when it is the only change there.
Read what each candidate did (its files and diff_adds), not only its title.

Judge only from the text given. Answer with one JSON object and nothing else, in this shape:
{"label": "strong" | "related" | "rejected", "matches": [{"key": "a candidate key exactly as given", "label": "strong" | "related" | "rejected", "reason": "one sentence"}], "reason": "one sentence naming the best candidate"}
"label" is the best label of any candidate. List in "matches" every candidate you label strong or related, best first; write each key exactly as given (for example "pr#4578" or "commit:<sha>").`;

const MAX_CRITERIA = 10;
const MAX_HINTS = 10;

/** The judge's conversation for one family and its candidates (pure). */
export function buildJudgeMessages(family: TaskFamily, candidates: readonly Candidate[]): ChatMessage[] {
  const list = (values: readonly string[]) => (values.length > MAX_HINTS ? [...values.slice(0, MAX_HINTS), `+${values.length - MAX_HINTS} more`] : values).join(', ');
  const lines = [
    `Forecast task family ${family.id}`,
    `category: ${family.category}`,
    `title: ${oneLine(family.title, 300)}`,
    `code area: ${oneLine(family.anchor.name, 200)}${family.anchor.paths.length > 0 ? ` (${list(family.anchor.paths)})` : ''}`,
    `expected behaviour: ${oneLine(family.expected_behavior, 1_000)}`,
  ];
  if (family.acceptance_criteria.length > 0) {
    lines.push('acceptance criteria:', ...family.acceptance_criteria.slice(0, MAX_CRITERIA).map((c) => `- ${oneLine(c, 300)}`));
  }
  if (family.target_hints.paths.length > 0) lines.push(`likely paths: ${list(family.target_hints.paths)}`);
  if (family.target_hints.symbols.length > 0) lines.push(`likely symbols: ${list(family.target_hints.symbols)}`);
  lines.push('', `Candidates (${candidates.length}), one JSON object per line:`);
  for (const { item, touching, adds } of candidates) {
    lines.push(
      JSON.stringify({
        key: item.key,
        title: oneLine(item.title, 300),
        touches_family_paths: touching.length > 0,
        files: shownFiles(item.paths, touching),
        ...(adds ? { diff_adds: adds } : {}),
        labels: item.labels.slice(0, MAX_HINTS),
        body: bodyExcerpt(item.body, CANDIDATE_BODY_CHARS),
      }),
    );
  }
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** A candidate's changed files: those under the family's paths first (never cut before the others), then the rest, at most MAX_CANDIDATE_FILES, with "+N more". */
export function shownFiles(paths: readonly string[], touching: readonly string[]): string[] {
  const inArea = new Set(touching);
  const ordered = [...touching, ...paths.filter((p) => !inArea.has(p))];
  const limit = Math.max(MAX_CANDIDATE_FILES, touching.length);
  return ordered.length > limit ? [...ordered.slice(0, limit), `+${ordered.length - limit} more`] : ordered;
}

const MAX_ECHO_CHARS = 4_000;
const MAX_PROBLEMS = 10;

function buildRepairMessages(messages: readonly ChatMessage[], answer: string, problems: readonly string[]): ChatMessage[] {
  const echoed = answer.length > MAX_ECHO_CHARS ? `${answer.slice(0, MAX_ECHO_CHARS)}\n[cut]` : answer;
  return [
    ...messages,
    { role: 'assistant', content: echoed },
    {
      role: 'user',
      content: [
        'Your answer could not be used:',
        ...problems.slice(0, MAX_PROBLEMS).map((p) => `- ${p}`),
        '',
        'Answer again with one JSON object {"label", "matches", "reason"} in the shape given, and nothing else. Use only the candidate keys given.',
      ].join('\n'),
    },
  ];
}

const JudgeAnswer = z.object({
  label: Label,
  matches: z.array(z.object({ key: z.string(), label: Label, reason: z.string().default('') })).default([]),
  reason: z.string(),
});
type JudgeAnswer = z.infer<typeof JudgeAnswer>;

interface ReadAnswer {
  /** The answer, its matches limited to candidate keys (first mention of each); null when it did not validate. */
  answer: JudgeAnswer | null;
  problems: string[];
  /** Keys the model gave that were not candidates. */
  dropped: string[];
}

export function readJudgeAnswer(content: string, candidates: readonly Candidate[]): ReadAnswer {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (err) {
    return { answer: null, problems: [`not JSON: ${(err as Error).message}`], dropped: [] };
  }
  const parsed = JudgeAnswer.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    return { answer: null, problems, dropped: [] };
  }
  const seen = new Set<string>();
  const dropped: string[] = [];
  const matches: JudgeAnswer['matches'] = [];
  for (const m of parsed.data.matches) {
    const key = candidateKey(m.key, candidates);
    if (key === null) {
      dropped.push(m.key);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    matches.push({ ...m, key });
  }
  return { answer: { ...parsed.data, matches }, problems: [], dropped };
}

/**
 * The candidate a key the model wrote names: the key as given, or as models
 * write them ("PR #4578", "#4578", "pull/4578", "4578", "`pr#4578`", a SHA
 * or a prefix of at least 7 hex digits of one candidate's commit); null when
 * it names none, or more than one.
 */
export function candidateKey(written: string, candidates: readonly Candidate[]): string | null {
  const keys = new Set(candidates.map((c) => c.item.key));
  if (keys.has(written)) return written;
  const key = written.trim().replace(/^[`'"]+|[`'".,;:]+$/g, '').trim();
  if (keys.has(key)) return key;
  // A SHA first: "0123456" is a SHA prefix when a candidate's commit starts with it, else a number.
  const sha = /^(?:commit[:\s]*)?([0-9a-f]{7,40})$/i.exec(key)?.[1]?.toLowerCase();
  if (sha) {
    const hits = candidates.filter((c) => c.item.sha.toLowerCase().startsWith(sha) || c.item.key.toLowerCase().startsWith(`commit:${sha}`));
    if (hits.length === 1) return hits[0]!.item.key;
  }
  const pr = /^(?:pr|pull request|pull|pull\/|merge request)?\s*#?\s*(\d{1,7})$/i.exec(key);
  if (pr) return keys.has(`pr#${Number(pr[1])}`) ? `pr#${Number(pr[1])}` : null;
  return null;
}

function note(calls: ModelCall[], read: ReadAnswer): void {
  const parts: string[] = [];
  if (read.problems.length > 0) parts.push(`output did not validate: ${read.problems.slice(0, MAX_PROBLEMS).join('; ')}`);
  if (read.dropped.length > 0) parts.push(`dropped keys not among the candidates: ${[...new Set(read.dropped)].join(', ')}`);
  if (parts.length > 0) annotateLastCall(calls, parts.join('; '));
}

/**
 * The family's verdict from the model's answer: the matches the model named
 * strong or related, all of them, in the model's order (it lists its best
 * first); the label is the best of their labels, the score the first
 * match's lexical score, and the reason names the model's first match. With
 * no match, the nearest candidate by lexical score, and the model's reason.
 */
function verdictOf(family: TaskFamily, candidates: readonly Candidate[], answer: JudgeAnswer): Verdict {
  const byKey = new Map(candidates.map((c) => [c.item.key, c]));
  const matches: Match[] = answer.matches
    .filter((m) => m.label !== 'rejected')
    .map((m) => {
      const c = byKey.get(m.key)!;
      return { key: m.key, title: c.item.title, label: m.label, score: c.score, reason: oneLine(m.reason, 200) || 'no reason given' };
    });
  if (matches.length === 0) {
    const verdict = verdictFrom(family, candidates.map(({ item, score }): Match => ({ key: item.key, title: item.title, label: 'rejected', score, reason: 'not named by the model' })));
    return answer.reason.trim() !== '' ? { ...verdict, reason: oneLine(`${verdict.reason}; model: ${answer.reason}`, 400) } : verdict;
  }
  const label = bestLabel(matches);
  const first = matches[0]!;
  const more = matches.length > 1 ? `; ${matches.length} matches in all` : '';
  return {
    familyId: family.id,
    category: family.category,
    label,
    score: first.score,
    reason: oneLine(`${label}: ${first.key} "${oneLine(first.title, 120)}" (${first.reason})${more}`, 400),
    matches,
  };
}

/**
 * A family whose note (or runtime declaration) still stands at the window's end (`JudgeRequest.standing`) had its work
 * not done (standing-note.ts, as the threshold judges read it): the model's strong and related matches are kept in its
 * order but labelled rejected (a runtime task's line continued by a change's title: related), and the reason says why. The model is asked as before, so recorded exchanges replay.
 */
function withStandingVerdict(family: TaskFamily, verdict: Verdict, standing: Readonly<Record<string, string>> | undefined): Verdict {
  const note = standing?.[family.id];
  if (note === undefined || verdict.label === 'rejected') return verdict;
  const matches = withStandingNote(family, verdict.matches, standing);
  const label = bestLabel(matches);
  return { ...verdict, label, matches, reason: oneLine(`${label}: ${standingReason(family, note)}; the model said ${verdict.reason}`, 400) };
}

function rejected(family: TaskFamily, reason: string): Verdict {
  return { familyId: family.id, category: family.category, label: 'rejected', score: 0, reason, matches: [] };
}
