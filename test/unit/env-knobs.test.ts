/**
 * Issue 29 item 9, "Knobs": the pool size, FR-61's three limits and the admission bound come
 * from the environment, each validated: a bad value stops the process naming the variable and
 * what it takes; unset (or blank) keeps the built-in default.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredRateLimits, FR61_LIMITS } from '../../api/rate-limit';
import { EnvError, loadEnv } from '../../runtime/env';

const dir = mkdtempSync(join(tmpdir(), 'cast-env-knobs-'));
// No user's own temporal.toml may leak into these cases.
const isolated = { HOME: dir, XDG_CONFIG_HOME: dir };
const KNOBS = [
  'CAST_PG_POOL_MAX',
  'CAST_MAX_WRITES_IN_FLIGHT',
  'CAST_RATE_LIMIT_READS',
  'CAST_RATE_LIMIT_WRITES',
  'CAST_RATE_LIMIT_ARCHIVE_ALL',
  'CAST_RATE_LIMIT_PROMPTS',
];

describe('the knobs from the environment', () => {
  it('unset or blank: the defaults (FR-61 60/30/5, the pool and the bound left to their modules)', () => {
    for (const source of [{}, Object.fromEntries(KNOBS.map((name) => [name, ' ']))]) {
      const env = loadEnv({ ...isolated, ...source });
      expect(env.CAST_PG_POOL_MAX).toBeUndefined();
      expect(env.CAST_MAX_WRITES_IN_FLIGHT).toBeUndefined();
      expect(configuredRateLimits(env)).toEqual({ read: 60, write: 30, archiveAll: 5, prompt: 120 });
    }
    expect(FR61_LIMITS).toEqual({ read: 60, write: 30, archiveAll: 5, prompt: 120 });
  });

  it('set: each is read as a number, and CAST_RATE_LIMITS=off still turns every limit off', () => {
    const env = loadEnv({
      ...isolated,
      CAST_PG_POOL_MAX: '25',
      CAST_MAX_WRITES_IN_FLIGHT: '40',
      CAST_RATE_LIMIT_READS: '600',
      CAST_RATE_LIMIT_WRITES: ' 120 ',
      CAST_RATE_LIMIT_ARCHIVE_ALL: '2',
      CAST_RATE_LIMIT_PROMPTS: '300',
    });
    expect(env).toMatchObject({ CAST_PG_POOL_MAX: 25, CAST_MAX_WRITES_IN_FLIGHT: 40 });
    expect(configuredRateLimits(env)).toEqual({ read: 600, write: 120, archiveAll: 2, prompt: 300 });
    expect(configuredRateLimits({ ...env, CAST_RATE_LIMITS: 'off' })).toBeNull();
    expect(configuredRateLimits(loadEnv({ ...isolated, CAST_RATE_LIMIT_WRITES: '10' }))).toEqual({
      read: 60,
      write: 10,
      archiveAll: 5,
      prompt: 120,
    });
  });

  it.each([
    ['CAST_PG_POOL_MAX', '0', 'must be a whole number from 1 to 1000'],
    ['CAST_PG_POOL_MAX', '5000', 'must be a whole number from 1 to 1000'],
    ['CAST_MAX_WRITES_IN_FLIGHT', 'ten', 'must be a whole number from 1 to 100000'],
    ['CAST_MAX_WRITES_IN_FLIGHT', '2.5', 'must be a whole number from 1 to 100000'],
    ['CAST_RATE_LIMIT_READS', '-1', 'must be a whole number from 1 to 1000000'],
    ['CAST_RATE_LIMIT_WRITES', '1e3', 'must be a whole number from 1 to 1000000'],
    ['CAST_RATE_LIMIT_ARCHIVE_ALL', '0', 'must be a whole number from 1 to 1000000'],
  ])('%s=%s stops the process: "%s"', (name, value, message) => {
    expect(() => loadEnv({ ...isolated, [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ ...isolated, [name]: value })).toThrow(`${name}: ${message}`);
  });
});
