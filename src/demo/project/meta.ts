import type { ChangeEntry, ChangeSection, World } from '../world.js';
import { SMOKE_HEADER } from './smoke.js';

/**
 * The demo project's files that are not source code: package.json, the
 * changelog and roadmap, CI and lint configuration, docs, examples, the logo.
 */
export function renderMeta(world: World): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  files.set('package.json', packageJson(world));
  files.set('CHANGELOG.md', changelog(world));
  if (world.roadmap.length > 0) files.set('ROADMAP.md', roadmap(world));
  if (world.ci.node.length > 0) files.set('.github/workflows/ci.yml', ciWorkflow(world));
  if (world.lintRules.length > 0 || world.eslintFlat) {
    files.set(world.eslintFlat ? 'eslint.config.js' : '.eslintrc.json', world.eslintFlat ? flatConfig(world) : eslintrc(world));
  }
  for (const [path, blocks] of Object.entries(world.docs)) files.set(path, `${blocks.join('\n\n')}\n`);
  for (const [name, text] of Object.entries(world.examples)) files.set(`examples/${name}.conf`, text);
  for (const [path, text] of Object.entries(world.plain)) files.set(path, text);
  if (world.smoke.length > 0) files.set('test/smoke.test.js', `${SMOKE_HEADER.trim()}\n${world.smoke.join('\n')}\n`);
  const logo = LOGOS[world.logo - 1];
  if (logo) files.set('docs/logo.png', Buffer.from(logo, 'base64'));
  return files;
}

/** Two 16x16 PNGs: the first logo (2023) and its redesign (2024). */
const LOGOS = [
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAALUlEQVR42mP4TyJgoLsGjagFmAinBqyq0fQwEKMaWc+oBtI0kBwP5MQ0TRIfAEWUMuBNFBUxAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAY0lEQVR42mPQiFrwHwkQ5DKQpBpIMuCSPlGhgVUzAy7VEIQpy4BHNQShyTLgV41sDxZPY1UN14PuaTyqke1hIFI1XA/C08TagOxpgqqxxDR+1dhjGo9qKsU0PAywmsVAavIGAJk6O0YtHcoVAAAAAElFTkSuQmCC',
];

function sortedRecord(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function packageJson(world: World): string {
  const pkg: Record<string, unknown> = {
    name: 'quarry',
    version: world.version,
    description: 'Read, check and convert configuration files: parse, format, cache and fetch them over HTTP.',
    type: 'module',
    main: 'src/index.js',
  };
  if ((world.stages.cli ?? -1) >= 0) pkg.bin = { quarry: 'bin/quarry.js' };
  pkg.scripts = { test: 'node --test', ...(world.lintRules.length > 0 ? { lint: 'eslint .' } : {}) };
  pkg.engines = { node: world.ci.node.includes('16') ? '>=16' : '>=18' };
  pkg.repository = 'github:quarry-dev/quarry';
  pkg.license = 'MIT';
  if (Object.keys(world.deps).length > 0) pkg.dependencies = sortedRecord(world.deps);
  if (Object.keys(world.devDeps).length > 0) pkg.devDependencies = sortedRecord(world.devDeps);
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

const SECTIONS: ChangeSection[] = ['Added', 'Changed', 'Fixed'];

function changeBlock(entries: readonly ChangeEntry[]): string[] {
  const lines: string[] = [];
  for (const section of SECTIONS) {
    const items = entries.filter((e) => e.section === section);
    if (items.length === 0) continue;
    lines.push('', `### ${section}`, '', ...items.map((e) => `- ${e.text}`));
  }
  return lines;
}

function changelog(world: World): string {
  const lines = [
    '# Changelog',
    '',
    'All notable changes to quarry are listed here. The format follows',
    '[Keep a Changelog](https://keepachangelog.com/en/1.1.0/), and quarry uses',
    '[Semantic Versioning](https://semver.org/spec/v2.0.0.html).',
    '',
    '## [Unreleased]',
    ...changeBlock(world.changelog.unreleased),
  ];
  for (const release of [...world.changelog.releases].reverse()) {
    lines.push('', `## [${release.version}] - ${release.date}`, ...changeBlock(release.entries));
  }
  return `${lines.join('\n')}\n`;
}

function roadmap(world: World): string {
  const lines = [
    '# Roadmap',
    '',
    'What we plan for quarry. Ticked items are done; open items are up for grabs,',
    'say hello in an issue before you start on one.',
    '',
    ...world.roadmap.map((item) => `- [${item.done ? 'x' : ' '}] ${item.text}`),
  ];
  return `${lines.join('\n')}\n`;
}

function ciWorkflow(world: World): string {
  const ci = world.ci;
  const lines = ['name: CI', '', 'on:', '  push:', '    branches: [main]', '  pull_request:', ''];
  if (ci.permissions) lines.push('permissions:', '  contents: read', '');
  if (ci.concurrency) lines.push('concurrency:', '  group: ci-${{ github.ref }}', '  cancel-in-progress: true', '');
  lines.push('jobs:', '  test:', '    runs-on: ${{ matrix.os }}');
  if (ci.timeout) lines.push('    timeout-minutes: 10');
  lines.push(
    '    strategy:',
    '      fail-fast: false',
    '      matrix:',
    `        os: [${ci.os.join(', ')}]`,
    `        node: [${ci.node.join(', ')}]`,
    '    steps:',
    `      - uses: actions/checkout@${ci.checkout}`,
    `      - uses: actions/setup-node@${ci.setupNode}`,
    '        with:',
    '          node-version: ${{ matrix.node }}',
  );
  if (ci.cache) lines.push('          cache: npm');
  lines.push('      - run: npm install');
  if (ci.lint) lines.push('      - run: npm run lint');
  lines.push(ci.coverage ? '      - run: npx c8 --reporter=lcov npm test' : '      - run: npm test');
  return `${lines.join('\n')}\n`;
}

function eslintrc(world: World): string {
  const config = {
    root: true,
    env: { node: true, es2022: true },
    parserOptions: { ecmaVersion: 2022, sourceType: 'module' },
    extends: 'eslint:recommended',
    rules: Object.fromEntries(world.lintRules.map((rule) => [rule, 'error'])),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function flatConfig(world: World): string {
  const rules = world.lintRules.map((rule) => `      '${rule}': 'error',`);
  return [
    "import js from '@eslint/js';",
    "import globals from 'globals';",
    '',
    'export default [',
    '  js.configs.recommended,',
    '  {',
    "    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },",
    '    rules: {',
    ...rules,
    '    },',
    '  },',
    '];',
    '',
  ].join('\n');
}
