import { parseDate } from '../time.js';
import { buildHistory } from './history.js';
import { type DemoRepo, DemoRepoOptions, type DemoScenario, type DemoStream } from './model.js';
import { NODE_SUPPORT, planBackground } from './plan/background.js';
import type { Planner } from './plan/steps.js';
import { planStreams } from './plan/streams.js';
import { mulberry32 } from '../random.js';
import { writeRepo } from './write-repo.js';
import { emptyWorld } from './world.js';

/**
 * The demo: "quarry", a small JavaScript config toolkit with two and a half
 * years of history (2023-01-03 .. 2025-06-28), T0 = 2025-01-01 and a six-month
 * validation window after it. Work streams are planted with known anchors and
 * categories (src/demo/plan/streams.ts), and the CI matrix's Node.js versions
 * follow the release calendar; background noise (docs, typos,
 * examples, CI, lint, Dependabot and Renovate) fills the rest
 * (src/demo/plan/background.ts). Everything is seeded: the same code gives the
 * same commits, byte for byte.
 */
export const DEMO_T0 = '2025-01-01';
export const DEMO_WINDOW_END = '2025-07-01';
const SEED = 0x9_2023;

const STREAMS: Omit<DemoStream, 'prs'>[] = [
  {
    id: 'parser-quoting', category: 'bugfix', anchor: 'src/parser', continuesAfterT0: true,
    keywords: ['parser', 'quote', 'quoted', 'quoting', 'escape', 'escapes', 'list items', 'nested quotes'],
  },
  {
    id: 'http-resilience', category: 'feature', anchor: 'src/http', continuesAfterT0: true,
    keywords: ['http', 'retry', 'retries', 'backoff', 'jitter', 'timeout', 'Retry-After', 'abort'],
  },
  {
    id: 'cache-backends', category: 'refactor', anchor: 'src/cache', continuesAfterT0: true,
    keywords: ['cache', 'storage', 'store', 'backend', 'lru', 'eviction', 'rename', 'split'],
  },
  {
    // The CI matrix's Node.js versions (src/demo/plan/background.ts): added as lines are released, dropped at their
    // end of life; "ci: drop Node 18" lands in the window, after Node.js 18 ends on 2025-04-30.
    id: NODE_SUPPORT, category: 'refactor', anchor: '.github/workflows/ci.yml', continuesAfterT0: true,
    keywords: ['node', 'node.js', 'matrix', 'drop', 'support', 'ci'],
  },
  {
    id: 'cli-colour', category: 'feature', anchor: 'src/cli', continuesAfterT0: false,
    keywords: ['cli', 'colour', 'color', 'NO_COLOR', '256', 'terminal'],
  },
  {
    id: 'format-output', category: 'feature', anchor: 'src/format', continuesAfterT0: false,
    keywords: ['format', 'env', 'json', 'yaml'],
  },
];

/** The demo history and its plan, as data. Pure and deterministic; well under a second. */
export function demoScenario(): DemoScenario {
  const planner: Planner = { rng: mulberry32(SEED), steps: [] };
  planStreams(planner);
  planBackground(planner);
  const history = buildHistory(planner.steps, emptyWorld(), mulberry32(SEED + 1));
  const releases = history.commits.flatMap((c) =>
    c.tag === undefined ? [] : [{ tag: typeof c.tag === 'string' ? c.tag : c.tag.name, at: c.at, annotated: typeof c.tag !== 'string' }]);
  return {
    name: 'quarry',
    start: history.commits[0]!.at,
    t0: DEMO_T0,
    windowEnd: DEMO_WINDOW_END,
    defaultBranch: 'main',
    streams: STREAMS.map((s) => ({ ...s, prs: history.pullRequests.filter((pr) => pr.stream === s.id).map((pr) => pr.number) })),
    pullRequests: history.pullRequests,
    releases,
    commits: history.commits,
  };
}

/**
 * Writes the demo repository into `dir` (a work tree checked out on main, or
 * a bare repository). With `until`, commits after that time are left out; the
 * commits kept are identical to those of the full history, so a snapshot at
 * T0 is the same with or without the later history.
 */
export async function buildDemoRepo(dir: string, options: DemoRepoOptions = {}): Promise<DemoRepo> {
  const opts = DemoRepoOptions.parse(options);
  const scenario = demoScenario();
  const until = opts.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(parseDate(opts.until, 'until'));
  const commits = scenario.commits.filter((c) => Date.parse(c.at) <= until);
  const written = await writeRepo(dir, commits, { bare: opts.bare ?? false, onlyDefaultBranch: true });
  return { ...written, scenario };
}
