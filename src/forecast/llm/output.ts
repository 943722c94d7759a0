import { z } from 'zod';
import type { Evidence } from '../../snapshot/model.js';
import { Category, TaskFamily, type FamilyEvidence } from '../model.js';

/**
 * Reading the model's answer: JSON text → families in the TaskFamily shape.
 * The model gives evidence as refs and reasons; kind, date and text are filled
 * in from the snapshot row each ref names. Refs that name no row shown to the
 * model are dropped, so a hallucinated ref never reaches a stored family; a
 * family left without evidence is invalid. Issue and pull-request refs
 * (`issue#40`, `pull#41`, `pr#12`) are also read as people write them
 * (`issue #40`, `Issue#40`, and `#40` when exactly one shown row has that
 * number), always resolving to a row that was shown.
 */

/** A family as the model writes it: TaskFamily without id and score_components, evidence as refs. */
export const ModelFamily = z.object({
  category: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), Category),
  title: z.string().trim().min(1),
  anchor: z.object({ name: z.string().trim().min(1), paths: z.array(z.string()).default([]) }),
  expected_behavior: z.string().trim().min(1),
  evidence: z
    .array(z.union([z.string(), z.object({ ref: z.string(), reason: z.string().default('') })]))
    .min(1, 'cite at least one ref'),
  target_hints: z
    .object({ paths: z.array(z.string()).default([]), symbols: z.array(z.string()).default([]) })
    .default({ paths: [], symbols: [] }),
  acceptance_criteria: z.array(z.string().trim().min(1)).min(1),
  score: z.number().refine(Number.isFinite, 'must be a finite number'),
  rationale: z.string().trim().min(1),
});
export type ModelFamily = z.infer<typeof ModelFamily>;

const ModelAnswer = z.object({
  families: z.array(z.unknown()),
  abstain_reason: z.string().optional(),
});

/** A validated family before ranking: everything but the id. */
export type Candidate = Omit<TaskFamily, 'id'>;

export interface ReadAnswer {
  families: Candidate[];
  /** What made the answer or some of its families unusable, for the repair request and the audit record. */
  problems: string[];
  /** Cited refs that were dropped because the digest did not show them. */
  droppedRefs: string[];
  /** The model answered `{"families": []}`: it abstained (with this reason, if it gave one). */
  modelAbstained: { reason: string | null } | null;
}

export interface AnswerContext {
  /** The rows shown in the digest, by ref. */
  citable: ReadonlyMap<string, Evidence>;
  /** Directories of the tree at T0 (to depth 3, '' the root); empty when unknown. */
  dirs: ReadonlySet<string>;
}

export function readAnswer(text: string, context: AnswerContext): ReadAnswer {
  const { citable, dirs } = context;
  const out: ReadAnswer = { families: [], problems: [], droppedRefs: [], modelAbstained: null };
  let json: unknown;
  try {
    json = JSON.parse(extractJson(text));
  } catch (err) {
    out.problems.push(`the answer is not valid JSON (${(err as Error).message})`);
    return out;
  }
  const answer = ModelAnswer.safeParse(json);
  if (!answer.success) {
    out.problems.push(...issues(answer.error, 'answer'));
    return out;
  }
  if (answer.data.families.length === 0) {
    out.modelAbstained = { reason: answer.data.abstain_reason?.trim() || null };
    return out;
  }
  answer.data.families.forEach((raw, i) => {
    const parsed = ModelFamily.safeParse(raw);
    if (!parsed.success) {
      out.problems.push(...issues(parsed.error, `families[${i}]`).slice(0, 5));
      return;
    }
    const family = parsed.data;
    const evidence: FamilyEvidence[] = [];
    const cited: string[] = [];
    for (const entry of family.evidence) {
      const ref = (typeof entry === 'string' ? entry : entry.ref).trim().replace(/^\[(.*)\]$/, '$1').trim();
      const reason = typeof entry === 'string' ? '' : entry.reason.trim();
      cited.push(ref);
      const row = citedRow(ref, citable);
      if (!row) {
        out.droppedRefs.push(ref);
        continue;
      }
      if (evidence.some((e) => e.ref === row.ref)) continue;
      evidence.push({ kind: row.kind, ref: row.ref, date: row.date, text: row.text, reason: reason || 'cited by the model' });
    }
    if (evidence.length === 0) {
      out.problems.push(`families[${i}] ("${family.title}"): none of the cited refs (${cited.join(', ')}) is a ref shown in the digest`);
      return;
    }
    const score = Math.round(Math.min(1, Math.max(0, family.score)) * 1000) / 1000;
    out.families.push({
      category: family.category,
      title: family.title,
      anchor: { name: family.anchor.name, paths: knownPaths(family.anchor.paths, dirs) },
      expected_behavior: family.expected_behavior,
      evidence,
      target_hints: { paths: knownPaths(family.target_hints.paths, dirs), symbols: family.target_hints.symbols },
      acceptance_criteria: family.acceptance_criteria,
      score,
      score_components: { model: score },
      rationale: family.rationale,
    });
  });
  return out;
}

/**
 * The shown row a cited ref names: exactly as shown, else an issue or pull
 * request ref in another spelling (`issue #40`, `Pull#41`), else a bare `#40`
 * when exactly one shown `issue#`, `pull#` or `pr#` row has that number.
 * Anything else names no shown row (undefined), however close it looks.
 */
function citedRow(ref: string, citable: ReadonlyMap<string, Evidence>): Evidence | undefined {
  const exact = citable.get(ref);
  if (exact) return exact;
  const spelled = /^(issue|pull|pr)\s*#\s*(\d+)$/i.exec(ref);
  if (spelled) return citable.get(`${spelled[1]!.toLowerCase()}#${spelled[2]}`);
  const bare = /^#\s*(\d+)$/.exec(ref);
  if (!bare) return undefined;
  const numbered = ['issue', 'pull', 'pr'].map((kind) => citable.get(`${kind}#${bare[1]}`)).filter((row) => row !== undefined);
  return numbered.length === 1 ? numbered[0] : undefined;
}

/** Highest score first, then title; at most `max`, numbered F1, F2, ... */
export function rankFamilies(candidates: readonly Candidate[], max: number): TaskFamily[] {
  return [...candidates]
    .sort((a, b) => b.score - a.score || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
    .slice(0, max)
    .map((c, i) => TaskFamily.parse({ id: `F${i + 1}`, ...c }));
}

/**
 * Paths that can exist at T0: a directory of the tree, or a file whose
 * directory (cut to the tree's depth of 3) is one. Unknown tree: all kept.
 */
function knownPaths(paths: readonly string[], dirs: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (const raw of paths) {
    const path = raw.trim().replace(/^\.\//, '').replace(/\/+$/, '');
    if (!path || kept.includes(path)) continue;
    const parent = path.split('/').slice(0, -1).slice(0, 3).join('/');
    if (dirs.size === 0 || dirs.has(path) || dirs.has(parent)) kept.push(path);
  }
  return kept;
}

/** The JSON object in an answer, also when a model wrapped it in a code fence or a sentence. */
function extractJson(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  if (fenced) return fenced[1]!;
  if (trimmed.startsWith('{')) return trimmed;
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}

function issues(error: z.ZodError, at: string): string[] {
  return error.issues.map((issue) => `${[at, ...issue.path.map(String)].join('.')}: ${issue.message}`);
}
