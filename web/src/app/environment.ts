// The environment panel: this browser, the native numbers' machine (with an honest label), and
// the sharer's, when a link (or an imported file of a browser's results) brought one.
import type { Environment } from '../share/schema';
import { engineLabel } from '../share/js-engine';
import { h } from './dom';
import type { NativeSource, ServedBenchStatus } from './native';
import type { Sharer } from './state/store';

function rows(env: Environment): [string, string][] {
  const out: [string, string][] = [];
  if (env.engine) out.push(['engine', `${engineLabel(env.engine)} (${env.engine.browser})`]);
  if (env.user_agent) out.push(['browser', env.user_agent]);
  if (env.cores !== undefined) out.push(['cores', String(env.cores)]);
  if (env.cross_origin_isolated !== undefined)
    out.push(['cross-origin isolated', env.cross_origin_isolated ? 'yes (5 µs timer)' : 'no (100 µs timer: short runs are noisy)']);
  if (env.simd128_supported !== undefined) out.push(['wasm SIMD128', env.simd128_supported ? 'supported' : 'not supported']);
  out.push(['cpu', env.cpu], ['arch', env.arch], ['features', env.features || '–'], ['compiler', env.compiler], ['flags', env.flags || '–']);
  out.push(['timer resolution', `${env.timer_resolution_ns.toFixed(0)} ns`], ['measured', env.date]);
  return out;
}

function card(title: string, note: string, env: Environment | null, id: string): HTMLElement {
  return h('section', { className: 'env-card', attrs: { 'data-env': id } },
    h('h3', {}, title),
    h('p', { className: 'env-note' }, note),
    env ? h('dl', {}, ...rows(env).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])) : null,
  );
}

/** `measuring`: the server's background native benchmark, while it builds or measures. */
export function environmentPanel(browser: Environment | null, native: NativeSource | null, sharer: Sharer | null, measuring: ServedBenchStatus | null): HTMLElement {
  const nativeNote = !native && measuring
    ? measuring.phase === 'build'
      ? '`npm start` is building the native CLI on this machine; its numbers appear here as it measures them.'
      : '`npm start` is measuring this machine; its numbers appear here as each puzzle finishes.'
    : !native
    ? 'No native numbers: run `npm start` on this machine, or import a report from `simd-puzzles bench --json`.'
    : native.origin === 'same-machine'
      ? 'Same machine: measured by `npm start` on the computer serving this page.'
      : native.origin === 'served'
        ? 'Served with the page, but not measured on this machine: ratios compare different machines.'
        : `Imported from ${native.fileName ?? 'a file'}: ratios compare different machines unless you know otherwise.`;
  return h('div', { className: 'env-panel' },
    card('This browser', 'Where your wasm runs.', browser, 'browser'),
    card('Native', nativeNote, native?.report.environment ?? null, 'native'),
    sharer ? card(sharer.from ? 'Imported browser results' : 'Sharer', sharer.from ? `From ${sharer.from}, results a browser exported (their browser).` : 'From the shared link (their browser).', sharer.environment, 'sharer') : null,
    sharer?.native ? card('Sharer’s native', 'The native numbers the sharer had.', sharer.native, 'sharer-native') : null,
  );
}
