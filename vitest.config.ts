import { defineConfig } from 'vitest/config';

// One test run for the whole repo, as one project per workspace so each keeps its own
// environment (node for the backend, jsdom for React components).
export default defineConfig({
  test: {
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
