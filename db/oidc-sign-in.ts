/**
 * Signing a person in with the provider's checked ID token (issue 41 items 6–8), in one
 * transaction: find the member by the linked subject, else by the verified email an admin
 * invited (and link the subject), else make one when just-in-time creation is on; refuse one
 * without the required group and revoke what they hold; put them in and out of the mapped teams;
 * open the web session. Each outcome is in the activity history with its actor and time.
 */
import type { Actor } from '../domain/activity';
import { DomainError, type ErrorCode } from '../domain/errors';
import type { Role } from '../domain/permissions';
import { person, type PersonPrincipal } from '../domain/principal';
import { nameFromClaims, teamsFor } from '../domain/sign-in';
import { recordBy } from './activity';
import { newId } from './ids';
import { isUniqueViolation } from './pg-errors';
import { withTransaction, type Pool, type PoolClient, type Queryable } from './pool';
import { hashToken } from './tenancy';
import { openWebSession } from './web-sessions';

/** What a sign-in knows once the client library has checked the ID token. */
export type CheckedIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The groups claim's groups; null when no groups claim is configured or the token lacks it. */
  groups: string[] | null;
};

export type SignInPolicy = {
  jit: boolean;
  requiredGroup: string | null;
  teamMap: ReadonlyArray<{ group: string; team: string }>;
};

export type SignInOutcome =
  | { outcome: 'signed_in'; principal: PersonPrincipal; sessionId: string; expiresAt: Date; linked: boolean; created: boolean }
  | { outcome: 'refused'; code: ErrorCode; message: string };

/** The workspace sign-ins join: the configured one, else the deployment's first (its default member's). */
export async function signInWorkspace(db: Queryable, configured: string | null): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    configured
      ? 'select id from workspaces where id = $1'
      : 'select workspace_id as id from members where is_default order by created_at limit 1',
    configured ? [configured] : [],
  );
  return rows[0]?.id ?? null;
}

type MemberHit = { id: string; role: Role; removed_at: Date | null };

async function linkedMember(db: PoolClient, workspaceId: string, identity: CheckedIdentity): Promise<MemberHit | null> {
  const { rows } = await db.query<MemberHit>(
    `select m.id, m.role, m.removed_at from member_identities i join members m on m.id = i.member_id
      where i.workspace_id = $1 and i.issuer = $2 and i.subject = $3 for update of m`,
    [workspaceId, identity.issuer, identity.subject],
  );
  return rows[0] ?? null;
}

async function invitedMember(db: PoolClient, workspaceId: string, email: string): Promise<MemberHit | null> {
  const { rows } = await db.query<MemberHit>(
    `select id, role, removed_at from members
      where workspace_id = $1 and lower(sign_in_email) = lower($2) and removed_at is null for update`,
    [workspaceId, email],
  );
  return rows[0] ?? null;
}

const refused = (code: ErrorCode, message: string): SignInOutcome => ({ outcome: 'refused', code, message });

/**
 * Signs the identity in to `workspaceId`, or says why not. A refusal still commits what it did
 * on purpose: the activity entry, and the revocations of a person who left the required group.
 */
export async function signInWithIdentity(
  pool: Pool,
  workspaceId: string,
  identity: CheckedIdentity,
  policy: SignInPolicy,
): Promise<SignInOutcome> {
  try {
    return await signInOnce(pool, workspaceId, identity, policy);
  } catch (error) {
    // Two first sign-ins of one subject at once: the one that lost the race to link finds the link made.
    if (!isUniqueViolation(error, 'member_identities_pkey')) throw error;
    return signInOnce(pool, workspaceId, identity, policy);
  }
}

