/**
 * OpenID Connect sign-in's settings (issue 41 item 6). Read from the environment at start: the
 * issuer and the client id together turn it on; either without the other, a map without a
 * groups claim, or a malformed value stops the process naming the variable. None of them set:
 * sign-in is by token only, as before.
 */
import { z } from 'zod';

export type OidcSettings = {
  /** The provider's issuer URL, as its discovery document names it. */
  issuer: string;
  clientId: string;
  /** Absent: a public client, authenticated by PKCE alone (`token_endpoint_auth_method: none`). */
  clientSecret: string | null;
  /** Where the provider sends the browser back; null → `<public URL or request origin>/auth/oidc/callback`. */
  redirectUrl: string | null;
  /** The scopes asked for; `openid email profile` unless CAST_OIDC_SCOPES says (add `groups` where the provider wants it for the groups claim). */
  scopes: string;
  /** The ID token claim that lists the person's groups; null → groups are not read. */
  groupsClaim: string | null;
  /** Provider group → Cast team name: a sign-in adds the person to the teams of their groups and takes them out of the rest of these. */
  teamMap: ReadonlyArray<{ group: string; team: string }>;
  /** A group every sign-in must carry; a sign-in without it is refused and the person's sessions and tokens revoked. */
  requiredGroup: string | null;
  /** Just-in-time: an unknown person with a verified email becomes a member (role member) at first sign-in. */
  jit: boolean;
  /** The workspace sign-ins join; null → the deployment's first workspace. */
  workspaceId: string | null;
  /** What the sign-in button names the provider as ("Sign in with Okta"). */
  displayName: string;
  /** The scope an access token from the provider must carry for `/mcp` (api/mcp-auth/): `cast:mcp` unless CAST_OIDC_MCP_SCOPE says. */
  mcpScope: string;
};

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());

/** http only on loopback (a provider in development or the tests); anywhere else https. */
const IssuerUrl = z
  .url({ protocol: /^https?$/, error: 'must be the provider’s issuer URL (https://…)' })
  .refine((text) => text.startsWith('https:') || isLoopbackUrl(text), 'must be https (http only on loopback)');

/** `group=team` pairs, comma-separated; a team name as domain/teams.ts spells it. */
const TeamMap = z.string().transform((text, ctx) => {
  const pairs: { group: string; team: string }[] = [];
  for (const part of text.split(',')) {
    const at = part.lastIndexOf('=');
    const group = part.slice(0, at).trim();
    const team = part.slice(at + 1).trim();
    if (at < 1 || !group || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(team)) {
      ctx.addIssue({ code: 'custom', message: 'must be comma-separated group=team pairs (engineering=infra,data=data-platform)' });
      return z.NEVER;
    }
    pairs.push({ group, team });
  }
  return pairs;
});

export const OidcEnv = {
  CAST_OIDC_ISSUER: optional(z.string().trim().pipe(IssuerUrl)),
  CAST_OIDC_CLIENT_ID: optional(z.string().trim().min(1).max(500)),
  CAST_OIDC_CLIENT_SECRET: optional(z.string().trim().min(1).max(2000)),
  CAST_OIDC_REDIRECT_URL: optional(
    z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  ),
  CAST_OIDC_SCOPES: optional(
    z
      .string()
      .trim()
      .regex(/(^|\s)openid(\s|$)/, 'must include openid'),
  ),
  CAST_OIDC_GROUPS_CLAIM: optional(z.string().trim().min(1).max(200)),
  CAST_OIDC_TEAM_MAP: optional(TeamMap),
  CAST_OIDC_REQUIRED_GROUP: optional(z.string().trim().min(1).max(500)),
  CAST_OIDC_JIT: z.preprocess(blankIsUnset, z.enum(['on', 'off']).default('off')),
  CAST_OIDC_WORKSPACE: optional(z.string().trim().min(1).max(100)),
  CAST_OIDC_NAME: optional(z.string().trim().min(1).max(60)),
  // RFC 6749 §3.3's scope-token: printable ASCII without space, `"` or `\`.
  CAST_OIDC_MCP_SCOPE: optional(
    z
      .string()
      .trim()
      .regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,200}$/, 'must be one OAuth scope (cast:mcp), no spaces or quotes'),
  ),
};

type OidcEnvValues = {
  [K in keyof typeof OidcEnv]?: z.infer<(typeof OidcEnv)[K]>;
};

/** The settings, null when OpenID Connect is off, or the sentences naming what is missing. */
export function oidcSettings(env: OidcEnvValues): OidcSettings | null | { missing: string[] } {
  const { CAST_OIDC_ISSUER: issuer, CAST_OIDC_CLIENT_ID: clientId } = env;
  const others = (Object.keys(OidcEnv) as (keyof OidcEnvValues)[]).filter(
    (name) => name !== 'CAST_OIDC_ISSUER' && name !== 'CAST_OIDC_CLIENT_ID' && name !== 'CAST_OIDC_JIT' && env[name] !== undefined,
  );
  if (!issuer && !clientId) {
    if (others.length === 0 && env.CAST_OIDC_JIT !== 'on') return null;
    return { missing: ['CAST_OIDC_ISSUER: must be set, with CAST_OIDC_CLIENT_ID, for the other CAST_OIDC_* settings to mean anything'] };
  }
  const missing: string[] = [];
  if (!issuer) missing.push('CAST_OIDC_ISSUER: must be set with CAST_OIDC_CLIENT_ID (the provider’s issuer URL)');
  if (!clientId) missing.push('CAST_OIDC_CLIENT_ID: must be set with CAST_OIDC_ISSUER (the client id the provider gave Cast)');
  if ((env.CAST_OIDC_TEAM_MAP || env.CAST_OIDC_REQUIRED_GROUP) && !env.CAST_OIDC_GROUPS_CLAIM)
    missing.push(
      'CAST_OIDC_GROUPS_CLAIM: must name the ID token claim that lists groups when CAST_OIDC_TEAM_MAP or CAST_OIDC_REQUIRED_GROUP is set',
    );
  if (missing.length || !issuer || !clientId) return { missing };
  const groupsClaim = env.CAST_OIDC_GROUPS_CLAIM ?? null;
  return {
    issuer,
    clientId,
    clientSecret: env.CAST_OIDC_CLIENT_SECRET ?? null,
    redirectUrl: env.CAST_OIDC_REDIRECT_URL ?? null,
    scopes: env.CAST_OIDC_SCOPES ?? 'openid email profile',
    groupsClaim,
    teamMap: env.CAST_OIDC_TEAM_MAP ?? [],
    requiredGroup: env.CAST_OIDC_REQUIRED_GROUP ?? null,
    jit: env.CAST_OIDC_JIT === 'on',
    workspaceId: env.CAST_OIDC_WORKSPACE ?? null,
    displayName: env.CAST_OIDC_NAME ?? 'your identity provider',
    mcpScope: env.CAST_OIDC_MCP_SCOPE ?? 'cast:mcp',
  };
}

export function isLoopbackUrl(text: string): boolean {
  const host = new URL(text).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}
