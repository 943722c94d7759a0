import { expect, test } from 'vitest';
import { withInterval, wholePercent } from '../../src/cli/interval-text.js';

test('a figure is written with its interval in the figure unit, and alone when there is none', () => {
  expect(withInterval('58.1%', 0.52, 0.64, (x) => (x * 100).toFixed(1))).toBe('58.1% [52.0, 64.0]');
  expect(withInterval('25.0%', 0.046, 0.699, wholePercent)).toBe('25.0% [5, 70]');
  expect(withInterval('+12.5 pts', -0.031, 0.25, (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`)).toBe('+12.5 pts [-3.1, +25.0]');
  expect(withInterval('0.467', null, 0.65, (x) => x.toFixed(2))).toBe('0.467');
  expect(withInterval('0.467', 0.28, undefined, (x) => x.toFixed(2))).toBe('0.467');
});
