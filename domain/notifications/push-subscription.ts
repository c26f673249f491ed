/**
 * A browser's Web Push subscription (issue 40 item 2), as the browser's `PushSubscription.toJSON()`
 * gives it: the push service's endpoint and the keys Cast encrypts each payload to (RFC 8291).
 * The keys are checked for their exact sizes here, so a subscription that could never be sent
 * to is refused when it is added, not at its first push.
 */
import { z } from 'zod';

/** Unpadded base64url decoding to exactly `bytes` bytes. */
function base64url(bytes: number, what: string) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `${what} must be ${bytes} bytes in base64url, as the browser gives it.`);
}

export const PushSubscriptionBody = z
  .strictObject({
    /** The push service's URL for this browser; only https, as every push service serves it. */
    endpoint: z.url({ protocol: /^https$/, error: 'endpoint must be the https URL the browser’s push service gave.' }).max(2048),
    /** Null for every push service Cast knows; accepted so the browser's own object can be sent as it is. */
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65, 'keys.p256dh'),
      /** The authentication secret (16 bytes). */
      auth: base64url(16, 'keys.auth'),
    }),
  })
  .meta({ id: 'PushSubscriptionBody', description: 'A browser’s `PushSubscription.toJSON()`.' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** A subscription as its member sees it: never its keys. */
export const PushSubscription = z
  .object({
    id: z.string(),
    endpoint: z.string(),
    userAgent: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscription = z.infer<typeof PushSubscription>;

/** The public half of Cast's VAPID key, for `pushManager.subscribe({ applicationServerKey })`. */
export const PushKey = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
