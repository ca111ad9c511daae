import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Test against the model's sources, as the deploy bundle does, never a stale dist/.
    alias: [
      { find: /^@encore\/model$/, replacement: fileURLToPath(new URL('../model/src/index.ts', import.meta.url)) },
      { find: /^@encore\/model\/calendar$/, replacement: fileURLToPath(new URL('../model/src/calendar/index.ts', import.meta.url)) },
    ],
  },
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['./src/testing/quiet-logs.ts'],
  },
});
