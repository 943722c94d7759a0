import type { Person } from '../model.js';
import type { Step } from '../history.js';
import { DOC_POOL, EXAMPLES, LICENSE, TYPOS } from '../project/docs.js';
import { SMOKE_POOL } from '../project/smoke.js';
import type { Random } from '../random.js';
import type { CiState, World } from '../world.js';
import { addDays, after, all, at, direct, doc, people, plain, type Planner, squash } from './steps.js';
import { DAY_MS } from '../../time.js';

const { alice, carol, tomas, zoe, priya, kenji, maya, olu, dependabot, renovate } = people;
const WRITERS = [alice, tomas, zoe, kenji, maya, olu, alice, zoe];
const START = '2023-02-01';
const END = '2025-06-28';

/**
 * Background work that is no stream: docs and their typo fixes, example
 * configs, CI and lint tweaks, housekeeping, and dependency bots.
 */
export function planBackground(p: Planner): void {
  docs(p);
  examples(p);
  smokeTests(p);
  ci(p);
  lint(p);
  housekeeping(p);
  bots(p);
}

/** `count` days spread over [from, to], in order, each moved a few days at random. */
function spread(rng: Random, count: number, from: string, to: string): string[] {
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  return Array.from({ length: count }, (_, i) => {
    const offset = Math.round(((i + 0.5) * span) / count) + rng.int(-4, 4);
    return addDays(from, Math.max(0, Math.min(Math.floor(span), offset)));
  });
}

function background(p: Planner, day: string, make: Step['make']): void {
  const time = at(day, p.rng);
  p.steps.push({ at: time, authoredAt: after(time, -p.rng.int(1, 72)), kind: 'squash', author: alice, stream: null, title: '', make });
}

