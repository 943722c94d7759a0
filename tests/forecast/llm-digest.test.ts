import { expect, test } from 'vitest';
import { digestChecks } from '../../src/forecast/llm/digest-checks.js';
import { buildForecastPrompt, SYSTEM_PROMPT } from '../../src/forecast/llm/prompt.js';
import { Snapshot, type Evidence } from '../../src/snapshot/model.js';
import { EVIDENCE, issue, makeSnapshot, todo, workItem } from '../llm/snapshot-literal.js';

const T0 = '2025-10-01T00:00:00.000Z';
const at = (daysBefore: number) => new Date(Date.parse(T0) - daysBefore * 86_400_000).toISOString();

function snapshotOf(evidence: Evidence[], tree: { dir: string; files: number }[], counts: Record<string, number> = {}): Snapshot {
  const base = makeSnapshot(evidence, T0);
  return Snapshot.parse({ ...base, repo: { ...base.repo, name: 'acme+quill' }, tree, counts: { ...base.counts, ...counts } });
}

function user(snapshot: Snapshot, maxPromptChars = 24_000): string {
  return buildForecastPrompt(snapshot, { maxFamilies: 5, maxPromptChars }).messages[1]!.content;
}

function areas(text: string): string[] {
  return /^Code areas at T0 \([^)]*\): (.*)$/m.exec(text)![1]!.split(', ');
}

test('the main package\'s directories are all listed, documentation trees are one summary each, and "+N more" counts exactly what is missing', () => {
  const tree = [
    { dir: '', files: 6 }, { dir: '.vscode', files: 2 }, { dir: 'benchmarks', files: 1 }, { dir: 'benchmarks/fixtures', files: 30 },
    { dir: 'quill', files: 12 }, { dir: 'quill/parsers', files: 8 }, { dir: 'quill/writers', files: 5 }, { dir: 'quill/writers/html', files: 3 },
    { dir: 'docs', files: 3 },
    ...Array.from({ length: 90 }, (_, i) => ({ dir: `docs_src/example_${String(i).padStart(2, '0')}`, files: 4 })),
    { dir: 'docs_src', files: 0 },
    ...Array.from({ length: 60 }, (_, i) => ({ dir: `tools/t${String(i).padStart(2, '0')}`, files: 1 })),
    { dir: 'tools', files: 0 }, { dir: 'tests', files: 9 },
  ].sort((a, b) => (a.dir < b.dir ? -1 : 1));
  const rows = [...EVIDENCE, workItem('pr#40', at(20), 'Speed up the parsers', ['quill/parsers/a.py', 'tests/test_a.py'])];
  const text = user(snapshotOf(rows, tree), 8_000);
  const listed = areas(text);
  for (const dir of ['quill', 'quill/parsers', 'quill/writers', 'quill/writers/html']) expect(listed).toContain(`${dir}: ${tree.find((d) => d.dir === dir)!.files}`);
  expect(listed).toContain('docs_src/** (91 dirs; 360 files)');
  expect(listed.join(', ').length).toBeLessThanOrEqual(800);
  expect(listed.some((e) => e.startsWith('docs_src/example'))).toBe(false);
  // Every directory is listed, inside a summary, or counted in the note.
  const note = /… \+(\d+) more directories \((\d+) files; less active\)$/.exec(listed.at(-1)!);
  expect(note).not.toBeNull();
  const summarised = listed.filter((e) => e.includes('/** (')).reduce((n, e) => n + Number(/\((\d+) dirs/.exec(e)![1]), 0);
  const plain = listed.filter((e) => /: \d+$/.test(e)).length;
  expect(plain + summarised + Number(note![1])).toBe(tree.length);
  const prompt = buildForecastPrompt(snapshotOf(rows, tree), { maxFamilies: 5, maxPromptChars: 8_000 });
  expect(digestChecks(snapshotOf(rows, tree), prompt).missingMainDirs).toEqual([]);
});

test('near-identical TODO notes are shown once with a count, and no TODO line repeats its path and line', () => {
  const rows: Evidence[] = [...EVIDENCE];
  for (let i = 0; i < 40; i++) rows.push(todo(`src/gen/m${i}.js`, 10 + i, at(100 + i), 'TODO', `remove this shim after v${i % 3}.0 is released`));
  const snapshot = snapshotOf(rows, makeSnapshot().tree);
  const prompt = buildForecastPrompt(snapshot, { maxFamilies: 5, maxPromptChars: 24_000 });
  const lines = prompt.digest.sections.find((s) => s.key === 'todo')!.lines;
  expect(lines).toHaveLength(3);
  expect(lines[0]!.text).toMatch(/remove this shim after v0\.0 is released \(×40, also in src\/gen\/m1\.js, src\/gen\/m2\.js, src\/gen\/m3\.js \+36 more files\)$/);
  for (const l of lines) expect(l.text).not.toContain(l.ref!.replace(/^todo:/, ''));
  expect(digestChecks(snapshot, prompt).repeatedTodos).toBe(0);
});

test('tags are summarised by cadence and the last few releases, not listed back to the first', () => {
  const rows: Evidence[] = [...EVIDENCE.filter((e) => e.kind !== 'tag')];
  for (let i = 0; i < 120; i++) {
    const name = `v1.${i}.0`;
    rows.push({ kind: 'tag', ref: `tag:${name}`, date: at(30 * (120 - i)), text: name, name, commit: 'a'.repeat(40) });
  }
  const text = user(snapshotOf(rows, makeSnapshot().tree));
  const section = text.split('## Releases (tags)\n')[1]!.split('\n\n')[0]!.split('\n');
  expect(section).toHaveLength(6);
  expect(section[0]).toMatch(/^- 120 tags from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d; 12 in the year before T0 \(about one every 30 days\); the newest:$/);
  expect(section.slice(1).map((l) => l.split(']')[0])).toEqual(['[tag:v1.119.0', '[tag:v1.118.0', '[tag:v1.117.0', '[tag:v1.116.0', '[tag:v1.115.0']);
});

test('recent work is sampled across the whole year before T0, and chores are one line each', () => {
  const rows: Evidence[] = [];
  for (let d = 1; d < 360; d += 2) rows.push(workItem(`pr#${1000 + d}`, at(d), `Improve module ${d % 9} handling of edge case ${d}`, [`src/m${d % 9}/f.js`]));
  for (let d = 1; d < 40; d++) rows.push(workItem(`pr#${3000 + d}`, at(d), `🌐 Add Portuguese translation for docs/pt/page${d}.md`, [`docs/pt/page${d}.md`]));
  for (let d = 1; d < 30; d++) rows.push(workItem(`pr#${4000 + d}`, at(d), `docs: add user${d} as a contributor`, ['.all-contributorsrc', 'README.md']));
  const prompt = buildForecastPrompt(snapshotOf(rows, makeSnapshot().tree), { maxFamilies: 5, maxPromptChars: 9_000 });
  const work = prompt.digest.sections.find((s) => s.key === 'recent_work')!;
  expect(work.lines.length).toBeLessThan(work.available);
  const months = new Set(work.lines.map((l) => l.text.slice(0, 7)));
  expect(months.size).toBeGreaterThanOrEqual(12);
  expect(work.lines.every((l) => !/translation|contributor/.test(l.text))).toBe(true);
  const dates = work.lines.map((l) => l.text.slice(0, 10));
  expect(dates).toEqual([...dates].sort().reverse());
  const chores = prompt.digest.sections.find((s) => s.key === 'chores')!.lines.map((l) => l.text);
  expect(chores).toEqual([
    expect.stringMatching(/^translations: 39 items from .* newest "🌐 Add Portuguese translation for docs\/pt\/page1\.md"$/),
    expect.stringMatching(/^contributor lists: 29 items from /),
  ]);
});

test('the changelog is filtered like work items: bump, bot and first-contribution lines are left out', () => {
  const line = (n: number, text: string): Evidence => ({ kind: 'changelog', ref: `changelog:CHANGES.md:${n}`, date: at(5), text, path: 'CHANGES.md', line: n, section: 'Unreleased' });
  const rows = [
    ...EVIDENCE,
    line(10, 'Bump urllib3 from 1.26.5 to 1.26.18'),
    line(11, '@ana made their first contribution in #12'),
    line(12, 'chore(deps): update dependency ruff to v0.6'),
    line(13, 'Fix a crash when the config file is empty'),
  ];
  const text = user(snapshotOf(rows, makeSnapshot().tree));
  expect(text).toContain('[changelog:CHANGES.md:13]');
  expect(text).not.toMatch(/changelog:CHANGES\.md:1[012]\]/);
});

