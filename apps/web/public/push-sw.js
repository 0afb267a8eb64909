/*
 * Web push in the service worker (decision 245), imported by the generated worker (vite.config.ts, importScripts):
 * a push shows its notification (title, text, the link it opens; the server encrypts it for this device), a click
 * focuses an open window of the app at that link or opens one.
 */
self.addEventListener('push', (event) => {
  let nachricht = { title: 'Stellwerk', body: '', url: '/' };
  try {
    nachricht = { ...nachricht, ...event.data.json() };
  } catch {
    if (event.data) nachricht.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(nachricht.title, {
      body: nachricht.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-64.png',
      tag: nachricht.art,
      data: { url: nachricht.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const ziel = new URL(event.notification.data?.url || '/', self.location.origin);
  // only the app's own addresses are opened
  const url = ziel.origin === self.location.origin ? ziel.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((fenster) => {
      for (const f of fenster) if ('focus' in f) return f.navigate(url).then((n) => (n ?? f).focus());
      return self.clients.openWindow(url);
    }),
  );
});
