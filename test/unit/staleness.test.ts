import { describe, expect, it } from 'vitest';
import { staleness } from '../../domain/staleness';

const asked = new Date('2026-11-29T10:00:00Z');
const at = (minutes: number) => new Date(asked.getTime() + minutes * 60_000);

describe('staleness (cast-decide)', () => {
  it('reads "asked 3h ago, 42 messages since" and is stale after 2 hours', () => {
    expect(staleness(asked, 8, 50, at(180))).toEqual({
      asked: '3h ago',
      messagesSince: 42,
      stale: true,
      line: 'asked 3h ago, 42 messages since',
    });
    expect(staleness(asked, 0, 5, at(119)).stale).toBe(false);
    expect(staleness(asked, 0, 5, at(120)).stale).toBe(true);
  });

  it('is stale after 30 messages, however young', () => {
    expect(staleness(asked, 10, 39, at(5))).toMatchObject({ messagesSince: 29, stale: false });
    expect(staleness(asked, 10, 40, at(5))).toMatchObject({ messagesSince: 30, stale: true, line: 'asked 5m ago, 30 messages since' });
  });
});
