// Cross-origin isolation: what makes performance.now() finer (in Chromium 5 µs instead of 100 µs;
// Firefox ESR was measured at 20 µs: the page says the step it measured, never one written in). A server
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

/** The timer's step in words, from the step the engine measured (Environment.timer_resolution_ns):
 * browsers round performance.now() to 5 µs (isolated) or 100 µs, but Firefox to 20 µs, and a
 * privacy setting can coarsen any of them: only the measurement says. */
export function timerStepText(timerResolutionNs: number): string {
  if (!Number.isFinite(timerResolutionNs) || timerResolutionNs <= 0) return 'an unknown step';
  if (timerResolutionNs < 1000) return `${Math.round(timerResolutionNs)} ns`;
  const us = timerResolutionNs / 1000;
  return `${us < 10 ? us.toFixed(1).replace(/\.0$/, '') : Math.round(us)} µs`;
}

// A timer this coarse makes short runs noisy: a 10 ms batch is then fewer than 200 ticks.
const COARSE_TIMER_NS = 50_000;

/** What the isolation in effect means, in a line for the Environment panel; `timerResolutionNs`:
 * the step this browser's timer was measured to take, when known (never a step written in). */
export function isolationText(isolation: Isolation, timerResolutionNs?: number): string {
  const timer = timerResolutionNs === undefined ? null
    : `the timer was measured to tick at ${timerStepText(timerResolutionNs)}${timerResolutionNs >= COARSE_TIMER_NS ? ', so short runs are noisy' : ''}`;
  switch (isolation.kind) {
    case 'server-headers':
      return `yes, by the server’s COOP/COEP headers${timer ? `: ${timer}` : ''}`;
    case 'service-worker':
      return `yes, by this site’s service worker (coi-sw.js adds COOP/COEP; the host sends none)${timer ? `: ${timer}` : ''}`;
    case 'none':
      return `no: ${isolation.reason ?? 'no COOP/COEP headers'}${timer ? `; ${timer}` : ''}`;
  }
}
