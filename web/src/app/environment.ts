// The environment panel: this browser, the native numbers' machine (with an honest label), and
// the sharer's, when a link (or an imported file of a browser's results) brought one.
import type { Environment } from '../share/schema';
import { engineLabel } from '../share/js-engine';
import { h } from './dom';
import { isolationText, timerStepText, type Isolation } from './isolation';
import { cpuLoadText, NATIVE_REPORT_COMMAND, type NativeSource, type ServedBenchStatus } from './native';
import type { Sharer } from './state/store';

/** `isolation`: this page's own, which says how it is isolated, not only whether. */
function rows(env: Environment, isolation: Isolation | null = null): [string, string][] {
  const out: [string, string][] = [];
  if (env.engine) out.push(['engine', `${engineLabel(env.engine)} (${env.engine.browser})`]);
  if (env.user_agent) out.push(['browser', env.user_agent]);
  if (env.cores !== undefined) out.push(['cores', String(env.cores)]);
  // The timer's step comes from the engine's measurement in that browser (timer_resolution_ns).
  if (isolation) out.push(['cross-origin isolated', isolationText(isolation, env.timer_resolution_ns)]);
  else if (env.cross_origin_isolated !== undefined)
    out.push(['cross-origin isolated', `${env.cross_origin_isolated ? 'yes' : 'no'} (timer measured at ${timerStepText(env.timer_resolution_ns)})`]);
  if (env.simd128_supported !== undefined) out.push(['wasm SIMD128', env.simd128_supported ? 'supported' : 'not supported']);
  if (env.relaxed_simd_supported !== undefined)
    out.push(['wasm relaxed SIMD', env.relaxed_simd_supported ? 'supported: the relaxed build runs here' : 'not supported: this browser runs the SIMD128 and baseline builds only']);
  out.push(['cpu', env.cpu], ['arch', env.arch], ['features', env.features || '–'], ['compiler', env.compiler], ['flags', env.flags || '–']);
  out.push(['timer resolution', `${env.timer_resolution_ns.toFixed(0)} ns`], ['measured', env.date]);
  return out;
}

function card(title: string, note: string, env: Environment | null, id: string, isolation: Isolation | null = null, ...more: (HTMLElement | null)[]): HTMLElement {
  return h('section', { className: 'env-card', attrs: { 'data-env': id } },
    h('h3', {}, title),
    h('p', { className: 'env-note' }, note),
    ...more,
    env ? h('dl', {}, ...rows(env, isolation).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])) : null,
  );
}

/** How busy the CPU was while the server measured, where it said. */
function cpuNote(native: NativeSource | null): HTMLElement | null {
  if (!native?.cpuLoad?.cases.size || native.checking) return null;
  const { shared, text } = cpuLoadText(native.cpuLoad);
  return h('p', { className: shared ? 'env-cpu shared-cpu' : 'env-cpu', attrs: { 'data-cpu': shared ? 'shared' : 'quiet' } }, text);
}

/** The Native card's note: where its numbers come from, or why there are none yet (`measuring`:
 * the server's background benchmark; `measuredNow`: numbers measured on request exist). */
export function nativeNote(native: NativeSource | null, measuring: ServedBenchStatus | null, measuredNow: boolean): string {
  const yours = `For your own machine's numbers: run \`${NATIVE_REPORT_COMMAND}\` and import the file.`;
  return !native && measuredNow
    ? 'Measured now: the server measured the cases you asked for on this machine (Measure natively now).'
    : !native && measuring
    ? measuring.phase === 'build'
      ? '`npm start` is building the native CLI on this machine; its numbers appear here as it measures them.'
      : '`npm start` is measuring this machine; its numbers appear here as each puzzle finishes.'
    : !native
    ? `No native numbers: run \`npm start\` on this machine, or \`${NATIVE_REPORT_COMMAND}\` and import the file.`
    : native.checking
    ? `Checking… the native numbers ${native.origin === 'shipped' ? 'this site ships' : native.origin === 'imported' ? 'you imported' : 'served with the page'} are re-checked before they show.`
    : native.origin === 'same-machine'
      ? 'Same machine: measured by `npm start` on the computer serving this page.'
      : native.origin === 'served'
        ? 'Served with the page, but not measured on this machine: ratios compare different machines.'
        : native.origin === 'shipped'
          ? `Shipped with this site, measured on ${native.report.environment.cpu} by whoever built it: ratios compare your browser with that machine. ${yours}`
          : `Imported from ${native.fileName ?? 'a file'}: ratios compare different machines unless you know otherwise.`;
}

/** `measuring`: the server's background native benchmark, while it builds or measures;
 * `isolation`: how this page is cross-origin isolated; `measuredNow`: the machine of the numbers
 * measured on request (Measure natively now), `nativeExtra`: what the Native card offers besides. */
export function environmentPanel(browser: Environment | null, native: NativeSource | null, sharer: Sharer | null, measuring: ServedBenchStatus | null, isolation: Isolation | null = null, measuredNow: Environment | null = null, ...nativeExtra: (HTMLElement | null)[]): HTMLElement {
  const nativeNoteText = nativeNote(native, measuring, measuredNow !== null);
  return h('div', { className: 'env-panel' },
    card('This browser', 'Where your wasm runs.', browser, 'browser', isolation),
    card('Native', nativeNoteText, native?.report.environment ?? measuredNow, 'native', null, cpuNote(native), ...nativeExtra),
    sharer ? card(sharer.from ? 'Imported browser results' : 'Sharer', sharer.from ? `From ${sharer.from}, results a browser exported (their browser).` : 'From the shared link (their browser).', sharer.environment, 'sharer') : null,
    sharer?.native ? card('Sharer’s native', 'The native numbers the sharer had.', sharer.native, 'sharer-native') : null,
  );
}
