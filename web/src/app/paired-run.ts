// Paired native and wasm rounds: where the page's own server measures natively (npm start), a Run
// takes its rounds in passes that alternate the sides (each wasm build's worker and the resident
// native engine), one round of every kernel per side per pass, ABBA across passes (S B N, then
// N B S) so a drift of the machine cancels. A slow phase then hits a wasm round and the native
// round beside it alike, and a ratio's interval comes from the per-pass ratios (app/ratio.ts,
// share/rounds.ts). Each side keeps the case prepared, verified and warmed up between passes (the
// engine's "session", cpp/core/engine.h), so a pass costs its rounds only. More passes while any
// timing's interval is wider than +-5 %, up to a cap and a time budget the status line shows.
import type { Build } from '../share/builds';
import type { ProgressEvent, RunResponse } from '../share/engine-types';
import type { Params } from '../share/schema';
import type { PageRecord } from '../share/verify';
import { timingOfRounds } from '../js-kernels/harness';
import { enough, timeEstimate } from '../share/rounds';
import { markSharedCpu, readNativeRunStatus, startNativeRun } from './native';

/** The passes' rules (share them with the tests): at least `minPasses`, then more while an interval
 * is wider than +-`halfWidth`, up to `maxPasses` or `budgetMs`. */
export const PAIRED_PLAN = { minPasses: 6, maxPasses: 20, budgetMs: 60_000, halfWidth: 0.05, batchMs: 10 } as const;

/** Where a person (or a test of something else) turns pairing off: localStorage[PAIRING_KEY] = 'off'. */
export const PAIRING_KEY = 'simd-puzzles.pair-with-native';

