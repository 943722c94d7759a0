/**
 * The store's schema, as an ordered list of forward-only migrations. A
 * migration is never edited once released: a change to the schema is a new
 * entry with the next version. `openStore` applies the missing ones in one
 * transaction and records each in `schema_migrations`.
 *
 * Times are ISO 8601 strings in UTC, always in `Date.prototype.toISOString`
 * form (`2025-01-01T00:00:00.000Z`), so they compare correctly as text. JSON
 * columns hold JSON text (read them with json_extract / json_each). Tables are
 * not STRICT, so sqlite3 shells older than 3.37 can still open the file.
 * docs/schema.md describes every column.
 */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

/** Text that only a canonical UTC time (`YYYY-MM-DDTHH:MM:SS.sssZ`) matches. */
const ISO_UTC = "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";

const v1 = `
CREATE TABLE repos (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  default_branch TEXT NOT NULL,
  root_commit TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE commits (
  repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
  sha TEXT NOT NULL,
  parents TEXT NOT NULL CHECK (json_valid(parents) AND json_type(parents) = 'array'),
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  author_time TEXT NOT NULL,
  committer_name TEXT NOT NULL,
  committer_email TEXT NOT NULL,
  committer_time TEXT NOT NULL,
  message TEXT NOT NULL,
  PRIMARY KEY (repo_id, sha)
);

CREATE TABLE commit_files (
  repo_id INTEGER NOT NULL,
  sha TEXT NOT NULL,
  ord INTEGER NOT NULL CHECK (ord >= 0),
  path TEXT NOT NULL,
  old_path TEXT,
  status TEXT NOT NULL CHECK (status IN ('added', 'modified', 'deleted', 'renamed')),
  additions INTEGER CHECK (additions IS NULL OR additions >= 0),
  deletions INTEGER CHECK (deletions IS NULL OR deletions >= 0),
  PRIMARY KEY (repo_id, sha, ord),
  FOREIGN KEY (repo_id, sha) REFERENCES commits(repo_id, sha) ON DELETE CASCADE
);
CREATE INDEX commit_files_by_path ON commit_files (repo_id, path);

CREATE TABLE work_items (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  number INTEGER CHECK (number IS NULL OR number > 0),
  sha TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  merged_at TEXT NOT NULL CHECK (merged_at GLOB ${ISO_UTC}),
  author TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('squash', 'merge', 'commit')),
  labels TEXT NOT NULL CHECK (json_valid(labels) AND json_type(labels) = 'array'),
  bot INTEGER NOT NULL CHECK (bot IN (0, 1)),
  bot_reason TEXT,
  paths TEXT NOT NULL CHECK (json_valid(paths) AND json_type(paths) = 'array'),
  UNIQUE (repo_id, key)
);
CREATE INDEX work_items_by_merged_at ON work_items (repo_id, merged_at);
CREATE INDEX work_items_by_sha ON work_items (repo_id, sha);

CREATE TABLE snapshots (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES repos(id),
  t0 TEXT NOT NULL CHECK (t0 GLOB ${ISO_UTC}),
  commit_sha TEXT NOT NULL,
  commit_time TEXT NOT NULL CHECK (commit_time GLOB ${ISO_UTC} AND commit_time <= t0),
  config TEXT NOT NULL CHECK (json_valid(config)),
  counts TEXT NOT NULL CHECK (json_valid(counts)),
  hash TEXT NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  created_at TEXT NOT NULL,
  UNIQUE (repo_id, t0, hash)
);

CREATE TABLE evidence (
  id INTEGER PRIMARY KEY,
  snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL CHECK (ord >= 0),
  kind TEXT NOT NULL CHECK (kind IN ('work_item', 'todo', 'changelog', 'roadmap', 'tag', 'hotspot')),
  ref TEXT NOT NULL,
  date TEXT NOT NULL CHECK (date GLOB ${ISO_UTC}),
  text TEXT NOT NULL,
  path TEXT,
  data TEXT NOT NULL CHECK (json_valid(data)),
  UNIQUE (snapshot_id, ref),
  UNIQUE (snapshot_id, ord)
);
CREATE INDEX evidence_by_kind ON evidence (snapshot_id, kind);

-- The T0 boundary, held by the database too: src/store/snapshots.ts runs the
-- guard first, these catch any other writer.
CREATE TRIGGER evidence_visible_at_t0 BEFORE INSERT ON evidence
WHEN NEW.date > (SELECT t0 FROM snapshots WHERE id = NEW.snapshot_id)
BEGIN SELECT RAISE(ABORT, 'evidence dated after its snapshot t0'); END;

-- Snapshots are frozen: rows may be deleted, never changed.
CREATE TRIGGER evidence_frozen BEFORE UPDATE ON evidence
BEGIN SELECT RAISE(ABORT, 'evidence rows are frozen'); END;
CREATE TRIGGER snapshots_frozen BEFORE UPDATE ON snapshots
BEGIN SELECT RAISE(ABORT, 'snapshots are frozen'); END;
`;

