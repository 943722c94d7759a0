import { expect, test } from 'vitest';
import * as api from '../src/index.js';

test('the public API exports exactly these names', () => {
  expect(Object.keys(api).sort()).toEqual([
    'Commit', 'DEFAULT_SNAPSHOT_CONFIG', 'DEMO_T0', 'Evidence', 'Forecast', 'Metrics', 'ModifiedFile', 'NAMED_QUERIES',
    'RepoFacts', 'Snapshot', 'SnapshotConfig', 'Synthesis', 'SynthesizedTask', 'Tag', 'TaskFamily', 'TreeFile', 'UserError',
    'Validation', 'Verdict', 'WorkItem', 'assertVisibleAtT0', 'buildDemoRepo', 'computeMetrics', 'createHeuristicForecaster',
    'createLexicalJudge', 'createLlmForecaster', 'createOpenAIChat', 'createOpenAIEmbeddings', 'createOpenAIToolChat', 'cutAtT0',
    'demoScenario', 'exportTasks', 'familyJsonSchema', 'forecastSnapshot', 'freezeForecast', 'judgeAgreement', 'offlineForecaster',
    'openRepository', 'openStore', 'reconstructWorkItems', 'runDemo', 'runStudy', 'snapshotRepository', 'synthesizeTasks',
    'takeSnapshot', 'validateForecast', 'writeReport',
  ]);
});

test('the family JSON Schema lists every field of the contract as required', () => {
  const schema = api.familyJsonSchema() as { required: string[] };
  expect([...schema.required].sort()).toEqual(
    ['acceptance_criteria', 'anchor', 'category', 'evidence', 'expected_behavior', 'id', 'rationale', 'score', 'score_components', 'target_hints', 'title'],
  );
});

test('docs/task-family.schema.json is the TaskFamily schema as the code defines it', async () => {
  const { readFileSync } = await import('node:fs');
  const file = JSON.parse(readFileSync(new URL('../docs/task-family.schema.json', import.meta.url), 'utf8'));
  expect(file).toEqual(api.familyJsonSchema());
});
