/**
 * A real OpenID provider for the sign-in tests (issue 41 item 6): the certified `oidc-provider`
 * package, run as its own process on 127.0.0.1, with its development login and consent pages,
 * which the tests' Chromium goes through. The parent gives it a port and one client in
 * OIDC_TEST_SETUP ({port, client}); it prints `listening` once it serves. Two loopback-only
 * control routes let a test say who may log in and with what claims (`PUT /__test/accounts`),
 * and make the token endpoint's next ID tokens carry one defect, re-signed with the provider's
 * own key so that only the claim is wrong (`PUT /__test/defect`: audience, nonce, expired, or null).
 *
 * Issue 43 item 4: it is also the authorization server of Cast's `/mcp`. Resource indicators
 * (RFC 8707) are on for the resources in OIDC_TEST_SETUP.resources (indicator → the scopes it
 * takes), each getting an RFC 9068 JWT access token for exactly that audience, with the account's
 * groups in it; the setup's other clients (an MCP client) are registered too.
 * `PUT /__test/access-defect` spoils the next access tokens one way: `expired`, `issuer` (another
 * issuer, the provider's own key) or `signature` (a key that is not the provider's, its key id).
 */
import { createServer } from 'node:http';
import { Buffer } from 'node:buffer';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';

const setup = JSON.parse(process.env.OIDC_TEST_SETUP ?? '{}');
const issuer = `http://127.0.0.1:${setup.port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });
/** A key the provider never published: what a forged access token is signed with. */
const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
/** Resource indicator → the space-separated scopes its tokens may carry. */
const resources = setup.resources ?? {};

/** login name → claims; the devInteractions login takes any password. */
let accounts = {};
/** The defect the next ID tokens carry, or null. */
let defect = null;
/** The defect the next access tokens carry, or null. */
let accessDefect = null;

const provider = new Provider(issuer, {
  clients: [setup.client, ...(setup.clients ?? [])],
  jwks: { keys: [jwk] },
  pkce: { required: () => true },
  scopes: ['openid', 'email', 'profile', 'groups'],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  // Every claim in the ID token itself, where Cast reads them.
  conformIdTokenClaims: false,
  features: {
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      // A token for a resource when the client names one, and its grant carries over to the token request.
      defaultResource: async (_ctx, _client, oneOf) => oneOf ?? undefined,
      useGrantedResource: async () => true,
      getResourceServerInfo: async (_ctx, indicator) => {
        if (!(indicator in resources)) throw new errors.InvalidTarget();
        return {
          scope: resources[indicator],
          audience: indicator,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 600,
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
  // The account's groups in its access tokens too, where Cast's required group is checked at /mcp.
  async extraTokenClaims(_ctx, token) {
    const groups = token.accountId ? accounts[token.accountId]?.groups : undefined;
    return groups ? { groups } : undefined;
  },
  async findAccount(_ctx, id) {
    const claims = accounts[id];
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
});
provider.proxy = false;

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unb64 = (text) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

/** The JWT with its claims changed by `change`, signed again (the header, with its key id, kept). */
function resigned(jwt, change, key = signingKey) {
  const [header, payload] = jwt.split('.');
  const claims = unb64(payload);
  change(claims, Math.floor(Date.now() / 1000));
  const body = `${header}.${b64(claims)}`;
  return `${body}.${sign('sha256', Buffer.from(body), key).toString('base64url')}`;
}

const spoiled = (idToken) =>
  resigned(idToken, (claims, now) => {
    if (defect === 'audience') claims.aud = 'someone-else';
    if (defect === 'nonce') claims.nonce = 'not-the-nonce-cast-sent';
    if (defect === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  });

const spoiledAccess = (accessToken) =>
  resigned(
    accessToken,
    (claims, now) => {
      if (accessDefect === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
      if (accessDefect === 'issuer') claims.iss = 'http://127.0.0.1:9/not-this-provider';
    },
    accessDefect === 'signature' ? foreignKey : signingKey,
  );

provider.use(async (ctx, next) => {
  await next();
  if (ctx.path !== '/token' || !ctx.body || typeof ctx.body !== 'object') return;
  if (defect && typeof ctx.body.id_token === 'string') ctx.body = { ...ctx.body, id_token: spoiled(ctx.body.id_token) };
  // Only a JWT access token (one for a resource) can be spoiled; an opaque one is the provider's own handle.
  if (accessDefect && typeof ctx.body.access_token === 'string' && ctx.body.access_token.split('.').length === 3) {
    ctx.body = { ...ctx.body, access_token: spoiledAccess(ctx.body.access_token) };
  }
});

const handle = provider.callback();

function control(req, res) {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => {
    const body = text ? JSON.parse(text) : {};
    if (req.url === '/__test/accounts') accounts = body;
    else if (req.url === '/__test/defect') defect = body.defect ?? null;
    else if (req.url === '/__test/access-defect') accessDefect = body.defect ?? null;
    else return res.writeHead(404).end();
    res.writeHead(204).end();
  });
}

const server = createServer((req, res) => (req.method === 'PUT' && req.url?.startsWith('/__test/') ? control(req, res) : handle(req, res)));
server.listen(setup.port, '127.0.0.1', () => process.stdout.write('listening\n'));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