const v2 = `
CREATE TABLE forecasts (
  id INTEGER PRIMARY KEY,
  snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
  forecaster TEXT NOT NULL,
  config TEXT NOT NULL CHECK (json_valid(config)),
  abstained INTEGER NOT NULL CHECK (abstained IN (0, 1)),
  abstain_reason TEXT,
  snapshot_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  frozen_at TEXT NOT NULL CHECK (frozen_at GLOB ${ISO_UTC}),
  CHECK ((abstained = 1) = (abstain_reason IS NOT NULL)),
  UNIQUE (snapshot_id, forecaster, hash)
);
CREATE INDEX forecasts_by_snapshot ON forecasts (snapshot_id, forecaster);

CREATE TABLE families (
  id INTEGER PRIMARY KEY,
  forecast_id INTEGER NOT NULL REFERENCES forecasts(id),
  ord INTEGER NOT NULL CHECK (ord >= 0),
  family_id TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('feature', 'bugfix', 'refactor')),
  title TEXT NOT NULL,
  anchor TEXT NOT NULL,
  score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
  data TEXT NOT NULL CHECK (json_valid(data)),
  UNIQUE (forecast_id, family_id),
  UNIQUE (forecast_id, ord)
);

CREATE TABLE family_evidence (
  family_row INTEGER NOT NULL REFERENCES families(id),
  ref TEXT NOT NULL,
  kind TEXT NOT NULL,
  date TEXT NOT NULL CHECK (date GLOB ${ISO_UTC}),
  reason TEXT NOT NULL,
  PRIMARY KEY (family_row, ref)
);

-- Every call to a model endpoint, for audit: what was sent and what came back.
CREATE TABLE model_calls (
  id INTEGER PRIMARY KEY,
  forecast_id INTEGER REFERENCES forecasts(id),
  purpose TEXT NOT NULL,
  model TEXT NOT NULL,
  base_url TEXT NOT NULL,
  request TEXT NOT NULL,
  response TEXT,
  error TEXT,
  prompt_tokens INTEGER,
  completion_tokens INTEGER,
  started_at TEXT NOT NULL,
  duration_ms REAL NOT NULL
);

-- Frozen: a forecast and its families are written once and never changed or removed.
CREATE TRIGGER forecasts_frozen_update BEFORE UPDATE ON forecasts
BEGIN SELECT RAISE(ABORT, 'forecasts are frozen'); END;
CREATE TRIGGER forecasts_frozen_delete BEFORE DELETE ON forecasts
BEGIN SELECT RAISE(ABORT, 'forecasts are frozen'); END;
CREATE TRIGGER families_frozen_update BEFORE UPDATE ON families
BEGIN SELECT RAISE(ABORT, 'families are frozen'); END;
CREATE TRIGGER families_frozen_delete BEFORE DELETE ON families
BEGIN SELECT RAISE(ABORT, 'families are frozen'); END;
CREATE TRIGGER family_evidence_frozen_update BEFORE UPDATE ON family_evidence
BEGIN SELECT RAISE(ABORT, 'family evidence is frozen'); END;
CREATE TRIGGER family_evidence_frozen_delete BEFORE DELETE ON family_evidence
BEGIN SELECT RAISE(ABORT, 'family evidence is frozen'); END;
`;

