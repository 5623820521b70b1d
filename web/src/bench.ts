// Entry point of bench.html, driven by scripts/bench-compare.mjs in headless Chromium and Firefox. It runs
// engine bench requests through the same worker bridge as the playground, and pairs wasm records
// with native ones using the page's own comparison rule (app/compare.ts). Both sides' records
// come from the engine itself, so they carry its case_key.
import { relaxedSimd } from 'wasm-feature-detect';
import { learnIsas, nativeCounterpart } from './app/compare';
import { cpuLoadText, markSharedCpu, readCpuLoad } from './app/native';
import { ratioOf, ratioText } from './app/ratio';
import type { Catalog } from './share/engine-types';
import { peerTiming } from './peers/timing';
import { views } from './puzzles';
import type { Build } from './share/builds';
import type { Environment, Params, Timing } from './share/schema';
import type { PageRecord } from './share/verify';
import { WorkerBridge } from './worker/bridge';

interface BenchResult {
  environment: Environment;
  /** Each bench case's short alias by its name, where it has one (chess: "kiwipete d5"). */
  aliases: Record<string, string>;
  response: { ok: boolean; error?: string; report?: { records: PageRecord[] } };
}

/** A browser peer on one case (chess: Stockfish.js, chess.js), as the page runs it. */
type PeerResult = { skipped: string } | { error: string } | { answer: PageRecord['answer']; work: number; timing: Timing; startup_ns: number };

const api = {
  /** Whether this browser validates Relaxed SIMD (the relaxed build runs only where it does). */
  relaxedSimd(): Promise<boolean> {
    return relaxedSimd();
  },
  async bench(build: Build, request: unknown): Promise<BenchResult> {
    const bridge = new WorkerBridge(build);
    try {
      const environment = await bridge.start();
      const catalog = await bridge.call<Catalog>({ action: 'catalog' });
      learnIsas(catalog.isas);
      const aliases = Object.fromEntries(catalog.puzzles.flatMap((p) => p.bench_cases.flatMap((c) => (c.alias ? [[c.name, c.alias]] : []))));
      const response = await bridge.call<BenchResult['response']>(request, (e) => console.log(`progress ${JSON.stringify(e)}`));
      return { environment, aliases, response };
    } finally {
      bridge.stop();
    }
  },
  /** The puzzles of a build's catalog, with their bench cases' names and aliases. */
  async puzzles(build: Build): Promise<{ id: string; cases: string[] }[]> {
    const bridge = new WorkerBridge(build);
    try {
      await bridge.start();
      const catalog = await bridge.call<Catalog>({ action: 'catalog' });
      return catalog.puzzles.map((p) => ({ id: p.id, cases: p.bench_cases.flatMap((c) => (c.alias ? [c.name, c.alias] : [c.name])) }));
    } finally {
      bridge.stop();
    }
  },
  /** The peers the puzzle's view has (kernel names). */
  peers(puzzle: string): string[] {
    return (views.get(puzzle)?.peers ?? []).map((p) => p.peer.kernel);
  },
  /** One peer on one case; `work`: the count our kernels agree on, for the peer's budget. */
  async peer(puzzle: string, kernel: string, params: Params, work: number | null): Promise<PeerResult> {
    const program = views.get(puzzle)?.peers?.find((p) => p.peer.kernel === kernel);
    if (!program) return { error: `${puzzle} has no browser peer '${kernel}'` };
    const why = (await program.availability()) ?? program.skip(params, work);
    if (why) return { skipped: why };
    try {
      const run = await program.run(params, () => {});
      return { answer: run.answer, work: run.work, timing: peerTiming(run.samplesNs, run.work), startup_ns: run.startupNs };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  },
  /** `cpuLoad`: how busy the CPU was while the native numbers were measured (the served
   * cpu_load), `wasmLoad` the same while the browser measured these wasm records
   * (bench-compare.mjs): either side measured on a shared CPU makes a ratio doubtful, as on the page.
   * `nativeElsewhere`: where the native report was measured when not on this machine (its
   * sameMachine is false), in words: every ratio then says "another machine", as on the page. */
  compare(wasmRecords: PageRecord[], nativeRecords: PageRecord[], cpuLoad?: unknown, wasmLoad?: unknown, nativeElsewhere: string | null = null) {
    const native = markSharedCpu(nativeRecords, readCpuLoad(cpuLoad)) as PageRecord[];
    const wasm = markSharedCpu(wasmRecords, readCpuLoad(wasmLoad)) as PageRecord[];
    return wasm.map((record) => {
      const counterpart = nativeCounterpart(record, native);
      const ratio = counterpart ? ratioOf(record, counterpart.record, { otherMachine: nativeElsewhere }) : null;
      return { record, native: counterpart?.record ?? null, sameWidth: counterpart?.sameWidth ?? false, ratio: ratio?.value ?? null, ratioText: ratioText(ratio) };
    });
  },
  /** Records marked where the CPU was shared while they were measured (`load`: cores and the
   * others' cores by "<puzzle>|<case>", scripts/lib/cpu-load.mjs). */
  markShared(records: PageRecord[], load: unknown): PageRecord[] {
    return markSharedCpu(records, readCpuLoad(load)) as PageRecord[];
  },
  /** Speed ratios as the page shows them, with their range and doubt: for each [a, b], a's speed
   * relative to b's (b's time over a's), "–" where either is missing; `otherMachine`: the two sides
   * of every pair come from two machines (a native report from elsewhere against this browser),
   * in words, so each ratio says "another machine". */
  ratios(pairs: [PageRecord | null, PageRecord | null][], otherMachine: string | null = null): string[] {
    return pairs.map(([a, b]) => (a && b ? ratioText(ratioOf(a, b, { otherMachine })) : '–'));
  },
  /** A load in the Native panel's words: how many cases were measured on a shared CPU. */
  loadText(load: unknown): { shared: boolean; text: string } | null {
    const read = readCpuLoad(load);
    return read?.cases.size ? cpuLoadText(read) : null;
  },
};

(window as unknown as { simdPuzzles: typeof api }).simdPuzzles = api;
document.body.dataset.ready = 'true';
