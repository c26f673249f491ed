/**
 * An answer link's token: `<payload>.<signature>`, both base64url. The payload is the link's
 * claims as JSON (domain/answer-link-schema.ts); the signature is HMAC-SHA256 over a fixed
 * label and the payload with the server key, so nothing but Cast can make or change a link,
 * and a token from anywhere else cannot be told from one that never existed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AnswerLinkClaims } from '../domain/answer-link';
import { AnswerLinkPayload } from '../domain/answer-link-schema';

/** Binds the signature to this use: no other HMAC Cast computes with the key can pass as a link. */
const LABEL = 'cast answer link v1\n';

function signatureOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(LABEL).update(payload).digest();
}

export function signLink(key: Buffer, claims: AnswerLinkClaims): string {
  const wire: AnswerLinkPayload = {
    v: 1,
    id: claims.linkId,
    w: claims.workspaceId,
    m: claims.memberId,
    d: claims.decisionId,
    a: claims.ask,
    x: claims.answer,
    r: claims.revision,
    c: claims.channel,
    e: Math.floor(claims.expiresAt / 1000),
  };
  const payload = Buffer.from(JSON.stringify(AnswerLinkPayload.parse(wire)), 'utf8').toString('base64url');
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/** The claims of a token Cast signed with `key`, or null for anything else. */
export function verifyLink(key: Buffer, token: string): AnswerLinkClaims | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = signatureOf(key, payload);
  const given = Buffer.from(signature, 'base64url');
  // Compared in constant time: how long a refusal takes says nothing about the right signature.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Only the one spelling: base64url's spare bits would otherwise let one link be written two ways.
  if (given.toString('base64url') !== signature) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = AnswerLinkPayload.safeParse(json);
  if (!parsed.success) return null;
  const wire = parsed.data;
  return {
    linkId: wire.id,
    workspaceId: wire.w,
    memberId: wire.m,
    decisionId: wire.d,
    ask: wire.a,
    answer: wire.x,
    revision: wire.r,
    channel: wire.c,
    expiresAt: wire.e * 1000,
  };
}
