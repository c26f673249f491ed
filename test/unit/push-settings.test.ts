/**
 * Issue 40 item 2 — Web Push's settings and words, without a browser: the VAPID pair from the
 * environment is both halves or neither (refused by name at start), the subject falls back to
 * an https CAST_PUBLIC_URL; a push is content-free unless the member opted into titles; the tab's
 * title counts what blocks, and a hidden tab announces only what it had not seen.
 */
import { createECDH } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { pushPayload, PUSH_WORDS } from '../../domain/notifications/push-message';
import type { OutboxEvent } from '../../domain/outbox/event-kinds';
import { EnvError, loadEnv } from '../../runtime/env';
import { FALLBACK_SUBJECT, pushSettingsFrom } from '../../runtime/push-settings';
import { newBlocking, tabTitle } from '../../ui/src/features/notifications/attention';

const dir = mkdtempSync(join(tmpdir(), 'cast-push-env-'));
const isolated = { HOME: dir, XDG_CONFIG_HOME: dir };

function vapidPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
}

const opened = (question: string) =>
  ({
    id: 'sd-7.decision.opened.1',
    kind: 'decision.opened',
    workspaceId: 'ws_1',
    subject: { kind: 'decision', id: 'sd-7' },
    occurredAt: '2026-12-04T09:00:00.000Z',
    data: { decision: { question }, blocking: true },
  }) as unknown as OutboxEvent;

describe('issue 40 item 2: Web Push settings', () => {
  it('half a VAPID pair is refused by the name of the half that is missing', () => {
    const { publicKey, privateKey } = vapidPair();
    expect(() => loadEnv({ ...isolated, CAST_VAPID_PUBLIC_KEY: publicKey })).toThrow(EnvError);
    expect(() => loadEnv({ ...isolated, CAST_VAPID_PUBLIC_KEY: publicKey })).toThrow(/CAST_VAPID_PRIVATE_KEY: set both/);
    expect(() => loadEnv({ ...isolated, CAST_VAPID_PRIVATE_KEY: privateKey })).toThrow(/CAST_VAPID_PUBLIC_KEY: set both/);
    expect(() => loadEnv({ ...isolated, CAST_VAPID_PUBLIC_KEY: 'short', CAST_VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /CAST_VAPID_PUBLIC_KEY is an uncompressed P-256 public key/,
    );
    expect(() => loadEnv({ ...isolated, CAST_VAPID_SUBJECT: 'http://cast.example.com' })).toThrow(
      /CAST_VAPID_SUBJECT is a mailto: or https: URL/,
    );
    const env = loadEnv({ ...isolated, CAST_VAPID_PUBLIC_KEY: publicKey, CAST_VAPID_PRIVATE_KEY: privateKey });
    expect(pushSettingsFrom(env)).toEqual({ subject: FALLBACK_SUBJECT, keys: { publicKey, privateKey } });
  });

  it('the subject: CAST_VAPID_SUBJECT, else an https CAST_PUBLIC_URL, else the fallback', () => {
    expect(pushSettingsFrom({ CAST_VAPID_SUBJECT: 'mailto:ops@example.com', CAST_PUBLIC_URL: 'https://cast.example.com' }).subject).toBe(
      'mailto:ops@example.com',
    );
    expect(pushSettingsFrom({ CAST_PUBLIC_URL: 'https://cast.example.com' })).toEqual({ subject: 'https://cast.example.com' });
    expect(pushSettingsFrom({ CAST_PUBLIC_URL: 'http://cast.internal' })).toEqual({ subject: FALLBACK_SUBJECT });
  });
});

describe('issue 40 item 2: what a push and a tab say', () => {
  it('a push is content-free by default, and carries the question only when the member opted in', () => {
    const event = opened('Drop the legacy users table?');
    expect(pushPayload(event, DEFAULT_NOTIFICATION_SETTINGS)).toEqual({
      title: PUSH_WORDS.title,
      body: PUSH_WORDS.opened,
      url: '/decisions/sd-7',
      tag: 'sd-7',
    });
    const titles = { ...DEFAULT_NOTIFICATION_SETTINGS, push: { enabled: true, showTitles: true } };
    expect(pushPayload(event, titles).title).toBe('Drop the legacy users table?');
    const long = pushPayload(opened('x'.repeat(300)), titles).title;
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('the tab title counts what blocks; a hidden tab announces only blocking decisions it had not seen, newest first', () => {
    expect([tabTitle(null), tabTitle(0), tabTitle(3)]).toEqual(['Cast', 'Cast', '(3) Cast']);
    const card = (id: string, blocking: boolean, createdAt: string) => ({ id, question: `Q ${id}`, blocking, createdAt });
    const first = newBlocking(null, [card('sd-1', true, '2026-12-04T09:00:00Z'), card('sd-2', false, '2026-12-04T09:01:00Z')]);
    expect(first.arrivals).toEqual([]);
    const next = newBlocking(first.seen, [
      card('sd-1', true, '2026-12-04T09:00:00Z'),
      card('sd-3', true, '2026-12-04T09:02:00Z'),
      card('sd-4', true, '2026-12-04T09:03:00Z'),
      card('sd-5', false, '2026-12-04T09:04:00Z'),
    ]);
    expect(next.arrivals.map((one) => one.id)).toEqual(['sd-4', 'sd-3']);
    expect(newBlocking(next.seen, [card('sd-3', true, '2026-12-04T09:02:00Z')]).arrivals).toEqual([]);
  });
});
