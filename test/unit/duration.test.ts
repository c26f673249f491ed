/**
 * One duration grammar for the CLI (`cast stack --auto-default`) and the web (the stack's
 * policy form), in milliseconds past the HTTP edge.
 */
import { describe, expect, it } from 'vitest';
import { DurationError, formatDuration, parseDuration } from '../../domain/duration';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('durations', () => {
  it('reads a whole number with a unit, or several together, in any case and with spaces between parts', () => {
    expect(parseDuration('45s')).toBe(45 * SECOND);
    expect(parseDuration('90m')).toBe(90 * MINUTE);
    expect(parseDuration('24h')).toBe(DAY);
    expect(parseDuration('3d')).toBe(3 * DAY);
    expect(parseDuration(' 24H ')).toBe(DAY);
    expect(parseDuration('1d12h')).toBe(36 * HOUR);
    expect(parseDuration('1h 30m')).toBe(90 * MINUTE);
  });

  it('refuses anything else, naming the accepted forms', () => {
    for (const bad of ['', '24', '1.5h', '-5m', '5w', 'h', 'tomorrow', 'h24', '1h-30m']) {
      expect(() => parseDuration(bad), bad).toThrow(DurationError);
    }
    expect(() => parseDuration('1.5h')).toThrow('45s, 90m, 24h, 3d');
    expect(() => parseDuration('0s')).toThrow('longer than zero');
    expect(() => parseDuration('0h0m')).toThrow('longer than zero');
  });

  it('reads back in the largest unit that holds it whole, one day as 24h, else exactly in parts', () => {
    const cases: Array<[number, string]> = [
      [45 * SECOND, '45s'],
      [90 * MINUTE, '90m'],
      [HOUR, '1h'],
      [DAY, '24h'],
      [36 * HOUR, '36h'],
      [2 * DAY, '2d'],
      [90 * DAY, '90d'],
      [DAY + HOUR + MINUTE + SECOND, '25h1m1s'],
      [0, '0s'],
    ];
    expect(cases.map(([ms]) => formatDuration(ms))).toEqual(cases.map(([, text]) => text));
  });

  it('what it prints, it reads back to the same value', () => {
    for (const ms of [SECOND, 59 * SECOND, 61 * SECOND, 90 * MINUTE, DAY - SECOND, DAY, 3 * DAY + 5 * SECOND, 90 * DAY]) {
      expect(parseDuration(formatDuration(ms))).toBe(ms);
    }
  });
});
