// The Web Worker: loads one wasm flavour and answers engine requests, posting progress events
// while the C++ harness runs. Long runs are stopped by terminating this worker (bridge.ts), so
// nothing here needs to be interruptible.
import { simd } from 'wasm-feature-detect';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import simdWasmUrl from '@wasm/simd/simd-puzzles.wasm?url';
import baselineWasmUrl from '@wasm/baseline/simd-puzzles.wasm?url';
import type { Build } from '../share/builds';
import { engineOf } from '../share/js-engine';
import type { Environment } from '../share/schema';
import type { FromWorker, ToWorker } from './protocol';
import { wellFormed } from '../share/text';

// The parts of DedicatedWorkerGlobalScope used here (the page's TS config uses the DOM library).
interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  crossOriginIsolated: boolean;
}
const scope = self as unknown as WorkerScope;
let module: SimdPuzzlesModule | null = null;

function post(message: FromWorker) {
  scope.postMessage(message);
}

async function load(build: Build): Promise<SimdPuzzlesModule> {
  if (build === 'simd128') {
    const { default: create } = await import('@wasm/simd/simd-puzzles.mjs');
    return create({ locateFile: () => simdWasmUrl });
  }
  const { default: create } = await import('@wasm/baseline/simd-puzzles.mjs');
  return create({ locateFile: () => baselineWasmUrl });
}

async function init(build: Build) {
  const simd128 = await simd();
  if (build === 'simd128' && !simd128) {
    post({ type: 'init-error', message: 'This browser cannot run WebAssembly SIMD128; use the baseline build.' });
    return;
  }
  try {
    module = await load(build);
  } catch (e) {
    post({ type: 'init-error', message: `Could not load the ${build} module: ${String(e)}` });
    return;
  }
  const native = JSON.parse(module.handle(JSON.stringify({ action: 'environment' }), null)).environment;
  const environment: Environment = {
    ...native,
    user_agent: navigator.userAgent.slice(0, 400),
    cores: navigator.hardwareConcurrency || 0,
    cross_origin_isolated: scope.crossOriginIsolated === true,
    simd128_supported: simd128,
  };
  const engine = engineOf(navigator.userAgent);
  if (engine) environment.engine = engine;
  post({ type: 'ready', environment });
}

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    void init(msg.build);
    return;
  }
  if (!module) {
    post({ type: 'response', id: msg.id, response: { ok: false, error: 'the wasm module is not loaded' } });
    return;
  }
  if (msg.type === 'input') {
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
  const text = module.handle(request, (event) =>
    post({ type: 'progress', id, event: JSON.parse(event) }),
  );
  post({ type: 'response', id, response: JSON.parse(text) });
};
