import { expect, test } from 'vitest';
import * as api from '../src/index.js';

test('the public API exports exactly these names', () => {
  expect(Object.keys(api).sort()).toEqual([
    'Commit', 'DEFAULT_SNAPSHOT_CONFIG', 'DEMO_T0', 'Evidence', 'ModifiedFile', 'NAMED_QUERIES', 'RepoFacts', 'Snapshot',
    'SnapshotConfig', 'Tag', 'TreeFile', 'UserError', 'WorkItem', 'assertVisibleAtT0', 'buildDemoRepo', 'cutAtT0',
    'demoScenario', 'openRepository', 'openStore', 'reconstructWorkItems', 'runDemo', 'snapshotRepository', 'takeSnapshot',
  ]);
});
