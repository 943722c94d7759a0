import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import type { CommitSpec } from '../../src/demo/model.js';
import { openStore } from '../../src/store/open.js';
import { quotedValidatingLines, validatingWork } from '../../src/synthesize/validating-work.js';
import { runCli, runCliJson } from '../cli/run-cli.js';
import { demoValidation } from './demo-validation.js';

/**
 * Canaries that the validating pull requests add and that stay in the code
 * at Tgen: a TODO in the anchor's source, a changelog line, a docs page, and
 * a new source file with its own symbol. The Tgen tree holds them all, so
 * grounding reads them; a task statement must show none (they are checked
 * against the validating work as a gold patch is), and no exported file or
 * stored row may hold one.
 */
const CANARIES = {
  todo: 'ZQXLIVE-TODO-5521',
  changelog: 'ZQXLIVE-CHANGELOG-7730',
  docs: 'ZQXLIVE-DOCS-1187',
  symbol: 'zqxLiveSymbol4410',
};

function plant(commits: CommitSpec[]): CommitSpec[] {
  const i = commits.findIndex((c) => c.msg.startsWith('fix(parser): support \\t, \\n and \\r escapes'));
  const current = (path: string) => {
    for (let j = i; j >= 0; j--) {
      const text = (commits[j]!.files as Record<string, unknown> | undefined)?.[path];
      if (typeof text === 'string') return text;
    }
    return '';
  };
  // Appended by the validating pull request, and kept by every later commit that rewrites the file.
  const appended: Record<string, string> = {
    'src/parser/quote.js': `// TODO: ${CANARIES.todo} handle unicode escapes later\n`,
    'CHANGELOG.md': `- parser: ${CANARIES.changelog} escapes in quoted values\n`,
  };
  const files = commits[i]!.files as Record<string, string>;
  for (const [path, line] of Object.entries(appended)) files[path] = `${files[path] ?? current(path)}\n${line}`;
  files['docs/parser.md'] = `# Parser\n\nTODO: ${CANARIES.docs} document escapes.\n`;
  files['src/parser/escapes.js'] = `// TODO: ${CANARIES.todo}-b table of escapes\nexport function ${CANARIES.symbol}(c) {\n  return c;\n}\n`;
  // A note that was open at T0 and still is: it stays in the statements.
  const first = commits.findIndex((c) => Object.keys(c.files ?? {}).some((p) => p.startsWith('src/parser/')));
  (commits[first]!.files as Record<string, string>)['src/parser/pending.js'] = '// TODO: accept a BOM at the start of input (open since before T0)\nexport function acceptBom(text) {\n  return text;\n}\n';
  for (const later of commits.slice(i + 1)) {
    const f = later.files as Record<string, string | null> | undefined;
    for (const [path, line] of Object.entries(appended)) if (f && typeof f[path] === 'string') f[path] = `${f[path]}\n${line}`;
  }
  return commits;
}

let demo: Awaited<ReturnType<typeof demoValidation>>;
beforeAll(async () => {
  demo = await demoValidation(plant);
});

function expectNoCanary(text: string, where: string): void {
  for (const canary of Object.values(CANARIES)) expect(text.toLowerCase().includes(canary.toLowerCase()), `${canary} in ${where}`).toBe(false);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

test('the canaries are in the code at HEAD, added by a pull request of the validation window', () => {
  const grep = execFileSync('git', ['grep', '-l', 'ZQXLIVE', 'HEAD'], { cwd: demo.repo, encoding: 'utf8' });
  expect(grep).toContain('src/parser/quote.js');
  expect(grep).toContain('CHANGELOG.md');
  expect(grep).toContain('docs/parser.md');
  expect(demo.validation.verdicts.find((v) => v.familyId === 'F1')!.label).toBe('strong');
}, 10_000);

test('synthesize --tgen HEAD and export show no TODO, changelog line, doc or symbol the validating work added', async () => {
  const synthesis = await runCliJson(['synthesize', '--validation', String(demo.validationId), '--tgen', 'HEAD', '--total', '6', '--db', demo.db]);
  expect(synthesis.tasks.length).toBe(6);
  expectNoCanary(JSON.stringify(synthesis), 'synthesize --json');
  // The statements still show the open note and the files that were there at T0.
  const statements = synthesis.tasks.map((t: { problemStatement: string }) => t.problemStatement).join('\n');
  expect(statements).toContain('TODO: accept a BOM at the start of input (open since before T0)');
  expect(statements).toContain('`src/parser/quote.js`');
  const out = join(demo.dir, 'export');
  const run = await runCli(['export', '--format', 'swebench', '--out', out, '--db', demo.db, '--quiet']);
  expect(run.code).toBe(0);
  const files = filesUnder(out);
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) expectNoCanary(readFileSync(f, 'utf8'), f);
  const store = openStore(demo.db, { readonly: true });
  try {
    for (const table of ['syntheses', 'tasks']) expectNoCanary(JSON.stringify(store.db.prepare(`SELECT * FROM ${table}`).all()), `table ${table}`);
  } finally {
    store.close();
  }
}, 30_000);

test('a drafted statement that quotes a line the validating work added is found, with the item that added it', () => {
  const work = validatingWork([{ key: 'pr#339', path: 'src/parser/quote.js', lines: [`// TODO: ${CANARIES.todo} handle unicode escapes later`], created: false }]);
  expect(quotedValidatingLines(`Fix the parser.\nAs the code says: TODO: ${CANARIES.todo} handle unicode escapes later.`, work)).toEqual([
    { line: `// TODO: ${CANARIES.todo} handle unicode escapes later`, path: 'src/parser/quote.js', key: 'pr#339' },
  ]);
  expect(quotedValidatingLines('Fix the parser: unicode escapes are read wrongly.', work)).toEqual([]);
});

test('a line the shown files already had at T0 is not the validating work\'s, so a statement quoting it is no leak', () => {
  // click's window (pr#3090) added `@click.command()` to tests/test_arguments.py, which had dozens at T0; a real
  // model's statement showing a usage example was rejected LEAKAGE_TEXT for it.
  const added = [{ key: 'pr#3090', path: 'tests/test_arguments.py', lines: ['    @click.command()', '    def test_new_behaviour_zqx(runner):'], created: false }];
  const statement = 'Setting it from the environment fails:\n\n```python\n@click.command()\n@click.option("--upper", flag_value="upper", multiple=True)\n```';
  expect(quotedValidatingLines(statement, validatingWork(added))).toHaveLength(1);
  const work = validatingWork(added, new Set(['@click.command()', 'import click']));
  expect(quotedValidatingLines(statement, work)).toEqual([]);
  expect(quotedValidatingLines('See def test_new_behaviour_zqx(runner): there.', work)).toEqual([
    { line: 'def test_new_behaviour_zqx(runner):', path: 'tests/test_arguments.py', key: 'pr#3090' },
  ]);
});