const v3 = `
CREATE TABLE validations (
  id INTEGER PRIMARY KEY,
  forecast_id INTEGER NOT NULL REFERENCES forecasts(id),
  forecast_hash TEXT NOT NULL,
  judge TEXT NOT NULL,
  judge_config TEXT NOT NULL CHECK (json_valid(judge_config)),
  window_length TEXT NOT NULL,
  window_start TEXT NOT NULL CHECK (window_start GLOB ${ISO_UTC}),
  window_end TEXT NOT NULL CHECK (window_end GLOB ${ISO_UTC} AND window_end > window_start),
  exclude_bots INTEGER NOT NULL CHECK (exclude_bots IN (0, 1)),
  metrics TEXT NOT NULL CHECK (json_valid(metrics)),
  -- sha256 over forecast hash, judge, config, window and exclusion: the same validation is stored once.
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (forecast_id, judge, hash)
);
CREATE INDEX validations_by_forecast ON validations (forecast_id, judge);

CREATE TABLE verdicts (
  id INTEGER PRIMARY KEY,
  validation_id INTEGER NOT NULL REFERENCES validations(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  family_id TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('feature', 'bugfix', 'refactor')),
  label TEXT NOT NULL CHECK (label IN ('strong', 'related', 'rejected')),
  score REAL NOT NULL,
  reason TEXT NOT NULL,
  UNIQUE (validation_id, family_id)
);

CREATE TABLE matches (
  verdict_id INTEGER NOT NULL REFERENCES verdicts(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  work_item_key TEXT NOT NULL,
  title TEXT NOT NULL,
  label TEXT NOT NULL CHECK (label IN ('strong', 'related', 'rejected')),
  score REAL NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (verdict_id, ord)
);
CREATE INDEX matches_by_item ON matches (work_item_key);

ALTER TABLE model_calls ADD COLUMN validation_id INTEGER REFERENCES validations(id);

-- Embedding vectors by (model, text hash), so a judge never asks an endpoint twice for the same text.
CREATE TABLE embeddings (
  model TEXT NOT NULL,
  base_url TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  vector BLOB NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (model, base_url, text_hash)
);

CREATE TABLE studies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  config TEXT NOT NULL CHECK (json_valid(config)),
  -- sha256 of the config (paths resolved): rerunning the same config resumes the same study.
  config_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

-- One row per repository of a study; status 'done' is written in the same transaction as its last result.
CREATE TABLE study_repos (
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  path TEXT NOT NULL,
  name TEXT NOT NULL,
  t0 TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  error TEXT,
  snapshot_id INTEGER REFERENCES snapshots(id),
  seconds REAL,
  finished_at TEXT,
  PRIMARY KEY (study_id, ord)
);

-- Which forecast and validation each (repository, forecaster, judge) of a study produced.
CREATE TABLE study_results (
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  repo_ord INTEGER NOT NULL,
  forecaster TEXT NOT NULL,
  judge TEXT NOT NULL,
  forecast_id INTEGER NOT NULL REFERENCES forecasts(id),
  validation_id INTEGER NOT NULL REFERENCES validations(id),
  PRIMARY KEY (study_id, repo_ord, forecaster, judge)
);
`;

