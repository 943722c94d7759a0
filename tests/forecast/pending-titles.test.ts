import { expect, test } from 'vitest';
import { heuristicFamilies } from '../fixtures/forecast.js';
import type { CommitSpec } from '../fixtures/repo.js';

const dev = { name: 'Dana Dev', email: 'dana@example.com' };
const T0 = '2024-09-01';

const titlesAt = async (specs: CommitSpec[]): Promise<string[]> => (await heuristicFamilies(specs, T0)).map((f) => f.title);

// Round 5 (httpx at 2024-10-01): "Remove the code, deprecated for removal in the future release in httpx/_urls.py",
// from a docstring that says "this property will be deprecated in a future release".
test('a deprecation announced in a docstring names its declaration and asks to deprecate it; a notice naming nothing is no family', async () => {
  const urls = [
    'class URL:',
    '    def __init__(self, raw):',
    '        self._raw = raw',
    '',
    '    @property',
    '    def raw(self):',
    '        """',
    '        We no longer use `RawURL`, and this property will be deprecated',
    '        in a future release.',
    '        """',
    '        return self._raw',
    '',
  ].join('\n');
  const legacy = 'import warnings\n\nwarnings.warn("Deprecated: will be removed in a future release", DeprecationWarning)\n';
  const titles = await titlesAt([{ at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'src/lib/urls.py': urls, 'src/lib/legacy.py': legacy } }]);
  const deprecate = titles.find((t) => t.startsWith('Deprecate `URL.raw`'));
  expect(deprecate, titles.join(' | ')).toMatch(/, as announced for a future release\b/);
  expect(deprecate).toMatch(/ in src\/lib\b/);
  expect(titles.filter((t) => /the code|the deprecated code/.test(t))).toEqual([]);
});

// Round 5 (fastify at 2025-06-01): "Add request.contentType and reuse it here in lib/validation.js".
// Round 5 (cobra at 2024-12-01): "this isn't quite right, we should really check ahead for 'true' or 'false'" was dropped.
test('a note is titled without its "here" and "it", and a note saying what we should do is stated as that task', async () => {
  const validation = (v: number) =>
    [
      `export const version = ${v}`,
      'export function validateBody (request, schema) {',
      '  // TODO: add request.contentType and reuse it here',
      "  const type = request.headers['content-type']",
      '  return schema.validate(type, request.body)',
      '}',
      '',
    ].join('\n');
  const flags = (v: number) =>
    [
      `package cmd // ${v}`,
      'func parseBool(args []string) bool {',
      "\t// TODO: this isn't quite right, we should really check ahead for 'true' or 'false'",
      '\treturn len(args) > 0',
      '}',
      '',
    ].join('\n');
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'lib/validation.js': validation(0), 'cmd/flags.go': flags(0) } },
    { at: '2024-03-10', msg: 'Fix body validation of empty payloads (#2)', author: dev, files: { 'lib/validation.js': validation(1) } },
    { at: '2024-04-10', msg: 'Fix body validation of chunked payloads (#3)', author: dev, files: { 'lib/validation.js': validation(2) } },
    { at: '2024-05-10', msg: 'Fix boolean flag parsing with trailing args (#4)', author: dev, files: { 'cmd/flags.go': flags(1) } },
    { at: '2024-06-10', msg: 'Fix boolean flag parsing with empty args (#5)', author: dev, files: { 'cmd/flags.go': flags(2) } },
  ];
  const titles = await titlesAt(specs);
  // Each file is its folder's only one: the place is the folder.
  expect(titles, titles.join(' | ')).toContain('Add request.contentType in lib');
  expect(titles, titles.join(' | ')).toContain("Check ahead for 'true' or 'false' in cmd");
  expect(titles.filter((t) => /\b(here|it)\b/.test(t))).toEqual([]);
});

