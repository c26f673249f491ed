/**
 * Issue 43 item 4: `/mcp` as an OAuth resource server, with the real parts — the certified
 * `oidc-provider` as the identity provider (resource indicators on, RFC 9068 JWT access tokens),
 * Cast's own OpenID Connect sign-in linking each person's subject, and the official MCP SDK
 * client going from Cast's 401 through both metadata documents to an authorization with PKCE and
 * the resource indicator. A token for Cast files as the OAuth client's agent of the member its
 * subject names. A token that is for another resource, expired, from another issuer, signed by a
 * key the provider never published, short of the scope, for nobody Cast knows, for a removed
 * member, for a viewer, for a revoked client, or without the required group is refused with its
 * own code, and nothing is filed. Agent tokens keep working beside them, and without a provider
 * nothing changes.
 */
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createWorkspace, mintToken } from '../../db/tenancy';
import type { Pool } from '../../db/pool';
import { agentTokenOf } from '../support/members';
import { MemoryOAuthClient, providerAccessToken } from '../support/mcp/oauth-client';
import {
  OTHER_RESOURCE,
  reserveOidcProvider,
  startOidcProvider,
  type AccessTokenDefect,
  type OidcProvider,
} from '../support/oidc-provider';
import { OidcUserAgent } from '../support/oidc-user-agent';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { testPool } from '../support/test-pool';
import type { OidcSettings } from '../../runtime/oidc-settings';

let pool: Pool;
let cast: TestCast;
let provider: OidcProvider;
let olive: Member;
/** Cast's settings for the provider: other replicas take the same. */
let settings: OidcSettings;
const closers: Array<() => Promise<unknown>> = [];

const CONTEXT = 'The nightly export doubles rows when a note is renamed; either fix changes what old links resolve to.';
const ACCOUNTS = {
  olive: { email: 'olive@acme.test', email_verified: true, name: 'Olive', groups: ['cast-users'] },
  pat: { email: 'pat@acme.test', email_verified: true, name: 'Pat', groups: [] },
  rex: { email: 'rex@acme.test', email_verified: true, name: 'Rex', groups: ['cast-users'] },
  // A viewer: nobody mints agent tokens for a viewer, so neither does their OAuth client.
  vera: { email: 'vera@acme.test', email_verified: true, name: 'Vera', groups: ['cast-users'] },
  // Verified, but nobody in Cast invited them: never linked.
  stranger: { email: 'stranger@elsewhere.test', email_verified: true, name: 'Stranger', groups: ['cast-users'] },
};
type Login = keyof typeof ACCOUNTS;
const memberIds: Partial<Record<Login, string>> = {};

/** The person signs in to Cast through the provider once, as sign-in links their subject. */
async function linkThroughSignIn(login: Login): Promise<void> {
  const landed = await new OidcUserAgent(login).travel(
    `${cast.url}/auth/oidc/start`,
    (url) => url.origin === cast.url && !url.pathname.startsWith('/auth/oidc'),
  );
  expect(landed.pathname, `${login} signed in`).toBe('/');
}

const castResource = () => `${cast.url}/mcp`;
const tokenOf = (login: Login, request: Partial<{ resource: string; scope: string }> = {}) =>
  providerAccessToken(provider.issuer, new OidcUserAgent(login), { resource: castResource(), scope: 'cast:mcp', ...request });

/** `decide` over /mcp with `token`, one stateless JSON-RPC request (what any client sends). */
function decideWith(base: string, token: string, question: string) {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'decide', arguments: { question, context: CONTEXT, options: ['Frontmatter wins', 'Path wins'] } },
    }),
  });
}

/** How many decisions the workspace holds, open or not. */
async function filedCount(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from decisions where workspace_id = $1', [olive.workspaceId]);
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  pool = testPool();
  const workspaceId = await createWorkspace(pool, `mcp oauth ${randomUUID()}`);
  const ownerId = await createMember(pool, workspaceId, 'Olive');
  const { secret, id } = await mintToken(pool, { workspaceId, memberId: ownerId }, { kind: 'person', label: 'owner' });
  olive = { kind: 'person', workspaceId, memberId: ownerId, tokenId: id, role: 'owner', token: secret };
  memberIds.olive = ownerId;
  memberIds.pat = await createMember(pool, workspaceId, 'Pat');
  memberIds.rex = await createMember(pool, workspaceId, 'Rex');
  memberIds.vera = await createMember(pool, workspaceId, 'Vera', false, 'viewer');
  const reserved = await reserveOidcProvider({ workspaceId });
  settings = reserved.settings;
  cast = await startTestCast({ oidc: settings });
  provider = await startOidcProvider(reserved.port, cast.url);
  await provider.setAccounts(ACCOUNTS);
  for (const login of ['olive', 'pat', 'rex', 'vera'] as const) {
    const invited = await cast.request(olive.token, 'PUT', `/api/v1/members/${memberIds[login]}/sign-in`, { email: ACCOUNTS[login].email });
    expect(invited.status).toBe(200);
    await linkThroughSignIn(login);
  }
});

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await provider?.stop();
  await cast?.stop();
  await pool?.end();
});

