/**
 * Web Push's settings (issue 40 item 2), read once from the environment: the VAPID key pair
 * (CAST_VAPID_PUBLIC_KEY and CAST_VAPID_PRIVATE_KEY, refused by name in runtime/env.ts unless both
 * are set) or, unset, the pair Cast keeps in PostgreSQL; and the subject push services may
 * contact about Cast's pushes.
 */
import type { Pool } from '../db/pool';
import { storedVapidKeys, type VapidKeys } from '../db/vapid-keys';

export type PushSettings = {
  /** Both halves from the environment; absent → the pair in PostgreSQL. */
  keys?: VapidKeys;
  subject: string;
};

/** The subject when nothing names one: push services accept it; Apple's asks for a real one (set CAST_VAPID_SUBJECT). */
export const FALLBACK_SUBJECT = 'mailto:cast@localhost';

export function pushSettingsFrom(env: {
  CAST_VAPID_PUBLIC_KEY?: string | undefined;
  CAST_VAPID_PRIVATE_KEY?: string | undefined;
  CAST_VAPID_SUBJECT?: string | undefined;
  CAST_PUBLIC_URL?: string | undefined;
}): PushSettings {
  const publicUrl = env.CAST_PUBLIC_URL?.startsWith('https:') ? env.CAST_PUBLIC_URL : undefined;
  const subject = env.CAST_VAPID_SUBJECT ?? publicUrl ?? FALLBACK_SUBJECT;
  const keys = env.CAST_VAPID_PUBLIC_KEY && env.CAST_VAPID_PRIVATE_KEY;
  return keys ? { subject, keys: { publicKey: env.CAST_VAPID_PUBLIC_KEY!, privateKey: env.CAST_VAPID_PRIVATE_KEY! } } : { subject };
}

/** The keys, read from PostgreSQL (made there first, when none are) once per process and then kept. */
export function vapidKeysOf(pool: Pool, settings: Pick<PushSettings, 'keys'> = {}): () => Promise<VapidKeys> {
  if (settings.keys) {
    const keys = settings.keys;
    return () => Promise.resolve(keys);
  }
  let loading: Promise<VapidKeys> | null = null;
  return () => {
    // A failed read (the database away) is tried again on the next call rather than remembered.
    loading ??= storedVapidKeys(pool).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
