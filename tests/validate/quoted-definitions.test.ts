import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { quotedDefinesOf, readQuotedItems } from '../../src/api/quoted-files.js';
import type { TaskFamily } from '../../src/family/model.js';
import { readDefinedIdentifiers } from '../../src/git/added-identifiers.js';
import { loadWordTable } from '../../src/text/glove/cache.js';
import type { Judge } from '../../src/validate/judge.js';
import { createLexicalJudge } from '../../src/validate/lexical.js';
import { createSemanticJudge } from '../../src/validate/semantic/judge.js';
import { makeRepo } from '../fixtures/repo.js';
import { BACKOFF, FILLER, item, quotingFamily } from './judge-literals.js';

/**
 * A list-shaped family's quoted work, a definition of which a later change rewrites, is continued (direction-v28,
 * judges76, issue 16; src/validate/judges/quoted-definitions.ts): bat's "Fix name of BAT_THEME_{DARK,LIGHT} env vars"
 * rewrites the constants "Choose Theme Based on The Terminal's Color Scheme" added. The same file with another
 * purpose, a name only used, or a family whose listed words are not the name's stays rejected.
 */
const gitOut = (dir: string, args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

const BEFORE = 'pub mod env {\n    pub const BAT_THEME: &str = "BAT_THEME";\n}\n';
const ADDED = 'pub mod env {\n    pub const BAT_THEME: &str = "BAT_THEME";\n    pub const BAT_THEME_DARK: &str = "BAT_THEME";\n}\n\npub fn theme_from_scheme(dark: bool) -> &\'static str {\n    if dark { "dark" } else { "light" }\n}\n';
const FIXED = ADDED.replace('BAT_THEME_DARK: &str = "BAT_THEME"', 'BAT_THEME_DARK: &str = "BAT_THEME_DARK"');
const USED = `${FIXED}\npub fn dark_theme_env() -> &'static str {\n    env::BAT_THEME_DARK\n}\n`;

test("a rewritten definition is an edited: entry of the later change, and the quoted work's names are read from the clone", async () => {
  const repo = await makeRepo([
    { at: '2024-01-01', msg: 'Start (#1)', files: { 'src/theme.rs': BEFORE } },
    { at: '2024-06-01', msg: "Choose Theme Based on The Terminal's Color Scheme (#2896)", files: { 'src/theme.rs': ADDED } },
    { at: '2025-01-09', msg: 'Fix name of BAT_THEME_{DARK,LIGHT} env vars (#3168)', files: { 'src/theme.rs': FIXED } },
    { at: '2025-01-20', msg: 'Add a helper for the dark theme variable (#3170)', files: { 'src/theme.rs': USED } },
  ]);
  const [used, fixed, added] = gitOut(repo.dir, ['log', '--format=%H', '-3']).split('\n');
  const defined = await readDefinedIdentifiers(repo.dir, [added!, fixed!, used!]);
  expect(defined.get(added!)).toEqual(['bat_theme_dark', 'theme_from_scheme']);
  // Its string value "BAT_THEME" is named less after it (`dropped:`), and the constant's definition line is rewritten.
  expect(defined.get(fixed!)).toEqual(['dropped:bat_theme', 'edited:bat_theme_dark']);
  // A change that only uses the constant rewrites no definition of it.
  expect(defined.get(used!)?.filter((n) => n.startsWith('edited:'))).toEqual([]);
  // Quoted work is read at T0, as its files are: a ref after T0 is not there.
  expect(await quotedDefinesOf(repo.dir, await readQuotedItems(repo.dir, '2024-12-01T00:00:00Z', new Set(['pr#2896', 'pr#3168'])))).toEqual({ 'pr#2896': ['bat_theme_dark', 'theme_from_scheme'] });
});

const table = loadWordTable();
const judges: Judge[] = [createSemanticJudge({ table }), createLexicalJudge()];

/** bat's hotspot-v2 family of judge-eval's fit half (F2): people relate pr#3168 to it. */
const THEME: TaskFamily = quotingFamily('F2', 'src/bin/bat', ['theme', 'based', 'binary'], { ref: 'pr#2896', date: '2024-06-01T00:00:00.000Z', title: "Choose Theme Based on The Terminal's Color Scheme" });
/** The same quoted work under another family: "Extend assets: bat, based, choose" (people rejected pr#3168 for it). */
const ASSETS: TaskFamily = { ...THEME, id: 'F4', title: 'Extend assets: bat, based, choose', anchor: { name: 'assets', paths: ['assets'] }, target_hints: { paths: ['assets'], symbols: [] } };

const QUOTED = { 'pr#2896': ['Cargo.toml', 'src/theme.rs', 'src/bin/bat/main.rs', 'tests/integration_tests.rs'] };
const DEFINES = { 'pr#2896': ['bat_theme_dark', 'theme_from_scheme'] };
const MORE = [...FILLER, item('pr#120', 'Add a pager option to the list command', ['src/pager.rs']), item('pr#121', 'Fix panic on empty input files', ['src/input.rs'])];
const fix = item('pr#3168', 'Fix name of BAT_THEME_{DARK,LIGHT} env vars', ['CHANGELOG.md', 'src/theme.rs', 'tests/integration_tests.rs']);

test('a change rewriting a definition its quoted work added continues that work: related, never strong by it', async () => {
  for (const judge of judges) {
    const { verdicts } = await judge.judge({ families: [THEME], later: [fix, ...MORE], quoted: QUOTED, quotedDefines: DEFINES, added: { 'pr#3168': ['edited:bat_theme_dark'] } });
    expect([judge.name, verdicts[0]!.label]).toEqual([judge.name, 'related']);
    expect(verdicts[0]!.reason).toMatch(/rewrites `bat_theme_dark`, which its quoted pr#2896 defined/);
    // Without the quoted work's names it is rejected, as before.
    const without = await judge.judge({ families: [THEME], later: [fix, ...MORE], quoted: QUOTED, added: { 'pr#3168': ['edited:bat_theme_dark'] } });
    expect([judge.name, without.verdicts[0]!.label]).toEqual([judge.name, 'rejected']);
  }
});

test('the same file with another purpose, a name only used or another family of the same quote stays rejected', async () => {
  const other = item('pr#3200', 'Add the Solarized theme to the theme list', ['src/theme.rs']);
  for (const judge of judges) {
    // Same area, another purpose: it defines a new name and uses the quoted one, rewriting no definition of it.
    const area = await judge.judge({ families: [THEME], later: [other, ...MORE], quoted: QUOTED, quotedDefines: DEFINES, added: { 'pr#3200': ['solarized_theme'] } });
    expect([judge.name, 'area', area.verdicts[0]!.label]).toEqual([judge.name, 'area', 'rejected']);
    // A plain or unlisted rewritten name is no one work's own: `theme_from_scheme` has "theme", but the family that
    // lists "bat, based, choose" has no listed word the name and the quoted title share.
    const assets = await judge.judge({ families: [ASSETS], later: [fix, ...MORE], quoted: QUOTED, quotedDefines: DEFINES, added: { 'pr#3168': ['edited:bat_theme_dark', 'edited:theme_from_scheme'] } });
    expect([judge.name, 'assets', assets.verdicts[0]!.label]).toEqual([judge.name, 'assets', 'rejected']);
    // A branch merge rewriting it continues nothing.
    const merge = item('commit:abc1234', "Merge branch 'master' into develop", ['src/theme.rs']);
    const merged = await judge.judge({ families: [THEME], later: [merge, ...MORE], quoted: QUOTED, quotedDefines: DEFINES, added: { 'commit:abc1234': ['edited:bat_theme_dark'] } });
    expect([judge.name, 'merge', merged.verdicts[0]!.label]).toEqual([judge.name, 'merge', 'rejected']);
  }
});
