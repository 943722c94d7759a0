import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import type { TaskFamily } from '../../src/family/model.js';
import { readDefinedIdentifiers } from '../../src/git/added-identifiers.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { makeRepo } from '../fixtures/repo.js';
import { BACKOFF, fillerIn, item } from './judge-literals.js';

/**
 * A dependency-removal family (src/forecast/pending/dependency-line.ts) is done by a later change whose diff removes a
 * runtime dependency from a manifest (`dependency:-<name>` entries, src/git/added-identifiers.ts; direction-v16,
 * src/validate/judges/pending.ts): strong, the reason naming the dependency. A version bump or a development
 * dependency removed does not do it, whatever the title.
 */
const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

const FAMILY: TaskFamily = {
  ...BACKOFF,
  id: 'F2',
  category: 'refactor',
  title: 'Replace more dependencies with the standard library like `safe-buffer` and `setprototypeof` in package.json',
  anchor: { name: 'package.json', paths: ['package.json'] },
  expected_behavior: 'Another runtime dependency leaves package.json and its uses are replaced by the standard library or the platform, continuing "fix(buffer): use node:buffer instead of safe-buffer" and "refactor: Remove Object.setPrototypeOf polyfill".',
  acceptance_criteria: ['A runtime dependency other than `safe-buffer` and `setprototypeof` is removed from package.json.', 'The test suite passes.'],
  evidence: [{ kind: 'dependency_removal', ref: 'dependency-removal:package.json:safe-buffer', date: '2024-10-27T00:00:00.000Z', text: 'safe-buffer removed from package.json', reason: 'a runtime dependency removed before T0' }],
  target_hints: { paths: ['package.json'], symbols: ['safe-buffer', 'setprototypeof'] },
};

const pkg = (deps: object, devDeps: object) => JSON.stringify({ name: 'web', version: '5.0.0', dependencies: deps, devDependencies: devDeps }, null, 2);

async function laterDiffs(): Promise<Record<string, string[]>> {
  const repo = await makeRepo([
    { at: '2025-01-01', msg: 'Start (#1)', files: { 'package.json': pkg({ methods: '1', qs: '6.13' }, { mocha: '10', nyc: '15' }), 'lib/router.js': "const methods = require('methods')\n" } },
    { at: '2025-01-02', msg: 'Tidy the router (#12)', files: { 'package.json': pkg({ qs: '6.13' }, { mocha: '10', nyc: '15' }), 'lib/router.js': "const methods = require('node:http').METHODS\n" } },
    { at: '2025-01-03', msg: 'Update qs to 6.14 and drop the old polyfill note (#13)', files: { 'package.json': pkg({ qs: '6.14' }, { mocha: '10', nyc: '15' }) } },
    { at: '2025-01-04', msg: 'Remove the nyc dependency (#14)', files: { 'package.json': pkg({ qs: '6.14' }, { mocha: '10' }) } },
  ]);
  const shas = execFileSync('git', ['-C', repo.dir, 'log', '--format=%H', '-3'], { encoding: 'utf8' }).trim().split('\n');
  const read = await readDefinedIdentifiers(repo.dir, shas);
  const [nyc, qs, methods] = shas.map((s) => read.get(s) ?? []);
  return { 'pr#12': methods!, 'pr#13': qs!, 'pr#14': nyc! };
}

test('a later change whose diff removes a runtime dependency from the manifest does the family\'s work: strong, naming the dependency', async () => {
  const added = await laterDiffs();
  expect(added['pr#12']).toContain('dependency:-methods');
  const change = item('pr#12', 'Tidy the router', ['lib/router.js', 'package.json']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [FAMILY], later: [change, ...fillerIn('lib', 'js')], added });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'strong']);
    expect(verdicts[0]!.reason).toMatch(/removes the runtime dependency `methods` from a manifest/);
  }
});

test('a version bump or a development dependency removed does not do it: rejected', async () => {
  const added = await laterDiffs();
  expect(added['pr#13']!.some((a) => a.startsWith('dependency:'))).toBe(false);
  expect(added['pr#14']!.some((a) => a.startsWith('dependency:'))).toBe(false);
  const bump = item('pr#13', 'Update qs to 6.14 and drop the old polyfill note', ['package.json']);
  const devDep = item('pr#14', 'Remove the nyc dependency', ['package.json']);
  for (const judge of judges) {
    for (const later of [bump, devDep]) {
      const { verdicts } = await judge.judge({ families: [FAMILY], later: [later, ...fillerIn('lib', 'js')], added });
      expect([judge.name, later.key, verdicts[0]!.label]).toEqual([judge.name, later.key, 'rejected']);
    }
  }
});

test('without a diff to read, a title removing a runtime dependency continues the line (related), a dev dependency\'s does not', async () => {
  const unread = item('pr#20', 'Remove unused `depd` dependency', ['package.json']);
  const devDeps = item('pr#21', 'fix(devdeps): remove old dev dependencies', ['package.json']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [FAMILY], later: [unread, ...fillerIn('lib', 'js')] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    const dev = await judge.judge({ families: [FAMILY], later: [devDeps, ...fillerIn('lib', 'js')] });
    expect([judge.name, dev.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('a use of the platform that names no dependency replaced is no direction: nothing of the line is continued', async () => {
  // viper's "use the built-in max/min" (judges23, cause E: people rejected): Go's own builtins in place of its own
  // code, no dependency named; "migrate to native fetch" names nothing replaced either.
  const builtins = item('commit:4df8a66', 'refactor: use the built-in max/min to simplify the code', ['lib/application.js']);
  const fetch = item('pr#32', 'chore: migrate to native fetch', ['lib/request.js']);
  const named = item('pr#33', 'fix(buffer): use node:buffer instead of safe-buffer', ['lib/response.js']);
  for (const judge of judges) {
    for (const later of [builtins, fetch]) {
      const { verdicts } = await judge.judge({ families: [FAMILY], later: [later, ...fillerIn('lib', 'js')] });
      expect([judge.name, later.key, verdicts[0]!.label]).toEqual([judge.name, later.key, 'rejected']);
    }
    const { verdicts } = await judge.judge({ families: [FAMILY], later: [named, ...fillerIn('lib', 'js')] });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
  }
});

test('a change replacing a use with the standard library continues the line (related): the dependency stays', async () => {
  const pin = item('pr#30', 'Replace futures_util::pin_mut with std::pin::pin', ['axum/src/serve/mod.rs']);
  const prefix = item('pr#31', 'fix(refactor): prefix built-in node module imports', ['lib/application.js']);
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [FAMILY], later: [pin, ...fillerIn('lib', 'js')], added: { 'pr#30': ['dropped:pin_mut'] } });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/its title replaces a use with the standard library/);
    const other = await judge.judge({ families: [FAMILY], later: [prefix, ...fillerIn('lib', 'js')], added: { 'pr#31': ['dropped:http'] } });
    expect([judge.name, other.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});
