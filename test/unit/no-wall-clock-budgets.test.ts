/** Issue 38 item 14: the lint rule that keeps wall-clock budgets out of the tests bites. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function budgets(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'test/api/x.test.ts' });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('no wall-clock budgets in tests', () => {
  it('refuses an upper bound on elapsed time, by Date.now() or performance.now()', async () => {
    const started = 'const started = Date.now();\n';
    expect(await budgets(`${started}expect(Date.now() - started).toBeLessThan(1000);\n`)).toHaveLength(1);
    expect(await budgets(`const t = performance.now();\nexpect(performance.now() - t).toBeLessThanOrEqual(50);\n`)).toHaveLength(1);
  });

  it('lets a lower bound (load only lengthens it) and a date computed from now pass', async () => {
    expect(await budgets('const s = Date.now();\nexpect(Date.now() - s).toBeGreaterThanOrEqual(950);\n')).toEqual([]);
    expect(await budgets('const at = 1;\nexpect(at).toBeLessThan(Date.parse("2030-01-01"));\n')).toEqual([]);
  });
});
