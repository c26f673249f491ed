/**
 * Decisions filed through the real API and dated back with SQL, for what reads days of them:
 * the health line's bands and the analytics page.
 */
import { expect } from 'vitest';
import type { world } from './agent-world';
import type { TestCast } from './test-cast';

type Me = ReturnType<typeof world>;

const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** A one-ask choice decision: the finance list or the ops list. */
export const choice = (question: string, extra: Record<string, unknown> = {}) => ({
  question,
  context,
  asks: [{ kind: 'decision', prompt: question, options: [{ label: 'The finance list' }, { label: 'The ops list' }] }],
  ...extra,
});

/** A word no other filing shares: numbers fold away in the recurring fingerprint, letters do not. */
let filed = 0;
function word(): string {
  let n = filed++;
  let letters = '';
  do {
    letters += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  } while (n > 0);
  return letters;
}

/** Files `count` distinct decisions for an agent and dates them `daysAgo` days back (UTC noon). */
export async function openedDaysAgo(cast: TestCast, me: Me, agent: string, daysAgo: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  // A few at a time: the API and the workflows share the machine.
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, () => `Which ${word()} list should the ${word()} team use?`);
    const replies = await Promise.all(batch.map((question) => me.file(choice(question, { agent }))));
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids.push(reply.body.decision.id);
    }
  }
  if (daysAgo > 0) {
    await cast.pool.query(
      `update decisions set created_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => $2) + interval '12 hours'
        where id = any($1)`,
      [ids, daysAgo],
    );
  }
  return ids;
}
