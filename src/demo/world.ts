import { cacheFiles } from './project/cache.js';
import { cliFiles } from './project/cli.js';
import { httpFiles } from './project/http.js';
import { renderMeta } from './project/meta.js';
import { parserFiles } from './project/parser.js';
import type { FileTemplate } from './project/template.js';
import { renderStaged } from './staged-text.js';

/**
 * Everything the demo project's files are rendered from. Events of the
 * history change a World; the commit they make holds the files whose
 * rendering changed. A branch works on its own copy.
 */
export interface World {
  /** Stage of each stream; -1 while the module does not exist. */
  stages: Record<string, number>;
  version: string;
  deps: Record<string, string>;
  devDeps: Record<string, string>;
  changelog: { unreleased: ChangeEntry[]; releases: Release[] };
  roadmap: RoadmapItem[];
  ci: CiState;
  /** Markdown files made of blocks (paragraphs, sections), joined by blank lines. */
  docs: Record<string, string[]>;
  /** examples/<name>.conf */
  examples: Record<string, string>;
  lintRules: string[];
  /** ESLint 9 flat config instead of .eslintrc.json. */
  eslintFlat: boolean;
  /** Files written as they are (LICENSE, .gitignore, renovate.json, ...). */
  plain: Record<string, string>;
  /** Which logo docs/logo.png holds; 0 for none. */
  logo: number;
  /** Tests of test/smoke.test.js, one block each. */
  smoke: string[];
}

export type ChangeSection = 'Added' | 'Changed' | 'Fixed';

export interface ChangeEntry {
  section: ChangeSection;
  text: string;
}

export interface Release {
  version: string;
  date: string;
  entries: ChangeEntry[];
}

export interface RoadmapItem {
  text: string;
  done: boolean;
}

export interface CiState {
  node: string[];
  os: string[];
  checkout: string;
  setupNode: string;
  cache: boolean;
  lint: boolean;
  concurrency: boolean;
  permissions: boolean;
  timeout: boolean;
  coverage: boolean;
}

export const STREAM_KEYS = ['parser', 'parser.test', 'http', 'http.test', 'cache', 'cache.test', 'cli', 'format', 'examples'];

export function emptyWorld(): World {
  return {
    stages: Object.fromEntries(STREAM_KEYS.map((key) => [key, -1])),
    version: '0.0.0',
    deps: {},
    devDeps: {},
    changelog: { unreleased: [], releases: [] },
    roadmap: [],
    ci: {
      node: [], os: ['ubuntu-latest'], checkout: 'v3', setupNode: 'v3',
      cache: false, lint: false, concurrency: false, permissions: false, timeout: false, coverage: false,
    },
    docs: {},
    examples: {},
    lintRules: [],
    eslintFlat: false,
    plain: {},
    logo: 0,
    smoke: [],
  };
}

const TEMPLATES: FileTemplate[] = [...parserFiles, ...httpFiles, ...cacheFiles, ...cliFiles];

export type RenderedFile = string | Uint8Array | { content: string; executable: true };

/** Every file of the project as the world has it. */
export function renderWorld(world: World): Map<string, RenderedFile> {
  const files = new Map<string, RenderedFile>();
  for (const t of TEMPLATES) {
    const stage = world.stages[t.stream] ?? -1;
    if (stage < (t.from ?? 0) || stage >= (t.until ?? Number.POSITIVE_INFINITY)) continue;
    const text = renderStaged(t.template, world.stages, t.stream);
    files.set(t.path, t.executable ? { content: text, executable: true } : text);
  }
  for (const [path, content] of renderMeta(world)) files.set(path, content);
  return files;
}

export function sameFile(a: RenderedFile | undefined, b: RenderedFile | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return a instanceof Uint8Array && b instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));
  }
  return a.content === b.content;
}