async function signInOnce(pool: Pool, workspaceId: string, identity: CheckedIdentity, policy: SignInPolicy): Promise<SignInOutcome> {
  return withTransaction(pool, async (client) => {
    const about = { issuer: identity.issuer, subject: identity.subject, email: identity.email };
    let member = await linkedMember(client, workspaceId, identity);
    let linked = false;
    let created = false;

    const refuse = async (code: ErrorCode, message: string, memberId: string | null, extra: Record<string, unknown> = {}) => {
      // Someone nobody knows has no member to hang the entry on: it names them by their subject.
      await recordBy(client, memberId ? { kind: 'member', id: memberId } : SYSTEM, {
        workspaceId,
        subjectKind: 'member',
        subjectId: memberId ?? `oidc:${identity.subject}`,
        kind: 'sign_in_refused',
        detail: { via: 'oidc', reason: code, ...about, ...extra },
      });
      return refused(code, message);
    };

    if (member?.removed_at) return refuse('member_removed', 'This member was removed from the workspace.', member.id);

    // Item 7: leaving the required group at the provider ends what the person holds in Cast. A
    // token without the claim at all is refused too, but revokes nothing: that is the provider's
    // configuration speaking (a missing scope or mapper), not the person's groups.
    if (policy.requiredGroup && !(identity.groups ?? []).includes(policy.requiredGroup)) {
      let revoked = { tokens: 0, sessions: 0 };
      if (member && identity.groups) revoked = await revokeEverything(client, member.id);
      return refuse('oidc_group_missing', `Your identity is not in the group ${policy.requiredGroup}.`, member?.id ?? null, {
        group: policy.requiredGroup,
        revoked,
      });
    }

    if (!member) {
      if (!identity.email) return refuse('oidc_not_invited', 'The identity provider sent no email to match an invitation.', null);
      if (!identity.emailVerified) return refuse('oidc_email_unverified', 'The identity provider has not verified that email.', null);
      member = await invitedMember(client, workspaceId, identity.email);
      if (member) {
        // A member has one subject per issuer: an invitation already used by another subject stays with it.
        const { rowCount } = await client.query('select 1 from member_identities where member_id = $1 and issuer = $2', [
          member.id,
          identity.issuer,
        ]);
        if (rowCount) return refuse('oidc_not_invited', 'That member is already linked to another identity.', member.id);
      } else if (policy.jit) {
        const id = newId('mb');
        const name = nameFromClaims({ name: identity.name, email: identity.email, sub: identity.subject });
        await client.query(`insert into members (id, workspace_id, name, role) values ($1, $2, $3, 'member')`, [id, workspaceId, name]);
        await recordBy(client, SYSTEM, {
          workspaceId,
          subjectKind: 'member',
          subjectId: id,
          kind: 'added',
          detail: { name, role: 'member', via: 'oidc', ...about },
        });
        member = { id, role: 'member', removed_at: null };
        created = true;
      } else {
        return refuse('oidc_not_invited', 'Nobody in this workspace invited that email.', null);
      }
      await client.query('insert into member_identities (workspace_id, issuer, subject, member_id) values ($1, $2, $3, $4)', [
        workspaceId,
        identity.issuer,
        identity.subject,
        member.id,
      ]);
      // The invitation is used: from now on the subject finds them, whatever their email becomes.
      await client.query('update members set sign_in_email = null where id = $1', [member.id]);
      await recordBy(
        client,
        { kind: 'member', id: member.id },
        {
          workspaceId,
          subjectKind: 'member',
          subjectId: member.id,
          kind: 'sign_in_linked',
          detail: { via: 'oidc', ...about },
        },
      );
      linked = true;
    }

    if (identity.groups && policy.teamMap.length) await syncTeams(client, workspaceId, member.id, identity.groups, policy.teamMap);

    const session = await openWebSession(client, person(workspaceId, member.id, member.role), 'oidc');
    await recordBy(
      client,
      { kind: 'member', id: member.id },
      {
        workspaceId,
        subjectKind: 'member',
        subjectId: member.id,
        kind: 'signed_in',
        detail: { via: 'oidc', ...about },
      },
    );
    const { id: sessionId, expiresAt } = session;
    const principal: PersonPrincipal = { ...person(workspaceId, member.id, member.role), webSession: hashToken(sessionId), expiresAt };
    return { outcome: 'signed_in', principal, sessionId, expiresAt, linked, created };
  });
}

const SYSTEM: Actor = { kind: 'system', id: null };

/** Every token and browser session of the member, revoked now: what they hold open ends with them (migration 0024's triggers). */
async function revokeEverything(db: PoolClient, memberId: string): Promise<{ tokens: number; sessions: number }> {
  const tokens = await db.query('update api_tokens set revoked_at = now() where member_id = $1 and revoked_at is null', [memberId]);
  const sessions = await db.query('update web_sessions set revoked_at = now() where member_id = $1 and revoked_at is null', [memberId]);
  return { tokens: tokens.rowCount ?? 0, sessions: sessions.rowCount ?? 0 };
}

