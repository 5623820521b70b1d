// Cross-origin isolation for static hosts that cannot send headers: this service worker adds
// COOP/COEP to every response of the page's own origin, so the page (after one reload on the first
// visit: a page is isolated only by the response it was loaded with) gets SharedArrayBuffer-grade
// timers, 5 µs instead of 100 µs. The well-known coi-serviceworker approach (gzuidhof, MIT), cut to
// what this page needs; web/src/app/isolation.ts registers it, reloads once, and says which
// isolation is in effect. Hosts that send the headers themselves (web/public/_headers, or the
// server config in docs/page.md) never need it.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Chromium throws on these when they are not same-origin.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  // Only the page's own files: everything it loads comes from its origin.
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).then((response) => {
      if (response.status === 0) return response; // opaque: nothing to add headers to
      const headers = new Headers(response.headers);
      headers.set('Cross-Origin-Opener-Policy', 'same-origin');
      headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
      headers.set('Cross-Origin-Resource-Policy', 'same-origin');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }),
  );
});
