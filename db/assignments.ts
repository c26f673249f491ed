/**
 * Whom decisions are addressed to (issue 41 items 1-2, migration 0038): the assignee a filing
 * names, a person's reassignment, claims and releases, and the workspace's "who may answer".
 * Each change is one statement with its activity entry, so a refused one leaves nothing.
 */
import type { Actor } from '../domain/activity';
import {
  canonicalTarget,
  isAdmin,
  isAdminPrincipal,
  mayAnswer,
  parseTarget,
  whoMayAnswer,
  type AnswerPolicy,
  type Assignment,
  type AssigneeRef,
  type AssigneeTarget,
  type ForMe,
} from '../domain/assignment';
import { DomainError, notFound } from '../domain/errors';
import type { Membership, Principal } from '../domain/principal';
import { actorOf } from '../domain/principal';
import { recordBy } from './activity';
import { OPEN_NOW } from './delegations';
import { membershipSql, toMembership, type MembershipRow } from './membership';
import type { QueueReader } from './decision-queries';
import { withTransaction, prepared, type Queryable } from './pool';

export type NamedAssignee = AssigneeRef & { name: string };

/**
 * The member or team `@…`/`team:…` names. A member is found by id, by their whole name, or by
 * the first word of it when only one member's name starts so (`@dana` for "Dana Scully");
 * a removed member is no one's assignee.
 */
export async function resolveAssignee(db: Queryable, workspaceId: string, target: AssigneeTarget): Promise<NamedAssignee> {
  const { kind, name } = parseTarget(target);
  if (kind === 'team') {
    const { rows } = await db.query<{ id: string; name: string }>(
      'select id, name from teams where workspace_id = $1 and (id = $2 or name = $2)',
      [workspaceId, name],
    );
    if (!rows[0]) throw unknownAssignee(target);
    return { kind, id: rows[0].id, name: rows[0].name };
  }
  const { rows } = await db.query<{ id: string; name: string; exact: boolean }>(
    `select id, name, (id = $2 or lower(name) = lower($2)) as exact from members
      where workspace_id = $1 and removed_at is null
        and (id = $2 or lower(name) = lower($2) or lower(split_part(name, ' ', 1)) = lower($2))
      order by exact desc, name`,
    [workspaceId, name],
  );
  const exact = rows.filter((row) => row.exact);
  const found = exact.length > 0 ? exact : rows;
  if (found.length === 0) throw unknownAssignee(target);
  if (found.length > 1) {
    throw new DomainError(
      'assignee_ambiguous',
      `${target} could be ${found.map((row) => row.name).join(' or ')}: use their whole name or their id.`,
      { to: target, candidates: found.map((row) => ({ id: row.id, name: row.name })) },
    );
  }
  return { kind, id: found[0]!.id, name: found[0]!.name };
}

function unknownAssignee(target: string): DomainError {
  return new DomainError(
    'assignee_not_found',
    target.startsWith('@')
      ? `No member of this workspace goes by ${target}: cast people lists them.`
      : `No team is called ${target.slice(5)}: cast team lists them.`,
    { to: target },
  );
}

/**
 * What "For me" covers for this principal, and the workspace's policy: read with the credential
 * when it came with one (db/membership.ts), else in one round trip.
 */
export async function forMeOf(db: Queryable, principal: Principal): Promise<ForMe> {
  const membership = principal.membership ?? (await readMembership(db, principal));
  return {
    keys: [principal.memberId, ...membership.teams, ...membership.covers, ''],
    covers: [...membership.covers],
    policy: membership.policy,
    role: principal.kind === 'agent' ? 'agent' : principal.role,
  };
}

async function readMembership(db: Queryable, principal: Principal): Promise<Membership> {
  const { rows } = await db.query<MembershipRow>(
    prepared(db, `select ${membershipSql('$1', '$2')}`, [principal.workspaceId, principal.memberId]),
  );
  return toMembership(rows[0]!);
}

/** The queue's reader (db/decision-queries.ts) for this "For me". */
export function queueReader(forMe: ForMe): QueueReader {
  return { keys: forMe.keys, policy: forMe.policy, admin: isAdmin(forMe.role) };
}

/** The queue's reader for this principal: their "For me", read once. */
export async function readerOf(db: Queryable, principal: Principal): Promise<QueueReader> {
  return queueReader(await forMeOf(db, principal));
}

