/**
 * One-click unsubscribe links (issue 40 item 3, RFC 8058): every email Cast sends carries one,
 * in its `List-Unsubscribe` header and as a visible link. The token names the workspace, the
 * member and the channel, signed with the answer links' key under a label of its own (so
 * neither token can pass as the other). It never expires and may be used again: turning email
 * off twice is still off, and a mail client may press it long after the message came.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { linkKey, type LinkKeySource } from './link-key';

const LABEL = 'cast unsubscribe link v1\n';
export const UNSUBSCRIBE_PAGE_PREFIX = '/u/';

const Payload = z.strictObject({ v: z.literal(1), w: z.string().min(1), m: z.string().min(1), c: z.literal('email') });

export type UnsubscribeClaims = { workspaceId: string; memberId: string; channel: 'email' };

function signatureOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(LABEL).update(payload).digest();
}

export function signUnsubscribe(key: Buffer, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, w: claims.workspaceId, m: claims.memberId, c: claims.channel }), 'utf8').toString(
    'base64url',
  );
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/** The claims of a token Cast signed with `key`, or null for anything else. */
export function verifyUnsubscribe(key: Buffer, token: string): UnsubscribeClaims | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = signatureOf(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (given.toString('base64url') !== signature) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = Payload.safeParse(json);
  return parsed.success ? { workspaceId: parsed.data.w, memberId: parsed.data.m, channel: parsed.data.c } : null;
}

/** The URL that turns `member`'s email off: GET shows a page with the button, POST does it. */
export async function mintUnsubscribeLink(deps: LinkKeySource & { publicUrl: string }, claims: UnsubscribeClaims): Promise<string> {
  return `${deps.publicUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PAGE_PREFIX}${signUnsubscribe(await linkKey(deps), claims)}`;
}
