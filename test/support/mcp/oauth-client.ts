/**
 * The MCP client's side of OAuth at Cast's `/mcp` (issue 43 item 4), against the tests' identity
 * provider (test/support/oidc-provider.ts), whose MCP client is pre-registered. Two ways in:
 * the official SDK's own flow (`MemoryOAuthClient`: Cast's 401 → its resource metadata → the
 * provider's metadata → authorization with PKCE and the resource indicator, which the test
 * travels as the person), and `providerAccessToken` for a token with a chosen resource and scope
 * (`openid-client`, the same Authorization Code flow with PKCE, the resource in both requests).
 */
import * as oidc from 'openid-client';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_CLIENT_ID, MCP_REDIRECT_URL } from '../oidc-provider';
import type { OidcUserAgent } from '../oidc-user-agent';

const backAtClient = (url: URL) => url.href.startsWith(MCP_REDIRECT_URL);

/** The SDK's OAuth client state, in memory; where it sends the person is kept for the test to travel. */
export class MemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  #tokens: OAuthTokens | undefined;
  #verifier = '';

  get redirectUrl(): string {
    return MCP_REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Cast test MCP client',
      redirect_uris: [MCP_REDIRECT_URL],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return { client_id: MCP_CLIENT_ID };
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }

  /** The person goes where the SDK sent them, logs in and consents; the code the provider sends back. */
  async authorize(person: OidcUserAgent): Promise<string> {
    if (!this.authorizationUrl) throw new Error('The SDK has not asked for authorization.');
    const back = await person.travel(this.authorizationUrl, backAtClient);
    const code = back.searchParams.get('code');
    if (!code) throw new Error(`The provider sent no code back: ${back.href}`);
    return code;
  }
}

/** An access token for `resource` with `scope`, as the person grants it to the MCP client. */
export async function providerAccessToken(
  issuer: string,
  person: OidcUserAgent,
  request: { resource: string; scope: string },
): Promise<string> {
  const config = await oidc.discovery(new URL(issuer), MCP_CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: MCP_REDIRECT_URL,
    scope: request.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    resource: request.resource,
  });
  const back = await person.travel(url, backAtClient);
  const tokens = await oidc.authorizationCodeGrant(
    config,
    back,
    { pkceCodeVerifier: verifier, expectedState: state },
    { resource: request.resource },
  );
  return tokens.access_token;
}