type AssigneeRow = { assignee_key: string; assignee_member_id: string | null; kind: 'member' | 'team' | null; name: string | null };

/**
 * Item 2: refuses the answer, saying who may give it, when the workspace lets only assignees
 * answer and this person is not one. An ask addressed to someone of its own is theirs, whoever
 * the decision is for. A decision not found here is left for the workflow to refuse. Returns the
 * member the person acts for, when they cover for its assignee (item 5).
 */
export async function refuseUnlessMayAnswer(db: Queryable, principal: Principal, decisionId: string, ask = 1): Promise<string | null> {
  const forMe = await forMeOf(db, principal);
  // Nobody covered for: no answer here is given for someone else, and under "anyone" none is refused.
  if (forMe.policy === 'anyone' && forMe.covers.length === 0) return null;
  const { rows } = await db.query<AssigneeRow>(
    `with d as (
       select d.*, d.snapshot->'asks'->($3::int - 1)->>'to' as ask_to from decisions d where d.workspace_id = $1 and d.id = $2),
     k as (
       select d.*, case when ask_to like '@%' then 'member' when ask_to like 'team:%' then 'team'
                        when assignee_member_id is not null then 'member' when assignee_team_id is not null then 'team' end as kind,
                   case when ask_to like '@%' then substr(ask_to, 2) when ask_to like 'team:%' then substr(ask_to, 6) else assignee_key end as key
         from d)
     select k.key as assignee_key, case when k.kind = 'member' then k.key end as assignee_member_id, k.kind,
            coalesce((select name from members where id = k.key), (select name from teams where id = k.key)) as name
       from k`,
    [principal.workspaceId, decisionId, ask],
  );
  const row = rows[0];
  // Issue 41 item 5: answering what is addressed to a member one covers for is acting for them.
  const actingFor = row?.assignee_member_id && forMe.covers.includes(row.assignee_member_id) ? row.assignee_member_id : null;
  if (!row || !row.kind || mayAnswer(forMe, row.assignee_key)) return actingFor;
  const assignee = { kind: row.kind, name: row.name ?? '' };
  throw new DomainError(
    'not_assignee',
    `${row.kind === 'team' ? `Team ${assignee.name}` : assignee.name} answers this on ${decisionId}: in this workspace only ${whoMayAnswer(assignee)} may.`,
    { assigneeKind: row.kind, assignee: row.name },
  );
}

type ChangeRow = { status: string; assignee_key: string; claimed_by: string | null; claimant: string | null };

async function lockDecision(db: Queryable, workspaceId: string, id: string): Promise<ChangeRow> {
  const { rows } = await db.query<ChangeRow>(
    `select d.status, d.assignee_key, d.claimed_by, m.name as claimant
       from decisions d left join members m on m.id = d.claimed_by
      where d.workspace_id = $1 and d.id = $2 for update of d`,
    [workspaceId, id],
  );
  if (!rows[0]) throw notFound('decision');
  if (rows[0].status !== 'open')
    throw new DomainError('decision_not_open', `Decision ${id} is ${rows[0].status}: only an open decision is reassigned or claimed.`);
  return rows[0];
}

/** Addresses an open decision to someone else, or (null) to everyone; a claim does not carry over. */
export async function reassign(db: Queryable, principal: Principal, id: string, to: NamedAssignee | null): Promise<void> {
  await withTransaction(db, async (client) => {
    await lockDecision(client, principal.workspaceId, id);
    await client.query(
      `update decisions set assignee_member_id = $3, assignee_team_id = $4, claimed_by = null, claimed_at = null
        where workspace_id = $1 and id = $2`,
      [principal.workspaceId, id, to?.kind === 'member' ? to.id : null, to?.kind === 'team' ? to.id : null],
    );
    await recordBy(client, actorOf(principal), {
      workspaceId: principal.workspaceId,
      subjectKind: 'decision',
      subjectId: id,
      kind: 'assigned',
      detail: { to: to ? { kind: to.kind, id: to.id, name: to.name } : null },
    });
  });
}