describe('/mcp with an access token from the identity provider', () => {
  it("the SDK client follows Cast's challenge to the provider, and decide files as the member's OAuth agent", async () => {
    const oauth = new MemoryOAuthClient();
    const first = new LegacyHttp(new URL('/mcp', cast.url), { authProvider: oauth });
    await expect(new LegacyClient({ name: 'mcp-oauth', version: '1.0.0' }).connect(first)).rejects.toThrow(UnauthorizedError);
    // The SDK read the scope from Cast's challenge and the resource from its metadata.
    expect(oauth.authorizationUrl?.searchParams.get('resource')).toBe(castResource());
    expect(oauth.authorizationUrl?.searchParams.get('scope')).toBe('cast:mcp');
    await first.finishAuth(await oauth.authorize(new OidcUserAgent('olive')));

    const client = new LegacyClient({ name: 'mcp-oauth', version: '1.0.0' });
    await client.connect(new LegacyHttp(new URL('/mcp', cast.url), { authProvider: oauth }));
    closers.push(() => client.close());
    const filed = await client.callTool({
      name: 'decide',
      arguments: { question: 'Which id wins?', context: CONTEXT, options: ['A', 'B'] },
    });
    const { id } = filed.structuredContent as { id: string };
    expect(filed.structuredContent).toMatchObject({ state: 'open', created: true });

    // The card: filed by Olive, asked by the client's agent.
    const read = await cast.request(olive.token, 'GET', `/api/v1/decisions/${id}`);
    const { decision, detail } = (await read.json()) as {
      decision: { filedBy: string; links: { agentId: string } };
      detail: { agent: { id: string; name: string } };
    };
    expect(decision.filedBy).toBe(olive.memberId);
    expect(detail.agent).toEqual({ id: decision.links.agentId, name: 'mcp-test-client (via OAuth)' });
    // Olive sees the client among her tokens, as its agent's, and can revoke it there.
    const tokens = (await (await cast.request(olive.token, 'GET', '/api/v1/tokens')).json()) as {
      tokens: Array<{ label: string; kind: string; agentId: string | null; memberId: string }>;
    };
    expect(tokens.tokens.filter((token) => token.agentId === decision.links.agentId)).toEqual([
      expect.objectContaining({ label: 'OAuth client mcp-test-client', kind: 'agent', memberId: olive.memberId }),
    ]);
  });

  it('another replica, with its own process and the same key in the database, takes the same token as the same agent', async () => {
    const token = await tokenOf('olive');
    // Behind one public URL, as replicas are: the token is for that resource.
    const replica = await startSecondApi(cast, { oidc: settings, publicUrl: cast.url });
    closers.push(() => replica.stop());
    const response = await decideWith(replica.url, token, 'Ship it from the other replica?');
    expect(response.status).toBe(200);
    const agents = await pool.query('select agent_id from oauth_agents where workspace_id = $1 and member_id = $2', [
      olive.workspaceId,
      olive.memberId,
    ]);
    expect(agents.rowCount).toBe(1);
  });

  const refusals: Array<[string, () => Promise<string>, number, string, string]> = [
    ['for another resource', () => tokenOf('olive', { resource: OTHER_RESOURCE }), 401, 'oauth_wrong_audience', 'invalid_token'],
    ['expired', () => spoiledTokenOf('expired'), 401, 'oauth_token_expired', 'invalid_token'],
    ['from another issuer', () => spoiledTokenOf('issuer'), 401, 'oauth_token_invalid', 'invalid_token'],
    ['signed by a key the provider never published', () => spoiledTokenOf('signature'), 401, 'oauth_token_invalid', 'invalid_token'],
    ['without the scope', () => tokenOf('olive', { scope: 'cast:read' }), 403, 'insufficient_scope', 'insufficient_scope'],
    ['for someone Cast never linked', () => tokenOf('stranger'), 403, 'oauth_subject_unknown', ''],
    ['for a viewer', () => tokenOf('vera'), 403, 'forbidden_for_role', ''],
  ];

  async function spoiledTokenOf(defect: AccessTokenDefect): Promise<string> {
    await provider.setAccessDefect(defect);
    try {
      return await tokenOf('olive');
    } finally {
      await provider.setAccessDefect(null);
    }
  }

  it.each(refusals)('a token %s is refused with its code, and nothing is filed', async (_what, token, status, code, error) => {
    const bearer = await token();
    const before = await filedCount();
    const response = await decideWith(cast.url, bearer, `Refused ${code}?`);
    const body = (await response.json()) as { code: string };
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(body.code).toBe(code);
    const challenge = response.headers.get('www-authenticate');
    if (error) {
      expect(challenge).toMatch(
        new RegExp(
          `^Bearer realm="cast", resource_metadata="${cast.url}/.well-known/oauth-protected-resource/mcp", scope="cast:mcp", error="${error}"`,
        ),
      );
    } else {
      expect(challenge).toBeNull();
    }
    expect(await filedCount()).toBe(before);
  });

  it('a removed member: 403 oauth_member_removed', async () => {
    const token = await tokenOf('rex');
    expect((await decideWith(cast.url, token, 'Rex asks, while a member')).status).toBe(200);
    expect((await cast.request(olive.token, 'DELETE', `/api/v1/members/${memberIds.rex}`)).status).toBe(200);
    const before = await filedCount();
    const response = await decideWith(cast.url, token, 'Rex asks, removed');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'oauth_member_removed' });
    expect(await filedCount()).toBe(before);
  });

  it("revoking the client's agent token shuts the client out for that member: 403 oauth_agent_revoked", async () => {
    const token = await tokenOf('pat');
    expect((await decideWith(cast.url, token, 'Pat asks, before the revocation')).status).toBe(200);
    const { rows } = await pool.query<{ token_id: string }>('select token_id from oauth_agents where member_id = $1', [memberIds.pat]);
    expect((await cast.request(olive.token, 'DELETE', `/api/v1/tokens/${rows[0]!.token_id}`)).status).toBe(200);
    const before = await filedCount();
    // A fresh token from the provider does not bring it back.
    for (const bearer of [token, await tokenOf('pat')]) {
      const response = await decideWith(cast.url, bearer, 'Pat asks, after the revocation');
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'oauth_agent_revoked' });
    }
    expect(await filedCount()).toBe(before);
  });

  it('with a required group, a token that does not show it is refused: 403 oidc_group_missing', async () => {
    const gated = await startSecondApi(cast, {
      oidc: { ...settings, groupsClaim: 'groups', requiredGroup: 'cast-users' },
      publicUrl: cast.url,
    });
    closers.push(() => gated.stop());
    // Pat's client was revoked above; Stranger is nobody: Olive without the group is what is left.
    await provider.setAccounts({ ...ACCOUNTS, olive: { ...ACCOUNTS.olive, groups: ['elsewhere'] } });
    try {
      const without = await decideWith(gated.url, await tokenOf('olive'), 'Olive asks, outside the group');
      expect(without.status).toBe(403);
      expect(await without.json()).toMatchObject({ code: 'oidc_group_missing' });
    } finally {
      await provider.setAccounts(ACCOUNTS);
    }
    expect((await decideWith(gated.url, await tokenOf('olive'), 'Olive asks, inside the group')).status).toBe(200);
  });

  it('agent tokens keep working beside it, and the challenge and the metadata name the scope', async () => {
    const agent = await agentTokenOf(cast.pool, olive, 'Remote coder');
    expect((await decideWith(cast.url, agent.token, 'An agent token, as before')).status).toBe(200);
    const none = await fetch(`${cast.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(
      `Bearer realm="cast", resource_metadata="${cast.url}/.well-known/oauth-protected-resource/mcp", scope="cast:mcp"`,
    );
    const metadata = await (await fetch(`${cast.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toEqual({
      resource: castResource(),
      authorization_servers: [provider.issuer],
      scopes_supported: ['cast:mcp'],
      bearer_methods_supported: ['header'],
      resource_name: 'Cast',
    });
  });

  it('without an identity provider nothing changes: the same token is a token Cast does not know', async () => {
    const token = await tokenOf('olive');
    const plain = await startSecondApi(cast, { publicUrl: cast.url });
    closers.push(() => plain.stop());
    const response = await decideWith(plain.url, token, 'No provider here');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="cast", resource_metadata="[^"]+", error="invalid_token"/);
  });
});
