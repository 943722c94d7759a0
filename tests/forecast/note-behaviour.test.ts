import { expect, test } from 'vitest';
import { familyText } from '../../src/forecast/heuristic/title.js';
import type { Signal } from '../../src/forecast/heuristic/signals.js';

const note = (ref: string, text: string, path: string): Signal => ({
  ref, kind: 'todo', date: '2024-01-10T00:00:00.000Z', text, topic: [], areas: [path.split('/').slice(0, -1).join('/')], paths: [path], labels: [], category: null, recency: 1,
});

// uvicorn at 2025-03-01: "`type: ignore` when wsproto fixes the type annotation is removed in …"; clap at 2026-01-01:
// "`Self::add` and `Self::remove` to type-check that `ArgExt` is used is used in …" (newcomer22).
test('a note\'s expected behaviour puts the object\'s condition or purpose after the participle and the place', () => {
  const behaviour = (text: string, path: string) => {
    const anchor = path.split('/').slice(0, -1).join('/');
    return familyText([note(`todo:${path}:3`, text, path)], 'refactor', anchor, new Set())?.expectedBehavior;
  };
  expect(behaviour('TODO: Remove `type: ignore` when wsproto fixes the type annotation.', 'src/ws/wsproto_impl.py')).toMatch(/^`type: ignore` is removed in src\/ws when wsproto fixes the type annotation, continuing /);
  expect(behaviour('HACK: we should use `Self::add` to type-check that `ArgExt` is used', 'src/builder/arg.rs')).toMatch(/^`Self::add` is used in src\/builder to type-check that `ArgExt` is used, continuing /);
  // A moving verb's destination stays where it was, and a "to" before a number or an article is no purpose.
  expect(behaviour('TODO: Add Python 3.13 to the test matrix', 'ci/matrix.yml')).toMatch(/^Python 3\.13 is added to the test matrix in ci, continuing /);
  expect(behaviour('TODO: Raise the minimum version from 1.74 to 1.79', 'src/lib/cargo.rs')).toMatch(/^The minimum version from 1\.74 to 1\.79 is raised in src\/lib, continuing /);
});
