/**
 * The probes stay cheap and bounded: a hung check fails at its deadline instead of holding the
 * probe, and a storm of probes shares one answer rather than asking the dependency each time.
 */
import { describe, expect, it } from 'vitest';
import { readiness, sharedFor, withinDeadline } from '../../runtime/readiness';

describe('withinDeadline', () => {
  it('fails a check that does not answer in time, naming what did not answer', async () => {
    // The check never settles: only the deadline can give this answer.
    const check = await withinDeadline('PostgreSQL', () => new Promise(() => {}), 50);
    expect(check).toEqual({ ok: false, cause: 'PostgreSQL did not answer within 50 ms.' });
  });

  it('turns a thrown error into a failed check with its message', async () => {
    expect(await withinDeadline('PostgreSQL', () => Promise.reject(new Error('password authentication failed')))).toEqual({
      ok: false,
      cause: 'password authentication failed',
    });
  });
});

describe('sharedFor', () => {
  it('asks once for every caller while the answer is in flight and fresh, and again once it is stale', async () => {
    let asked = 0;
    const answer = sharedFor(100, async () => {
      asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return asked;
    });
    expect(await Promise.all(Array.from({ length: 50 }, answer))).toEqual(Array(50).fill(1));
    expect(await answer()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await answer()).toBe(2);
  });
});

describe('readiness', () => {
  it('is not ready while draining, whatever the checks say, and says so first', () => {
    expect(readiness({ database: { ok: true } }, true)).toEqual({ ready: false, cause: 'draining', checks: { database: { ok: true } } });
    expect(readiness({ database: { ok: true } }, false)).toEqual({ ready: true, checks: { database: { ok: true } } });
  });
});