const v4 = `
-- The evidence kinds gain 'issue'. SQLite cannot change a CHECK, so the table is
-- rebuilt its documented way (create new, copy, drop, rename), then its index and
-- triggers are made again. Nothing references evidence, so foreign keys can stay on.
CREATE TABLE evidence_new (
  id INTEGER PRIMARY KEY,
  snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL CHECK (ord >= 0),
  kind TEXT NOT NULL CHECK (kind IN ('work_item', 'todo', 'changelog', 'roadmap', 'tag', 'hotspot', 'issue')),
  ref TEXT NOT NULL,
  date TEXT NOT NULL CHECK (date GLOB ${ISO_UTC}),
  text TEXT NOT NULL,
  path TEXT,
  data TEXT NOT NULL CHECK (json_valid(data)),
  UNIQUE (snapshot_id, ref),
  UNIQUE (snapshot_id, ord)
);
INSERT INTO evidence_new (id, snapshot_id, ord, kind, ref, date, text, path, data)
  SELECT id, snapshot_id, ord, kind, ref, date, text, path, data FROM evidence;
DROP TABLE evidence;
ALTER TABLE evidence_new RENAME TO evidence;
CREATE INDEX evidence_by_kind ON evidence (snapshot_id, kind);
CREATE TRIGGER evidence_visible_at_t0 BEFORE INSERT ON evidence
WHEN NEW.date > (SELECT t0 FROM snapshots WHERE id = NEW.snapshot_id)
BEGIN SELECT RAISE(ABORT, 'evidence dated after its snapshot t0'); END;
CREATE TRIGGER evidence_frozen BEFORE UPDATE ON evidence
BEGIN SELECT RAISE(ABORT, 'evidence rows are frozen'); END;

-- The GitHub repository a local repository's issues and pull requests come from.
CREATE TABLE github_repos (
  id INTEGER PRIMARY KEY,
  repo_id INTEGER NOT NULL UNIQUE REFERENCES repos(id) ON DELETE CASCADE,
  full_name TEXT NOT NULL,
  fetched_at TEXT CHECK (fetched_at IS NULL OR fetched_at GLOB ${ISO_UTC}),
  fetched_until TEXT CHECK (fetched_until IS NULL OR fetched_until GLOB ${ISO_UTC}),
  created_at TEXT NOT NULL
);

-- The raw archive: every response body as received, by request, with its ETag.
CREATE TABLE github_responses (
  github_repo_id INTEGER NOT NULL REFERENCES github_repos(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('issues', 'pulls', 'timeline', 'files', 'graphql', 'import')),
  number INTEGER,
  etag TEXT,
  body TEXT NOT NULL,
  next_key TEXT,
  fetched_at TEXT NOT NULL CHECK (fetched_at GLOB ${ISO_UTC}),
  PRIMARY KEY (github_repo_id, key)
);
CREATE INDEX github_responses_by_kind ON github_responses (github_repo_id, kind);

-- Items whose timeline, files and edit history were archived whole, and at which updated_at.
CREATE TABLE github_sync (
  github_repo_id INTEGER NOT NULL REFERENCES github_repos(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  updated_at TEXT NOT NULL CHECK (updated_at GLOB ${ISO_UTC}),
  PRIMARY KEY (github_repo_id, number)
);

-- Issues and pull requests in their current state, rebuilt from the archive only.
CREATE TABLE github_items (
  github_repo_id INTEGER NOT NULL REFERENCES github_repos(id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  kind TEXT NOT NULL CHECK (kind IN ('issue', 'pull')),
  title TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
  labels TEXT NOT NULL CHECK (json_valid(labels) AND json_type(labels) = 'array'),
  created_at TEXT NOT NULL CHECK (created_at GLOB ${ISO_UTC}),
  updated_at TEXT NOT NULL CHECK (updated_at GLOB ${ISO_UTC}),
  closed_at TEXT CHECK (closed_at IS NULL OR closed_at GLOB ${ISO_UTC}),
  merged_at TEXT CHECK (merged_at IS NULL OR merged_at GLOB ${ISO_UTC}),
  source TEXT NOT NULL CHECK (source IN ('api', 'import')),
  data TEXT NOT NULL CHECK (json_valid(data)),
  PRIMARY KEY (github_repo_id, number)
);
`;

