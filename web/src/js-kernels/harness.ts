// The measuring method of cpp/core/harness.cpp, for JavaScript kernels: the same rules, so a `js`
// row means what a wasm row does (that file's header says why each rule). Warm up until the
// medians of two 0.1 s windows of batches agree within 3 % (after a floor of 30 batches' time, at
// least 2 calls: V8 optimises a hot function for its next calls; a cap of 300 batches, then "did
// not settle"), calibrating the batch
// to >= 10 ms; then rounds (one discarded batch, three timed ones, their median per call) in passes
// of shuffled kernel order; the interval from the spread between rounds (t on logs); more passes
// while an interval is wider than +-5 %, up to max_rounds or the budget. The clock is
// performance.now(), the one the wasm harness reads too. Keep the two in step.
import { halfWidth, median, timeEstimate } from '../share/rounds';
import type { Timing } from '../share/schema';
import { mulberry32 } from '../share/seeded';

export { median };

export interface HarnessOptions {
  batchSeconds: number;
  rounds: number;
  batchesPerRound: number;
  maxRounds: number;
  budgetSeconds: number;
  seed: number;
  minWarmupCalls: number;
  warmupFloorBatches: number;
  warmupCapBatches: number;
  warmupWindowSeconds: number;
}

export const DEFAULT_HARNESS: HarnessOptions = { batchSeconds: 0.01, rounds: 6, batchesPerRound: 3, maxRounds: 6, budgetSeconds: 120, seed: 0, minWarmupCalls: 2, warmupFloorBatches: 30, warmupCapBatches: 300, warmupWindowSeconds: 0.1 };

const TARGET_HALF_WIDTH = Math.log1p(0.05);
const LONG_CALL_SECONDS = 0.1;
const STABLE_SPREAD = 1.03;
const SELF_WARMING_CALL_SECONDS = 0.001;

/** The engine's harness overrides ({rounds, batch_ms, batches, max_rounds, budget_s, seed}; min_samples and
 * min_sample_ms are the older names of the first two), with its bounds; or an error. */
export function harnessOptions(j: unknown): HarnessOptions | string {
  const o = { ...DEFAULT_HARNESS };
  if (j === undefined || j === null) return o;
  if (typeof j !== 'object' || Array.isArray(j)) return 'harness options must be an object';
  let maxGiven = false;
  const integerIn = (v: unknown, lo: number, hi: number) => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
  for (const [key, v] of Object.entries(j)) {
    if (key === 'rounds' || key === 'min_samples') {
      if (!integerIn(v, 3, 1000)) return `${key} must be an integer in 3..1000`;
      o.rounds = v as number;
    } else if (key === 'max_rounds') {
      if (!integerIn(v, 3, 1000)) return 'max_rounds must be an integer in 3..1000';
      o.maxRounds = v as number;
      maxGiven = true;
    } else if (key === 'batch_ms' || key === 'min_sample_ms') {
      if (typeof v !== 'number' || !(v >= 1) || v > 10000) return `${key} must be a number in 1..10000`;
      o.batchSeconds = v / 1000;
    } else if (key === 'batches') {
      if (!integerIn(v, 1, 9)) return 'batches must be an integer in 1..9';
      o.batchesPerRound = v as number;
    } else if (key === 'budget_s') {
      if (typeof v !== 'number' || !(v >= 0) || v > 86400) return 'budget_s must be a number in 0..86400';
      o.budgetSeconds = v;
    } else if (key === 'seed') {
      if (!integerIn(v, 0, Number.MAX_SAFE_INTEGER)) return 'seed must be a non-negative integer';
      o.seed = v as number;
    } else return `unknown harness option '${key.slice(0, 20)}'`;
  }
  o.maxRounds = maxGiven ? Math.max(o.maxRounds, o.rounds) : o.rounds;
  return o;
}

