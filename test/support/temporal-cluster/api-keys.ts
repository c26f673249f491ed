/**
 * API keys for the cluster's JWT authorizer: RS256 tokens in the shape of Temporal's default
 * claim mapper, and the JWKS document the server fetches their public key from.
 */
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Certificates } from './certificates';

export type ApiKeyOptions = {
  /** A token whose `exp` has passed. */
  expired?: boolean;
  /** The `aud` claim; the server accepts only the cluster's `audience`. */
  audience?: string;
  /** Temporal's default claim mapper reads `<namespace>:<role>`; default `<namespace>:admin`. */
  permissions?: string[];
  subject?: string;
};

/** The `aud` every valid API key carries. */
export const AUDIENCE = 'cast-temporal-cluster';
const JWT_KEY_ID = 'cast-test-key';

export function loadJwtKey(tls: Certificates): { privateKey: KeyObject; publicKey: KeyObject } {
  const privateKey = createPrivateKey(readFileSync(tls.jwtKey));
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** The JWKS document the server's `jwtKeyProvider` fetches at start-up. */
export async function serveJwks(publicKey: KeyObject): Promise<{ server: Server; url: string }> {
  const body = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: JWT_KEY_ID, alg: 'RS256', use: 'sig' }] });
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // It serves only while the test process runs anyway; it must not keep that process alive.
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/.well-known/jwks.json` };
}

/** An RS256 JWT in the shape of Temporal's default claim mapper: `sub`, `permissions`, `aud`, `exp`. */
export function mintJwt(privateKey: KeyObject, namespace: string, options: ApiKeyOptions): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: JWT_KEY_ID };
  const payload = {
    sub: options.subject ?? 'cast-test',
    permissions: options.permissions ?? [`${namespace}:admin`],
    aud: options.audience ?? AUDIENCE,
    iat: options.expired ? now - 7200 : now,
    exp: options.expired ? now - 3600 : now + 24 * 3600,
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(payload)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
