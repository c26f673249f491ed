/**
 * Checking an access token the identity provider issued for `/mcp` (issue 43 item 4), as MCP's
 * authorization specification asks of a resource server (OAuth 2.1 section 5.2, RFC 8707 section 2, RFC 9068):
 * a JWT signed with one of the keys the provider publishes (its `jwks_uri`, from the discovery
 * document `openid-client` reads), by the configured issuer, not expired, and for exactly this
 * resource. `jose` does the cryptography and the time checks; the rest is here, each failure
 * with its own code. JWTs, not RFC 7662 introspection: every provider that mints tokens for an
 * API audience (Okta, Entra ID, Auth0, Keycloak) mints JWTs, and a local check costs no round
 * trip to the provider per request; jose refetches the key set when a token names a key it has
 * not seen (the provider rotated), at most every 30 s.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DomainError } from '../../domain/errors';
import { groupsOf } from '../../domain/sign-in';
import type { OidcSettings } from '../../runtime/oidc-settings';
import type { OidcClient } from '../oidc/oidc-client';

/** What Cast knows once a token passed: who it names, which client holds it, what it allows. */
export type CheckedAccessToken = {
  issuer: string;
  subject: string;
  clientId: string;
  scopes: ReadonlySet<string>;
  /** The groups claim's groups; null when none is configured or the token lacks it. */
  groups: string[] | null;
};

/** Signatures by public key only: a shared secret would let anyone holding it mint tokens. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** RFC 9068's `at+jwt`, or the plain `JWT` most providers still write; anything else is another kind of token. */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt']);
/** Clocks disagree a little; not more than this. */
const CLOCK_TOLERANCE_SECONDS = 30;

export class AccessTokenVerifier {
  #keys: Promise<JWTVerifyGetKey> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly provider: OidcClient,
  ) {}

  /** The provider's key set, from its discovery document; a failed discovery is tried again next time. */
  private keys(): Promise<JWTVerifyGetKey> {
    this.#keys ??= this.provider
      .serverMetadata()
      .then((metadata) => {
        if (!metadata.jwks_uri)
          throw new DomainError('oidc_unavailable', 'The identity provider publishes no jwks_uri to check its tokens with.');
        return createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 });
      })
      .catch((error: unknown) => {
        this.#keys = null;
        throw error;
      });
    return this.#keys;
  }

  /** The token's claims once every check passed; else the refusal, with its code. */
  async verify(token: string, resource: string): Promise<CheckedAccessToken> {
    const keys = await this.keys();
    let payload: JWTPayload;
    let typ: string | undefined;
    try {
      const verified = await jwtVerify(token, keys, {
        issuer: this.settings.issuer,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      payload = verified.payload;
      typ = verified.protectedHeader.typ;
    } catch (error) {
      throw refusalOf(error);
    }
    if (typ !== undefined && !ACCESS_TOKEN_TYPES.has(typ.toLowerCase())) {
      throw invalid(`it is a "${typ}" JWT, not an access token`);
    }
    // RFC 9068 section 4: the audience must name this resource (a list may name others too; Auth0 adds its userinfo).
    const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (!audiences.some((audience) => sameResource(audience, resource))) {
      throw new DomainError(
        'oauth_wrong_audience',
        `This access token is for ${audiences.length ? audiences.join(', ').slice(0, 300) : 'no audience'}, not ${resource}: ask the identity provider for a token with resource=${resource}.`,
        { resource },
      );
    }
    // RFC 9068's client_id; OpenID Connect's azp where a provider writes that instead.
    const clientId = [payload.client_id, payload.azp].find((value): value is string => typeof value === 'string' && value.length > 0);
    if (!clientId) throw invalid('it names no client (client_id or azp)');
    return {
      issuer: payload.iss!,
      subject: payload.sub!,
      clientId,
      scopes: scopesOf(payload),
      groups: groupsOf(payload, this.settings.groupsClaim),
    };
  }
}

/** RFC 9068's space-separated `scope`, or `scp` as Okta (a list) and Entra ID (a string) write it. */
function scopesOf(payload: JWTPayload): ReadonlySet<string> {
  const scopes = new Set<string>();
  for (const value of [payload.scope, payload.scp]) {
    const words = typeof value === 'string' ? value.split(' ') : Array.isArray(value) ? value : [];
    for (const word of words) if (typeof word === 'string' && word) scopes.add(word);
  }
  return scopes;
}

/**
 * One resource, compared as RFC 8707 resource identifiers: scheme and host without regard to
 * case (MCP asks servers to accept either), the port and the path exactly. No prefix matching.
 */
function sameResource(audience: string, resource: string): boolean {
  if (audience === resource) return true;
  try {
    return new URL(audience).href === new URL(resource).href;
  } catch {
    return false;
  }
}

function invalid(reason: string): DomainError {
  return new DomainError('oauth_token_invalid', `This access token did not pass Cast's checks: ${reason}.`, { reason });
}

/** jose's failures as Cast's codes: expiry, the provider out of reach, or anything else wrong with the token. */
function refusalOf(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof errors.JWTExpired) {
    return new DomainError('oauth_token_expired', 'This access token has expired: get a new one from the identity provider.');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    const { claim, reason } = error;
    return invalid(claim === 'iss' ? 'it was not issued by the configured identity provider' : `its ${claim} claim is ${reason}`);
  }
  // A key set that did not come (a timeout, a non-200 answer: jose's plain JOSEError) or was not one.
  const unreachable = error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error?.constructor === errors.JOSEError;
  if (unreachable || !(error instanceof errors.JOSEError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new DomainError('oidc_unavailable', `Cast cannot read the identity provider's keys to check this token: ${reason}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return invalid("its signature is not by any of the identity provider's keys");
  }
  return invalid(error.message);
}
