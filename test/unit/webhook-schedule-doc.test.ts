/** The retry schedule docs/webhooks.md promises is the one the delivery workflow keeps. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../domain/webhook-delivery';

const UNIT_MS: Record<string, number> = { s: 1000, min: 60_000, h: 3_600_000 };

describe('the documented webhook retry schedule', () => {
  it("lists each wait of the delivery workflow's schedule, in order", () => {
    const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const waits = [...doc.matchAll(/^\| (\d+) \| (\d+) (s|min|h) \|/gm)].map((row) => Number(row[2]) * UNIT_MS[row[3]!]!);
    expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
  });
});
