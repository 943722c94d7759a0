import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Tests build real git repositories and SQLite files; give them room on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The default reporter for people, the JSON one for .ci/run's closing line.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