function docs(p: Planner): void {
  let next = 0;
  for (const day of spread(p.rng, DOC_POOL.length, START, END)) {
    background(p, day, (_w, rng) => {
      const block = DOC_POOL[next++];
      if (!block) return null;
      let text = block.text;
      const typos = TYPOS.filter(([right]) => new RegExp(`\\b${right}\\b`).test(text));
      if (typos.length > 0 && rng.chance(0.6)) {
        const [right, wrong] = rng.pick(typos);
        text = text.replace(new RegExp(`\\b${right}\\b`), wrong);
      }
      const author = rng.pick(WRITERS);
      return { title: `docs: ${block.title}`, author, kind: author === alice ? 'direct' : 'squash', apply: doc(block.file, text) };
    });
  }
  for (const day of spread(p.rng, 34, '2023-03-01', END)) {
    background(p, day, (w, rng) => {
      for (const [file, blocks] of Object.entries(w.docs)) {
        for (const [right, wrong] of TYPOS) {
          const i = blocks.findIndex((b) => new RegExp(`\\b${wrong}\\b`).test(b));
          if (i === -1) continue;
          const name = file.replace(/^docs\//, '').replace(/\.md$/, '');
          const title = rng.pick([`Fix typo: ${wrong} -> ${right}`, `docs: fix typo in ${name}`, `Fix a typo in ${file}`]);
          return {
            title,
            author: rng.pick([tomas, kenji, maya, olu, zoe]),
            apply: (world) => {
              const list = world.docs[file]!;
              list[i] = list[i]!.replace(new RegExp(`\\b${wrong}\\b`), right);
            },
          };
        }
      }
      return null;
    });
  }
}

function examples(p: Planner): void {
  let next = 0;
  for (const day of spread(p.rng, EXAMPLES.length, '2023-05-10', END)) {
    background(p, day, (w, rng) => {
      while (EXAMPLES[next] && w.examples[EXAMPLES[next]![0]] !== undefined) next++;
      const example = EXAMPLES[next++];
      if (!example) return null;
      const [name, text] = example;
      return {
        title: rng.pick([`docs(examples): add a ${name} example`, `Add ${name} example`, `examples: ${name}`]),
        author: rng.pick([zoe, tomas, kenji, olu, maya]),
        apply: (world) => {
          world.examples[name] = text;
        },
      };
    });
  }
}

function smokeTests(p: Planner): void {
  let next = 0;
  for (const day of spread(p.rng, SMOKE_POOL.length, '2023-03-15', END)) {
    background(p, day, (_w, rng) => {
      const entry = SMOKE_POOL[next++];
      if (!entry) return null;
      const [what, block] = entry;
      const author = rng.pick([alice, kenji, maya, olu, zoe, tomas]);
      return {
        title: rng.pick([`test: ${what}`, `Add a test for ${what}`, `test: cover ${what}`]),
        author,
        kind: author === alice ? 'direct' : 'squash',
        apply: (world) => {
          world.smoke.push(block.replace(/^\n/, ''));
        },
      };
    });
  }
}

/** The stream of the CI matrix's Node.js versions (src/demo/scenario.ts). */
export const NODE_SUPPORT = 'node-support';

function ci(p: Planner): void {
  const tweaks: [string, Person, string, (c: CiState) => void][] = [
    ['2023-04-04', priya, 'ci: test on Node 20', (c) => c.node.push('20')],
    ['2023-05-16', priya, 'ci: cache npm downloads', (c) => { c.cache = true; }],
    ['2023-07-05', alice, 'ci: run the linter', (c) => { c.lint = true; }],
    ['2023-09-26', priya, 'ci: drop Node 16', (c) => { c.node = c.node.filter((n) => n !== '16'); }],
    ['2023-11-21', priya, 'ci: cancel superseded runs', (c) => { c.concurrency = true; }],
    ['2024-02-20', priya, 'ci: test on macOS and Windows', (c) => { c.os.push('macos-latest', 'windows-latest'); }],
    ['2024-05-07', alice, 'ci: add Node 22', (c) => c.node.push('22')],
    ['2024-08-27', priya, 'ci: read-only token permissions', (c) => { c.permissions = true; }],
    ['2024-10-29', priya, 'ci: time out stuck jobs after 10 minutes', (c) => { c.timeout = true; }],
    ['2025-02-18', priya, 'ci: collect coverage with c8', (c) => { c.coverage = true; }],
    ['2025-05-06', priya, 'ci: drop Node 18', (c) => { c.node = c.node.filter((n) => n !== '18'); }],
  ];
  for (const [day, author, title, change] of tweaks) {
    const apply = (w: World) => {
      change(w.ci);
      if (w.ci.coverage) w.devDeps.c8 ??= '^10.1.2';
    };
    // The Node.js lines the matrix tests follow the release calendar: a stream whose future is known (Node.js 18
    // ends on 2025-04-30 and is dropped in May 2025). Marking it changes no commit.
    const extra = /\bNode \d+/.test(title) ? { stream: NODE_SUPPORT } : {};
    if (author === alice) direct(p, day, author, title, apply, extra);
    else squash(p, day, author, title, '', apply, extra);
  }
  const actions: [string, string, string, string, (c: CiState) => void][] = [
    ['2023-09-11', 'actions/checkout', '3', '4', (c) => { c.checkout = 'v4'; }],
    ['2023-10-24', 'actions/setup-node', '3', '4', (c) => { c.setupNode = 'v4'; }],
  ];
  for (const [day, name, from, to, change] of actions) {
    squash(p, day, dependabot, `Bump ${name} from ${from} to ${to}`, dependabotBody(name, `https://github.com/${name}`, from, to, 'direct:production', 'major'),
      (w) => change(w.ci), { bot: true });
  }
}

function lint(p: Planner): void {
  const rules = ['prefer-const', 'no-shadow', 'object-shorthand', 'no-throw-literal', 'no-else-return', 'dot-notation',
    'prefer-arrow-callback', 'no-useless-return', 'no-implicit-coercion', 'default-param-last'];
  spread(p.rng, rules.length, '2023-02-15', '2025-06-20').forEach((day, i) => {
    const rule = rules[i]!;
    const author = i % 3 === 0 ? alice : priya;
    const apply = (w: World) => { w.lintRules.push(rule); };
    if (author === alice) direct(p, day, author, `chore(lint): enable ${rule}`, apply);
    else squash(p, day, author, `chore(lint): enable ${rule}`, '', apply);
  });
  squash(p, '2024-04-23', priya, 'chore: move to the ESLint 9 flat config', 'ESLint 9 dropped .eslintrc by default.', (w) => {
    w.eslintFlat = true;
    w.devDeps['@eslint/js'] = '^9.1.0';
    w.devDeps.globals = '^15.0.0';
  });
}

function housekeeping(p: Planner): void {
  squash(p, '2023-05-23', priya, 'chore: lint staged files before each commit', 'Adds husky and lint-staged.', all(
    (w) => {
      w.devDeps.husky = '^8.0.3';
      w.devDeps['lint-staged'] = '^13.2.2';
    },
    plain('.husky/pre-commit', '#!/usr/bin/env sh\nnpx lint-staged\n'),
  ));
  squash(p, '2023-08-08', zoe, 'README: a longer example', '', readme('## Example\n\nGiven `app.conf`:\n\n```\n[server]\nport = 8080\n```\n\n`quarry app.conf --format env` prints `SERVER_PORT=8080`.'));
  squash(p, '2024-09-03', kenji, 'docs(readme): link the examples folder', '', readme('## Examples\n\nSee [examples/](examples/) for configs of common services.'));
  squash(p, '2025-03-04', maya, 'README: document the HTTP client options', '', readme('## HTTP options\n\n`createClient({ retries, timeout })`; see [docs/http.md](docs/http.md).'));
  direct(p, '2025-05-20', alice, 'README: install and support', readme('## Support\n\nQuestions go to GitHub Discussions; bugs to the issue tracker.'));
  direct(p, '2023-02-27', alice, 'Ignore coverage output', plain('.gitignore', 'node_modules/\n*.log\n.DS_Store\ncoverage/\n'));
  squash(p, '2023-04-12', carol, 'docs(readme): remote configs', '', readme('## Remote configs\n\n```js\nimport { loadRemote } from \'quarry\';\n\nawait loadRemote(\'https://config.example.com/app.conf\');\n```'));
  squash(p, '2023-06-20', tomas, 'Add badges to the README', '', (w) => {
    w.docs['README.md']!.splice(2, 0, '[![CI](https://github.com/quarry-dev/quarry/actions/workflows/ci.yml/badge.svg)](https://github.com/quarry-dev/quarry/actions) [![npm](https://img.shields.io/npm/v/quarry.svg)](https://www.npmjs.com/package/quarry)');
  });
  squash(p, '2023-11-07', tomas, 'docs: mention NO_COLOR in the README', '', readme('## Command line\n\n`quarry app.conf` prints the config as JSON, with colours on a terminal. Set `NO_COLOR=1` to turn them off.'));
  direct(p, '2024-01-02', alice, 'chore: update copyright year', plain('LICENSE', LICENSE('2023-2024')));
  squash(p, '2024-01-10', priya, 'chore: configure Renovate', 'Renovate groups npm updates better; Dependabot keeps the GitHub Actions.', all(
    plain('renovate.json', '{\n  "$schema": "https://docs.renovatebot.com/renovate-schema.json",\n  "extends": ["config:recommended"]\n}\n'),
    plain('.github/dependabot.yml', 'version: 2\nupdates:\n  - package-ecosystem: github-actions\n    directory: /\n    schedule:\n      interval: weekly\n'),
  ));
  direct(p, '2024-03-05', alice, 'Update CONTRIBUTING.md', doc('CONTRIBUTING.md', '## Commit messages\n\nWe like Conventional Commits (`fix(parser): ...`, `feat(http): ...`); they make the changelog easy to write.'));
  squash(p, '2024-05-21', zoe, 'README: link the user guide', '', readme('## Documentation\n\nSee the [user guide](docs/guide.md) and the [FAQ](docs/faq.md).'));
  squash(p, '2024-06-18', tomas, 'docs: new logo', 'The old one was hard to see on dark backgrounds.', (w) => { w.logo = 2; });
  direct(p, '2025-01-03', alice, 'chore: update copyright year', plain('LICENSE', LICENSE('2023-2025')));
  squash(p, '2025-04-15', priya, 'chore: add a pull request template', '', plain('.github/pull_request_template.md',
    '## What does this change?\n\n## How was it tested?\n\n- [ ] Tests added or updated\n- [ ] CHANGELOG.md updated\n'));
}

const readme = (block: string) => (w: World) => {
  w.docs['README.md']!.push(block);
};

interface Series {
  name: string;
  url: string;
  dev: boolean;
  versions: string[];
  /** The days the bumps are spread over. */
  from: string;
  to: string;
}

const SERIES: Series[] = [
  { name: 'eslint', url: 'https://github.com/eslint/eslint', dev: true, from: '2023-01-16', to: '2024-03-01', versions: ['8.31.0', '8.33.0', '8.36.0', '8.40.0', '8.45.0', '8.50.0', '8.53.0', '8.56.0', '8.57.0'] },
  { name: 'eslint', url: 'https://github.com/eslint/eslint', dev: true, from: '2024-04-02', to: END, versions: ['8.57.0', '9.0.0', '9.2.0', '9.4.0', '9.7.0', '9.9.1', '9.11.1', '9.13.0', '9.15.0', '9.17.0', '9.18.0', '9.20.1', '9.22.0', '9.24.0', '9.26.0', '9.28.0'] },
  { name: 'prettier', url: 'https://github.com/prettier/prettier', dev: true, from: '2023-01-20', to: END, versions: ['2.8.1', '2.8.3', '2.8.4', '2.8.8', '3.0.0', '3.0.3', '3.1.0', '3.2.4', '3.2.5', '3.3.0', '3.3.2', '3.3.3', '3.4.1', '3.4.2', '3.5.0', '3.5.3'] },
  { name: 'semver', url: 'https://github.com/npm/node-semver', dev: false, from: '2023-03-01', to: END, versions: ['7.3.8', '7.5.0', '7.5.2', '7.5.4', '7.6.0', '7.6.2', '7.6.3', '7.7.1', '7.7.2'] },
  { name: 'husky', url: 'https://github.com/typicode/husky', dev: true, from: '2023-06-20', to: END, versions: ['8.0.3', '9.0.6', '9.0.10', '9.0.11', '9.1.1', '9.1.4', '9.1.6', '9.1.7'] },
  { name: 'lint-staged', url: 'https://github.com/lint-staged/lint-staged', dev: true, from: '2023-06-20', to: END, versions: ['13.2.2', '13.2.3', '14.0.0', '14.0.1', '15.0.2', '15.1.0', '15.2.0', '15.2.2', '15.2.5', '15.2.7', '15.2.10', '15.3.0', '15.4.3', '16.0.0', '16.1.0'] },
  { name: 'c8', url: 'https://github.com/bcoe/c8', dev: true, from: '2025-03-01', to: END, versions: ['10.1.2', '10.1.3'] },
  { name: 'lodash', url: 'https://github.com/lodash/lodash', dev: false, from: '2023-02-16', to: '2023-02-28', versions: ['4.17.20', '4.17.21'] },
];

/** Renovate takes over npm updates from Dependabot on this day. */
const RENOVATE_FROM = '2024-01-11';

function bots(p: Planner): void {
  for (const series of SERIES) {
    const bumps = series.versions.length - 1;
    spread(p.rng, bumps, series.from, series.to).forEach((day, i) => {
      const from = series.versions[i]!;
      const to = series.versions[i + 1]!;
      const apply = (w: World) => {
        (series.dev ? w.devDeps : w.deps)[series.name] = `^${to}`;
      };
      const update = from.split('.')[0] !== to.split('.')[0] ? 'major' : from.split('.')[1] !== to.split('.')[1] ? 'minor' : 'patch';
      if (day < RENOVATE_FROM) {
        squash(p, day, dependabot, `Bump ${series.name} from ${from} to ${to}`,
          dependabotBody(series.name, series.url, from, to, series.dev ? 'direct:development' : 'direct:production', update), apply, { bot: true });
      } else {
        const major = update === 'major' ? `v${to.split('.')[0]}` : `v${to}`;
        squash(p, day, renovate, `${series.dev ? 'chore' : 'fix'}(deps): update dependency ${series.name} to ${major}`,
          renovateBody(series.name, series.url, from, to), apply, { bot: true });
      }
    });
  }
}

function dependabotBody(name: string, url: string, from: string, to: string, type: string, update: string): string {
  return [
    `Bumps [${name}](${url}) from ${from} to ${to}.`,
    `- [Release notes](${url}/releases)`,
    `- [Commits](${url}/compare/v${from}...v${to})`,
    '',
    '---',
    'updated-dependencies:',
    `- dependency-name: ${name}`,
    `  dependency-type: ${type}`,
    `  update-type: version-update:semver-${update}`,
    '...',
    '',
    'Signed-off-by: dependabot[bot] <support@github.com>',
  ].join('\n');
}

function renovateBody(name: string, url: string, from: string, to: string): string {
  return [
    'This PR contains the following updates:',
    '',
    '| Package | Change |',
    '|---|---|',
    `| [${name}](${url}) | \`${from}\` -> \`${to}\` |`,
    '',
    '---',
    '',
    '### Configuration',
    '',
    '📅 **Schedule**: Branch creation - At any time (no schedule defined).',
    '',
    '🚦 **Automerge**: Disabled by config.',
    '',
    '---',
    '',
    'This PR was generated by [Mend Renovate](https://mend.io/renovate/).',
  ].join('\n');
}
