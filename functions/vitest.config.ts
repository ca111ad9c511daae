import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
