import { expect, test } from 'vitest';
import * as store from '../../src/store/index.js';

test('the store exports exactly its public functions', () => {
  expect(Object.keys(store).sort()).toEqual([
    'DEFAULT_STORE_FILE',
    'findRepo',
    'findSnapshot',
    'forecastOrigin',
    'historyEnd',
    'knownCommits',
    'loadFirstParentChain',
    'loadForecast',
    'loadSnapshot',
    'loadValidation',
    'loadWorkItems',
    'openStore',
    'runQuery',
    'saveCommits',
    'saveForecast',
    'saveSnapshot',
    'saveValidation',
    'saveWorkItems',
    'upsertRepo',
  ]);
});
