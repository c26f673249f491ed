import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:cluster`: the suite's production half, on the open-source Temporal server
// (test/cluster/). Spread, not merged: vitest's mergeConfig would append to the base's exclude.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/cluster/**/*.test.ts'],
    exclude: ['node_modules/**'],
    // One cluster at a time: each file starts a five-process server of its own.
    maxWorkers: 1,
    // A machine that never built the server builds it in a hook first (about 8 minutes on 2 cores).
    hookTimeout: 900_000,
  },
});
