import { expect, test } from 'vitest';
import { createHeuristicForecaster } from '../../src/forecast/heuristic/index.js';
import { Snapshot, type Evidence } from '../../src/snapshot/model.js';
import { WorkItem } from '../../src/sources/model.js';

/**
 * The heuristic forecaster with tracker evidence: open issues at T0 are
 * signals of their own (anchored by the files they name or change), and
 * labels decide categories and feed the `labels` score component.
 */
const T0 = '2024-06-01T00:00:00.000Z';

function work(n: number, title: string, path: string, labels: string[] = []): Evidence {
  const mergedAt = `2024-05-${String(n).padStart(2, '0')}T00:00:00.000Z`;
  return {
    kind: 'work_item', ref: `pr#${n}`, date: mergedAt, text: title,
    item: WorkItem.parse({ key: `pr#${n}`, number: n, sha: `s${n}`, title, body: '', mergedAt, author: 'ana', paths: [path], kind: 'squash', labels, bot: false, botReason: null }),
  };
}

function issue(n: number, title: string, body: string, labels: string[]): Evidence {
  return {
    kind: 'issue', ref: `issue#${n}`, date: '2024-05-10T00:00:00.000Z', text: title, number: n, pullRequest: false, state: 'open', labels,
    author: 'bob', closedAt: null, lastActivityAt: '2024-05-28T00:00:00.000Z', body, bodyWithheld: false, commentCount: 0, comments: [], paths: [], pathsWithheld: false,
  };
}

function snapshot(evidence: Evidence[]): Snapshot {
  return Snapshot.parse({
    repo: { name: 'w', path: '/w', defaultBranch: 'main' }, t0: T0, commit: 'c', commitTime: '2024-05-31T00:00:00.000Z',
    config: { todoMaxFileBytes: 1_000_000, todoMaxLines: 5000, todoFirstSeenBudget: 600, hotspotTop: 25 },
    tree: [{ dir: '', files: 2 }, { dir: 'src', files: 0 }, { dir: 'src/http', files: 3 }, { dir: 'src/parser', files: 3 }],
    counts: {}, hash: 'h', evidence,
  });
}

const forecast = async (evidence: Evidence[]) =>
  (await createHeuristicForecaster().forecast({ snapshot: snapshot(evidence), seed: 1, maxFamilies: 5 })).draft;

const parserWork = [work(1, 'Quote tokens in the parser', 'src/parser/quote.js'), work(2, 'Tokens for parser quotes', 'src/parser/tokens.js')];
const parserIssues = [
  issue(10, 'Nested quote tokens in the parser', 'Seen with `src/parser/index.js`.', ['bug']),
  issue(11, 'Escaped quote tokens and the parser', 'See src/parser/quote.js', ['bug']),
];

test('open issues at T0 become signals: the family cites them, anchored where they point', async () => {
  const without = await forecast(parserWork);
  const withIssues = await forecast([...parserWork, ...parserIssues]);
  expect(without.families.flatMap((f) => f.evidence).some((e) => e.kind === 'issue')).toBe(false);
  // The open issues make a family of pending work (the merged changes alone make a direction of their own).
  const family = withIssues.families.find((f) => f.anchor.name.startsWith('src/parser') && f.evidence.some((e) => e.kind === 'issue'))!;
  expect(family).toBeDefined();
  expect(family.evidence.filter((e) => e.kind === 'issue').map((e) => e.ref).sort()).toEqual(['issue#10', 'issue#11']);
  expect(family.evidence.find((e) => e.ref === 'issue#10')!.reason).toMatch(/issue or pull request on the tracker at T0/);
  expect(withIssues.config.signals).toBe(4);
});

test('labels decide the category and raise the labels score component', async () => {
  const unlabelled = await forecast([...parserWork, ...parserIssues.map((e) => ({ ...e, labels: [] }))]);
  const labelled = await forecast([...parserWork, ...parserIssues]);
  const parser = (d: typeof labelled) => d.families.find((f) => f.anchor.name.startsWith('src/parser') && f.evidence.some((e) => e.kind === 'issue'))!;
  expect(parser(unlabelled).score_components.labels).toBe(0);
  expect(parser(labelled).score_components.labels).toBeGreaterThan(0);
  expect(parser(labelled).category).toBe('bugfix');
  expect(parser(unlabelled).category).not.toBe('bugfix');
  // Labels raise the heuristic score the evidence threshold reads; the family's score is its kind's strong rate.
  expect(parser(labelled).score_components.heuristic).toBeGreaterThan(parser(unlabelled).score_components.heuristic!);
});

test('tracker labels on work items (enriched from pull requests) decide their category too', async () => {
  const refactors = [work(1, 'Quote tokens in the parser', 'src/parser/quote.js', ['refactor']), work(2, 'Tokens for parser quotes', 'src/parser/tokens.js', ['tech-debt'])];
  const extra = [issue(12, 'Parser quote tokens', 'src/parser/tokens.js', ['refactor'])];
  const draft = await forecast([...refactors, ...extra]);
  expect(draft.families.find((f) => f.anchor.name.startsWith('src/parser'))!.category).toBe('refactor');
});
