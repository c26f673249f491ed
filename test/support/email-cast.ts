/**
 * A Cast with email on (issue 40 item 3), over a database of its own: its email channel sends
 * to every member of its database with email on, so two email test files sharing the run's
 * database would each take the other's events (the delivery log claims one send per channel,
 * member and event, wherever it comes from). A deployment of its own keeps each file's mail in
 * its own inbox.
 */
import { inject } from 'vitest';
import { migrate } from '../../db/migrate';
import { createPool } from '../../db/pool';
import { freshDatabase } from './fresh-database';
import type { SmtpInbox } from './smtp-inbox';
import { startTestCast, type TestCast } from './test-cast';

export async function startEmailCast(inbox: SmtpInbox, options: Parameters<typeof startTestCast>[0] = {}): Promise<TestCast> {
  const databaseUrl = await freshDatabase(inject('databaseUrl'), 'cast_email');
  const pool = createPool(databaseUrl, 1);
  await migrate(pool);
  await pool.end();
  return startTestCast({ ...options, databaseUrl, email: (url) => inbox.settings(url) });
}
