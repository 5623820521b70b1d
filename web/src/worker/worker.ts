// The Web Worker: loads one wasm flavour and answers engine requests, posting progress events
// while the C++ harness runs. Long runs are stopped by terminating this worker (bridge.ts), so
// nothing here needs to be interruptible. The `js` build's worker loads a wasm module too, as the
// engine that checks params and judges answers, and runs the plain-JavaScript kernels in its place
// (web/src/js-kernels/runner.ts).
import { relaxedSimd, simd } from 'wasm-feature-detect';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import simdWasmUrl from '@wasm/simd/simd-puzzles.wasm?url';
import relaxedWasmUrl from '@wasm/relaxed/simd-puzzles.wasm?url';
import baselineWasmUrl from '@wasm/baseline/simd-puzzles.wasm?url';
import type { Build } from '../share/builds';
import { engineOf } from '../share/js-engine';
import type { Environment } from '../share/schema';
import type { FromWorker, ModuleUrls, ToWorker } from './protocol';
import { wellFormed } from '../share/text';
import { JsRunner, JS_RECORD_BUILD } from '../js-kernels/runner';

// The parts of DedicatedWorkerGlobalScope used here (the page's TS config uses the DOM library).
interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  crossOriginIsolated: boolean;
}
const scope = self as unknown as WorkerScope;
let module: SimdPuzzlesModule | null = null;
let runner: JsRunner | null = null;

function post(message: FromWorker) {
  scope.postMessage(message);
}

async function load(build: Exclude<Build, 'js'>, modules?: ModuleUrls): Promise<SimdPuzzlesModule> {
  if (modules) {
    // A playground build of the user's kernel: only ever a URL of the page's own server
    // (app/playground/api.ts checks it), loaded like our own module.
    const url = new URL(modules.mjs, location.href);
    if (url.origin !== location.origin) throw new Error('a module from another origin');
    const { default: create } = (await import(/* @vite-ignore */ url.href)) as { default: (options: { locateFile: () => string }) => Promise<SimdPuzzlesModule> };
    return create({ locateFile: () => new URL(modules.wasm, location.href).href });
  }
  if (build === 'simd128') {
    const { default: create } = await import('@wasm/simd/simd-puzzles.mjs');
    return create({ locateFile: () => simdWasmUrl });
  }
  if (build === 'relaxed') {
    const { default: create } = await import('@wasm/relaxed/simd-puzzles.mjs');
    return create({ locateFile: () => relaxedWasmUrl });
  }
  const { default: create } = await import('@wasm/baseline/simd-puzzles.mjs');
  return create({ locateFile: () => baselineWasmUrl });
}

async function init(build: Build, modules?: ModuleUrls) {
  const [simd128, relaxed] = await Promise.all([simd(), relaxedSimd()]);
  if (build === 'simd128' && !simd128) {
    post({ type: 'init-error', message: 'This browser cannot run WebAssembly SIMD128; use the baseline build.' });
    return;
  }
  if (build === 'relaxed' && !relaxed) {
    post({ type: 'init-error', message: 'This browser does not validate WebAssembly Relaxed SIMD; use the SIMD128 build.' });
    return;
  }
  const flavour = build === 'js' ? (simd128 ? 'simd128' : 'baseline') : build;
  try {
    module = await load(flavour, build === 'js' ? undefined : modules);
  } catch (e) {
    post({ type: 'init-error', message: `Could not load the ${flavour} module: ${String(e)}` });
    return;
  }
  const native = JSON.parse(module.handle(JSON.stringify({ action: 'environment' }), null)).environment;
  // The js build's records are JavaScript's: its environment says so (the module only checks).
  const own = build === 'js' ? { build: JS_RECORD_BUILD, compiler: 'none: plain JavaScript, run by the browser\'s JIT', flags: `wasm ${flavour} module as the engine that checks params and answers` } : {};
  const environment: Environment = {
    ...native,
    ...own,
    user_agent: navigator.userAgent.slice(0, 400),
    cores: navigator.hardwareConcurrency || 0,
    cross_origin_isolated: scope.crossOriginIsolated === true,
    simd128_supported: simd128,
    relaxed_simd_supported: relaxed,
  };
  const jsEngine = engineOf(navigator.userAgent);
  if (jsEngine) environment.engine = jsEngine;
  if (build === 'js') {
    const engine = module;
    runner = new JsRunner((request, onProgress) => JSON.parse(engine.handle(JSON.stringify(request), onProgress ? (e) => onProgress(JSON.parse(e)) : null)),
      () => ({ ...environment, date: new Date().toISOString().slice(0, 19) + 'Z' }));
  }
  post({ type: 'ready', environment });
}

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    void init(msg.build, msg.modules);
    return;
  }
  if (!module) {
    post({ type: 'response', id: msg.id, response: { ok: false, error: 'the wasm module is not loaded' } });
    return;
  }
  if (msg.type === 'input') {
    runner?.setInput(msg.bytes);
    if (msg.bytes === null) {
      module.clearInput();
      post({ type: 'response', id: msg.id, response: { ok: true } });
      return;
    }
    const ok = module.setInput(msg.bytes);
    post({ type: 'response', id: msg.id, response: ok ? { ok: true } : { ok: false, error: 'the file is too large for the wasm module' } });
    return;
  }
  const id = msg.id;
  // Lone surrogates become U+FFFD (share/text.ts), so the engine can report the bad value.
  const request = JSON.stringify(msg.request, (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value));
  if (runner) {
    let response: unknown;
    try {
      response = runner.handle(JSON.parse(request), (event) => post({ type: 'progress', id, event }));
    } catch (e) {
      response = { ok: false, error: `a JavaScript kernel failed: ${e instanceof Error ? e.message : String(e)}` };
    }
    post({ type: 'response', id, response });
    return;
  }
  const text = module.handle(request, (event) =>
    post({ type: 'progress', id, event: JSON.parse(event) }),
  );
  post({ type: 'response', id, response: JSON.parse(text) });
};
