/**
 * The tests' identity provider (issue 41 item 6): test/support/oidc-provider/provider.mjs, the
 * certified `oidc-provider` package in a process of its own on a free loopback port, with one
 * client registered for a test Cast. `reserveOidcProvider` picks the port first, so the Cast it
 * signs in to can be configured with the issuer before the provider knows Cast's redirect URL.
 * It is also the authorization server of that Cast's `/mcp` (issue 43 item 4): an MCP client is
 * registered (public, PKCE), and access tokens are JWTs for Cast's resource — or for another one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freeFixedPort } from '../../runtime/free-port';
import type { OidcSettings } from '../../runtime/oidc-settings';

const SCRIPT = resolve(import.meta.dirname, 'oidc-provider/provider.mjs');

export const OIDC_CLIENT_ID = 'cast-test';
export const OIDC_CLIENT_SECRET = 'a-client-secret-for-the-tests-only';

/** The MCP client the provider knows (pre-registered): public, PKCE, a loopback redirect nobody serves. */
export const MCP_CLIENT_ID = 'mcp-test-client';
export const MCP_REDIRECT_URL = 'http://127.0.0.1/mcp-client/callback';
/** Another API at the same provider: its tokens carry Cast's scope name too, but not Cast's audience. */
export const OTHER_RESOURCE = 'https://other.example.com/api';
/** Cast's resource takes `cast:mcp` (what /mcp requires) and `cast:read` (which it does not accept alone). */
export const CAST_RESOURCE_SCOPES = 'cast:mcp cast:read';

/** What a test account's ID token says about them. */
export type TestAccount = { email?: string; email_verified?: boolean; name?: string; groups?: string[] };
export type IdTokenDefect = 'audience' | 'nonce' | 'expired' | null;
/** An access token validly shaped with one thing wrong: its expiry, its issuer, or a key the provider does not publish. */
export type AccessTokenDefect = 'expired' | 'issuer' | 'signature' | null;

export type OidcProvider = {
  issuer: string;
  /** Who may log in (any password), by login name, and their claims. */
  setAccounts(accounts: Record<string, TestAccount>): Promise<void>;
  /** Makes the token endpoint's ID tokens carry one wrong claim, validly signed; null: none. */
  setDefect(defect: IdTokenDefect): Promise<void>;
  /** Makes the token endpoint's JWT access tokens carry one defect; null: none. */
  setAccessDefect(defect: AccessTokenDefect): Promise<void>;
  output(): string;
  stop(): Promise<void>;
};

/** The port and issuer, before anything runs there, and Cast's settings for it. */
export async function reserveOidcProvider(settings: Partial<OidcSettings> = {}): Promise<{ port: number; settings: OidcSettings }> {
  const port = await freeFixedPort();
  return {
    port,
    settings: {
      issuer: `http://127.0.0.1:${port}`,
      clientId: OIDC_CLIENT_ID,
      clientSecret: OIDC_CLIENT_SECRET,
      redirectUrl: null,
      scopes: 'openid email profile groups',
      groupsClaim: 'groups',
      teamMap: [],
      requiredGroup: null,
      jit: false,
      workspaceId: null,
      displayName: 'Test IdP',
      mcpScope: 'cast:mcp',
      ...settings,
    },
  };
}

export async function startOidcProvider(port: number, castUrl: string): Promise<OidcProvider> {
  const client = {
    client_id: OIDC_CLIENT_ID,
    client_secret: OIDC_CLIENT_SECRET,
    redirect_uris: [`${castUrl}/auth/oidc/callback`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
  const mcpClient = {
    client_id: MCP_CLIENT_ID,
    application_type: 'native',
    redirect_uris: [MCP_REDIRECT_URL],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  const resources = { [`${castUrl}/mcp`]: CAST_RESOURCE_SCOPES, [OTHER_RESOURCE]: `other:read ${CAST_RESOURCE_SCOPES}` };
  const child: ChildProcess = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_TEST_SETUP: JSON.stringify({ port, client, clients: [mcpClient], resources }), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    const check = () => {
      if (output.includes('listening\n')) return ready();
      if (child.exitCode !== null) return fail(new Error(`the OpenID provider exited with ${child.exitCode}:\n${output}`));
      child.stdout!.once('data', check);
    };
    child.once('exit', check);
    check();
  });
  const issuer = `http://127.0.0.1:${port}`;
  const put = async (path: string, body: unknown) => {
    const response = await fetch(`${issuer}${path}`, { method: 'PUT', body: JSON.stringify(body) });
    if (response.status !== 204) throw new Error(`${path} answered ${response.status}`);
  };
  return {
    issuer,
    setAccounts: (accounts) => put('/__test/accounts', accounts),
    setDefect: (defect) => put('/__test/defect', { defect }),
    setAccessDefect: (defect) => put('/__test/access-defect', { defect }),
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
