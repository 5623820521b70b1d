// Entry point of bench.html, driven by scripts/bench-compare.mjs in headless Chromium. It runs
// engine bench requests through the same worker bridge as the playground, and pairs wasm records
// with native ones using the page's own comparison rule (app/compare.ts).
import { learnIsas, nativeCounterpart, speedRatio } from './app/compare';
import type { Catalog } from './app/engine-types';
import type { Build, Environment, ResultRecord } from './share/schema';
import { WorkerBridge } from './worker/bridge';

interface BenchResult {
  environment: Environment;
  response: { ok: boolean; error?: string; report?: { records: ResultRecord[] } };
}

const api = {
  async bench(build: Build, request: unknown): Promise<BenchResult> {
    const bridge = new WorkerBridge(build);
    try {
      const environment = await bridge.start();
      learnIsas((await bridge.call<Catalog>({ action: 'catalog' })).isas);
      const response = await bridge.call<BenchResult['response']>(request, (e) => console.log(`progress ${JSON.stringify(e)}`));
      return { environment, response };
    } finally {
      bridge.stop();
    }
  },
  compare(wasm: ResultRecord[], native: ResultRecord[]) {
    return wasm.map((record) => {
      const counterpart = nativeCounterpart(record, native);
      return { record, native: counterpart?.record ?? null, sameWidth: counterpart?.sameWidth ?? false, ratio: counterpart ? speedRatio(record, counterpart.record) : null };
    });
  },
};

(window as unknown as { simdPuzzles: typeof api }).simdPuzzles = api;
document.body.dataset.ready = 'true';