/** "I'm on it": a member claims a decision of theirs, their team's or everyone's; the same claim again changes nothing. */
export async function claim(db: Queryable, principal: Principal, id: string): Promise<void> {
  const forMe = await forMeOf(db, principal);
  await withTransaction(db, async (client) => {
    const row = await lockDecision(client, principal.workspaceId, id);
    if (row.claimed_by === principal.memberId) return;
    if (row.claimed_by) {
      throw new DomainError('already_claimed', `${row.claimant ?? 'Someone'} is on ${id}: they release it, or an admin reassigns it.`, {
        claimedBy: row.claimed_by,
        claimant: row.claimant,
      });
    }
    if (!forMe.keys.includes(row.assignee_key)) {
      throw new DomainError('not_assignee', `${id} is addressed to someone else: only its assignee or their team claims it.`);
    }
    await client.query('update decisions set claimed_by = $3, claimed_at = now() where workspace_id = $1 and id = $2', [
      principal.workspaceId,
      id,
      principal.memberId,
    ]);
    await recordBy(client, actorOf(principal), {
      workspaceId: principal.workspaceId,
      subjectKind: 'decision',
      subjectId: id,
      kind: 'on_it',
    });
  });
}

/** Gives a claim up: the claimant, or an admin (someone away). Releasing what nobody claimed changes nothing. */
export async function release(db: Queryable, principal: Principal, id: string): Promise<void> {
  const admin = isAdminPrincipal(principal);
  await withTransaction(db, async (client) => {
    const row = await lockDecision(client, principal.workspaceId, id);
    if (!row.claimed_by) return;
    if (row.claimed_by !== principal.memberId && !admin) {
      throw new DomainError('not_claimant', `${row.claimant ?? 'Someone else'} is on ${id}: they release it, or an admin does.`);
    }
    await client.query('update decisions set claimed_by = null, claimed_at = null where workspace_id = $1 and id = $2', [
      principal.workspaceId,
      id,
    ]);
    await recordBy(client, actorOf(principal), {
      workspaceId: principal.workspaceId,
      subjectKind: 'decision',
      subjectId: id,
      kind: 'let_go',
      detail: { claimedBy: row.claimed_by },
    });
  });
}

/** The card's assignment of one decision, for this reader; null when the workspace has no such decision. */
export async function readAssignment(db: Queryable, principal: Principal, id: string): Promise<Assignment | null> {
  const reader = await readerOf(db, principal);
  const { rows } = await db.query<{ assignment: Assignment }>(
    prepared(
      db,
      `select ${assignmentSql('$3::text[]', '$4::text', '$5::boolean')} as assignment
         from decisions d ${ASSIGNMENT_JOINS}
        where d.workspace_id = $1 and d.id = $2`,
      [principal.workspaceId, id, reader.keys, reader.policy, reader.admin],
    ),
  );
  return rows[0]?.assignment ?? null;
}

/**
 * Issue 41 item 7: what was addressed to a member who is removed returns to their team (when
 * they were in exactly one) or to everyone, and their claims end; what was addressed to a team
 * that is deleted returns to everyone. Each moved decision's history says so. Run inside the
 * removal's transaction, before the member leaves their teams.
 */
export async function returnAssigned(
  client: Queryable,
  workspaceId: string,
  gone: { memberId: string } | { teamId: string },
  actor: Actor,
): Promise<void> {
  const byMember = 'memberId' in gone;
  const { rows } = await client.query<{ id: string; team_id: string | null; team_name: string | null }>(
    byMember
      ? `with only_team as (
           select t.id, t.name from team_members tm join teams t on t.id = tm.team_id
            where tm.member_id = $2 and t.workspace_id = $1
            group by t.id, t.name having (select count(*) from team_members x where x.member_id = $2) = 1)
         update decisions d set assignee_member_id = null, assignee_team_id = (select id from only_team),
                claimed_by = null, claimed_at = null
          where d.workspace_id = $1 and d.status = 'open' and d.assignee_member_id = $2
         returning d.id, d.assignee_team_id as team_id, (select name from only_team) as team_name`
      : `update decisions d set assignee_team_id = null, claimed_by = null, claimed_at = null
          where d.workspace_id = $1 and d.status = 'open' and d.assignee_team_id = $2
         returning d.id, null as team_id, null as team_name`,
    [workspaceId, byMember ? gone.memberId : gone.teamId],
  );
  for (const row of rows) {
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'decision',
      subjectId: row.id,
      kind: 'assigned',
      detail: {
        to: row.team_id ? { kind: 'team', id: row.team_id, name: row.team_name } : null,
        because: byMember ? 'member_removed' : 'team_deleted',
      },
    });
  }
  if (byMember) {
    await client.query(
      `update decisions set claimed_by = null, claimed_at = null where workspace_id = $1 and status = 'open' and claimed_by = $2`,
      [workspaceId, gone.memberId],
    );
  }
}

