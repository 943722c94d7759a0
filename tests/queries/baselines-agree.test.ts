import { expect, test } from 'vitest';
import { BASELINES } from '../../src/forecast/model.js';
import { BASELINES as QUERY_BASELINES } from '../../src/queries/sql-parts.js';

// sql-parts.ts imports nothing (the notebooks load it), so it keeps its own list of the baselines.
test('the study queries take for baselines the forecasters that are baselines', () => {
  expect([...QUERY_BASELINES]).toEqual([...BASELINES]);
});
