import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Tests build real git repositories and SQLite files; give them room on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time even on 2 cores (vitest's default is cores - 1, which on CI's 2 cores ran the suite one file
    // at a time): much of a file's time is spent waiting on git, bubblewrap, npm, redis, HTTP servers and retry waits,
    // so a second file fills that time (tests/README.md). More cores, vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The default reporter for people, the JSON one for .ci/run's closing line.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