/** Issue 41 item 5: an answer given by a delegate, on the decision's record, naming whom they acted for. */
export async function recordActingFor(
  db: Queryable,
  principal: Principal,
  target: { id: string; ask: number },
  memberId: string,
): Promise<void> {
  await recordBy(db, actorOf(principal), {
    workspaceId: principal.workspaceId,
    subjectKind: 'decision',
    subjectId: target.id,
    kind: 'answered_for',
    detail: { ask: target.ask, for: memberId },
  });
}

export async function answerPolicy(db: Queryable, workspaceId: string): Promise<AnswerPolicy> {
  const { rows } = await db.query<{ answer_policy: AnswerPolicy }>('select answer_policy from workspaces where id = $1', [workspaceId]);
  return rows[0]?.answer_policy ?? 'anyone';
}

export async function setAnswerPolicy(db: Queryable, workspaceId: string, policy: AnswerPolicy, actor: Actor): Promise<void> {
  await withTransaction(db, async (client) => {
    await client.query('update workspaces set answer_policy = $2 where id = $1', [workspaceId, policy]);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'member',
      subjectId: actor.id ?? '',
      kind: 'answer_policy_changed',
      detail: { whoMayAnswer: policy },
    });
  });
}

/** An ask's assignee key (migration 0038's kind of key) from its kept target, `a.ask`'s `to`. */
const ASK_KEY = `(case when a.ask->>'to' like '@%' then substr(a.ask->>'to', 2) else substr(a.ask->>'to', 6) end)`;

/**
 * The card's assignment, as SQL over the decision `d` (migration 0038), for the reader whose
 * "For me" keys are `keys`, under `policy`, with `admin` when their role answers anything:
 * the same rule as domain/assignment.ts `mayAnswer`. Needs the joins of ASSIGNMENT_JOINS.
 */
export function assignmentSql(keys: string, policy: string, admin: string): string {
  return `json_build_object(
      'assignee', case when d.assignee_member_id is not null then json_build_object('kind', 'member', 'id', d.assignee_member_id, 'name', asg_m.name)
                       when d.assignee_team_id is not null then json_build_object('kind', 'team', 'id', d.assignee_team_id, 'name', asg_t.name) end,
      -- Issue 41 item 5: who covers for its member now (the card keeps the member's name).
      'delegatedTo', (select json_build_object('id', dm.id, 'name', dm.name) from delegations dl join members dm on dm.id = dl.delegate_id
                       where dl.member_id = d.assignee_member_id and ${OPEN_NOW('dl')} order by dl.created_at desc limit 1),
      'claimedBy', case when d.claimed_by is not null then json_build_object('id', d.claimed_by, 'name', asg_c.name,
                        'at', to_char(d.claimed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
      'forMe', d.assignee_key = any(${keys}),
      'mayAnswer', ${policy} = 'anyone' or ${admin} or d.assignee_key = any(${keys}),
      -- The asks addressed to someone of their own, kept as '@mb_…' or 'team:tm_…' (ASK_KEY).
      'asks', (select coalesce(json_object_agg(a.ord, json_build_object(
                 'assignee', json_build_object('kind', case when a.ask->>'to' like '@%' then 'member' else 'team' end, 'id', ${ASK_KEY},
                   'name', coalesce((select name from members where id = ${ASK_KEY}), (select name from teams where id = ${ASK_KEY}), '')),
                 'mayAnswer', ${policy} = 'anyone' or ${admin} or ${ASK_KEY} = any(${keys}))), '{}')
                 from jsonb_array_elements(d.snapshot->'asks') with ordinality as a(ask, ord) where a.ask ? 'to'))`;
}

/** The asks' targets as kept: each `@name` / `team:name` found and written by id (canonicalTarget). */
export async function resolveAskTargets<A extends { to?: string | undefined }>(
  db: Queryable,
  workspaceId: string,
  asks: A[],
): Promise<A[]> {
  return Promise.all(
    asks.map(async (ask) => (ask.to ? { ...ask, to: canonicalTarget(await resolveAssignee(db, workspaceId, ask.to)) } : ask)),
  );
}

export const ASSIGNMENT_JOINS = `left join members asg_m on asg_m.id = d.assignee_member_id
       left join teams asg_t on asg_t.id = d.assignee_team_id
       left join members asg_c on asg_c.id = d.claimed_by`;