export interface HarnessProgress {
  phase: 'warmup' | 'sample';
  /** This kernel's rounds done, of those planned ("sample" is a round). */
  sample: number;
  samples: number;
  elapsedSeconds: number;
}

export type Clock = () => number; // seconds
const performanceClock: Clock = () => performance.now() / 1000;

/** The summary fields of a timing from its rounds (cpp/core/harness.cpp summarize_rounds); the
 * interval is share/rounds.ts's, the one the page's ratios and checks read. `referenceNs`: the
 * reference loop's rounds of the same passes (harness.h, point 5), carried as they are. */
export function timingOfRounds(roundNs: readonly number[], reps: number, work: number, settled: boolean, referenceNs: readonly number[] = []): Timing {
  const med = median(roundNs);
  const mad = median(roundNs.map((x) => Math.abs(x - med)));
  const perUnit = work > 0 && med > 0;
  const t: Timing = {
    samples: roundNs.length, reps_per_sample: reps, median_ns: med, min_ns: Math.min(...roundNs), mad_ns: mad,
    ns_per_unit: perUnit ? med / work : 0, units_per_second: perUnit ? work / (med * 1e-9) : 0,
    round_ns: [...roundNs], settled,
    ...(referenceNs.length ? { reference_ns: [...referenceNs] } : {}),
  };
  if (roundNs.length >= 2) {
    const e = timeEstimate(roundNs);
    t.ci_lo_ns = e.lo;
    t.ci_hi_ns = e.hi;
  }
  return t;
}

/** One kernel to measure: `op(reps)` calls it `reps` times; `work` is one call's work. A
 * `witness` (the reference loop) takes its rounds in every pass, but auto-sampling waits for the
 * others only. */
export interface Measured {
  op: (reps: number) => void;
  work: number;
  witness?: boolean;
}

// The reference loop of cpp/core/harness.cpp in JavaScript: 8-queens counted by bitmask
// backtracking, then a walk through a 64 KB table (one cycle through it: Sattolo's shuffle); that
// file says why these. Timed in every pass of a js run, it says how fast the machine (and the
// engine) ran meanwhile.
const REFERENCE_TABLE = (() => {
  const next = Uint32Array.from({ length: 16384 }, (_, i) => i);
  let x = 0x9e3779b9;
  for (let i = next.length - 1; i > 0; --i) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    const j = (x >>> 0) % i;
    [next[i], next[j]] = [next[j]!, next[i]!];
  }
  return next;
})();
const REFERENCE_WALK = 512;
let referenceAt = 0;
function queens(cols: number, left: number, right: number, all: number): number {
  if (cols === all) return 1;
  let n = 0;
  for (let free = all & ~(cols | left | right); free; free &= free - 1) {
    const bit = free & -free;
    n += queens(cols | bit, ((left | bit) << 1) & all, (right | bit) >>> 1, all);
  }
  return n;
}
export const referenceLoop: Measured = {
  witness: true,
  work: 1,
  op: (reps: number) => {
    let at = referenceAt;
    let found = 0;
    for (let r = 0; r < reps; ++r) {
      found += queens(0, 0, 0, 0xff);
      for (let i = 0; i < REFERENCE_WALK; ++i) at = REFERENCE_TABLE[at]!;
    }
    referenceAt = (at + found) & (REFERENCE_TABLE.length - 1); // the next call reads both: nothing to drop
  },
};