// Round 5 (starlette at 2025-01-01): "Remove `starlette.middleware.wsgi` deprecated for removal": the module's dotted
// name hid the place ("middleware" read as named), and a 12-token cut dropped the target.
test('the removal of a deprecated module says when it goes and where it is', async () => {
  const wsgi = (v: number) =>
    [
      'import warnings',
      '',
      'warnings.warn(',
      '    "lib.middleware.wsgi is deprecated and will be removed in a future release. "',
      '    "Please refer to a2wsgi as a replacement.",',
      '    DeprecationWarning,',
      ')',
      `VERSION = ${v}`,
      '',
    ].join('\n');
  const errors = (v: number) => `# TODO: We ought to handle 404 cases in wsgi middleware if debug is set.\nVERSION = ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'lib/middleware/wsgi.py': wsgi(0), 'lib/middleware/errors.py': errors(0) } },
    { at: '2024-03-10', msg: 'Fix wsgi middleware environ for empty bodies (#2)', author: dev, files: { 'lib/middleware/wsgi.py': wsgi(1), 'lib/middleware/errors.py': errors(1) } },
    { at: '2024-04-10', msg: 'Fix wsgi middleware errors on closed streams (#3)', author: dev, files: { 'lib/middleware/wsgi.py': wsgi(2), 'lib/middleware/errors.py': errors(2) } },
  ];
  const titles = await titlesAt(specs);
  const removal = titles.find((t) => t.startsWith('Remove `lib.middleware.wsgi`'));
  expect(removal, titles.join(' | ')).toBeDefined();
  expect(removal).toMatch(/future release/);
  expect(removal).toMatch(/ (in|from) lib\/middleware(\/wsgi\.py)?\b/);
});

// Round 7 (ripgrep at 2025-06-01): "TODO: This should not return a `Result`" opening `fn case_insensitive`, and
// "FIXME: Re-enable this test once …" above `#[test] fn candidate_lines`, were dropped (a pronoun names nothing away
// from its line); bat's "TODO: Enable me in a later pull request." sits after code, above commented-out code: it is
// about that code, not its function, and stays dropped.
test('a note saying "this" about the declaration it opens or sits above names that declaration; one after code names nothing', async () => {
  const builder = (v: number) =>
    [
      `// ${v}`,
      'impl GitignoreBuilder {',
      '    pub fn case_insensitive(',
      '        &mut self,',
      '        yes: bool,',
      '    ) -> Result<&mut GitignoreBuilder, Error> {',
      '        // TODO: This should not return a `Result`. Fix this in the next semver',
      '        // release.',
      '        self.case_insensitive = yes;',
      '        Ok(self)',
      '    }',
      '',
      '    pub fn to_reset_sequence(&self) -> String {',
      '        let mut buf = String::with_capacity(17);',
      '        // TODO: Enable me in a later pull request.',
      '        // if self.has_sgr_sequences {',
      '        //     buf.push_str("x");',
      '        // }',
      '        buf',
      '    }',
      '}',
      '',
    ].join('\n');
  const matcher = (v: number) =>
    [
      `// ${v}`,
      '// FIXME: Re-enable this test once inner literal extraction works.',
      '#[test]',
      '#[ignore]',
      'fn candidate_lines() {',
      '    assert!(find(b"abc").is_some());',
      '}',
      '',
    ].join('\n');
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'crates/ignore/src/gitignore.rs': builder(0), 'crates/regex/src/matcher.rs': matcher(0) } },
    { at: '2024-03-10', msg: 'Fix gitignore matching of nested globs (#2)', author: dev, files: { 'crates/ignore/src/gitignore.rs': builder(1) } },
    { at: '2024-04-10', msg: 'Fix gitignore matching of negated globs (#3)', author: dev, files: { 'crates/ignore/src/gitignore.rs': builder(2) } },
    { at: '2024-05-10', msg: 'Fix regex literal extraction for classes (#4)', author: dev, files: { 'crates/regex/src/matcher.rs': matcher(1) } },
    { at: '2024-06-10', msg: 'Fix regex literal extraction for alternations (#5)', author: dev, files: { 'crates/regex/src/matcher.rs': matcher(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles.find((t) => t.startsWith('Stop `GitignoreBuilder.case_insensitive` returning a `Result`')), titles.join(' | ')).toBeDefined();
  expect(titles.find((t) => t.startsWith('Enable the `candidate_lines` test once inner literal extraction works')), titles.join(' | ')).toBeDefined();
  expect(titles.filter((t) => /to_reset_sequence|\bme\b/.test(t))).toEqual([]);
});

// Round 7 (fastify at 2025-06-01): "TODO: once node 18 is EOL, this type can be replaced with plain FastifyReply." above
// `export type ResSerializerReply` stated no task (a passive note: its subject is "this type").
test('a passive note about the declaration below it is stated as the verb on that declaration, its condition after it', async () => {
  const logger = (v: number) =>
    [
      `export type Version = ${v}`,
      '',
      '// TODO: once node 18 is EOL, this type can be replaced with plain FastifyReply.',
      '/**',
      ' * Specialized reply type used for the `res` log serializer.',
      ' */',
      'export type ResSerializerReply<RawReply> = Partial<RawReply>',
      '',
    ].join('\n');
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'types/logger.d.ts': logger(0) } },
    { at: '2024-03-10', msg: 'Fix logger types of custom serializers (#2)', author: dev, files: { 'types/logger.d.ts': logger(1) } },
    { at: '2024-04-10', msg: 'Fix logger types of child loggers (#3)', author: dev, files: { 'types/logger.d.ts': logger(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles, titles.join(' | ')).toContain('Replace the `ResSerializerReply` type with plain FastifyReply once node 18 is EOL in types');
});

// Round 7 (typer at 2025-01-01): "Probably refactor this, copied from Click 7.x" read "Refactor `_invalid_ident_char_re`,
// copied from Click 7.x"; zustand's "Remove type assertion once https://github.com/…/issues/37663 is resolved" read
// "Remove type assertion once is resolved" (the link cleaned away, its clause left).
test('a title leaves out asides: where the code was copied from, a clause about a link, "for now"', async () => {
  const shared = (v: number) =>
    [
      'import re',
      '',
      '# TODO: Probably refactor this, copied from Click 7.x',
      '_invalid_ident_char_re = re.compile(r"[^a-zA-Z0-9_]")',
      `VERSION = ${v}`,
      '',
    ].join('\n');
  const vanilla = (v: number) => `// TODO: Remove type assertion once https://github.com/microsoft/TypeScript/issues/37663 is resolved\nexport const version = ${v}\n`;
  const walk = (v: number) => `// TODO: skip symlinked folders for now\nexport const depth = ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'pkg/completion/shared.py': shared(0), 'store/vanilla.ts': vanilla(0), 'walker/walk.ts': walk(0) } },
    { at: '2024-03-10', msg: 'Fix completion of identifiers with dashes (#2)', author: dev, files: { 'pkg/completion/shared.py': shared(1) } },
    { at: '2024-03-20', msg: 'Fix completion of identifiers with dots (#3)', author: dev, files: { 'pkg/completion/shared.py': shared(2) } },
    { at: '2024-04-10', msg: 'Fix store type assertion of setState (#4)', author: dev, files: { 'store/vanilla.ts': vanilla(1) } },
    { at: '2024-04-20', msg: 'Fix store type assertion of getState (#5)', author: dev, files: { 'store/vanilla.ts': vanilla(2) } },
    { at: '2024-05-10', msg: 'Fix walker depth of symlinked folders (#6)', author: dev, files: { 'walker/walk.ts': walk(1) } },
    { at: '2024-05-20', msg: 'Fix walker depth of hidden folders (#7)', author: dev, files: { 'walker/walk.ts': walk(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles, titles.join(' | ')).toContain('Refactor `_invalid_ident_char_re` in pkg/completion');
  expect(titles, titles.join(' | ')).toContain('Remove type assertion in store');
  expect(titles, titles.join(' | ')).toContain('Skip symlinked folders in walker');
  expect(titles.filter((t) => /copied|once is|for now/.test(t))).toEqual([]);
});

// Round 7 (ripgrep at 2025-06-01): the same "This should not return a `Result`" in `GitignoreBuilder` and
// `OverrideBuilder` was titled by the first alone; fastify's "Explore a central cache …" in lib/reply.js and
// lib/request.js named lib/reply.js only.
test('a note standing in several places names every declaration or file it stands in', async () => {
  const builder = (name: string, v: number) =>
    [
      `// ${v}`,
      `impl ${name} {`,
      '    pub fn case_insensitive(',
      '        &mut self,',
      '        yes: bool,',
      `    ) -> Result<&mut ${name}, Error> {`,
      '        // TODO: This should not return a `Result`. Fix this in the next semver',
      '        // release.',
      '        self.case_insensitive = yes;',
      '        Ok(self)',
      '    }',
      '}',
      '',
    ].join('\n');
  const cache = (v: number) => `// TODO: Explore a central cache for all the schemas shared across encapsulated contexts\nexport const v = ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'crates/ignore/src/gitignore.rs': builder('GitignoreBuilder', 0), 'crates/ignore/src/overrides.rs': builder('OverrideBuilder', 0), 'web/reply.js': cache(0), 'web/request.js': cache(0) } },
    { at: '2024-03-10', msg: 'Fix gitignore matching of nested globs (#2)', author: dev, files: { 'crates/ignore/src/gitignore.rs': builder('GitignoreBuilder', 1), 'crates/ignore/src/overrides.rs': builder('OverrideBuilder', 1) } },
    { at: '2024-04-10', msg: 'Fix gitignore matching of negated globs (#3)', author: dev, files: { 'crates/ignore/src/gitignore.rs': builder('GitignoreBuilder', 2), 'crates/ignore/src/overrides.rs': builder('OverrideBuilder', 2) } },
    { at: '2024-05-10', msg: 'Fix schema serialization of replies (#4)', author: dev, files: { 'web/reply.js': cache(1), 'web/request.js': cache(1) } },
    { at: '2024-06-10', msg: 'Fix schema serialization of requests (#5)', author: dev, files: { 'web/reply.js': cache(2), 'web/request.js': cache(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles, titles.join(' | ')).toContain('Stop `GitignoreBuilder.case_insensitive` and `OverrideBuilder.case_insensitive` returning a `Result` in crates/ignore/src');
  // A hedge before a noun names no change: "Explore" stays.
  expect(titles, titles.join(' | ')).toContain('Explore a central cache for all the schemas shared across encapsulated contexts in web/reply.js and web/request.js');
});

// Round 7 (typer at 2025-01-01): "consider setting the style only for the current program" and "Explore replicating the
// new behavior from Click, …" were titled with their hedge ("Consider setting …", "Explore replicating …").
test('a note hedging the change it names ("consider setting …") is titled by that change', async () => {
  const shared = (v: number) => `# TODO: consider setting the style only for the current program\nSTYLE = ${v}\n`;
  const classes = (v: number) => `# TODO: Explore replicating the new behavior from Click, with item types\nclass Completion:\n    version = ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'cli/theme/shared.py': shared(0), 'cli/complete/classes.py': classes(0) } },
    { at: '2024-03-10', msg: 'Fix zsh style of completion output (#2)', author: dev, files: { 'cli/theme/shared.py': shared(1) } },
    { at: '2024-03-20', msg: 'Fix fish style of completion output (#3)', author: dev, files: { 'cli/theme/shared.py': shared(2) } },
    { at: '2024-03-30', msg: 'Fix bash style of completion output (#6)', author: dev, files: { 'cli/theme/shared.py': shared(3) } },
    { at: '2024-04-10', msg: 'Fix completion classes for nested groups (#4)', author: dev, files: { 'cli/complete/classes.py': classes(1) } },
    { at: '2024-04-20', msg: 'Fix completion classes for hidden options (#5)', author: dev, files: { 'cli/complete/classes.py': classes(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles, titles.join(' | ')).toContain('Set the style only for the current program in cli/theme');
  expect(titles, titles.join(' | ')).toContain('Replicate the new behavior from Click in cli/complete');
  expect(titles.filter((t) => /^(Consider|Explore)\b/.test(t))).toEqual([]);
});

// Round 7 (typer at 2025-01-01): "Remove shell_complete in a future version" stands in core.py, params.py and models.py;
// the title named typer/core.py only. (There the params.py cluster merged into the core.py family as its twin, and
// choosePending titles the merged family again; here the three notes cluster together.)
test('a note standing in three files names all three, in path order', async () => {
  const module = (v: number) => `# TODO: Remove shell_complete in a future version (after 0.16.0)\ndef option(shell_complete=None):\n    return ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'app/core.py': module(0), 'app/params.py': module(0), 'app/models.py': module(0), 'app/extra/a.py': '', 'app/extra/b.py': '', 'app/extra/c.py': '', 'app/d.py': '', 'app/e.py': '' } },
    { at: '2024-03-10', msg: 'Fix core option parsing of negative numbers (#2)', author: dev, files: { 'app/core.py': module(1) } },
    { at: '2024-03-20', msg: 'Fix core option parsing of empty strings (#3)', author: dev, files: { 'app/core.py': module(2) } },
    { at: '2024-04-10', msg: 'Fix params defaults of list options (#4)', author: dev, files: { 'app/params.py': module(1), 'app/models.py': module(1) } },
    { at: '2024-04-20', msg: 'Fix params defaults of tuple options (#5)', author: dev, files: { 'app/params.py': module(2), 'app/models.py': module(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles.filter((t) => t.startsWith('Remove shell_complete')), titles.join(' | ')).toEqual(['Remove shell_complete in a future version in app/core.py, app/models.py and app/params.py']);
});

// Round 7 (bubbletea at 2025-06-01): four functions of standard_renderer.go carry "Deprecated: This option will be
// removed in a future version of this package."; the title named `ScrollUp` alone.
test('deprecation notices of one target in one family name every declaration, in source order', async () => {
  const renderer = (v: number) =>
    [
      'package tea',
      '',
      `const version = ${v}`,
      '',
      ...['SyncScrollArea', 'ClearScrollArea', 'ScrollUp'].flatMap((name) => [
        `// ${name} changes the scrollable area.`,
        '//',
        '// Deprecated: This option will be removed in a future version of this package.',
        `func ${name}() Msg {`,
        '\treturn nil',
        '}',
        '',
      ]),
    ].join('\n');
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'render/renderer.go': renderer(0) } },
    { at: '2024-03-10', msg: 'Fix renderer flicker on resize (#2)', author: dev, files: { 'render/renderer.go': renderer(1) } },
    { at: '2024-04-10', msg: 'Fix renderer cursor on resize (#3)', author: dev, files: { 'render/renderer.go': renderer(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles, titles.join(' | ')).toContain('Remove `SyncScrollArea`, `ClearScrollArea` and `ScrollUp` deprecated for removal in a future version in render');
});

// Session 16 (newcomer3): "Remember to fix attrs.asdict/astuple too in src/attr/__init__.pyi": a reminder is the
// writer's note to self; the task is what follows it.
test('a note reminding to do a task ("remember to fix X too", "don\'t forget to") is titled by that task', async () => {
  const stubs = (v: number) => [`# XXX: remember to fix pkg.asdict/astuple too!`, `def asdict(inst): ...  # ${v}`, ''].join('\n');
  const walk = (v: number) => `// TODO: don't forget to reset the directory handle on error\nexport const depth = ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'src/pkg/__init__.pyi': stubs(0), 'walker/walk.ts': walk(0) } },
    { at: '2024-03-10', msg: 'Fix pkg.asdict types of frozen classes (#2)', author: dev, files: { 'src/pkg/__init__.pyi': stubs(1) } },
    { at: '2024-03-20', msg: 'Fix pkg.asdict types of slotted classes (#3)', author: dev, files: { 'src/pkg/__init__.pyi': stubs(2) } },
    { at: '2024-05-10', msg: 'Fix directory handle leak of symlinked folders (#6)', author: dev, files: { 'walker/walk.ts': walk(1) } },
    { at: '2024-05-20', msg: 'Fix directory handle leak of hidden folders (#7)', author: dev, files: { 'walker/walk.ts': walk(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles, titles.join(' | ')).toContain('Fix pkg.asdict/astuple in src/pkg');
  expect(titles, titles.join(' | ')).toContain('Reset the directory handle on error in walker');
  expect(titles.filter((t) => /remember|forget|\btoo\b/i.test(t))).toEqual([]);
});

// newcomer14: uvicorn's "Remove `type: ignore` when wsproto fixes the type annotation" and ky's "Use `json<T …>` when
// it is fixed in TS" were still open six months on (both rejected): work that waits on another project.
test('a note waiting on another project\'s fix is no family; one waiting on the team\'s own act is', async () => {
  const ws = (v: number) => [`def send(ev):`, `    # TODO: remove the cast when wsproto fixes the type annotation`, `    return ${v}`, ''].join('\n');
  const types = (v: number) => `// TODO: tighten the json return type when it's fixed in TS.\nexport const v = ${v};\n`;
  const walk = (v: number) => `// TODO: remove the legacy walker once we drop Node 16\nexport const depth = ${v}\n`;
  const specs: CommitSpec[] = [
    { at: '2024-01-10', msg: 'Initial commit', author: dev, files: { 'proto/ws.py': ws(0), 'types/response.ts': types(0), 'walker/walk.ts': walk(0) } },
    { at: '2024-03-10', msg: 'Fix the cast of websocket events (#2)', author: dev, files: { 'proto/ws.py': ws(1) } },
    { at: '2024-03-20', msg: 'Fix the cast of close events (#3)', author: dev, files: { 'proto/ws.py': ws(2) } },
    { at: '2024-04-10', msg: 'Fix the json return type of responses (#4)', author: dev, files: { 'types/response.ts': types(1) } },
    { at: '2024-04-20', msg: 'Fix the json return type of errors (#5)', author: dev, files: { 'types/response.ts': types(2) } },
    { at: '2024-05-10', msg: 'Fix the legacy walker on symlinks (#6)', author: dev, files: { 'walker/walk.ts': walk(1) } },
    { at: '2024-05-20', msg: 'Fix the legacy walker on hidden folders (#7)', author: dev, files: { 'walker/walk.ts': walk(2) } },
  ];
  const titles = await titlesAt(specs);
  expect(titles.filter((t) => /wsproto|fixed in TS|cast in proto|json return type in types/.test(t)), titles.join(' | ')).toEqual([]);
  expect(titles.some((t) => /^Remove the legacy walker\b/.test(t)), titles.join(' | ')).toBe(true);
});
