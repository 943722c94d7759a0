import { expect, test } from 'vitest';
import { DEMO_T0, demoScenario } from '../../src/demo/scenario.js';
import { renderStaged } from '../../src/demo/staged-text.js';

const scenario = demoScenario();
const titles = scenario.commits.map((c) => c.msg.split('\n')[0]!);

test('the scenario is the same every time it is computed', () => {
  expect(demoScenario()).toEqual(scenario);
});

test('history runs from January 2023 to June 2025 in time order, with T0 on 2025-01-01 and a six-month window', () => {
  expect(scenario.t0).toBe(DEMO_T0);
  expect(DEMO_T0).toBe('2025-01-01');
  expect(scenario.windowEnd).toBe('2025-07-01');
  expect(scenario.commits[0]!.at.slice(0, 7)).toBe('2023-01');
  expect(scenario.commits.at(-1)!.at.slice(0, 7)).toBe('2025-06');
  const times = scenario.commits.map((c) => c.at);
  expect([...times].sort()).toEqual(times);
  expect(scenario.commits.length).toBeGreaterThanOrEqual(250);
  expect(scenario.commits.length).toBeLessThanOrEqual(450);
  expect(times.filter((t) => t > DEMO_T0).length).toBeGreaterThan(40);
});

test('history holds squash merges, merge commits, direct commits, bots and conventional commits', () => {
  expect(titles.filter((t) => /^.+ \(#\d+\)$/.test(t)).length).toBeGreaterThan(100);
  const merges = scenario.commits.filter((c) => c.merge);
  expect(merges.length).toBeGreaterThanOrEqual(5);
  for (const m of merges) expect(m.msg).toMatch(/^Merge pull request #\d+ from [a-z]+\/[\w-]+\n\n\S/);
  const dependabot = scenario.commits.filter((c) => c.author?.email === '49699333+dependabot[bot]@users.noreply.github.com');
  expect(dependabot.length).toBeGreaterThan(5);
  expect(dependabot.some((c) => /^Bump lodash from 4\.17\.20 to 4\.17\.21 \(#\d+\)\n/.test(c.msg))).toBe(true);
  expect(titles.some((t) => /^chore\(deps\): update dependency \S+ to v/.test(t))).toBe(true);
  for (const prefix of ['fix(parser):', 'feat(http):', 'refactor(cache):', 'fix:', 'docs:', 'ci:', 'test:']) {
    expect(titles.some((t) => t.startsWith(prefix)), prefix).toBe(true);
  }
  expect(titles.filter((t) => !/\(#\d+\)$/.test(t) && !t.startsWith('Merge pull request')).length).toBeGreaterThan(30);
  expect(new Set(scenario.commits.map((c) => c.author?.name)).size).toBeGreaterThanOrEqual(8);
});

test('four streams continue after T0 and two stop before it, each with pull requests on both sides as planned', () => {
  const byId = Object.fromEntries(scenario.streams.map((s) => [s.id, s]));
  expect(Object.keys(byId)).toEqual(['parser-quoting', 'http-resilience', 'cache-backends', 'node-support', 'cli-colour', 'format-output']);
  expect(byId['parser-quoting']).toMatchObject({ category: 'bugfix', anchor: 'src/parser', continuesAfterT0: true });
  expect(byId['http-resilience']).toMatchObject({ category: 'feature', anchor: 'src/http', continuesAfterT0: true });
  expect(byId['cache-backends']).toMatchObject({ category: 'refactor', anchor: 'src/cache', continuesAfterT0: true });
  expect(byId['node-support']).toMatchObject({ category: 'refactor', anchor: '.github/workflows/ci.yml', continuesAfterT0: true });
  expect(byId['cli-colour']).toMatchObject({ anchor: 'src/cli', continuesAfterT0: false });
  for (const stream of scenario.streams) {
    const prs = scenario.pullRequests.filter((pr) => stream.prs.includes(pr.number));
    const later = prs.filter((pr) => pr.at > DEMO_T0);
    expect(prs.some((pr) => pr.at <= DEMO_T0), stream.id).toBe(true);
    expect(later.length > 0, stream.id).toBe(stream.continuesAfterT0);
    // The Node.js line follows the release calendar: one drop in the window, after Node.js 18's end of life.
    if (stream.id === 'node-support') expect(later.map((pr) => `${pr.at.slice(0, 10)} ${pr.title}`)).toEqual(['2025-05-06 ci: drop Node 18']);
    else if (stream.continuesAfterT0) expect(later.length, stream.id).toBeGreaterThanOrEqual(3);
  }
});

test('no commit after 2023 touches the folders of the streams that stopped', () => {
  const later = scenario.commits.filter((c) => c.at > '2024-01-01');
  for (const c of later) {
    expect(Object.keys(c.files ?? {}).filter((p) => p.startsWith('src/cli/') || p.startsWith('src/format/')), c.msg).toEqual([]);
  }
});

test('release tags are annotated and lightweight, before and after T0', () => {
  const before = scenario.releases.filter((r) => r.at <= DEMO_T0);
  const after = scenario.releases.filter((r) => r.at > DEMO_T0);
  for (const side of [before, after]) {
    expect(side.some((r) => r.annotated)).toBe(true);
    expect(side.some((r) => !r.annotated)).toBe(true);
  }
});

test('staged lines appear from their stage on, before a stage, or in a range, and may follow another stream', () => {
  const template = '\na\n@2|b\n@..2|c\n@1..3|d\n@other:0|e\n';
  expect(renderStaged(template, { own: 0 }, 'own')).toBe('a\nc\n');
  expect(renderStaged(template, { own: 2, other: 0 }, 'own')).toBe('a\nb\nd\ne\n');
  expect(renderStaged(template, { own: 3 }, 'own')).toBe('a\nb\n');
});
