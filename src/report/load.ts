import type { z } from 'zod';
import { UserError } from '../errors.js';
import { TaskFamily } from '../forecast/model.js';
import { assertStudy, runNamedQuery } from '../queries/run.js';
import type { Store } from '../store/open.js';
import { runQuery } from '../store/query.js';
import {
  AgreementRow,
  CoverageRow,
  FamilyRow,
  LiftRow,
  MatchRow,
  RelevanceRow,
  RepoRow,
  StudyRepo,
  type Abstention,
  type FamilyCard,
  type ReportData,
  type StudyHeader,
} from './model.js';
import { compareText } from '../text/order.js';

/**
 * Reads everything the report shows for one study: the figures through the
 * named queries (so each can be regenerated with `swe-future query --named`),
 * the header and the frozen family JSON through a few direct queries.
 * Throws NO_STUDY when the store holds no study, STUDY_NOT_FOUND for an
 * unknown id.
 */
export function loadReportData(store: Store, study?: number): ReportData {
  const id = resolveStudy(store, study);
  const named = <T extends z.ZodType>(name: string, schema: T): z.infer<T>[] =>
    runNamedQuery(store, name, { study: id }).map((row) => schema.parse(row) as z.infer<T>);

  const relevance = named('relevance', RelevanceRow);
  const repos = named('repos', RepoRow);
  const familyRows = named('families', FamilyRow);
  const matchRows = named('matches', MatchRow);
  const header = loadHeader(store, id, relevance.map((r) => r.forecaster), relevance.map((r) => r.judge));
  return {
    study: header,
    relevance,
    lift: named('lift', LiftRow),
    coverage: named('coverage', CoverageRow),
    repos,
    agreement: named('agreement', AgreementRow),
    cards: buildCards(store, id, familyRows, matchRows, header.judges),
    abstentions: abstentionsOf(repos),
  };
}

/** The study id to report: the one asked for (which must exist), else the latest. */
export function resolveStudy(store: Store, study?: number): number {
  if (study !== undefined) {
    assertStudy(store, study);
    return study;
  }
  const latest = runQuery(store, 'SELECT max(id) AS id FROM studies')[0]?.id;
  if (typeof latest !== 'number') {
    throw new UserError('NO_STUDY', `There is no study in ${store.file}`, 'Run swe-future study --config FILE first.');
  }
  return latest;
}

function loadHeader(store: Store, id: number, forecasters: readonly string[], judges: readonly string[]): StudyHeader {
  const row = runQuery(store, 'SELECT id, name, config, created_at FROM studies WHERE id = ?', [id])[0]!;
  const config = parseConfig(row.config);
  const repos = runQuery(store, 'SELECT ord, name, path, t0, status, error, finished_at FROM study_repos WHERE study_id = ? ORDER BY ord', [id])
    .map((r) => StudyRepo.parse(r));
  const window = runQuery(
    store,
    `SELECT min(v.window_start) AS start, max(v.window_end) AS end, group_concat(DISTINCT v.window_length) AS length
     FROM study_results r JOIN validations v ON v.id = r.validation_id WHERE r.study_id = ?`,
    [id],
  )[0]!;
  const finished = repos.map((r) => r.finished_at).filter((t): t is string => t !== null).sort().at(-1) ?? null;
  return {
    id,
    name: String(row.name),
    createdAt: String(row.created_at),
    finishedAt: finished,
    window: typeof config.window === 'string' ? config.window : typeof window.length === 'string' ? window.length : null,
    windowStart: typeof window.start === 'string' ? window.start : null,
    windowEnd: typeof window.end === 'string' ? window.end : null,
    forecasters: unique(forecasters),
    judges: inConfigOrder(unique(judges), stringList(config.judges)),
    repos,
  };
}

function parseConfig(text: unknown): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(String(text));
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** `present` ordered as the config lists them, any others after, by name. */
function inConfigOrder(present: readonly string[], configured: readonly string[]): string[] {
  const rank = (name: string) => (configured.includes(name) ? configured.indexOf(name) : configured.length);
  return [...present].sort((a, b) => rank(a) - rank(b) || compareText(a, b));
}

function buildCards(store: Store, study: number, rows: readonly FamilyRow[], matches: readonly MatchRow[], judges: readonly string[]): FamilyCard[] {
  const frozen = new Map<string, string>();
  for (const r of runQuery(
    store,
    `SELECT fa.forecast_id AS forecast, fa.family_id AS family, fa.data FROM families fa
     WHERE fa.forecast_id IN (SELECT forecast_id FROM study_results WHERE study_id = ?)`,
    [study],
  )) {
    frozen.set(`${String(r.forecast)}/${String(r.family)}`, String(r.data));
  }
  const cards = new Map<string, FamilyCard>();
  for (const row of rows) {
    const key = `${row.forecast}/${row.family}`;
    let card = cards.get(key);
    if (!card) {
      card = { forecast: row.forecast, forecaster: row.forecaster, repo: row.repo, repoOrd: row.repo_ord, family: familyOf(row, frozen.get(key)), verdicts: [] };
      cards.set(key, card);
    }
    card.verdicts.push({
      judge: row.judge,
      label: row.label,
      score: row.verdict_score,
      reason: row.reason,
      matches: matches.filter((m) => m.forecaster === row.forecaster && m.repo === row.repo && m.family === row.family && m.judge === row.judge),
    });
  }
  const rank = (judge: string) => judges.indexOf(judge);
  for (const card of cards.values()) card.verdicts.sort((a, b) => rank(a.judge) - rank(b.judge));
  return [...cards.values()];
}

/** The frozen family JSON; a row whose JSON no longer parses still gets a card from its columns. */
function familyOf(row: FamilyRow, data: string | undefined): TaskFamily {
  const parsed = data === undefined ? undefined : TaskFamily.safeParse(safeJson(data));
  if (parsed?.success) return parsed.data;
  return {
    id: row.family,
    category: row.category as TaskFamily['category'],
    title: row.title || '(untitled)',
    anchor: { name: row.anchor || '(none)', paths: [] },
    expected_behavior: '(the stored family could not be read)',
    evidence: [],
    target_hints: { paths: [], symbols: [] },
    acceptance_criteria: [],
    score: row.score,
    score_components: {},
    rationale: '',
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function abstentionsOf(repos: readonly RepoRow[]): Abstention[] {
  const seen = new Map<string, Abstention>();
  for (const r of repos) {
    if (r.abstained && r.forecaster !== null) seen.set(`${r.repo_ord}/${r.forecaster}`, { forecaster: r.forecaster, repo: r.repo, reason: r.abstain_reason });
  }
  return [...seen.values()];
}