const v5 = `
-- A synthesis: tasks made at Tgen from the families one validation judged strong or related.
CREATE TABLE syntheses (
  id INTEGER PRIMARY KEY,
  validation_id INTEGER NOT NULL REFERENCES validations(id),
  forecast_id INTEGER NOT NULL REFERENCES forecasts(id),
  repo_name TEXT NOT NULL,
  repo_path TEXT NOT NULL,
  backend TEXT NOT NULL CHECK (backend IN ('template', 'llm')),
  t0 TEXT NOT NULL CHECK (t0 GLOB ${ISO_UTC}),
  window_end TEXT NOT NULL CHECK (window_end GLOB ${ISO_UTC}),
  -- --tgen as given: 'HEAD' or a canonical UTC time
  tgen TEXT NOT NULL,
  tgen_commit TEXT NOT NULL,
  tgen_time TEXT NOT NULL CHECK (tgen_time GLOB ${ISO_UTC}),
  total INTEGER CHECK (total IS NULL OR total > 0),
  test_command TEXT,
  config TEXT NOT NULL CHECK (json_valid(config)),
  counts TEXT NOT NULL CHECK (json_valid(counts)),
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX syntheses_by_validation ON syntheses (validation_id, hash);

-- The tasks of a synthesis, rejected ones included (with why), in allocation order.
CREATE TABLE tasks (
  id INTEGER PRIMARY KEY,
  synthesis_id INTEGER NOT NULL REFERENCES syntheses(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL CHECK (ord >= 0),
  instance_id TEXT NOT NULL UNIQUE,
  family_id TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('feature', 'bugfix', 'refactor')),
  label TEXT NOT NULL CHECK (label IN ('strong', 'related')),
  status TEXT NOT NULL CHECK (status IN ('spec', 'verified', 'rejected')),
  rejection_code TEXT,
  rejection_reason TEXT,
  title TEXT NOT NULL,
  problem_statement TEXT NOT NULL,
  text_leakage REAL,
  text_leakage_key TEXT,
  patch_leakage REAL,
  patch_leakage_key TEXT,
  data TEXT NOT NULL CHECK (json_valid(data)),
  UNIQUE (synthesis_id, ord),
  CHECK ((status = 'rejected') = (rejection_code IS NOT NULL))
);
CREATE INDEX tasks_by_status ON tasks (synthesis_id, status);

ALTER TABLE model_calls ADD COLUMN synthesis_id INTEGER REFERENCES syntheses(id);
`;

const v6 = `
ALTER TABLE snapshots ADD COLUMN tree_scan TEXT;
`;

const v8 = `
-- The agents whose results were calibrated, by name.
CREATE TABLE calibration_agents (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL CHECK (created_at GLOB ${ISO_UTC})
);

-- A calibration: one agent's results on the exported tasks of one synthesis (docs/calibrate.md).
CREATE TABLE calibrations (
  id INTEGER PRIMARY KEY,
  synthesis_id INTEGER NOT NULL REFERENCES syntheses(id),
  agent_id INTEGER NOT NULL REFERENCES calibration_agents(id),
  format TEXT NOT NULL CHECK (format IN ('swebench-run', 'swebench-instance', 'harbor-job', 'harbor-trial', 'jsonl')),
  -- [{path, sha256, attempts, skipped}]
  files TEXT NOT NULL CHECK (json_valid(files) AND json_type(files) = 'array'),
  -- band edges, solved-at reward, prevalence weight and source
  config TEXT NOT NULL CHECK (json_valid(config)),
  tasks INTEGER NOT NULL CHECK (tasks >= 0),
  attempts INTEGER NOT NULL CHECK (attempts >= 0),
  resolved INTEGER NOT NULL CHECK (resolved >= 0 AND resolved <= attempts),
  pass_at_k TEXT NOT NULL CHECK (json_valid(pass_at_k)),
  correlations TEXT NOT NULL CHECK (json_valid(correlations)),
  -- what synthesize --calibration follows: category shares, family weights and steers, default total
  plan TEXT NOT NULL CHECK (json_valid(plan)),
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL CHECK (created_at GLOB ${ISO_UTC})
);
CREATE INDEX calibrations_by_synthesis ON calibrations (synthesis_id, hash);

-- Per exported task of the synthesis: its attempts, pass rate, interval, pass@k, band and difficulty signals.
CREATE TABLE calibration_tasks (
  calibration_id INTEGER NOT NULL REFERENCES calibrations(id) ON DELETE CASCADE,
  task_id INTEGER NOT NULL REFERENCES tasks(id),
  instance_id TEXT NOT NULL,
  family_id TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('feature', 'bugfix', 'refactor')),
  attempts INTEGER NOT NULL CHECK (attempts >= 0),
  resolved INTEGER NOT NULL CHECK (resolved >= 0 AND resolved <= attempts),
  pass_rate REAL CHECK (pass_rate IS NULL OR (pass_rate >= 0 AND pass_rate <= 1)),
  ci_low REAL,
  ci_high REAL,
  pass_at_k TEXT NOT NULL CHECK (json_valid(pass_at_k)),
  mean_reward REAL,
  band TEXT NOT NULL CHECK (band IN ('never', 'frontier', 'always', 'undetermined', 'untested')),
  gold_lines INTEGER,
  files_touched INTEGER,
  fail_to_pass INTEGER,
  PRIMARY KEY (calibration_id, task_id),
  CHECK ((attempts = 0) = (pass_rate IS NULL))
);

-- Every attempt read, as the results file said it.
CREATE TABLE calibration_attempts (
  calibration_id INTEGER NOT NULL REFERENCES calibrations(id) ON DELETE CASCADE,
  task_id INTEGER NOT NULL REFERENCES tasks(id),
  attempt TEXT NOT NULL,
  solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
  reward REAL CHECK (reward IS NULL OR (reward >= 0 AND reward <= 1)),
  source TEXT NOT NULL,
  PRIMARY KEY (calibration_id, task_id, attempt)
);

-- Per validated family: its tasks' bands, frontier share, learnability, steer, and tasks this round and next.
CREATE TABLE calibration_families (
  calibration_id INTEGER NOT NULL REFERENCES calibrations(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL CHECK (ord >= 0),
  family_id TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('feature', 'bugfix', 'refactor')),
  label TEXT NOT NULL CHECK (label IN ('strong', 'related')),
  tasks INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  resolved INTEGER NOT NULL,
  pass_rate REAL,
  never INTEGER NOT NULL,
  frontier INTEGER NOT NULL,
  always INTEGER NOT NULL,
  undetermined INTEGER NOT NULL,
  untested INTEGER NOT NULL,
  frontier_share REAL,
  learnability REAL NOT NULL,
  steer TEXT NOT NULL CHECK (steer IN ('harder', 'easier', 'keep')),
  previous_tasks INTEGER NOT NULL,
  next_tasks INTEGER NOT NULL,
  weight REAL NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  PRIMARY KEY (calibration_id, family_id)
);

-- Per category with validated families: pass rate, frontier share, learnability, window prevalence and the blended share.
CREATE TABLE calibration_categories (
  calibration_id INTEGER NOT NULL REFERENCES calibrations(id) ON DELETE CASCADE,
  category TEXT NOT NULL CHECK (category IN ('feature', 'bugfix', 'refactor')),
  tasks INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  resolved INTEGER NOT NULL,
  pass_rate REAL,
  frontier_share REAL,
  learnability REAL NOT NULL,
  prevalence REAL NOT NULL,
  share REAL NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  PRIMARY KEY (calibration_id, category)
);
`;

