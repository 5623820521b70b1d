// The environment panel: this browser, the native numbers' machine (with an honest label), and
// the sharer's, when a link brought one.
import type { Environment } from '../share/schema';
import { h } from './dom';
import { isolationText, type Isolation } from './isolation';
import { NATIVE_REPORT_COMMAND, type NativeSource, type ServedBenchStatus } from './native';

/** `isolation`: this page's own, which says how it is isolated, not only whether. */
function rows(env: Environment, isolation: Isolation | null = null): [string, string][] {
  const out: [string, string][] = [];
  if (env.user_agent) out.push(['browser', env.user_agent]);
  if (env.cores !== undefined) out.push(['cores', String(env.cores)]);
  if (isolation) out.push(['cross-origin isolated', isolationText(isolation)]);
  else if (env.cross_origin_isolated !== undefined)
    out.push(['cross-origin isolated', env.cross_origin_isolated ? 'yes (5 µs timer)' : 'no (100 µs timer: short runs are noisy)']);
  if (env.simd128_supported !== undefined) out.push(['wasm SIMD128', env.simd128_supported ? 'supported' : 'not supported']);
  out.push(['cpu', env.cpu], ['arch', env.arch], ['features', env.features || '–'], ['compiler', env.compiler], ['flags', env.flags || '–']);
  out.push(['timer resolution', `${env.timer_resolution_ns.toFixed(0)} ns`], ['measured', env.date]);
  return out;
}

function card(title: string, note: string, env: Environment | null, id: string, isolation: Isolation | null = null): HTMLElement {
  return h('section', { className: 'env-card', attrs: { 'data-env': id } },
    h('h3', {}, title),
    h('p', { className: 'env-note' }, note),
    env ? h('dl', {}, ...rows(env, isolation).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])) : null,
  );
}

/** `measuring`: the server's background native benchmark, while it builds or measures;
 * `isolation`: how this page is cross-origin isolated. */
export function environmentPanel(browser: Environment | null, native: NativeSource | null, sharer: { environment: Environment; native: Environment | null } | null, measuring: ServedBenchStatus | null, isolation: Isolation | null = null): HTMLElement {
  const yours = `For your own machine's numbers: run \`${NATIVE_REPORT_COMMAND}\` and import the file.`;
  const nativeNote = !native && measuring
    ? measuring.phase === 'build'
      ? '`npm start` is building the native CLI on this machine; its numbers appear here as it measures them.'
      : '`npm start` is measuring this machine; its numbers appear here as each puzzle finishes.'
    : !native
    ? `No native numbers: run \`npm start\` on this machine, or \`${NATIVE_REPORT_COMMAND}\` and import the file.`
    : native.origin === 'same-machine'
      ? 'Same machine: measured by `npm start` on the computer serving this page.'
      : native.origin === 'served'
        ? 'Served with the page, but not measured on this machine: ratios compare different machines.'
        : native.origin === 'shipped'
          ? `Shipped with this site, measured on ${native.report.environment.cpu} by whoever built it: ratios compare your browser with that machine. ${yours}`
          : `Imported from ${native.fileName ?? 'a file'}: ratios compare different machines unless you know otherwise.`;
  return h('div', { className: 'env-panel' },
    card('This browser', 'Where your wasm runs.', browser, 'browser', isolation),
    card('Native', nativeNote, native?.report.environment ?? null, 'native'),
    sharer ? card('Sharer', 'From the shared link (their browser).', sharer.environment, 'sharer') : null,
    sharer?.native ? card('Sharer’s native', 'The native numbers the sharer had.', sharer.native, 'sharer-native') : null,
  );
}
