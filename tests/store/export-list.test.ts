import { expect, test } from 'vitest';
import * as store from '../../src/store/index.js';

test('the store exports exactly its public functions', () => {
  expect(Object.keys(store).sort()).toEqual([
    'DEFAULT_STORE_FILE',
    'findRepo',
    'findSnapshot',
    'knownCommits',
    'loadFirstParentChain',
    'loadForecast',
    'loadSnapshot',
    'loadWorkItems',
    'openStore',
    'runQuery',
    'saveCommits',
    'saveForecast',
    'saveSnapshot',
    'saveWorkItems',
    'upsertRepo',
  ]);
});
