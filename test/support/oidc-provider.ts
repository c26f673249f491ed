/**
 * The tests' identity provider (issue 41 item 6): test/support/oidc-provider/provider.mjs, the
 * certified `oidc-provider` package in a process of its own on a free loopback port, with one
 * client registered for a test Cast. `reserveOidcProvider` picks the port first, so the Cast it
 * signs in to can be configured with the issuer before the provider knows Cast's redirect URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freeFixedPort } from '../../runtime/free-port';
import type { OidcSettings } from '../../runtime/oidc-settings';

const SCRIPT = resolve(import.meta.dirname, 'oidc-provider/provider.mjs');

export const OIDC_CLIENT_ID = 'cast-test';
export const OIDC_CLIENT_SECRET = 'a-client-secret-for-the-tests-only';

/** What a test account's ID token says about them. */
export type TestAccount = { email?: string; email_verified?: boolean; name?: string; groups?: string[] };
export type IdTokenDefect = 'audience' | 'nonce' | 'expired' | null;

export type OidcProvider = {
  issuer: string;
  /** Who may log in (any password), by login name, and their claims. */
  setAccounts(accounts: Record<string, TestAccount>): Promise<void>;
  /** Makes the token endpoint's ID tokens carry one wrong claim, validly signed; null: none. */
  setDefect(defect: IdTokenDefect): Promise<void>;
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
  const child: ChildProcess = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_TEST_SETUP: JSON.stringify({ port, client }), NODE_ENV: 'test' },
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
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
