/**
 * Delegations (issue 41 item 5, migration 0041): who covers for whom, and when. Each change is
 * one transaction with its activity entry on the member away (item 8). Windows are read at the
 * moment of each read, so they open and close on time.
 */
import { isAdminPrincipal } from '../domain/assignment';
import { DELEGATION_DEPTH, DELEGATION_MAX_DAYS, type CreateDelegationBody, type Delegation } from '../domain/delegation';
import { DomainError, notFound } from '../domain/errors';
import { actorOf, type Principal } from '../domain/principal';
import { recordBy } from './activity';
import { newId } from './ids';
import { withTransaction, type Queryable } from './pool';

/** An open window: started, not over, not ended early. `alias` is the delegations row. */
export const OPEN_NOW = (alias: string) => `${alias}.ended_at is null and ${alias}.starts_at <= now() and ${alias}.ends_at > now()`;

/**
 * The members whose decisions `$member` covers now, following chains (Dana → Sam → Ada) up to
 * DELEGATION_DEPTH links; `union` drops the repeats, and the depth ends any loop.
 */
export function coveredSql(workspace: string, member: string): string {
  return `with recursive covered(member_id, depth) as (
      select dl.member_id, 1 from delegations dl where dl.workspace_id = ${workspace} and dl.delegate_id = ${member} and ${OPEN_NOW('dl')}
      union
      select dl.member_id, c.depth + 1 from delegations dl join covered c on dl.delegate_id = c.member_id
       where c.depth < ${DELEGATION_DEPTH} and dl.workspace_id = ${workspace} and ${OPEN_NOW('dl')})
    select distinct member_id from covered where member_id <> ${member}`;
}

/** Who covers for `$member` now, along the same chains: whom their decisions' notifications also reach. */
export function coveringSql(workspace: string, member: string): string {
  return `with recursive covering(delegate_id, depth) as (
      select dl.delegate_id, 1 from delegations dl where dl.workspace_id = ${workspace} and dl.member_id = ${member} and ${OPEN_NOW('dl')}
      union
      select dl.delegate_id, c.depth + 1 from delegations dl join covering c on dl.member_id = c.delegate_id
       where c.depth < ${DELEGATION_DEPTH} and dl.workspace_id = ${workspace} and ${OPEN_NOW('dl')})
    select distinct delegate_id from covering`;
}

type Row = {
  id: string;
  member_id: string;
  member_name: string;
  delegate_id: string;
  delegate_name: string;
  starts_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  created_by: string;
  active: boolean;
};

const SELECT = `select dl.id, dl.member_id, m.name as member_name, dl.delegate_id, dm.name as delegate_name, dl.starts_at, dl.ends_at,
        dl.ended_at, dl.created_by, (${OPEN_NOW('dl')}) as active
   from delegations dl join members m on m.id = dl.member_id join members dm on dm.id = dl.delegate_id`;

function toDelegation(row: Row): Delegation {
  return {
    id: row.id,
    memberId: row.member_id,
    memberName: row.member_name,
    delegateId: row.delegate_id,
    delegateName: row.delegate_name,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
    createdBy: row.created_by,
    active: row.active,
  };
}

/** The workspace's delegations that are open or still to come, soonest end first. */
export async function listDelegations(db: Queryable, workspaceId: string): Promise<Delegation[]> {
  const { rows } = await db.query<Row>(
    `${SELECT} where dl.workspace_id = $1 and dl.ended_at is null and dl.ends_at > now() order by dl.ends_at, dl.id`,
    [workspaceId],
  );
  return rows.map(toDelegation);
}

export async function createDelegation(db: Queryable, principal: Principal, body: CreateDelegationBody): Promise<Delegation> {
  const { workspaceId } = principal;
  const admin = isAdminPrincipal(principal);
  const from = body.from ?? principal.memberId;
  if (from !== principal.memberId && !admin) {
    throw new DomainError('forbidden_for_role', "Delegating someone else's decisions takes member.manage (an admin or an owner).", {
      permission: 'member.manage',
    });
  }
  if (from === body.to) throw new DomainError('delegation_to_self', 'A member cannot delegate to themselves: name someone else.');
  const startsAt = body.startsAt ? new Date(body.startsAt) : new Date();
  const endsAt = new Date(body.endsAt);
  const longest = DELEGATION_MAX_DAYS * 86_400_000;
  if (endsAt <= startsAt || endsAt.getTime() <= Date.now() || endsAt.getTime() - startsAt.getTime() > longest) {
    throw new DomainError(
      'delegation_window',
      `A delegation runs from its start to a later end, still to come, and for at most ${DELEGATION_MAX_DAYS} days.`,
    );
  }
  return withTransaction(db, async (client) => {
    // Both people, locked, so neither is removed meanwhile; serialises delegations between them.
    const { rows: people } = await client.query<{ id: string }>(
      'select id from members where workspace_id = $1 and id = any($2::text[]) and removed_at is null order by id for update',
      [workspaceId, [from, body.to]],
    );
    if (people.length !== 2) throw notFound('member');
    // No loop: nothing that overlaps this window already hands `to`'s decisions back to `from`.
    const { rows: loop } = await client.query(
      `with recursive chain(member_id, depth) as (
         select $3::text, 0
         union
         select dl.delegate_id, c.depth + 1 from delegations dl join chain c on dl.member_id = c.member_id
          where c.depth < 16 and dl.workspace_id = $1 and dl.ended_at is null and dl.starts_at < $5 and dl.ends_at > $4)
       select 1 from chain where member_id = $2 limit 1`,
      [workspaceId, from, body.to, startsAt, endsAt],
    );
    if (loop.length > 0) {
      throw new DomainError(
        'delegation_loop',
        'That would hand decisions back in a loop: the delegate already passes theirs on to this member then.',
      );
    }
    const id = newId('dl');
    await client.query(
      `insert into delegations (id, workspace_id, member_id, delegate_id, starts_at, ends_at, created_by) values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, workspaceId, from, body.to, startsAt, endsAt, principal.memberId],
    );
    await recordBy(client, actorOf(principal), {
      workspaceId,
      subjectKind: 'member',
      subjectId: from,
      kind: 'delegated',
      detail: { delegation: id, to: body.to, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    });
    const { rows } = await client.query<Row>(`${SELECT} where dl.id = $1`, [id]);
    return toDelegation(rows[0]!);
  });
}

/** Ends a delegation now: the member away, their delegate, or an admin. Ending it twice changes nothing. */
export async function endDelegation(db: Queryable, principal: Principal, id: string): Promise<Delegation> {
  const admin = isAdminPrincipal(principal);
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<Row>(`${SELECT} where dl.workspace_id = $1 and dl.id = $2 for update of dl`, [
      principal.workspaceId,
      id,
    ]);
    const row = rows[0];
    if (!row) throw notFound('delegation');
    if (!admin && principal.memberId !== row.member_id && principal.memberId !== row.delegate_id) {
      throw new DomainError('not_delegator', 'Only the member away, their delegate, or an admin ends this delegation.');
    }
    if (row.ended_at || row.ends_at <= new Date()) return toDelegation(row);
    await client.query('update delegations set ended_at = now() where id = $1', [id]);
    await recordBy(client, actorOf(principal), {
      workspaceId: principal.workspaceId,
      subjectKind: 'member',
      subjectId: row.member_id,
      kind: 'delegation_ended',
      detail: { delegation: id, to: row.delegate_id },
    });
    const { rows: ended } = await client.query<Row>(`${SELECT} where dl.id = $1`, [id]);
    return toDelegation(ended[0]!);
  });
}
