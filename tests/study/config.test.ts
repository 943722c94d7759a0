import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import { parseStudyConfig } from '../../src/study/config.js';
import { studyHash } from '../../src/store/studies.js';

const FILE = '/studies/eval/dev.json';
const NOW = new Date('2025-12-01T00:00:00Z');

function parse(config: unknown) {
  return parseStudyConfig(typeof config === 'string' ? config : JSON.stringify(config), FILE, { now: NOW });
}

function failure(config: unknown): UserError {
  try {
    parse(config);
  } catch (err) {
    if (err instanceof UserError) return err;
    throw err;
  }
  throw new Error('expected a UserError');
}

const minimal = { name: 'dev', repos: [{ path: '../clones/click', t0: '2025-03-01' }] };

test('a minimal config gets the defaults: window 6m, the four offline forecasters, the offline judges (semantic, then lexical), seed 0, 10 families', () => {
  expect(parse(minimal)).toEqual({
    name: 'dev',
    window: '6m',
    repos: [{ path: '/studies/clones/click', t0: '2025-03-01T00:00:00.000Z', github: null, name: null }],
    forecasters: ['heuristic', 'hotspot', 'recency', 'random-anchor'],
    judges: ['semantic', 'lexical'],
    seed: 0,
    maxFamilies: 10,
  });
});

test.each([
  { key: 'scoreFloor', what: "the heuristic's score floor, forecast --score-floor", kept: 0.05, other: 0.05, bad: [-0.1, 1.5, '0.05'] },
  { key: 'maxLoose', what: "the heuristic's loose-family cap, forecast --max-loose", kept: 2, other: 1, bad: [-1, 1.5, '2'] },
])('$key ($what) is kept when above 0; 0 or absent is the default and keeps the study hash it had before the key existed; a bad value is refused', ({ key, kept, other, bad }) => {
  expect(parse({ ...minimal, [key]: kept })).toMatchObject({ [key]: kept });
  expect(parse({ ...minimal, [key]: 0 })).toEqual(parse(minimal));
  expect(studyHash(parse({ ...minimal, [key]: 0 }))).toBe(studyHash(parse(minimal)));
  expect(studyHash(parse({ ...minimal, [key]: other }))).not.toBe(studyHash(parse(minimal)));
  for (const value of bad) {
    const err = failure({ ...minimal, [key]: value });
    expect(err.code).toBe('STUDY_CONFIG_INVALID');
    expect(err.line).toContain(key);
  }
});

test('repository paths resolve against the config file, not the working folder; absolute paths stay', () => {
  const c = parse({ name: 'x', repos: [{ path: 'here', t0: '2025-01-01' }, { path: '/abs/repo', t0: '2025-01-01' }, { path: '../../up', t0: '2025-01-01' }] });
  expect(c.repos.map((r) => r.path)).toEqual(['/studies/eval/here', '/abs/repo', '/up']);
});

test('an unknown key at the top is an error that names it and lists the keys allowed', () => {
  const err = failure({ ...minimal, forcasters: ['heuristic'] });
  expect(err.code).toBe('STUDY_CONFIG_UNKNOWN_KEY');
  expect(err.line).toContain('"forcasters"');
  expect(err.line).toMatch(/allowed there are name, window, repos, forecasters, judges, seed, maxFamilies/);
});

test('an unknown key inside a repository names the key and the repository', () => {
  const err = failure({ name: 'x', repos: [{ path: 'a', t0: '2025-01-01' }, { path: 'b', t0: '2025-01-01', branch: 'dev' }] });
  expect(err.code).toBe('STUDY_CONFIG_UNKNOWN_KEY');
  expect(err.message).toContain('"branch" in repos[1]');
  expect(err.fix).toContain('path, t0, github, name');
});

test('text that is not JSON is one error with a fix', () => {
  const err = failure('{"name": "dev",');
  expect(err.code).toBe('STUDY_CONFIG_NOT_JSON');
  expect(err.line).toMatch(/not valid JSON.*minimal config is/);
});

test('a bad date names the repository key', () => {
  const err = failure({ name: 'x', repos: [{ path: 'a', t0: '2025-01-01' }, { path: 'b', t0: '2025-02-30' }] });
  expect(err.code).toBe('STUDY_CONFIG_INVALID');
  expect(err.line).toContain('repos[1].t0 "2025-02-30"');
  expect(err.line).toContain('ISO 8601');
});

test('an unknown forecaster or judge is named with the ones that exist', () => {
  const f = failure({ ...minimal, forecasters: ['heuristic', 'oracle'] });
  expect(f.line).toMatch(/unknown forecaster "oracle" at forecasters\[1\].*heuristic, llm, hotspot, recency, random-anchor/);
  const j = failure({ ...minimal, judges: ['human'] });
  expect(j.line).toMatch(/unknown judge "human" at judges\[0\].*lexical, embedding, llm/);
});

test('empty or missing repositories are an error that shows one', () => {
  for (const config of [{ name: 'x', repos: [] }, { name: 'x' }]) {
    const err = failure(config);
    expect(err.code).toBe('STUDY_CONFIG_INVALID');
    expect(err.line).toMatch(/"repos"/);
    expect(err.fix).toMatch(/"t0"/);
  }
});

test('a missing name, a bad window and a wrong type are each named', () => {
  expect(failure({ repos: minimal.repos }).message).toContain('missing "name"');
  expect(failure({ ...minimal, window: '6 months' }).line).toMatch(/window "6 months".*90d, 6m or 1y/);
  expect(failure({ ...minimal, maxFamilies: 'five' }).message).toContain('bad "maxFamilies"');
  expect(failure({ name: 'x', repos: [{ path: 'a', t0: '2025-01-01', github: 'click' }] }).message).toContain('repos[0].github');
});

test('a window that has not ended by now is refused before any work', () => {
  const err = failure({ name: 'x', window: '1y', repos: [{ path: 'a', t0: '2025-03-01' }] });
  expect(err.code).toBe('STUDY_WINDOW_OPEN');
  expect(err.line).toMatch(/repos\[0\].*ends 2026-03-01/);
});

test('the same repository at the same T0 twice, or a forecaster listed twice, is refused', () => {
  expect(failure({ name: 'x', repos: [{ path: 'a', t0: '2025-01-01' }, { path: './a', t0: '2025-01-01T00:00:00Z' }] }).message).toContain('repos[1] repeats repos[0]');
  expect(failure({ ...minimal, forecasters: ['hotspot', 'hotspot'] }).message).toContain('"hotspot" twice');
  // The same clone at two T0s is a normal study.
  expect(parse({ name: 'x', repos: [{ path: 'a', t0: '2024-01-01' }, { path: 'a', t0: '2025-01-01' }] }).repos).toHaveLength(2);
});

test('eval/dev.json is a valid config: eight repositories beside the checkout, every window ended', () => {
  const file = join(import.meta.dirname, '../../eval/dev.json');
  const c = parseStudyConfig(readFileSync(file, 'utf8'), file, { now: new Date('2025-09-02T00:00:00Z') });
  expect(c.repos.map((r) => r.github)).toEqual(['pallets/click', 'expressjs/express', 'spf13/cobra', 'tokio-rs/axum', 'pmndrs/zustand', 'fastapi/typer', 'encode/httpx', 'sharkdp/bat']);
  expect(c.repos.every((r) => r.path === join(import.meta.dirname, '../../clones', r.name!))).toBe(true);
  expect(c).toMatchObject({ window: '6m', forecasters: ['heuristic', 'hotspot', 'recency', 'random-anchor'], judges: ['semantic', 'lexical'] });
});
