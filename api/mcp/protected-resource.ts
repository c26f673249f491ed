/**
 * What MCP's authorization specification asks of a remote server: a 401 that points the client
 * at the resource's metadata (`WWW-Authenticate: Bearer resource_metadata="…"`), and that
 * metadata (RFC 9728) naming the authorization server — Cast's OpenID Connect issuer, when
 * sign-in through an identity provider is configured (runtime/oidc-settings.ts).
 */
import type { Request, Response } from 'express';
import type { OidcSettings } from '../../runtime/oidc-settings';
import { siteOrigin, type PublicSite } from '../public-site';

export const MCP_PATH = '/mcp';
/** RFC 9728 §3.1: the well-known path, with the resource's own path after it. */
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
/** The bare well-known path too, for clients that look there first. */
export const RESOURCE_METADATA_ROOT = '/.well-known/oauth-protected-resource';

export function protectedResourceMetadata(req: Request, site: PublicSite, oidc: OidcSettings | null) {
  const origin = siteOrigin(req, site);
  return {
    resource: `${origin}${MCP_PATH}`,
    // The scope a client asks the provider for (MCP's scope selection falls back to this list).
    ...(oidc ? { authorization_servers: [oidc.issuer], scopes_supported: [oidc.mcpScope] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'Cast',
  };
}

/**
 * The challenge on every 401 from `/mcp` (RFC 6750 §3, with RFC 9728 §5.1's `resource_metadata`),
 * and on a 403 `insufficient_scope`; `scope` (when an identity provider is configured) is the
 * scope a token needs, which MCP clients ask the provider for.
 */
export function challenge(
  req: Request,
  res: Response,
  site: PublicSite,
  error?: { code: string; description: string },
  scope?: string | null,
): void {
  const metadata = `${siteOrigin(req, site)}${RESOURCE_METADATA_PATH}`;
  const parts = [`realm="cast"`, `resource_metadata="${metadata}"`];
  if (scope) parts.push(`scope="${scope}"`);
  if (error) parts.push(`error="${error.code}"`, `error_description="${quotable(error.description)}"`);
  res.setHeader('WWW-Authenticate', `Bearer ${parts.join(', ')}`);
}

/** A quoted-string of printable ASCII: a description may quote a token's claims, whatever they hold. */
function quotable(text: string): string {
  return text.replaceAll('"', "'").replace(/[^\x20-\x7E]|\\/g, '?');
}