const v9 = `
-- An LLM synthesis is stored as it is made: running, then complete, or failed with the tasks made before the failure.
ALTER TABLE syntheses ADD COLUMN state TEXT NOT NULL DEFAULT 'complete' CHECK (state IN ('running', 'complete', 'failed'));
ALTER TABLE syntheses ADD COLUMN error TEXT;
-- The task a synthesis model call was made for.
ALTER TABLE model_calls ADD COLUMN task_id INTEGER REFERENCES tasks(id);
CREATE INDEX model_calls_by_task ON model_calls (task_id) WHERE task_id IS NOT NULL;
`;

const EVIDENCE_KINDS_V10 = ['work_item', 'todo', 'changelog', 'roadmap', 'tag', 'hotspot', 'issue', 'pending'];

/**
 * The evidence table rebuilt with a wider kind CHECK, as SQLite asks (create new, copy, drop, rename, then the
 * index and triggers again; nothing references evidence, so foreign keys can stay on). Migrations 10 on; 4 wrote it out.
 */
function evidenceWithKinds(comment: string, kinds: readonly string[]): string {
  return `
${comment}
CREATE TABLE evidence_new (
  id INTEGER PRIMARY KEY,
  snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL CHECK (ord >= 0),
  kind TEXT NOT NULL CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')})),
  ref TEXT NOT NULL,
  date TEXT NOT NULL CHECK (date GLOB ${ISO_UTC}),
  text TEXT NOT NULL,
  path TEXT,
  data TEXT NOT NULL CHECK (json_valid(data)),
  UNIQUE (snapshot_id, ref),
  UNIQUE (snapshot_id, ord)
);
INSERT INTO evidence_new (id, snapshot_id, ord, kind, ref, date, text, path, data)
  SELECT id, snapshot_id, ord, kind, ref, date, text, path, data FROM evidence;
DROP TABLE evidence;
ALTER TABLE evidence_new RENAME TO evidence;
CREATE INDEX evidence_by_kind ON evidence (snapshot_id, kind);
CREATE TRIGGER evidence_visible_at_t0 BEFORE INSERT ON evidence
WHEN NEW.date > (SELECT t0 FROM snapshots WHERE id = NEW.snapshot_id)
BEGIN SELECT RAISE(ABORT, 'evidence dated after its snapshot t0'); END;
CREATE TRIGGER evidence_frozen BEFORE UPDATE ON evidence
BEGIN SELECT RAISE(ABORT, 'evidence rows are frozen'); END;
`;
}

