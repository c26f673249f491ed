/**
 * This browser's side of Web Push (issue 40 item 2), without React: the service worker, the
 * permission (asked only from a person's press, never on load), and the subscription Cast pushes
 * to. A browser whose push service cannot be reached (no push service at all, or one blocked)
 * still gets the hidden tab's notifications: `push` then says `unavailable`.
 */
import { addPushSubscription, listPushSubscriptions, readPushKey, removePushSubscription } from '../../http/push';

export type PushState = {
  /** The Notification permission, or `unsupported` where the browser has no Notification API. */
  permission: NotificationPermission | 'unsupported';
  /** Whether Cast pushes to this browser with the tab closed. */
  push: 'on' | 'off' | 'unavailable';
};

const supported = () => typeof Notification !== 'undefined';
const pushable = () => 'serviceWorker' in navigator && typeof PushManager !== 'undefined';

/** Registers /sw.js (kept across releases at the same URL) once signed in, so a tap on a push finds the app. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushable()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return { permission: 'unsupported', push: 'unavailable' };
  const subscription = await currentSubscription().catch(() => null);
  return { permission: Notification.permission, push: !pushable() ? 'unavailable' : subscription ? 'on' : 'off' };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** From a press: asks for the permission, then subscribes this browser and tells Cast. */
export async function turnOn(): Promise<PushState> {
  if (!supported()) return { permission: 'unsupported', push: 'unavailable' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted' || !pushable()) return { permission, push: pushable() ? 'off' : 'unavailable' };
  try {
    await registerServiceWorker();
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await readPushKey();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    await addPushSubscription({ endpoint: json.endpoint, keys: json.keys });
    return { permission, push: 'on' };
  } catch {
    // The browser could not reach its push service: notifications while a tab is open still work.
    return { permission, push: 'unavailable' };
  }
}

/** Stops pushes to this browser: Cast forgets its subscription, and the browser drops it. */
export async function turnOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    const { subscriptions } = await listPushSubscriptions();
    const ours = subscriptions.find((row) => row.endpoint === subscription.endpoint);
    if (ours) await removePushSubscription(ours.id);
    await subscription.unsubscribe();
  }
  return pushState();
}
