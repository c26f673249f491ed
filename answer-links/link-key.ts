/**
 * The key answer links are signed with (issue 40 item 5): CAST_ANSWER_LINK_KEY when the
 * deployment sets one (every API and worker process must then set the same), else the key Cast
 * made and keeps in PostgreSQL (db/answer-links.ts), read once per process: it never changes.
 */
import { answerLinkSecret } from '../db/answer-links';
import type { Pool } from '../db/pool';

export type LinkKeySource = { pool: Pool; key?: string | undefined };

const stored = new WeakMap<Pool, Promise<Buffer>>();

export function linkKey(source: LinkKeySource): Promise<Buffer> {
  if (source.key) return Promise.resolve(Buffer.from(source.key, 'utf8'));
  let key = stored.get(source.pool);
  if (!key) {
    key = answerLinkSecret(source.pool);
    // A failed read (the database away) is tried again by the next link, not remembered.
    key.catch(() => stored.delete(source.pool));
    stored.set(source.pool, key);
  }
  return key;
}
