/**
 * Admission control's arithmetic (api/write-admission.ts) and a client's bounded, jittered
 * wait (client/busy-retry.ts); test/api/overload.test.ts proves both over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { WriteAdmission } from '../../api/write-admission';
import { busyWaitMs } from '../../client/busy-retry';

describe('WriteAdmission', () => {
  it('admits up to its bound, refuses past it, and a slot given back (once) admits the next', () => {
    const admission = new WriteAdmission(2);
    const first = admission.tryEnter()!;
    const second = admission.tryEnter()!;
    expect(admission.tryEnter()).toBeNull();
    expect(admission).toMatchObject({ writesInFlight: 2, refused: 1 });
    first();
    first();
    expect(admission.writesInFlight).toBe(1);
    expect(admission.tryEnter()).not.toBeNull();
    second();
  });

  it('refuses a bound that is not a whole number ≥ 1', () => {
    for (const bound of [0, -1, 1.5, Number.NaN]) expect(() => new WriteAdmission(bound)).toThrow(RangeError);
  });

  it('Retry-After: the refusals of this second over the rate slots free up, at least 1 s and at most 10 s', () => {
    let now = 0;
    const admission = new WriteAdmission(2, () => now);
    // Two writes that each held their slot 100 ms: about 20 slots free up a second.
    const release = [admission.tryEnter()!, admission.tryEnter()!];
    now = 100;
    release.forEach((done) => done());
    const hold = [admission.tryEnter()!, admission.tryEnter()!];
    for (let refused = 0; refused < 10; refused += 1) admission.tryEnter();
    expect(admission.retryAfterSeconds()).toBe(1);
    for (let refused = 0; refused < 50; refused += 1) admission.tryEnter();
    expect(admission.retryAfterSeconds()).toBe(3);
    for (let refused = 0; refused < 1000; refused += 1) admission.tryEnter();
    expect(admission.retryAfterSeconds()).toBe(10);
    // A new second starts counting afresh.
    now = 1200;
    admission.tryEnter();
    expect(admission.retryAfterSeconds()).toBe(1);
    hold.forEach((done) => done());
  });
});

describe('busyWaitMs', () => {
  const bound = { maxRetries: 3, maxSeconds: 10 };

  it('waits at least what Cast asked and at most twice that, jittered', () => {
    expect(busyWaitMs(2, 0, 0, bound, () => 0)).toBe(2000);
    expect(busyWaitMs(2, 0, 0, bound, () => 0.5)).toBe(3000);
    expect(busyWaitMs(2, 0, 0, bound, () => 0.999)).toBeCloseTo(3998);
  });

  it('gives up past its retries, or when what Cast asks no longer fits the time left; the last wait is cut to fit', () => {
    expect(busyWaitMs(1, 3, 0, bound, () => 0)).toBeNull();
    expect(busyWaitMs(5, 1, 6000, bound, () => 0)).toBeNull();
    expect(busyWaitMs(3, 1, 6000, bound, () => 0.9)).toBe(4000);
  });
});
