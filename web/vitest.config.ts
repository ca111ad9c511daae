import { defineProject } from 'vitest/config';
import { modelSourceConditions } from './vite/model-source.ts';

export default defineProject({
  // The model from its sources, as in the dev server and the build (vite/model-source.ts).
  resolve: { conditions: modelSourceConditions },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