export function pairingWanted(): boolean {
  try {
    return globalThis.localStorage?.getItem(PAIRING_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Where the page's timing rules can be made quicker, for checks of the page that are not about
 * its numbers (the e2e layer): localStorage[HARNESS_KEY] = 'smoke' gives Run and Benchmark 3
 * rounds of 1 ms batches (the Suite's smoke profile) instead of the engine's own rules. Nothing
 * on the page sets it. */
export const HARNESS_KEY = 'simd-puzzles.harness-profile';
export const SMOKE_HARNESS = { rounds: 3, batch_ms: 1 } as const;

export function pageHarness(): typeof SMOKE_HARNESS | undefined {
  try {
    return globalThis.localStorage?.getItem(HARNESS_KEY) === 'smoke' ? SMOKE_HARNESS : undefined;
  } catch {
    return undefined;
  }
}

/** The paired plan by the smoke rules (HARNESS_KEY, tests of the page): 3 to 6 passes within
 * 15 s, so a test's paired Run (playground runs always pair) costs seconds, not a minute. */
export const SMOKE_PAIRED_PLAN = { ...PAIRED_PLAN, minPasses: 3, maxPasses: 6, budgetMs: 15_000 } as const;

/** The plan a Run's paired rounds follow: PAIRED_PLAN, or the smoke one where a test asks. */
export const pairedPlan = () => (pageHarness() ? SMOKE_PAIRED_PLAN : PAIRED_PLAN);

/** One side of the comparison: a wasm build's worker, or the native engine. */
export interface PairedSide {
  side: Build | 'native';
  /** Kernel selectors for its requests (["all"] natively: every native kernel is a counterpart). */
  kernels: string[];
  /** One request to this side: its records, or why not. */
  call(request: unknown, onProgress: (e: ProgressEvent) => void, signal: AbortSignal): Promise<RunResponse>;
}

export interface PairedProgress {
  pass: number;
  passes: number;
  side: Build | 'native';
  event?: ProgressEvent;
  elapsedMs: number;
}

export interface PairedResult {
  /** Every side's records, each with all its rounds (timing), `session` and `paired`. */
  records: Map<Build | 'native', PageRecord[]>;
  passes: number;
  /** Why the passes ended: enough rounds for +-5 %, the pass cap, or the time budget. */
  ended: 'precise' | 'cap' | 'budget';
  /** The first answer of each side: skipped and failed kernels, the drawing. */
  first: Map<Build | 'native', Extract<RunResponse, { ok: true }>>;
}

/** The order of the sides in pass `pass`: forwards, then backwards (ABBA). */
export function passOrder<T>(sides: readonly T[], pass: number): T[] {
  return pass % 2 === 0 ? [...sides] : [...sides].reverse();
}

interface Rounds {
  record: PageRecord;
  rounds: number[];
  reference: number[]; // the reference loop's rounds of the same requests (harness.h, point 5)
  reps: number;
  settled: boolean;
}

const keyOf = (r: PageRecord) => `${r.kernel}/${r.isa}`;

/** What the stopping rule (share/rounds.ts enough) says of the rounds so far: every timing's
 * interval within +-plan.halfWidth, or more passes, or the pass cap. */
export function verdict(all: Iterable<Rounds>, plan: { minPasses: number; maxPasses: number; halfWidth: number } = PAIRED_PLAN): 'more' | 'precise' | 'cap' {
  return enough([...all].map((r) => timeEstimate(r.rounds)), { minPasses: plan.minPasses, maxPasses: plan.maxPasses, halfWidth: Math.log1p(plan.halfWidth) });
}

/** Runs the passes. A side that refuses (its error) ends the session with that error. */
export async function pairedRounds(
  sides: readonly PairedSide[],
  puzzle: string,
  params: Params,
  signal: AbortSignal,
  onProgress: (p: PairedProgress) => void,
  plan: { minPasses: number; maxPasses: number; budgetMs: number; halfWidth: number; batchMs: number } = PAIRED_PLAN,
): Promise<PairedResult> {
  const session = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const started = performance.now();
  const acc = new Map<Build | 'native', Map<string, Rounds>>(sides.map((s) => [s.side, new Map()]));
  const first = new Map<Build | 'native', Extract<RunResponse, { ok: true }>>();
  let pass = 0;
  let ended: PairedResult['ended'] = 'cap';
  for (; pass < plan.maxPasses; ++pass) {
    if (pass >= plan.minPasses) {
      if (verdict([...acc.values()].flatMap((m) => [...m.values()]), plan) === 'precise') {
        ended = 'precise';
        break;
      }
      if (performance.now() - started >= plan.budgetMs) {
        ended = 'budget';
        break;
      }
    }
    const passes = Math.max(plan.minPasses, pass + 1);
    for (const side of passOrder(sides, pass)) {
      const request = { action: 'run', puzzle, params, kernels: side.kernels, time: true, harness: { rounds: 1, batch_ms: plan.batchMs }, session };
      const response = await side.call(request, (event) => onProgress({ pass: pass + 1, passes, side: side.side, event, elapsedMs: performance.now() - started }), signal);
      if (!response.ok) throw new Error(`${side.side === 'native' ? 'native' : side.side}: ${response.error}`);
      if (!first.has(side.side)) first.set(side.side, response);
      const mine = acc.get(side.side)!;
      for (const r of response.results as PageRecord[]) {
        const t = r.timing;
        if (!t?.round_ns?.length) continue;
        const had = mine.get(keyOf(r));
        if (had) {
          had.rounds.push(...t.round_ns);
          had.reference.push(...(t.reference_ns ?? []));
          had.settled &&= t.settled !== false;
        } else {
          mine.set(keyOf(r), { record: r, rounds: [...t.round_ns], reference: [...(t.reference_ns ?? [])], reps: t.reps_per_sample, settled: t.settled !== false });
        }
      }
      onProgress({ pass: pass + 1, passes, side: side.side, elapsedMs: performance.now() - started });
    }
  }
  const records = new Map<Build | 'native', PageRecord[]>();
  for (const [side, mine] of acc) {
    records.set(side, [...mine.values()].map(({ record, rounds, reference, reps, settled }) => ({
      ...record,
      timing: timingOfRounds(rounds, reps, record.work, settled, reference),
      session,
      paired: true,
    })));
  }
  return { records, passes: pass, ended, first };
}

/** One request to the resident native engine through the page's server (scripts/lib/native-run.mjs):
 * POST it, then wait for its end (GET ?wait=). Its records carry the CPU load the server saw. */
export async function nativeRound(request: unknown, signal: AbortSignal): Promise<RunResponse> {
  const started = await startNativeRun(request as Parameters<typeof startNativeRun>[0]);
  if ('error' in started) return { ok: false, error: started.error };
  const stop = () => void fetch('api/native-run', { method: 'DELETE', headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      if (signal.aborted) return { ok: false, error: 'stopped' };
      const res = await fetch(`api/native-run?wait=${started.id}`, { cache: 'no-store', signal });
      const st = readNativeRunStatus(await res.json().catch(() => null));
      if (!st || st.state === 'idle' || st.id !== started.id) return { ok: false, error: 'the server lost the native run' };
      if (st.state === 'running') continue;
      if (st.state !== 'done') return { ok: false, error: st.error };
      const results = markSharedCpu(st.source.report.records, st.source.cpuLoad) as PageRecord[];
      const any = results[0];
      return { ok: true, puzzle: any?.puzzle ?? '', case: any?.case ?? '', case_key: any?.case_key ?? '', params: any?.params ?? {}, work_unit: any?.work_unit ?? '', results, skipped: [], failed: [], illustration: null };
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
