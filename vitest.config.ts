import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run for the whole repo, as one project per workspace so each keeps its own
// environment (node for the backend, jsdom for React components).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on a 2-core CI box,
    // where the suite then spends most of its time waiting on sockets, Chromium and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'model',
          root: './model',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'emulators',
          root: './emulators',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './functions/vitest.config.ts',
      './web/vitest.config.ts',
    ],
  },
});
