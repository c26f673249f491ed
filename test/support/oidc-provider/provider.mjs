/**
 * A real OpenID provider for the sign-in tests (issue 41 item 6): the certified `oidc-provider`
 * package, run as its own process on 127.0.0.1, with its development login and consent pages,
 * which the tests' Chromium goes through. The parent gives it a port and one client in
 * OIDC_TEST_SETUP ({port, client}); it prints `listening` once it serves. Two loopback-only
 * control routes let a test say who may log in and with what claims (`PUT /__test/accounts`),
 * and make the token endpoint's next ID tokens carry one defect, re-signed with the provider's
 * own key so that only the claim is wrong (`PUT /__test/defect`: audience, nonce, expired, or null).
 */
import { createServer } from 'node:http';
import { Buffer } from 'node:buffer';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import Provider from 'oidc-provider';

const setup = JSON.parse(process.env.OIDC_TEST_SETUP ?? '{}');
const issuer = `http://127.0.0.1:${setup.port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });

/** login name → claims; the devInteractions login takes any password. */
let accounts = {};
/** The defect the next ID tokens carry, or null. */
let defect = null;

const provider = new Provider(issuer, {
  clients: [setup.client],
  jwks: { keys: [jwk] },
  pkce: { required: () => true },
  scopes: ['openid', 'email', 'profile', 'groups'],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  // Every claim in the ID token itself, where Cast reads them.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const claims = accounts[id];
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
});
provider.proxy = false;

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unb64 = (text) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

function spoiled(idToken) {
  const [header, payload] = idToken.split('.');
  const claims = unb64(payload);
  const now = Math.floor(Date.now() / 1000);
  if (defect === 'audience') claims.aud = 'someone-else';
  if (defect === 'nonce') claims.nonce = 'not-the-nonce-cast-sent';
  if (defect === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  const body = `${header}.${b64(claims)}`;
  return `${body}.${sign('sha256', Buffer.from(body), signingKey).toString('base64url')}`;
}

provider.use(async (ctx, next) => {
  await next();
  if (defect && ctx.path === '/token' && ctx.body && typeof ctx.body === 'object' && typeof ctx.body.id_token === 'string') {
    ctx.body = { ...ctx.body, id_token: spoiled(ctx.body.id_token) };
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
    else return res.writeHead(404).end();
    res.writeHead(204).end();
  });
}

const server = createServer((req, res) => (req.method === 'PUT' && req.url?.startsWith('/__test/') ? control(req, res) : handle(req, res)));
server.listen(setup.port, '127.0.0.1', () => process.stdout.write('listening\n'));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