test('the prompt speaks of documentation, CI and translation work, and says whether the tracker was archived', () => {
  expect(SYSTEM_PROMPT).toMatch(/documentation, examples, tests, CI and build configuration, and translations are work too/);
  const tree = makeSnapshot().tree;
  expect(user(snapshotOf(EVIDENCE, tree))).toContain('Issue tracker: not archived for this snapshot');
  const archived = snapshotOf([...EVIDENCE, issue(7, 'Crash on empty input', { state: 'closed', closedAt: at(30), lastActivityAt: at(30), date: at(60) })], tree, { issues: 1 });
  expect(user(archived)).toContain('Issue tracker: archived; 1 issues and pull requests as they stood at T0 (open ones, and those closed in the year before T0), 0 of them open.');
});

test('TODO notes lose their terminal escapes, copies that differ only by them merge, and notes in fixture or benchmark trees are one closing line', () => {
  const ansi = '\u001b[38;2;117;113;94m';
  const rows = [
    ...EVIDENCE,
    todo('tests/syntax-tests/source/Ada/click.adb', 156, at(300), 'FIXME', 'hardcoded max number of events'),
    todo('tests/syntax-tests/highlighted/Ada/click.adb', 156, at(300), 'FIXME', `hardcoded max number of events\u001b[0m`),
    todo('tests/syntax-tests/highlighted/Build/Default.build', 35, at(310), 'TODO', `Run the unit tests ${ansi}-->\u001b[0m`),
    todo('tests/benchmarks/highlighting-speed-src/jquery.js', 4166, at(900), 'TODO', 'Drop _data, _removeData'),
    todo('tests/fixtures/sample.py', 3, at(900), 'TODO', 'test for multidimensional'),
  ];
  const prompt = buildForecastPrompt(snapshotOf(rows, [{ dir: '', files: 1 }, { dir: 'quill', files: 3 }]), { maxFamilies: 5, maxPromptChars: 24_000 });
  const lines = prompt.digest.sections.find((s) => s.key === 'todo')!.lines;
  const text = prompt.messages[1]!.content;
  // eslint-disable-next-line no-control-regex
  expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  expect(lines.filter((l) => l.text.includes('hardcoded max number of events'))).toHaveLength(1);
  expect(lines.find((l) => l.text.includes('hardcoded max number of events'))!.text).toMatch(/\(×2, also in tests\/syntax-tests\/source\/Ada\/click\.adb\)$/);
  expect(lines.find((l) => l.text.includes('Run the unit tests'))!.text).toMatch(/TODO: Run the unit tests -->$/);
  expect(text).not.toContain('_removeData');
  expect(text).not.toContain('multidimensional');
  expect(lines.at(-1)).toEqual({ ref: null, text: '2 more notes in fixture, benchmark, example, documentation or vendored trees, left out' });
});
