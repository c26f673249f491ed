/**
 * OAuth clients as agents (issue 43 item 4, migration 0046): where an access token from the
 * identity provider lands in Cast. Its subject finds the member through the link sign-in made
 * (member_identities); its client is an agent of the workspace, named after the client and made
 * at first use; the member holds an agent token of that agent, which the tools use to reach
 * `/api/v1` and which the person revokes to shut the client out.
 */
import type { Role } from '../domain/permissions';
import { recordBy } from './activity';
import { createAgent, getAgentByName } from './agents';
import { withTransaction, type Pool, type Queryable } from './pool';
import { hashToken, mintToken } from './tenancy';

/** A client of an issuer, acting for the subject it names, in one workspace. */
export type OAuthClientRef = { workspaceId: string; issuer: string; subject: string; clientId: string };

/** Where the subject and its client stand in Cast, read in one statement at every request. */
export type OAuthStanding =
  | { kind: 'unknown' }
  | { kind: 'removed'; memberId: string }
  | { kind: 'unregistered'; memberId: string; role: Role }
  | { kind: 'revoked'; memberId: string; tokenId: string }
  /** `current`: the token's stored hash is that of the secret Cast derives for it now (else the key changed). */
  | { kind: 'registered'; memberId: string; tokenId: string; current: boolean };

type StandingRow = {
  member_id: string;
  role: Role;
  removed_at: Date | null;
  token_id: string | null;
  revoked_at: Date | null;
  token_hash: string | null;
};

export async function oauthStanding(db: Queryable, ref: OAuthClientRef, secret: (memberId: string) => string): Promise<OAuthStanding> {
  const { rows } = await db.query<StandingRow>(
    `select m.id as member_id, m.role, m.removed_at, o.token_id, t.revoked_at, t.token_hash
       from member_identities i join members m on m.id = i.member_id
       left join oauth_agents o on o.workspace_id = i.workspace_id and o.issuer = i.issuer and o.client_id = $4 and o.member_id = m.id
       left join api_tokens t on t.id = o.token_id
      where i.workspace_id = $1 and i.issuer = $2 and i.subject = $3`,
    [ref.workspaceId, ref.issuer, ref.subject, ref.clientId],
  );
  const row = rows[0];
  if (!row) return { kind: 'unknown' };
  if (row.removed_at) return { kind: 'removed', memberId: row.member_id };
  if (!row.token_id) return { kind: 'unregistered', memberId: row.member_id, role: row.role };
  if (row.revoked_at) return { kind: 'revoked', memberId: row.member_id, tokenId: row.token_id };
  return {
    kind: 'registered',
    memberId: row.member_id,
    tokenId: row.token_id,
    current: row.token_hash === hashToken(secret(row.member_id)),
  };
}

/**
 * The client's first request for this member: its agent (the one it already acts as for another
 * member, else the workspace's agent of that name, else a new one), the member's token of it
 * with `secret`, and the link, each on record with the member as actor. One registration of a
 * client at a time per workspace, so two first requests at once make one agent and one token.
 */
export async function registerOAuthAgent(
  pool: Pool,
  ref: OAuthClientRef,
  memberId: string,
  names: { agent: string; token: string },
  secret: string,
): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`oauth-agent:${ref.workspaceId}:${ref.issuer}:${ref.clientId}`]);
    const { rows: linked } = await client.query<{ agent_id: string; token_id: string; member_id: string }>(
      'select agent_id, token_id, member_id from oauth_agents where workspace_id = $1 and issuer = $2 and client_id = $3',
      [ref.workspaceId, ref.issuer, ref.clientId],
    );
    if (linked.some((row) => row.member_id === memberId)) return;
    const actor = { kind: 'member' as const, id: memberId };
    const agentId =
      linked[0]?.agent_id ??
      (await getAgentByName(client, ref.workspaceId, names.agent))?.id ??
      (await createAgent(client, ref.workspaceId, { name: names.agent, instructions: '' }, actor)).id;
    const member = { workspaceId: ref.workspaceId, memberId };
    const token = await mintToken(client, member, { kind: 'agent', label: names.token, agentId }, secret);
    await client.query(
      `insert into oauth_agents (workspace_id, issuer, client_id, member_id, agent_id, token_id) values ($1, $2, $3, $4, $5, $6)`,
      [ref.workspaceId, ref.issuer, ref.clientId, memberId, agentId, token.id],
    );
    await recordBy(client, actor, {
      workspaceId: ref.workspaceId,
      subjectKind: 'agent',
      subjectId: agentId,
      kind: 'token_created',
      detail: { tokenId: token.id, label: names.token, via: 'oauth', issuer: ref.issuer, clientId: ref.clientId },
    });
  });
}

/** After the key the secret is derived from changed: the token keeps its id, revocation and history, with the new secret's hash. */
export async function rehashOAuthToken(db: Queryable, tokenId: string, secret: string): Promise<void> {
  await db.query('update api_tokens set token_hash = $2 where id = $1 and revoked_at is null', [tokenId, hashToken(secret)]);
}
