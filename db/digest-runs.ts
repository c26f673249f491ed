/**
 * Email digests' bookkeeping (issue 40 item 3, migration 0033): who gets one, each claimed once
 * per member and period, and what one carries — a workspace's open decisions, read once for
 * all its members (until teams, every member who answers sees the same queue).
 */
import { ROLES, holds, type Role } from '../domain/permissions';
import type { Queryable } from './pool';

const ANSWERING_ROLES: readonly Role[] = ROLES.filter((role) => holds(role, 'decision.answer'));

export type DigestMember = { id: string; workspaceId: string; name: string; timeZone: string | null; settings: unknown };

/** Members with email on, an address, and a digest cadence, who may answer. */
export async function digestMembers(db: Queryable): Promise<DigestMember[]> {
  const { rows } = await db.query<DigestMember>(
    `select m.id, m.workspace_id as "workspaceId", m.name, m.time_zone as "timeZone", ns.settings
       from notification_settings ns join members m on m.id = ns.member_id
      where (ns.settings -> 'email' ->> 'enabled') = 'true' and (ns.settings -> 'email' ->> 'address') is not null
        and coalesce(ns.settings -> 'digest' ->> 'cadence', 'daily') <> 'off'
        and m.removed_at is null and m.role = any($1::text[])`,
    [ANSWERING_ROLES],
  );
  return rows;
}

/** Claims each (member, period); returns the members whose claim is new (theirs to send). */
export async function claimDigests(
  db: Queryable,
  claims: { memberId: string; workspaceId: string; period: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const { rows } = await db.query<{ member_id: string }>(
    `insert into digest_runs (member_id, workspace_id, period)
     select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (member_id, period) do nothing
     returning member_id`,
    [claims.map((claim) => claim.memberId), claims.map((claim) => claim.workspaceId), claims.map((claim) => claim.period)],
  );
  return new Set(rows.map((row) => row.member_id));
}

export type WaitingDecision = {
  id: string;
  question: string;
  context: string | null;
  blocking: boolean;
  createdAt: Date;
  messagesAtAsk: number | null;
  sessionMessages: number | null;
};

/** A workspace's open decisions, oldest blocking first (then the oldest advisory), the first `limit`, and how many in all. */
export async function waitingDecisions(
  db: Queryable,
  workspaceId: string,
  limit: number,
): Promise<{ decisions: WaitingDecision[]; total: number; blocking: number }> {
  const [page, counts] = await Promise.all([
    db.query<WaitingDecision>(
      `select d.id, d.question, d.context, d.mode = 'blocking' as blocking, d.created_at as "createdAt",
              (d.snapshot ->> 'messagesAtAsk')::int as "messagesAtAsk", s.message_count as "sessionMessages"
         from decisions d left join sessions s on s.workspace_id = d.workspace_id and s.id = d.session_id
        where d.workspace_id = $1 and d.status = 'open'
        order by (d.mode = 'blocking') desc, d.created_at, d.number
        limit $2`,
      [workspaceId, limit],
    ),
    db.query<{ total: number; blocking: number }>(
      `select count(*)::int as total, count(*) filter (where mode = 'blocking')::int as blocking
         from decisions where workspace_id = $1 and status = 'open'`,
      [workspaceId],
    ),
  ]);
  return { decisions: page.rows, total: counts.rows[0]!.total, blocking: counts.rows[0]!.blocking };
}

/**
 * The member's held email deliveries, now answered by the digest: those whose decision still
 * waits were in it (`sent`); the rest were answered or closed before it (`skipped`).
 */
export async function settleHeldEmail(db: Queryable, workspaceId: string, memberId: string, digest: string): Promise<void> {
  await db.query(
    `update notification_deliveries nd
        set status = case when d.status = 'open' then 'sent' else 'skipped' end,
            detail = case when d.status = 'open' then $3 else 'no longer waiting when the digest went out' end,
            updated_at = now()
       from decisions d
      where nd.workspace_id = $1 and nd.member_id = $2 and nd.channel = 'email' and nd.status = 'held' and d.id = nd.decision_id`,
    [workspaceId, memberId, `included in the ${digest}`],
  );
}
