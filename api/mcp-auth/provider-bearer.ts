/**
 * `/mcp`'s second bearer (issue 43 item 4): an access token the identity provider issued for
 * Cast's MCP resource, when sign-in through one is configured. Checked (access-token.ts), it
 * must carry the scope Cast asks for (CAST_OIDC_MCP_SCOPE, `cast:mcp`) and, where the workspace
 * requires a group, that group. Its subject is the member sign-in linked; its client acts as an
 * agent of theirs, registered at first use (db/oauth-agents.ts), so a card names the agent that
 * asked, limits count its token, and revoking that token shuts the client out. The tools then
 * go through `/api/v1` with that agent token's secret, never with the provider's token.
 *
 * A refusal of the token itself is a 401 with `error="invalid_token"` and a 403 for a missing
 * scope `error="insufficient_scope"` (RFC 6750 section 3.1, as MCP asks), both naming the scope and the
 * resource metadata; a good token for someone Cast will not act for is a plain 403.
 */
import type { Request, Response } from 'express';
import { linkKey } from '../../answer-links/link-key';
import { signInWorkspace } from '../../db/oidc-sign-in';
import { oauthStanding, registerOAuthAgent, rehashOAuthToken, type OAuthClientRef } from '../../db/oauth-agents';
import type { Pool } from '../../db/pool';
import { findPrincipalByToken } from '../../db/tenancy';
import { requirePermission } from '../../domain/authorize';
import { DomainError, ERRORS } from '../../domain/errors';
import { AGENT_PERMISSIONS } from '../../domain/permissions';
import { person, type AgentPrincipal } from '../../domain/principal';
import { isLoopbackUrl, type OidcSettings } from '../../runtime/oidc-settings';
import { challenge, MCP_PATH } from '../mcp/protected-resource';
import { OidcClient } from '../oidc/oidc-client';
import { siteOrigin, type PublicSite } from '../public-site';
import { AccessTokenVerifier, type CheckedAccessToken } from './access-token';
import { oauthAgentSecret } from './agent-secret';

export type ProviderBearer = {
  /** The scope a token must carry, for the challenges and the metadata. */
  scope: string;
  /** Whether the bearer is one for this door: a JWT (Cast's own tokens never have dots). */
  claims(bearer: string): boolean;
  /** The agent principal the token stands for, and the secret its tools use; else the refusal, challenge set. */
  admit(req: Request, res: Response, bearer: string): Promise<{ principal: AgentPrincipal; secret: string }>;
};

type Deps = { pool: Pool; site: PublicSite; oidc: OidcSettings; answerLinkKey?: string | undefined };

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function providerBearer(deps: Deps): ProviderBearer {
  const { pool, site, oidc } = deps;
  const verifier = new AccessTokenVerifier(oidc, new OidcClient(oidc));
  const scope = oidc.mcpScope;

  async function check(req: Request, bearer: string): Promise<CheckedAccessToken> {
    const resource = resourceOf(req, site);
    if (!resource) {
      throw new DomainError(
        'oauth_wrong_audience',
        "Cast takes the identity provider's access tokens at /mcp only when CAST_PUBLIC_URL names its address (or on loopback): otherwise it cannot tell which resource a token must be for.",
      );
    }
    const token = await verifier.verify(bearer, resource);
    if (!token.scopes.has(scope)) {
      throw new DomainError('insufficient_scope', `This access token lacks the scope ${scope}: ask the identity provider for it.`, {
        scope,
      });
    }
    // As at sign-in (db/oidc-sign-in.ts): a token that does not show the group is refused.
    if (oidc.requiredGroup && !(token.groups ?? []).includes(oidc.requiredGroup)) {
      throw new DomainError('oidc_group_missing', `This identity is not in the group ${oidc.requiredGroup}.`, {
        group: oidc.requiredGroup,
      });
    }
    return token;
  }

  async function agentFor(token: CheckedAccessToken): Promise<{ principal: AgentPrincipal; secret: string }> {
    const workspaceId = await signInWorkspace(pool, oidc.workspaceId);
    if (!workspaceId) throw unknownSubject();
    const ref: OAuthClientRef = { workspaceId, issuer: token.issuer, subject: token.subject, clientId: token.clientId };
    const key = await linkKey({ pool, key: deps.answerLinkKey });
    const secretOf = (memberId: string) => oauthAgentSecret(key, ref, memberId);
    const standing = await oauthStanding(pool, ref, secretOf);
    if (standing.kind === 'unknown') throw unknownSubject();
    if (standing.kind === 'removed')
      throw new DomainError('oauth_member_removed', 'The member this identity is linked to was removed from the workspace.');
    if (standing.kind === 'revoked') throw revoked(standing.tokenId);
    const secret = secretOf(standing.memberId);
    if (standing.kind === 'unregistered') {
      // What minting an agent token asks of a person (api/services/people.ts): a viewer's client is refused.
      const member = person(workspaceId, standing.memberId, standing.role);
      for (const permission of AGENT_PERMISSIONS) requirePermission(member, permission, 'Let an OAuth client act as your agent');
      await registerOAuthAgent(pool, ref, standing.memberId, namesOf(token.clientId), secret);
    } else if (!standing.current) {
      await rehashOAuthToken(pool, standing.tokenId, secret);
    }
    const principal = await findPrincipalByToken(pool, secret);
    // Revoked, or the member removed, between the two reads.
    if (principal?.kind !== 'agent') throw revoked(standing.kind === 'registered' ? standing.tokenId : null);
    return { principal, secret };
  }

  return {
    scope,
    claims: (bearer) => JWT_SHAPE.test(bearer),
    async admit(req, res, bearer) {
      try {
        return await agentFor(await check(req, bearer));
      } catch (error) {
        if (error instanceof DomainError) {
          if (ERRORS[error.code].status === 401) challenge(req, res, site, { code: 'invalid_token', description: error.message }, scope);
          if (error.code === 'insufficient_scope')
            challenge(req, res, site, { code: 'insufficient_scope', description: error.message }, scope);
        }
        throw error;
      }
    },
  };
}

/**
 * The resource a token must be for: `CAST_PUBLIC_URL/mcp`. Without a public URL, only a loopback
 * origin: a Host header anyone can write must not choose which audience Cast accepts.
 */
function resourceOf(req: Request, site: PublicSite): string | null {
  if (site.publicUrl) return `${site.publicUrl}${MCP_PATH}`;
  const origin = siteOrigin(req, site);
  return isLoopbackUrl(origin) ? `${origin}${MCP_PATH}` : null;
}

/** The agent's name: the client's host when its id is a URL (a client ID metadata document), else the id itself. */
function namesOf(clientId: string): { agent: string; token: string } {
  let name = clientId;
  try {
    const url = new URL(clientId);
    if (url.protocol === 'https:' || url.protocol === 'http:') name = url.host;
  } catch {
    // Not a URL: the id as it is.
  }
  return { agent: `${name.slice(0, 150)} (via OAuth)`, token: `OAuth client ${clientId}`.slice(0, 200) };
}

function unknownSubject(): DomainError {
  return new DomainError(
    'oauth_subject_unknown',
    'No member of this Cast is linked to this identity: sign in to Cast through the identity provider once (an admin invites your email first), then connect again.',
  );
}

function revoked(tokenId: string | null): DomainError {
  return new DomainError(
    'oauth_agent_revoked',
    "This client's agent token in Cast was revoked, so Cast refuses its access tokens for you.",
    tokenId ? { tokenId } : undefined,
  );
}
