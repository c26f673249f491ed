/**
 * The one way to the identity provider (issue 41 item 6), through `openid-client`: discovery,
 * the Authorization Code flow with PKCE, state and nonce, and the ID token's checks (signature
 * against the provider's keys, issuer, audience, expiry, nonce) done by the library, never here.
 * Discovery is cached once it worked; a provider that cannot be reached is said as
 * `oidc_unavailable`, never a 5xx.
 */
import * as client from 'openid-client';
import { DomainError } from '../../domain/errors';
import { groupsOf } from '../../domain/sign-in';
import type { CheckedIdentity } from '../../db/oidc-sign-in';
import { isLoopbackUrl, type OidcSettings } from '../../runtime/oidc-settings';

/** What the browser keeps between leaving for the provider and coming back (api/oidc/oidc-flow-cookie.ts). */
export type PendingSignIn = { verifier: string; state: string; nonce: string };

export class OidcClient {
  #config: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  /** The discovered configuration; a failed discovery is forgotten, so the next sign-in tries again. */
  private configuration(): Promise<client.Configuration> {
    this.#config ??= this.discover().catch((error: unknown) => {
      this.#config = null;
      throw error;
    });
    return this.#config;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const insecure = issuer.startsWith('http:') && isLoopbackUrl(issuer);
    try {
      const config = await client.discovery(
        new URL(issuer),
        clientId,
        clientSecret ?? undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
      );
      // The ID token's signature is checked against the provider's published keys, even though it
      // came straight from the token endpoint (OpenID Connect Core 3.1.3.7 allows skipping that).
      client.enableNonRepudiationChecks(config);
      return config;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** The provider's discovered metadata (its `jwks_uri`, for checking its access tokens at `/mcp`). */
  async serverMetadata(): Promise<client.ServerMetadata> {
    return (await this.configuration()).serverMetadata();
  }

  /** Where to send the browser, and what it must keep until it comes back. */
  async start(redirectUrl: string): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const pending = { verifier, state: client.randomState(), nonce: client.randomNonce() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUrl,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /**
   * The provider's answer, exchanged and checked: the code for tokens (with the PKCE verifier),
   * the state against the one sent, and the ID token by the book. Any failed check is
   * `oidc_refused` with the library's reason.
   */
  async finish(callbackUrl: URL, redirectUrl: string, pending: PendingSignIn): Promise<CheckedIdentity> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(
        config,
        callbackUrl,
        { pkceCodeVerifier: pending.verifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true },
        { redirect_uri: redirectUrl },
      );
    } catch (error) {
      if (isUnreachable(error)) throw unavailable(error);
      throw new DomainError('oidc_refused', `The identity provider's answer was refused: ${reasonOf(error)}`, { reason: reasonOf(error) });
    }
    const claims = tokens.claims();
    if (!claims) throw new DomainError('oidc_refused', 'The identity provider sent no ID token.');
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
      groups: groupsOf(claims, this.settings.groupsClaim),
    };
  }
}

/** The library's reasons, outermost first: openid-client's summary, then oauth4webapi's check that failed (it names the claim). */
function reasonOf(error: unknown): string {
  const reasons: string[] = [];
  for (let cause: unknown = error; cause instanceof Error && reasons.length < 4; cause = cause.cause) reasons.push(cause.message);
  return reasons.length ? reasons.join(': ') : String(error);
}

/** A network failure reaching the provider, as opposed to an answer that failed a check. */
function isUnreachable(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof TypeError && /fetch failed/.test(cause.message)) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|UND_ERR_)/.test(code))
      return true;
    if ((cause as { name?: unknown }).name === 'TimeoutError' || (cause as { name?: unknown }).name === 'AbortError') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function unavailable(error: unknown): DomainError {
  return new DomainError('oidc_unavailable', `Cast cannot reach the identity provider: ${reasonOf(error)}`);
}
