/**
 * A delivery's signatures. Standard Webhooks: HMAC-SHA256 over `<id>.<timestamp>.<body>` with
 * the secret's base64 bytes (after `whsec_`), base64, as `v1,<signature>`; one per live secret,
 * space-separated, so a receiver still holding the secret before a rotation verifies too.
 * The timestamp is in what is signed, so a captured delivery cannot be replayed later.
 */
import { createHmac } from 'node:crypto';

const PREFIX = 'whsec_';

/** The key a `whsec_` secret stands for. Node reads URL-safe base64 too, as secrets made before Standard Webhooks signing are. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** `webhook-signature`'s value for these secrets, newest first. */
export function standardSignatures(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
}

/** `X-Cast-Signature` as before Standard Webhooks: the secret's text as the key, over the body alone. */
export function legacySignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
