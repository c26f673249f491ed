/*
 * Cast's service worker (issue 40 item 2): shows a Web Push as a system notification and opens
 * its decision on a tap. A push carries only what domain/notifications/push-message.ts puts in
 * it ({ title, body, url, tag, actions }): content-free unless its person opted into titles; the
 * page reads the decision itself once signed in. Its buttons (`actions`: Approve and Reject, say)
 * open an answer link's confirmation page, which answers only when pressed there. Served from the app's origin at /sw.js, so the
 * Content-Security-Policy's script-src 'self' covers it, and its scope is the whole app.
 * Plain JavaScript, not bundled: a service worker's URL must stay the same across releases.
 */
const FALLBACK = { title: 'Cast', body: 'Something waits for you in Cast', url: '/decisions', tag: 'cast' };

/** Only a path on this origin: a push can never send its reader elsewhere. */
function samePath(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : FALLBACK.url;
  } catch {
    return FALLBACK.url;
  }
}

/** The buttons: each an action name, its words and the path it opens; anything malformed is left out. */
function actionsOf(data) {
  if (!Array.isArray(data.actions)) return [];
  return data.actions
    .filter((one) => one && typeof one.action === 'string' && typeof one.title === 'string' && typeof one.url === 'string')
    .map((one) => ({ action: one.action, title: one.title, url: samePath(one.url) }));
}

function payloadOf(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === 'string' && data.title ? data.title : FALLBACK.title,
      body: typeof data.body === 'string' ? data.body : FALLBACK.body,
      url: samePath(typeof data.url === 'string' ? data.url : FALLBACK.url),
      tag: typeof data.tag === 'string' && data.tag ? data.tag : FALLBACK.tag,
      actions: actionsOf(data),
    };
  } catch {
    return { ...FALLBACK, actions: [] };
  }
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const push = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      // A later push about the same decision (a reminder) rings again rather than updating silently.
      renotify: true,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      actions: push.actions.map(({ action, title }) => ({ action, title })),
      data: { url: push.url, actions: Object.fromEntries(push.actions.map(({ action, url }) => [action, url])) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  // A button opens its answer link's confirmation page; the notification's body, the decision.
  const chosen = event.action && data.actions ? data.actions[event.action] : undefined;
  const url = samePath(chosen || data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the queue already open is brought forward and taken to the decision.
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        // Focus needs the click's own activation; without it the tab is still taken to the decision.
        const focused = await client.focus().catch(() => client);
        const moved = await focused.navigate(url).catch(() => null);
        if (moved) return;
        focused.postMessage({ kind: 'cast.open', url });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
