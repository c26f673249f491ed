/**
 * Issue 41 item 6: OpenID Connect sign-in is configured by the environment and refused by name
 * when incomplete; and the pure rules a sign-in follows (domain/sign-in.ts): which groups a
 * token names, which mapped teams that makes the person's, what a new member is called.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupsOf, nameFromClaims, SignInEmail, teamsFor } from '../../domain/sign-in';
import { EnvError, loadEnv } from '../../runtime/env';

const dir = mkdtempSync(join(tmpdir(), 'cast-oidc-env-'));
const isolated = { HOME: dir, XDG_CONFIG_HOME: dir };
const complete = { CAST_OIDC_ISSUER: 'https://idp.example.com/realms/acme', CAST_OIDC_CLIENT_ID: 'cast' };

describe('issue 41 item 6: configured by environment, refused by name when incomplete', () => {
  it('none set (or blank): off, sign-in by token only', () => {
    expect(loadEnv({ ...isolated }).oidc).toBeNull();
    expect(loadEnv({ ...isolated, CAST_OIDC_ISSUER: ' ', CAST_OIDC_CLIENT_ID: '' }).oidc).toBeNull();
  });

  it('issuer and client id: on, a public client with PKCE, just-in-time creation off, groups unread', () => {
    expect(loadEnv({ ...isolated, ...complete }).oidc).toEqual({
      issuer: 'https://idp.example.com/realms/acme',
      clientId: 'cast',
      clientSecret: null,
      redirectUrl: null,
      scopes: 'openid email profile',
      groupsClaim: null,
      teamMap: [],
      requiredGroup: null,
      jit: false,
      workspaceId: null,
      displayName: 'your identity provider',
      mcpScope: 'cast:mcp',
    });
  });

  it('every setting read', () => {
    const oidc = loadEnv({
      ...isolated,
      ...complete,
      CAST_OIDC_CLIENT_SECRET: 's3cret',
      CAST_OIDC_REDIRECT_URL: 'https://cast.example.com/auth/oidc/callback',
      CAST_OIDC_SCOPES: 'openid email groups',
      CAST_OIDC_GROUPS_CLAIM: 'groups',
      CAST_OIDC_TEAM_MAP: 'platform-eng=infra, data = data-platform',
      CAST_OIDC_REQUIRED_GROUP: 'cast-users',
      CAST_OIDC_JIT: 'on',
      CAST_OIDC_WORKSPACE: 'ws_1',
      CAST_OIDC_NAME: 'Okta',
      CAST_OIDC_MCP_SCOPE: 'api://cast/mcp.use',
    }).oidc;
    expect(oidc).toMatchObject({
      clientSecret: 's3cret',
      redirectUrl: 'https://cast.example.com/auth/oidc/callback',
      scopes: 'openid email groups',
      groupsClaim: 'groups',
      teamMap: [
        { group: 'platform-eng', team: 'infra' },
        { group: 'data', team: 'data-platform' },
      ],
      requiredGroup: 'cast-users',
      jit: true,
      workspaceId: 'ws_1',
      displayName: 'Okta',
      mcpScope: 'api://cast/mcp.use',
    });
  });

  it('half a pair, a map without its claim, or a lone setting stops the process naming the variable', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ CAST_OIDC_ISSUER: complete.CAST_OIDC_ISSUER }, /CAST_OIDC_CLIENT_ID: must be set with CAST_OIDC_ISSUER/],
      [{ CAST_OIDC_CLIENT_ID: 'cast' }, /CAST_OIDC_ISSUER: must be set with CAST_OIDC_CLIENT_ID/],
      [{ CAST_OIDC_JIT: 'on' }, /CAST_OIDC_ISSUER: must be set/],
      [{ ...complete, CAST_OIDC_TEAM_MAP: 'eng=infra' }, /CAST_OIDC_GROUPS_CLAIM: must name the ID token claim/],
      [{ ...complete, CAST_OIDC_REQUIRED_GROUP: 'cast-users' }, /CAST_OIDC_GROUPS_CLAIM/],
      [{ ...complete, CAST_OIDC_ISSUER: 'http://idp.example.com' }, /CAST_OIDC_ISSUER: must be https/],
      [
        { ...complete, CAST_OIDC_GROUPS_CLAIM: 'groups', CAST_OIDC_TEAM_MAP: 'eng' },
        /CAST_OIDC_TEAM_MAP: must be comma-separated group=team/,
      ],
      [{ ...complete, CAST_OIDC_SCOPES: 'email profile' }, /CAST_OIDC_SCOPES: must include openid/],
      [{ ...complete, CAST_OIDC_JIT: 'yes' }, /CAST_OIDC_JIT/],
      [{ ...complete, CAST_OIDC_MCP_SCOPE: 'cast:mcp extra' }, /CAST_OIDC_MCP_SCOPE: must be one OAuth scope/],
      [{ ...complete, CAST_OIDC_CLIENT_SCRET: 'typo' }, /CAST_OIDC_CLIENT_SCRET: Cast has no such setting/],
    ];
    for (const [source, message] of refusals) {
      expect(() => loadEnv({ ...isolated, ...source }), JSON.stringify(source)).toThrow(EnvError);
      expect(() => loadEnv({ ...isolated, ...source }), JSON.stringify(source)).toThrow(message);
    }
  });

  it('http is taken for an issuer on loopback only (a provider in development or the tests)', () => {
    expect(loadEnv({ ...isolated, ...complete, CAST_OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
  });
});

describe('the rules a sign-in follows', () => {
  it('groups: a list or one string under the configured claim; none configured or none sent, none read', () => {
    expect(groupsOf({ groups: ['a', 'b', 3] }, 'groups')).toEqual(['a', 'b']);
    expect(groupsOf({ roles: 'admins' }, 'roles')).toEqual(['admins']);
    expect(groupsOf({ groups: null }, 'groups')).toEqual([]);
    // A token without the claim says nothing about groups: nothing is taken away for it.
    expect(groupsOf({}, 'groups')).toBeNull();
    expect(groupsOf({ groups: ['a'] }, null)).toBeNull();
  });

  it('a mapped team is theirs exactly when one of its groups is in the token', () => {
    const map = [
      { group: 'platform-eng', team: 'infra' },
      { group: 'sre', team: 'infra' },
      { group: 'data', team: 'data-platform' },
    ];
    expect(teamsFor(['sre'], map)).toEqual({ join: ['infra'], leave: ['data-platform'] });
    expect(teamsFor([], map)).toEqual({ join: [], leave: ['infra', 'data-platform'] });
  });

  it("a new member's name: the token's name, else its email, else its subject", () => {
    expect(nameFromClaims({ name: ' Dana ', email: 'd@example.com', sub: 's' })).toBe('Dana');
    expect(nameFromClaims({ email: 'd@example.com', sub: 's' })).toBe('d@example.com');
    expect(nameFromClaims({ sub: 'sub-1' })).toBe('sub-1');
  });

  it('an invitation email is compared without regard to case', () => {
    expect(SignInEmail.parse(' Dana@Example.COM ')).toBe('dana@example.com');
    expect(SignInEmail.safeParse('not an email').success).toBe(false);
  });
});
