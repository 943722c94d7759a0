import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { writeTgenBundle } from '../exec/bundle.js';
import { DEFAULT_LIMITS, type RunLimits } from '../exec/run.js';
import { DEFAULT_ISOLATION, requireBwrap, type Isolation } from '../exec/sandbox.js';
import { treeAt } from '../exec/tree.js';
import { openWorkspace } from '../exec/workspace.js';
import { INSTALL_DEFAULTS, type InstallResult } from '../exec/install.js';
import { customInstall, detectInstall, type InstallPlan } from '../synthesize/install-command.js';
import { verifyForecast } from '../forecast/freeze.js';
import type { TaskFamily } from '../forecast/model.js';
import type { BackendName, GitBackend } from '../git/backend.js';
import type { Commit } from '../git/model.js';
import { openRepository } from '../git/open.js';
import { contentHash } from '../hash.js';
import type { ModelCall } from '../llm/model.js';
import { recordingToolChat, type ToolChatModel } from '../llm/tools.js';
import { silentProgress, type Progress } from '../progress.js';
import { loadForecast } from '../store/forecasts.js';
import { openStore } from '../store/open.js';
import { appendTask, beginSynthesis, endSynthesis, loadSynthesis, saveSynthesis, type StoredSynthesis } from '../store/tasks.js';
import { forecastOrigin, loadValidation } from '../store/validations.js';
import { AGENT_DEFAULTS, runAgent } from '../synthesize/agent.js';
import { allocateByPlan, allocateTasks, LABEL_WEIGHT } from '../synthesize/allocation.js';
import { loadCalibrationPlan } from '../store/calibrations.js';
import { assembleTask, countTasks } from '../synthesize/assemble.js';
import { conditionFamily } from '../synthesize/conditioning.js';
import { familyFit } from '../synthesize/family-fit.js';
import { runGate } from '../synthesize/gate.js';
import { groundFamily } from '../synthesize/grounding.js';
import { addedLinesOf, judgeLeakage, LEAKAGE_THRESHOLDS, nearestPatch, TextLeakageIndex, type LeakageItem } from '../synthesize/leakage.js';
import type { Allocation, ConditioningInput, Execution, Grounding, InstallRecord, LeakageReport, Rejection, SynthesisBackend, SynthesizedTask, TaskDraft, ValidatedLabel } from '../synthesize/model.js';
import { templateTask } from '../synthesize/template.js';
import { quotedValidatingLines, validatingWork, withholdValidatingWork, type ValidatingWork } from '../synthesize/validating-work.js';
import { detectTestSetup } from '../synthesize/test-command.js';
import { parseDate } from '../time.js';
import { createLexicalJudge } from '../validate/lexical.js';
import { firstParentChain, leakageItems, linesAtT0, patchCandidates, resolveTgen, validatingAdditions } from './synthesize-inputs.js';

export interface SynthesizeOptions {
  db: string;
  validation: number;
  /** `HEAD`, or an ISO date: the newest first-parent commit at or before it. */
  tgen: string;
  /** Tasks to make in all, spread by allocation; default one per validated family. */
  total?: number;
  /** Default template (offline). */
  backend?: SynthesisBackend;
  /** A calibration of an earlier synthesis from this validation: allocate by its plan (docs/calibrate.md); `total` defaults to its round's. */
  calibration?: number;
  /** The repository's test command; default detected at Tgen. */
  testCommand?: string;
  /**
   * llm backend: the dependency install run in each task's work tree before anything runs there (docs/synthesis.md,
   * "Dependency install"). Given (as the CLI always gives it): `command`, or detected at Tgen (lock file aware);
   * offline unless `network`; 15 minutes unless `timeoutMs`; `enabled: false` skips it. Absent: no install.
   */
  install?: { enabled?: boolean; command?: string; network?: boolean; timeoutMs?: number };
  /** The llm backend's model; the CLI builds it from --llm-base-url and --llm-model. */
  chat?: ToolChatModel;
  /** Runs per state in the execution gate; default 3. */
  runs?: number;
  limits?: Partial<RunLimits>;
  /** How test commands are isolated; default bubblewrap, no network, secrets withheld. */
  isolation?: Partial<Isolation>;
  maxSteps?: number;
  seed?: number;
  gitBackend?: BackendName | 'auto';
  /** Called at once with each warning (also returned in `warnings`). */
  onWarning?: (warning: string) => void;
  progress?: Progress;
  now?: Date;
}

