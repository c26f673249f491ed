/**
 * A push service on loopback (issue 40 item 2), standing in for the browsers' push services,
 * which are off this machine. It speaks what they speak: HTTPS (a certificate made now with
 * openssl, trusted through `agent`), `POST <endpoint>` with a VAPID `Authorization` whose ES256
 * signature it checks against the key it names, and an aes128gcm body (RFC 8291) that it decrypts
 * with the subscription's own private key and auth secret, made here as a browser makes them.
 * An endpoint can be told to answer 410 Gone, as a push service does for a browser that unsubscribed.
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './self-signed';

/** What a browser's `PushSubscription.toJSON()` gives, for Cast's API. */
export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID public key the push was signed with (`k=` of the Authorization). */
  vapidKey: string;
  /** The JWT's claims: `aud` (this service's origin), `exp`, `sub`. */
  claims: { aud: string; exp: number; sub: string };
};

export type PushService = {
  url: string;
  /** Trusts this service's certificate: hand it to the worker (`pushAgent`). */
  agent: Agent;
  received: ReceivedPush[];
  /** A new browser subscription on this service: fresh P-256 keys and auth secret. */
  subscribe(): BrowserSubscription;
  /** From now on, pushes to this endpoint are answered 410 Gone. */
  gone(endpoint: string): void;
  /** Requests refused as malformed (a bad signature, a body that does not decrypt), with why. */
  refused: string[];
  stop(): Promise<void>;
};

type Browser = { ecdh: ECDH; auth: Buffer };

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted as the browser does. */
export function decryptPush(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`, the JWT signed ES256 by that key. */
function checkVapid(header: string | undefined): { key: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header ?? '(none)'}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  return { key, claims: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'] };
}

export async function startPushService(): Promise<PushService> {
  const { cert, key } = await selfSignedCertificate(['127.0.0.1']);
  const browsers = new Map<string, Browser>();
  const goneEndpoints = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let url = '';
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${url}${req.url ?? ''}`;
      const browser = browsers.get(endpoint);
      if (req.method !== 'POST' || !browser) return void res.writeHead(404).end();
      if (goneEndpoints.has(endpoint)) return void res.writeHead(410).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), browser).toString('utf8')) as unknown;
        received.push({ endpoint, payload, headers: req.headers, vapidKey: vapid.key, claims: vapid.claims });
        res.writeHead(201).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    url,
    agent,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${randomBytes(12).toString('hex')}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
    },
    gone(endpoint) {
      goneEndpoints.add(endpoint);
    },
    async stop() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