/** The mapped teams, as the token's groups say; a mapped team the workspace does not have is left alone. */
async function syncTeams(
  db: PoolClient,
  workspaceId: string,
  memberId: string,
  groups: readonly string[],
  map: ReadonlyArray<{ group: string; team: string }>,
): Promise<void> {
  const { join, leave } = teamsFor(groups, map);
  const { rows } = await db.query<{ id: string; name: string }>('select id, name from teams where workspace_id = $1 and name = any($2)', [
    workspaceId,
    [...join, ...leave],
  ]);
  for (const team of rows) {
    const joining = join.includes(team.name);
    const { rowCount } = joining
      ? await db.query('insert into team_members (team_id, member_id) values ($1, $2) on conflict do nothing', [team.id, memberId])
      : await db.query('delete from team_members where team_id = $1 and member_id = $2', [team.id, memberId]);
    if (rowCount)
      await recordBy(db, SYSTEM, {
        workspaceId,
        subjectKind: 'team',
        subjectId: team.id,
        kind: joining ? 'member_added' : 'member_removed',
        detail: { memberId, via: 'oidc' },
      });
  }
}

/** Records a browser sign-out (item 8). */
export async function recordSignOut(db: Queryable, principal: PersonPrincipal, via: string): Promise<void> {
  await recordBy(
    db,
    { kind: 'member', id: principal.memberId },
    {
      workspaceId: principal.workspaceId,
      subjectKind: 'member',
      subjectId: principal.memberId,
      kind: 'signed_out',
      detail: { via },
    },
  );
}

/** Records a browser sign-in with a pasted token (item 8); the provider's are recorded with the session they open. */
export async function recordSignIn(db: Queryable, principal: PersonPrincipal, via: 'token'): Promise<void> {
  await recordBy(
    db,
    { kind: 'member', id: principal.memberId },
    {
      workspaceId: principal.workspaceId,
      subjectKind: 'member',
      subjectId: principal.memberId,
      kind: 'signed_in',
      detail: { via, tokenId: principal.tokenId },
    },
  );
}

type SignInRow = { id: string; sign_in_email: string | null; issuer: string | null; subject: string | null; linked_at: Date | null };

/** How the member signs in with the provider; null when there is no such member here. */
export async function readMemberSignIn(db: Queryable, workspaceId: string, memberId: string) {
  const { rows } = await db.query<SignInRow>(
    `select m.id, m.sign_in_email, i.issuer, i.subject, i.linked_at
       from members m left join member_identities i on i.member_id = m.id
      where m.workspace_id = $1 and m.id = $2 order by i.linked_at desc nulls last limit 1`,
    [workspaceId, memberId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    memberId: row.id,
    email: row.sign_in_email,
    identity:
      row.issuer && row.subject && row.linked_at
        ? { issuer: row.issuer, subject: row.subject, linkedAt: row.linked_at.toISOString() }
        : null,
  };
}

/** Invites the member by `email` (null: withdraws the invitation and unlinks their identity, so another can be linked). */
export async function setMemberSignIn(db: Queryable, workspaceId: string, memberId: string, email: string | null, actor: Actor) {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<{ removed_at: Date | null }>(
      'select removed_at from members where workspace_id = $1 and id = $2 for update',
      [workspaceId, memberId],
    );
    if (!rows[0]) throw new DomainError('member_not_found', 'There is no member with that id in this workspace.');
    if (rows[0].removed_at) throw new DomainError('member_removed', 'This member was removed; add them again to invite them.');
    try {
      await client.query('update members set sign_in_email = $3 where workspace_id = $1 and id = $2', [workspaceId, memberId, email]);
    } catch (error) {
      if (isUniqueViolation(error, 'members_sign_in_email_key'))
        throw new DomainError('sign_in_email_taken', `Another member of this workspace is invited by ${email ?? ''}.`, { email });
      throw error;
    }
    if (email === null) await client.query('delete from member_identities where member_id = $1', [memberId]);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'member',
      subjectId: memberId,
      kind: email === null ? 'sign_in_unlinked' : 'sign_in_invited',
      detail: email === null ? {} : { email },
    });
    return (await readMemberSignIn(client, workspaceId, memberId))!;
  });
}