export interface SynthesizeResult {
  id: number;
  /** True when an identical template synthesis was already stored. */
  reused: boolean;
  synthesis: StoredSynthesis;
  /** Things the user should know that did not stop the run (e.g. a detected test command whose output cannot be read per test). */
  warnings: string[];
}

/**
 * Turns the families a validation judged strong or related into tasks at
 * Tgen (docs/synthesis.md): allocation, conditioning on the family and the
 * code at Tgen, a backend (template specs, or an LLM agent writing tests and a
 * gold patch), leakage checks against the work before Tgen and in the
 * validation window, and for the LLM backend the execution gate and the
 * family check (OFF_FAMILY). A template synthesis is computed first and
 * stored in one transaction at the end; an LLM synthesis is stored as it is
 * made, each task with its model calls, so a failure at task k keeps 1..k-1.
 */
export async function synthesizeTasks(options: SynthesizeOptions): Promise<SynthesizeResult> {
  const progress = options.progress ?? silentProgress;
  const backend = options.backend ?? 'template';
  if (backend === 'llm' && !options.chat) {
    throw new UserError('LLM_NOT_CONFIGURED', 'The llm backend needs a chat model endpoint with tool calling', 'Pass --llm-base-url URL and --llm-model NAME (key from OPENAI_API_KEY), or use --backend template.');
  }
  if (options.total !== undefined && (!Number.isInteger(options.total) || options.total < 1)) {
    throw new UserError('BAD_TOTAL', `--total must be a whole number of tasks of at least 1, not ${options.total}`, 'Pass e.g. --total 20, or leave it out for one task per validated family.');
  }
  const runs = options.runs ?? 3;
  if (!Number.isInteger(runs) || runs < 1 || runs > 10) throw new UserError('BAD_RUNS', `--runs must be 1..10, not ${runs}`, 'Pass --runs 3 (the default).');
  const tgenGiven = /^head$/i.test(options.tgen.trim()) ? 'HEAD' : parseDate(options.tgen, '--tgen');
  if (tgenGiven !== 'HEAD' && Date.parse(tgenGiven) > (options.now ?? new Date()).getTime()) {
    throw new UserError('TGEN_IN_FUTURE', `Tgen ${options.tgen} is in the future`, 'Pass a date that has passed, or --tgen HEAD.');
  }
  const limits: RunLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const isolation: Isolation = { ...DEFAULT_ISOLATION, ...options.isolation };
  // Before any model call: a missing sandbox is the user's to fix, not a task rejection.
  if (backend === 'llm' && isolation.sandbox) requireBwrap();
  if (!existsSync(options.db)) {
    throw new UserError('DB_NOT_FOUND', `There is no store at ${options.db}`, 'Snapshot, forecast and validate first (or run swe-future demo), or pass the --db that holds the validation.');
  }

  const store = openStore(options.db);
  let git: GitBackend | null = null;
  const scratch = await mkdtemp(join(tmpdir(), 'swe-future-synth-'));
  try {
    const validation = loadValidation(store, options.validation);
    const plan = options.calibration === undefined ? null : loadCalibrationPlan(store, options.calibration, options.validation);
    const forecast = loadForecast(store, validation.forecastId);
    verifyForecast(forecast);
    const origin = forecastOrigin(store, validation.forecastId)!;
    const repo = store.db.prepare<[number], { path: string; name: string; default_branch: string }>('SELECT path, name, default_branch FROM repos WHERE id = ?').get(origin.repoId)!;
    if (tgenGiven !== 'HEAD' && Date.parse(tgenGiven) < Date.parse(origin.t0)) {
      throw new UserError('TGEN_BEFORE_T0', `Tgen ${options.tgen} is before the forecast's T0 ${origin.t0.slice(0, 10)}`, `Pass a --tgen on or after ${origin.t0.slice(0, 10)}, or HEAD.`);
    }
    const families = new Map(forecast.families.map((f) => [f.id, f]));
    const eligible = validation.verdicts
      .filter((v) => v.label !== 'rejected' && families.has(v.familyId))
      .map((v) => ({ family: families.get(v.familyId)!, label: v.label as ValidatedLabel }));
    if (eligible.length === 0) {
      // An empty forecast (the forecaster abstained, e.g. every family it found was loose and held back) says why in its own words.
      const why = forecast.families.length === 0
        ? `Validation ${options.validation} is of forecast ${validation.forecastId}, which abstained (${forecast.abstainReason ?? 'no families'})`
        : `Validation ${options.validation} judged no family strong or related`;
      throw new UserError(
        'NO_VALIDATED_FAMILIES',
        `${why}: there is nothing to synthesize from`,
        'Synthesize from another validation (swe-future query --named families), or forecast and validate again.',
      );
    }

    progress.stage(`resolving Tgen ${tgenGiven === 'HEAD' ? 'HEAD' : tgenGiven.slice(0, 10)} in ${repo.name}`);
    git = await openRepository(repo.path, { backend: options.gitBackend ?? 'auto', branch: repo.default_branch });
    const { chain, fresh } = await firstParentChain(git, store, origin.repoId);
    const tgenCommit = resolveTgen(chain, tgenGiven);
    if (!tgenCommit) throw new UserError('TGEN_BEFORE_FIRST_COMMIT', `No first-parent commit of ${repo.name} is at or before Tgen ${options.tgen}`, 'Pass a later --tgen, or HEAD.');
    const tgenTime = new Date(tgenCommit.committerTime).toISOString();
    const tree = await treeAt(git, tgenCommit.sha, tgenTime);
    const detected = options.testCommand ? null : detectTestSetup(tree.paths, await tree.read('package.json'));
    const testCommand = options.testCommand ?? detected?.command ?? null;
    const warnings = backend === 'llm' && detected?.warning ? [detected.warning] : [];
    for (const w of warnings) options.onWarning?.(w);
    const installNetwork = options.install?.network ?? false;
    const installPlan: InstallPlan | null = backend !== 'llm' || !options.install || options.install.enabled === false
      ? null
      : options.install?.command
        ? customInstall(options.install.command, installNetwork)
        : detectInstall(tree.paths, await tree.read('package.json'), { network: installNetwork });
    const installLimits = { timeoutMs: options.install?.timeoutMs ?? INSTALL_DEFAULTS.timeoutMs, memoryMb: limits.memoryMb };
    if (backend === 'llm' && !testCommand) {
      throw new UserError('TEST_CMD_REQUIRED', `No test command was found in ${repo.name} at ${tgenCommit.sha.slice(0, 12)}`, 'Pass --test-cmd with the command that runs its tests (it must print TAP, pytest -rA, go test -v or cargo test output).');
    }

    progress.stage(`grounding ${eligible.length} validated families in the code at ${tgenCommit.sha.slice(0, 12)}`);
    const items = leakageItems(store, origin.repoId, { t0: origin.t0, windowEnd: validation.windowEnd, tgenTime }, fresh);
    const lineCache = new Map<string, string[]>();
    const groundings = new Map<string, Grounding>();
    for (const { family } of eligible) groundings.set(family.id, await groundFamily(family, tree, testCommand));
    // What the validating work added to the files grounding shows is withheld before any backend sees it.
    const shownPaths = [...new Set([...groundings.values()].flatMap((g) => [...g.files.map((f) => f.path), ...g.testFiles]))];
    const atT0 = await linesAtT0(git, resolveTgen(chain, origin.t0)?.sha ?? null, shownPaths);
    const work = validatingWork(await validatingAdditions(git, chain, items, shownPaths, lineCache), atT0);
    const inputs = new Map<string, ConditioningInput>();
    for (const { family, label } of eligible) {
      const grounding = withholdValidatingWork(groundings.get(family.id)!, work);
      inputs.set(family.id, conditionFamily({ repoName: repo.name, t0: origin.t0, family, label, grounding }));
    }
    const claims = eligible.map(({ family, label }) => ({ id: family.id, category: family.category, score: family.score, label }));
    const slots = plan ? allocateByPlan(claims, plan, options.total ?? plan.total) : allocateTasks(claims, forecast.families.map((f) => f.category), options.total);

    const textIndex = new TextLeakageIndex(items);
    const calls: ModelCall[] = [];
    const chat = options.chat ? recordingToolChat(options.chat, 'synthesize', calls) : null;
    const bundle = join(scratch, 'tgen.bundle');
    if (backend === 'llm') await writeTgenBundle({ gitdir: git.facts.gitdir, commit: tgenCommit.sha, branch: repo.default_branch, file: bundle });

    const config = {
      runs,
      limits,
      thresholds: { ...LEAKAGE_THRESHOLDS },
      labelWeight: { ...LABEL_WEIGHT },
      ...(plan ? { calibration: plan.calibrationId } : {}),
      ...(backend === 'llm' ? { install: installPlan ? { command: installPlan.command, network: installPlan.network, reason: installPlan.reason, timeoutMs: installLimits.timeoutMs } : null } : {}),
      ...(backend === 'llm' ? { sandbox: { bubblewrap: isolation.sandbox, allowEnv: [...isolation.allowEnv] }, agent: { model: options.chat!.model, baseURL: options.chat!.baseURL, maxSteps: options.maxSteps ?? AGENT_DEFAULTS.maxSteps, temperature: AGENT_DEFAULTS.temperature, seed: options.seed ?? null } } : {}),
    };
    const header = {
      validationId: options.validation,
      forecastId: validation.forecastId,
      repo: { name: repo.name, path: repo.path },
      t0: origin.t0,
      windowEnd: validation.windowEnd,
      tgen: { given: tgenGiven, commit: tgenCommit.sha, time: tgenTime },
      backend,
      total: options.total ?? plan?.total ?? null,
      testCommand,
      config,
    };
    // An LLM synthesis is stored as it is made (each task with its model calls); a template one in one go at the end.
    const running = backend === 'llm' ? beginSynthesis(store, header, countTasks([]), contentHash({ forecastHash: forecast.hash, ...header, at: new Date().toISOString() })) : null;
    const judge = createLexicalJudge();

    const tasks: SynthesizedTask[] = [];
    let stored = 0;
    try {
      for (const [ord, slot] of slots.entries()) {
        const input = inputs.get(slot.familyId)!;
        progress.stage(`task ${ord + 1}/${slots.length}: family ${slot.familyId} (${backend})`);
        progress.tick(ord, slots.length);
        const step = backend === 'template'
          ? templateStep(input, slot)
          : await llmStep({
            chat: chat!, input, slot, bundle, commit: tgenCommit.sha, testCommand: testCommand!, limits, isolation, runs, maxSteps: options.maxSteps, seed: options.seed,
            install: installPlan ? { plan: installPlan, limits: installLimits } : null,
            onInstall: (command) => progress.stage(`task ${ord + 1}/${slots.length}: installing dependencies (${command})`),
          });
        let rejection = step.rejection;
        let leakage: LeakageReport | null = null;
        let execution: Execution | null = null;
        try {
          if (step.draft) {
            const checked = await checkLeakage(step.draft, textIndex, items, git, chain, lineCache, work);
            leakage = checked.report;
            rejection ??= checked.rejection;
          }
          if (!rejection && step.gate) {
            progress.stage(`task ${ord + 1}/${slots.length}: execution gate, ${runs} runs per state`);
            ({ execution, rejection } = await step.gate());
          }
          // A verified task must still be work of its family, by the validation's own (lexical) judge.
          if (!rejection && execution && step.draft) rejection = await familyFit(judge, input.family as TaskFamily, step.draft, tgenTime);
        } finally {
          await step.close?.();
        }
        const task = assembleTask({ ord, family: input.family as TaskFamily, label: input.label, backend, slot, draft: step.draft, rejection, leakage, execution });
        tasks.push(task);
        if (running !== null) {
          appendTask(store, running, repo.name, task, calls.slice(stored));
          stored = calls.length;
        }
      }
    } catch (err) {
      if (running !== null) endSynthesis(store, running, countTasks(tasks), err instanceof Error ? err.message : String(err), calls.slice(stored));
      throw err;
    }

    if (running !== null) {
      endSynthesis(store, running, countTasks(tasks), null, calls.slice(stored));
      return { id: running, reused: false, synthesis: loadSynthesis(store, running), warnings };
    }
    const synthesis = { ...header, counts: countTasks(tasks), tasks };
    const hash = contentHash({ forecastHash: forecast.hash, ...synthesis });
    const saved = saveSynthesis(store, synthesis, hash, calls);
    return { ...saved, synthesis: loadSynthesis(store, saved.id), warnings };
  } finally {
    progress.done();
    store.close();
    await git?.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

interface Step {
  draft: TaskDraft | null;
  rejection: Rejection | null;
  /** Runs the execution gate (LLM tasks that passed the leakage checks). */
  gate?: () => Promise<{ execution: Execution | null; rejection: Rejection | null }>;
  close?: () => Promise<void>;
}

function templateStep(input: ConditioningInput, slot: Allocation): Step {
  const out = templateTask(input, slot);
  return 'code' in out ? { draft: null, rejection: out } : { draft: out, rejection: null };
}

async function llmStep(a: {
  chat: ToolChatModel; input: ConditioningInput; slot: Allocation; bundle: string; commit: string; testCommand: string;
  limits: RunLimits; isolation: Isolation; runs: number; maxSteps?: number; seed?: number;
  install: { plan: InstallPlan; limits: RunLimits } | null; onInstall: (command: string) => void;
}): Promise<Step> {
  if (a.input.grounding.files.length === 0) {
    return { draft: null, rejection: { code: 'ANCHOR_MISSING', reason: `none of the family's paths holds source code at ${a.commit.slice(0, 12)}` } };
  }
  if (a.install) a.onInstall(a.install.plan.command);
  const ws = await openWorkspace({ bundle: a.bundle, commit: a.commit, testCommand: a.testCommand, limits: a.limits, isolation: a.isolation, install: a.install });
  try {
    const agent = await runAgent(a.chat, ws, a.input, a.slot, { maxSteps: a.maxSteps, seed: a.seed });
    const install = ws.install ? installRecord(ws.install) : undefined;
    const gate = async () => {
      const out = await runGate(ws, { test: agent.draft!.testPatch, gold: agent.draft!.goldPatch }, { runs: a.runs, testCommand: a.testCommand });
      return { ...out, execution: out.execution && install ? { ...out.execution, install } : out.execution };
    };
    return {
      draft: agent.draft,
      rejection: agent.rejection,
      gate: agent.draft ? gate : undefined,
      close: () => ws.close(),
    };
  } catch (err) {
    await ws.close();
    throw err;
  }
}

function installRecord(r: InstallResult): InstallRecord {
  return { command: r.command, network: r.network, sandbox: r.sandbox, exitCode: r.exitCode, durationMs: r.durationMs, excluded: r.excluded, restored: r.restored, logTail: r.logTail };
}

async function checkLeakage(
  draft: TaskDraft,
  textIndex: TextLeakageIndex,
  items: readonly LeakageItem[],
  git: GitBackend,
  chain: readonly Commit[],
  cache: Map<string, string[]>,
  work: ValidatingWork,
): Promise<{ report: LeakageReport; rejection: Rejection | null }> {
  const shown = `${draft.title}\n${draft.problemStatement}\n${draft.hints}`;
  const text = textIndex.nearest(shown);
  const judged = async () => {
    if (draft.goldPatch === '') return judgeLeakage(text, null, { text: items.length, patch: 0 });
    const gold = addedLinesOf(draft.goldPatch);
    const candidates = await patchCandidates(git, chain, items, [...gold.keys()], cache);
    const patch = nearestPatch([...gold.values()].flat(), candidates);
    return judgeLeakage(text, patch, { text: items.length, patch: candidates.length });
  };
  const out = await judged();
  const quoted = quotedValidatingLines(shown, work)[0];
  if (!out.rejection && quoted) {
    return { report: out.report, rejection: { code: 'LEAKAGE_TEXT', reason: `the task shows a line that ${quoted.key} (in the validation window) added to ${quoted.path}` } };
  }
  return out;
}
