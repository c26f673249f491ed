/**
 * What answer-in-place links keep in PostgreSQL (migration 0029): the server key they are
 * signed with, and the claims that make each link single-use.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './pool';

/** The one key row; a later rotation adds rows beside it. */
const CURRENT_KEY = 'current';

/**
 * The server's link key: made on first use by whichever process gets there first (every other
 * process then reads that one), so API replicas and workers all sign and verify alike.
 */
export async function answerLinkSecret(db: Queryable): Promise<Buffer> {
  await db.query('insert into answer_link_keys (id, secret) values ($1, $2) on conflict (id) do nothing', [CURRENT_KEY, randomBytes(32)]);
  const { rows } = await db.query<{ secret: Buffer }>('select secret from answer_link_keys where id = $1', [CURRENT_KEY]);
  return rows[0]!.secret;
}

export type LinkUse = { linkId: string; workspaceId: string; decisionId: string; ask: number; memberId: string; channel: string };

/** Any fixed number: the class of advisory locks a press holds on its link. */
const LINK_PRESS_LOCK = 7_400_029;

/**
 * Claims the link for one press, inside the caller's transaction, which stays open while the
 * answer goes to the workflow: commit keeps the claim, rollback (the answer refused, Temporal
 * away) gives it back. `in-flight`: another press of the same link holds it right now — refused
 * at once rather than waited on, so presses of one link can never pile up on the pool's connections.
 */
export async function claimAnswerLink(db: Queryable, use: LinkUse): Promise<'claimed' | 'used' | 'in-flight'> {
  const { rows } = await db.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as locked', [
    LINK_PRESS_LOCK,
    use.linkId,
  ]);
  if (!rows[0]?.locked) return 'in-flight';
  const { rowCount } = await db.query(
    `insert into answer_link_uses (link_id, workspace_id, decision_id, ask, member_id, channel)
     values ($1, $2, $3, $4, $5, $6) on conflict (link_id) do nothing`,
    [use.linkId, use.workspaceId, use.decisionId, use.ask, use.memberId, use.channel],
  );
  return rowCount === 1 ? 'claimed' : 'used';
}

/** When the link was used, or null when it has not been. */
export async function answerLinkUsedAt(db: Queryable, workspaceId: string, linkId: string): Promise<Date | null> {
  const { rows } = await db.query<{ used_at: Date }>('select used_at from answer_link_uses where workspace_id = $1 and link_id = $2', [
    workspaceId,
    linkId,
  ]);
  return rows[0]?.used_at ?? null;
}
