/**
 * The key answer links are signed with (issue 40 item 5): CAST_ANSWER_LINK_KEY when the
 * deployment sets one (every API and worker process must then set the same), else the key Cast
 * made and keeps in PostgreSQL (db/answer-links.ts), read once per process: it never changes.
 */
import { answerLinkSecret } from '../db/answer-links';
import type { Pool } from '../db/pool';

/** CAST_ANSWER_LINK_KEY when set, else the database that keeps Cast's own key. */
export type LinkKeySource = { key: string; pool?: Pool } | { pool: Pool; key?: string | undefined };

const stored = new WeakMap<Pool, Promise<Buffer>>();

export function linkKey(source: LinkKeySource): Promise<Buffer> {
  if (source.key) return Promise.resolve(Buffer.from(source.key, 'utf8'));
  const pool = source.pool;
  if (!pool) throw new Error('An answer link needs CAST_ANSWER_LINK_KEY or the database that keeps its key.');
  let key = stored.get(pool);
  if (!key) {
    key = answerLinkSecret(pool);
    // A failed read (the database away) is tried again by the next link, not remembered.
    key.catch(() => stored.delete(pool));
    stored.set(pool, key);
  }
  return key;
}
