// Cross-origin isolation: what makes performance.now() tick at 5 µs instead of 100 µs. A server
// that sends COOP/COEP (`npm start`, a host reading web/public/_headers) gives it at once; on a
// static host that sends nothing, the service worker coi-sw.js adds the headers, which takes one
// reload on the first visit (a page is isolated only by the response it was loaded with). The page
// says which one it got (PageState.isolation, the Environment panel).
export type IsolationKind = 'server-headers' | 'service-worker' | 'none';

export interface Isolation {
  kind: IsolationKind;
  /** Why there is none, when there is none. */
  reason?: string;
}

const SERVICE_WORKER = 'coi-sw.js';
// Set just before the one reload, so a service worker that does not help cannot loop the page.
const RELOADED = 'simd-puzzles:coi-reloaded';
const ACTIVATE_MS = 10_000;

/** The isolation in effect, after registering the service worker if it is needed; 'reloading'
 * when the page is about to reload to come back isolated (start nothing then). */
export async function ensureIsolation(): Promise<Isolation | 'reloading'> {
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const ours = workers?.controller?.scriptURL.endsWith(`/${SERVICE_WORKER}`) === true;
  const reloaded = takeReloadMark();
  if (self.crossOriginIsolated) return { kind: ours ? 'service-worker' : 'server-headers' };
  if (!workers || !window.isSecureContext)
    return { kind: 'none', reason: 'the server sends no COOP/COEP headers, and service workers need https (or localhost)' };
  if (reloaded) return { kind: 'none', reason: 'the server sends no COOP/COEP headers, and the service worker that adds them did not take effect' };
  try {
    // Relative to the page: the site may live under any sub-path.
    await workers.register(new URL(SERVICE_WORKER, document.baseURI), { scope: './' });
    // `ready` waits for a worker to activate, which one that fails to install never does.
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('it did not activate within 10 s')), ACTIVATE_MS));
    await Promise.race([workers.ready, timeout]);
  } catch (e) {
    return { kind: 'none', reason: `the server sends no COOP/COEP headers, and the service worker that adds them could not start (${String(e).slice(0, 120)})` };
  }
  // Without storage (blocked by the browser) a reload could not tell it already happened.
  if (!markReload()) return { kind: 'none', reason: 'the server sends no COOP/COEP headers, and this browser blocks the storage the one reload needs' };
  location.reload();
  return 'reloading';
}

/** Whether the page reloaded itself to become isolated (and forgets it). */
function takeReloadMark(): boolean {
  try {
    const marked = sessionStorage.getItem(RELOADED) !== null;
    sessionStorage.removeItem(RELOADED);
    return marked;
  } catch {
    return false;
  }
}

function markReload(): boolean {
  try {
    sessionStorage.setItem(RELOADED, '1');
    return true;
  } catch {
    return false;
  }
}

/** What the isolation in effect means, in a line for the Environment panel. */
export function isolationText(isolation: Isolation): string {
  switch (isolation.kind) {
    case 'server-headers':
      return 'yes, by the server’s COOP/COEP headers: the timer ticks at 5 µs';
    case 'service-worker':
      return 'yes, by this site’s service worker (coi-sw.js adds COOP/COEP; the host sends none): the timer ticks at 5 µs';
    case 'none':
      return `no: ${isolation.reason ?? 'no COOP/COEP headers'}; the timer ticks at 100 µs, so short runs are noisy`;
  }
}
