import type { WordTable } from '../../text/glove/table.js';

/**
 * Developer vocabulary for a word-vector table trained on news and
 * encyclopaedia text (GloVe, 2014), which lacks or misreads many words of
 * pull-request titles. Two pieces, each measured on eval/pairs/ (docs/judging.md):
 *
 * - SYNONYMS: a small, hand-written map applied to both sides before anything
 *   is compared: abbreviations to the word GloVe knows (`args` → `arguments`,
 *   `config` → `configuration`), software words GloVe lacks to their plain
 *   meaning (`webhook` → `web hook`), and near-synonyms of PR titles to one
 *   word (crash/panic/exception → `error`, drop/deprecate → `remove`).
 * - sub-words: a word still unknown is looked up without its inflection
 *   (`retries` → `retry`) or split into two known, common words
 *   (`keyboardinterrupt` → `keyboard interrupt`).
 */

export const SYNONYMS: Readonly<Record<string, string>> = {
  // the same problem, said differently
  crash: 'error', crashes: 'error', crashed: 'error', crashing: 'error',
  panic: 'error', panics: 'error', panicked: 'error', panicking: 'error',
  exception: 'error', exceptions: 'error', failure: 'error', failures: 'error', errors: 'error',
  bug: 'error', bugs: 'error', broken: 'error', regression: 'error',
  hang: 'freeze', hangs: 'freeze', hanging: 'freeze', deadlock: 'freeze', stuck: 'freeze',
  // adding and removing
  support: 'add', supports: 'add', implement: 'add', implements: 'add', implemented: 'add', introduce: 'add', introduces: 'add',
  drop: 'remove', drops: 'remove', dropped: 'remove', deprecate: 'remove', deprecated: 'remove', delete: 'remove', deletes: 'remove', removes: 'remove', removed: 'remove',
  // abbreviations
  arg: 'argument', args: 'arguments', argv: 'arguments', kwargs: 'arguments', params: 'parameters', param: 'parameter',
  opt: 'option', opts: 'options', cfg: 'configuration', config: 'configuration', configs: 'configuration', conf: 'configuration',
  env: 'environment', envvar: 'environment variable', envvars: 'environment variables',
  repo: 'repository', repos: 'repositories', deps: 'dependencies', dep: 'dependency', dev: 'development',
  impl: 'implementation', auth: 'authentication', oauth: 'authentication', perf: 'performance',
  cmd: 'command', cmds: 'commands', subcommand: 'command', subcommands: 'commands', cli: 'command line',
  msg: 'message', msgs: 'messages', err: 'error', ctx: 'context', req: 'request', res: 'response', resp: 'response',
  fn: 'function', func: 'function', funcs: 'functions', str: 'string', int: 'integer', bool: 'boolean', dict: 'dictionary',
  enum: 'enumeration', enums: 'enumerations', len: 'length', buf: 'buffer', dir: 'directory', dirs: 'directories',
  stdin: 'input', stdout: 'output', stderr: 'error output', tty: 'terminal', regex: 'pattern', regexp: 'pattern',
  async: 'asynchronous', sync: 'synchronous', utf8: 'unicode', charset: 'encoding',
  // software words GloVe lacks, in plain words
  refactor: 'restructure', refactors: 'restructure', refactored: 'restructured', refactoring: 'restructuring',
  webhook: 'web hook', webhooks: 'web hooks', websocket: 'web socket', websockets: 'web sockets', ws: 'web socket',
  dockerfile: 'docker file', changelog: 'change log', readme: 'documentation', docstring: 'documentation', docstrings: 'documentation',
  typo: 'spelling', typos: 'spelling', linter: 'lint', linting: 'lint', clippy: 'lint', eslint: 'lint', golangci: 'lint',
  // CI: GitHub workflows, pipelines and "CI" are one thing in pull-request titles
  ci: 'ci', cicd: 'ci', workflow: 'ci', workflows: 'ci', pipeline: 'ci', pipelines: 'ci', actions: 'ci',
  autocompletion: 'completion', autocomplete: 'completion', completions: 'completion',
  pagination: 'paging', paginate: 'paging', paginated: 'paging',
  middlewares: 'middleware', serde: 'serialization', deserialize: 'parse', deserialization: 'parsing',
  typing: 'types', typings: 'types', annotation: 'types', annotations: 'types', mypy: 'types', pyright: 'types',
  msrv: 'version', semver: 'version',
};

export interface VocabularyOptions {
  /** Apply SYNONYMS (default true). */
  synonyms?: boolean;
  /** Look unknown words up by stem and as two known words (default true). */
  subwords?: boolean;
}

/** Words after the synonym map (a synonym may stand for two words). */
export function applySynonyms(words: readonly string[], on = true): string[] {
  if (!on) return [...words];
  // A plain loop over a Map of the synonyms already split: it runs over every word of every text compared, mostly
  // before the engine has optimised anything, where flatMap's per-word arrays and splits cost (perf80).
  const out: string[] = [];
  for (const w of words) {
    const to = SYNONYM_WORDS.get(w);
    if (to === undefined) out.push(w);
    else for (const t of to) out.push(t);
  }
  return out;
}

/** SYNONYMS, each split into its words once; a Map, so a word such as "constructor" or "tostring" finds no prototype. */
const SYNONYM_WORDS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(SYNONYMS).map(([w, to]) => [w, to.split(' ')]));

/** Parts of a split must be this frequent (0-based rank in the source vocabulary) to be trusted. */
const SPLIT_MAX_RANK = 60_000;

/**
 * A word's rows in the table: the word itself, else (with sub-words) its
 * uninflected form, else two known words it is made of; [] when none.
 * Memoised per table.
 */
export function wordRows(table: WordTable, options: VocabularyOptions = {}): (word: string) => number[] {
  const subwords = options.subwords ?? true;
  const memo = new Map<string, number[]>();
  return (word) => {
    let rows = memo.get(word);
    if (rows === undefined) {
      rows = resolve(table, word, subwords);
      memo.set(word, rows);
    }
    return rows;
  };
}

function resolve(table: WordTable, word: string, subwords: boolean): number[] {
  const direct = table.row(word);
  if (direct !== undefined) return [direct];
  if (!subwords) return [];
  for (const form of uninflected(word)) {
    const row = table.row(form);
    if (row !== undefined) return [row];
  }
  // Two known, common parts, the more balanced split first: keyboardinterrupt -> keyboard + interrupt.
  let best: [number, number] | null = null;
  let bestShort = 0;
  for (let i = 3; i <= word.length - 3; i++) {
    const a = table.row(word.slice(0, i));
    const b = table.row(word.slice(i));
    if (a === undefined || b === undefined || table.rank(a) > SPLIT_MAX_RANK || table.rank(b) > SPLIT_MAX_RANK) continue;
    const short = Math.min(i, word.length - i);
    if (short > bestShort) {
      best = [a, b];
      bestShort = short;
    }
  }
  return best ?? [];
}

function uninflected(word: string): string[] {
  const forms: string[] = [];
  if (word.endsWith('ies') && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es') && word.length > 4) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && word.length > 3) forms.push(word.slice(0, -1));
  if (word.endsWith('ed') && word.length > 4) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing') && word.length > 5) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (word.endsWith('er') && word.length > 4) forms.push(word.slice(0, -2));
  return forms;
}
