/**
 * Ends the run with one plain line, "Tests: N passed, N failed, N skipped", that CI and
 * people can read without ANSI colour or vitest's layout, after the slowest files: CI's time
 * is mostly a few long files, and this names them without a second run.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load has no tests to count, but it is a failure.
      if (module.state() === 'failed' && !module.children.size) counts.failed += 1;
    }
    const slowest = testModules
      .map((module) => ({
        file: module.relativeModuleId,
        seconds: (module.diagnostic().duration + module.diagnostic().collectDuration) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 12);
    process.stdout.write(
      `\nSlowest files:\n${slowest.map(({ file, seconds }) => `  ${seconds.toFixed(0).padStart(5)} s  ${file}`).join('\n')}\n`,
    );
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