const v10 = evidenceWithKinds(
  `-- The evidence kinds gain 'pending' (deprecation notices with their target, declared
-- runtimes: src/snapshot/pending.ts). Rebuilt as migration 4 did: create, copy, drop,
-- rename, then the index and triggers again.`,
  EVIDENCE_KINDS_V10,
);

const v11 = evidenceWithKinds(
  `-- The evidence kinds gain 'dependency_removal' (runtime dependencies removed from the
-- main manifests before T0: src/snapshot/dependency-removals.ts). Rebuilt as migration 10 did.`,
  [...EVIDENCE_KINDS_V10, 'dependency_removal'],
);

const v12 = `
-- A work item that is a merge integrating a branch whose own commits are stored as work items of
-- their own (src/sources/merged-branches.ts): a branch merge by what it brought, whatever its title.
ALTER TABLE work_items ADD COLUMN integration INTEGER NOT NULL DEFAULT 0 CHECK (integration IN (0, 1));
`;

const v13 = `
-- A work item whose title states no work ("Minor tweaks", a bare "Fix typos", "Fix CI") but whose first-parent
-- diff changes source or test lines beyond formatting (src/sources/diff-work.ts): a change that does work, not a
-- chore. Read from the clone when the snapshot command saves the item; 0 for rows written before.
ALTER TABLE work_items ADD COLUMN diff_work INTEGER NOT NULL DEFAULT 0 CHECK (diff_work IN (0, 1));
`;
const v14 = evidenceWithKinds(
  `-- The evidence kinds gain 'branch' (branches present in the clone at T0 with commits the
-- default branch did not have then: src/snapshot/branches.ts). Rebuilt as migration 11 did.`,
  [...EVIDENCE_KINDS_V10, 'dependency_removal', 'branch'],
);

export const migrations: readonly Migration[] = [
  { version: 1, description: 'repos, mined-history cache, work items, snapshots and their evidence', sql: v1 },
  { version: 2, description: 'frozen forecasts, their families and evidence citations, model calls', sql: v2 },
  { version: 3, description: 'validations, verdicts and matches, embedding cache, studies', sql: v3 },
  { version: 4, description: "GitHub archive, sync state and items; evidence kind 'issue'", sql: v4 },
  { version: 5, description: 'syntheses and their tasks; model calls of a synthesis', sql: v5 },
  { version: 6, description: "the tree-scan rules that made a snapshot's TODO, changelog and roadmap rows", sql: v6 },
  { version: 8, description: 'calibrations: agents, per-task results and attempts, per-family and per-category figures, the next-round plan', sql: v8 },
  { version: 9, description: 'syntheses stored as made (state, error); model calls carry their task id', sql: v9 },
  { version: 10, description: "evidence kind 'pending': deprecation notices with their target, declared runtimes", sql: v10 },
  { version: 11, description: "evidence kind 'dependency_removal': runtime dependencies removed from the main manifests before T0", sql: v11 },
  { version: 12, description: 'work items mark the merges that integrated a branch whose work is read from it', sql: v12 },
  { version: 13, description: 'work items mark a title that states no work on a diff that does work', sql: v13 },
  { version: 14, description: "evidence kind 'branch': branches present in the clone at T0 with work the default branch did not have", sql: v14 },
];

/** The schema version this swe-future writes and reads. */
export const SCHEMA_VERSION = migrations.reduce((max, m) => Math.max(max, m.version), 0);
