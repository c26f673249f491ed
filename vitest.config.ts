import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The open-source Temporal cluster's files run by `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: ['test/cluster/**', 'node_modules/**'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // One Temporal server and one database for the run; each file in a fork of its own (the
    // Temporal worker's native runtime does not share a process well), two at a time: every
    // file uses its own workspace and task queue, and most of a file's time is waiting on
    // Temporal, PostgreSQL or Chromium (12.4 min one at a time here, 7.5 min two at a time).
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    // A shared 2-core machine: a poll waits for what it expects for up to 10 s, not 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    // Every API the suite starts, in-process or spawned, parses its answers with their declared
    // schemas, and takes webhook receivers on loopback (test/support/test-cast.ts does so in-process).
    env: { CAST_CHECK_RESPONSES: 'on', CAST_WEBHOOK_ALLOW_PRIVATE: 'on' },
  },
});