// The passes' order, shuffled by a seeded generator: repeatable with a seed, else a new one.
function shuffler(seed: number) {
  const next = mulberry32(seed >>> 0 || (Math.random() * 2 ** 32) >>> 0);
  return <T>(xs: T[]) => {
    for (let i = xs.length - 1; i > 0; --i) {
      const j = Math.floor(next() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
}

/** The whole method on several kernels at once: warm-up each, then interleaved rounds. */
export function measureInterleaved(kernels: readonly Measured[], options: HarnessOptions = DEFAULT_HARNESS,
  progress?: (index: number, p: HarnessProgress) => void, clock: Clock = performanceClock): Timing[] {
  const start = clock();
  const timeRun = (k: Measured, reps: number) => {
    const t0 = clock();
    k.op(reps);
    return clock() - t0;
  };
  const state = kernels.map((k, i) => {
    // Warm-up until stable, calibrating the batch (cpp/core/harness.cpp warm_up).
    const began = clock();
    const floor = options.warmupFloorBatches * options.batchSeconds;
    let cap = options.warmupCapBatches * options.batchSeconds;
    let reps = 1;
    let calls = 0;
    let settled = false;
    let lastCall = 0;
    let perCall: number[] = [];
    for (;;) {
      const t = timeRun(k, reps);
      calls += reps;
      progress?.(i, { phase: 'warmup', sample: 0, samples: options.rounds, elapsedSeconds: clock() - start });
      if (reps === 1) cap = Math.max(cap, 3.5 * t);
      lastCall = t / reps;
      const elapsed = clock() - began;
      if (t < options.batchSeconds) {
        if (elapsed >= cap) break;
        reps = Math.ceil(reps * Math.min(100, Math.max(2, t > 0 ? (options.batchSeconds * 1.1) / t : 100)));
        perCall = [];
        continue;
      }
      perCall.push(lastCall);
      // The medians of the last two windows of batches agree (cpp/core/harness.cpp warm_up).
      const n = lastCall >= LONG_CALL_SECONDS ? 1 : Math.max(3, Math.ceil(options.warmupWindowSeconds / t));
      if (perCall.length >= 2 * n && calls >= options.minWarmupCalls && elapsed >= floor) {
        const recent = median(perCall.slice(-n));
        const before = median(perCall.slice(-2 * n, -n));
        if (Math.min(recent, before) > 0 && Math.max(recent, before) / Math.min(recent, before) <= STABLE_SPREAD) {
          settled = true;
          break;
        }
      }
      if (elapsed >= cap && calls >= options.minWarmupCalls) break;
    }
    return { reps, settled, long: reps === 1 && lastCall >= LONG_CALL_SECONDS, selfWarming: lastCall >= SELF_WARMING_CALL_SECONDS, rounds: [] as number[] };
  });
  const shuffle = shuffler(options.seed);
  const order = kernels.map((_, i) => i);
  for (let pass = 0; ; ++pass) {
    if (pass >= options.rounds) {
      const precise = state.every((s, i) => kernels[i]!.witness || halfWidth(timeEstimate(s.rounds)) <= TARGET_HALF_WIDTH);
      if (precise || pass >= options.maxRounds || clock() - start >= options.budgetSeconds) break;
    }
    const planned = Math.max(options.rounds, pass + 1);
    for (const i of shuffle(order)) {
      const s = state[i]!;
      const batches: number[] = [];
      // A call of 1 ms or more refills its own caches: no discarded batch (cpp/core/harness.cpp).
      for (let b = s.selfWarming ? 1 : 0; b <= (s.long ? 1 : options.batchesPerRound); ++b) {
        const t = timeRun(kernels[i]!, s.reps);
        if (b > 0) batches.push((t * 1e9) / s.reps); // batch 0 is discarded
      }
      s.rounds.push(median(batches));
      progress?.(i, { phase: 'sample', sample: s.rounds.length, samples: planned, elapsedSeconds: clock() - start });
    }
  }
  return state.map((s, i) => timingOfRounds(s.rounds, s.reps, kernels[i]!.work, s.settled));
}

/** One kernel alone. */
export function measure(op: (reps: number) => void, work: number, options: HarnessOptions = DEFAULT_HARNESS,
  progress?: (p: HarnessProgress) => void, clock: Clock = performanceClock): Timing {
  return measureInterleaved([{ op, work }], options, progress && ((_, p) => progress(p)), clock)[0]!;
}
