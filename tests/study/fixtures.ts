import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRepo, type CommitSpec, type TestRepo } from '../fixtures/repo.js';

/** Every study repository's cutoff; with the default 6m window it ends 2024-12-01, long past. */
export const STUDY_T0 = '2024-06-01';

/**
 * A small repository with work before and after STUDY_T0: pull requests in
 * two areas (`area` and `docs`), a TODO, and later PRs that continue the
 * area's work (and one that does not). `n` varies the history so repositories differ.
 */
export async function makeStudyRepo(area: string, n = 0): Promise<TestRepo> {
  return makeRepo(studyCommits(area, n));
}

/** The commits of `makeStudyRepo`, to write where a test wants them (`writeRepo`). */
export function studyCommits(area: string, n = 0): CommitSpec[] {
  const commits: CommitSpec[] = [];
  const month = (m: number, d: number) => `2024-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T10:00:00Z`;
  let pr = 1;
  commits.push({ at: month(1, 2), msg: 'Initial commit', files: { 'README.md': `# ${area}\n`, [`src/${area}/index.js`]: '// TODO: handle nested retries\n' } });
  const from = Date.parse('2024-01-05T10:00:00Z');
  const step = (Date.parse('2024-05-15T10:00:00Z') - from) / (6 + n);
  // The fixes share a checkable phrase, so the heuristic's family names work ("Fix retry reset connections in
  // src/<area>"): a loose one ("Add the next requested capability in src/<area>") is held back by default (maxLoose 0)
  // and would leave the forecast empty.
  for (let i = 0; i < 6 + n; i++) {
    commits.push({ at: new Date(from + i * step).toISOString(), msg: `fix(${area}): retry reset connections, case ${i} (#${pr++})`, files: { [`src/${area}/case${i}.js`]: `export const c${i} = ${i};\n` } });
  }
  commits.push({ at: month(5, 20), msg: `feat(${area}): add timeout option (#${pr++})`, files: { [`src/${area}/timeout.js`]: 'export const timeout = 1;\n' } });
  commits.push({ at: month(5, 25), msg: `docs: describe ${area} (#${pr++})`, files: { 'docs/guide.md': `About ${area}\n` } });
  // After T0: the area keeps moving, plus unrelated work.
  commits.push({ at: month(7, 1), msg: `fix(${area}): retry on reset connections (#${pr++})`, files: { [`src/${area}/case0.js`]: 'export const c0 = 10;\n' } });
  commits.push({ at: month(8, 1), msg: `feat(${area}): retry budget option (#${pr++})`, files: { [`src/${area}/budget.js`]: 'export const budget = 3;\n' } });
  commits.push({ at: month(9, 1), msg: `chore: release 1.${n}.0 (#${pr++})`, files: { 'CHANGELOG.md': `## 1.${n}.0\n` } });
  commits.push({ at: month(10, 1), msg: `fix(${area}): retry jitter (#${pr++})`, files: { [`src/${area}/case1.js`]: 'export const c1 = 11;\n' } });
  // The clone is fresh: its history reaches the end of the window.
  commits.push({ at: month(11, 28), msg: `test: cover the ${area} edge cases (#${pr++})`, files: { [`test/${area}.test.js`]: 'ok\n' } });
  return commits;
}

/** Writes a study config into `dir` and returns its path. */
export function writeConfig(dir: string, config: object, file = 'study.json'): string {
  const path = join(dir, file);
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}
