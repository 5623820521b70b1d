// The measuring harness of cpp/core/harness.cpp, for JavaScript kernels: the same rules, so a `js`
// row's median means what a wasm row's does. Warm up by calls (at least 2, as in the wasm build:
// V8 optimises a hot function for its next calls) while growing the batch until one batch lasts a
// sample, then at least 11 samples of at least 10 ms; median, minimum and median absolute
// deviation per call. The clock is performance.now(), the one the wasm harness reads too.
import type { Timing } from '../share/schema';

export interface HarnessOptions {
  minSampleSeconds: number;
  minSamples: number;
  minWarmupCalls: number;
  minWarmupSeconds: number;
}

export const DEFAULT_HARNESS: HarnessOptions = { minSampleSeconds: 0.01, minSamples: 11, minWarmupCalls: 2, minWarmupSeconds: 0.05 };

/** The engine's harness overrides ({min_samples, min_sample_ms}), with its bounds; or an error. */
export function harnessOptions(j: unknown): HarnessOptions | string {
  const o = { ...DEFAULT_HARNESS };
  if (j === undefined || j === null) return o;
  if (typeof j !== 'object' || Array.isArray(j)) return 'harness options must be an object';
  for (const [key, v] of Object.entries(j)) {
    if (key === 'min_samples') {
      if (!Number.isInteger(v) || (v as number) < 3 || (v as number) > 1000) return 'min_samples must be an integer in 3..1000';
      o.minSamples = v as number;
    } else if (key === 'min_sample_ms') {
      if (typeof v !== 'number' || !(v >= 1) || v > 10000) return 'min_sample_ms must be a number in 1..10000';
      o.minSampleSeconds = v / 1000;
    } else return `unknown harness option '${key.slice(0, 20)}'`;
  }
  return o;
}

export interface HarnessProgress {
  phase: 'warmup' | 'sample';
  sample: number;
  samples: number;
  elapsedSeconds: number;
}

export type Clock = () => number; // seconds
const performanceClock: Clock = () => performance.now() / 1000;

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[n >> 1]! : 0.5 * (v[n / 2 - 1]! + v[n / 2]!);
}

/** Times `op(reps)` (which calls the kernel `reps` times); `work` is one call's work. */
export function measure(op: (reps: number) => void, work: number, options: HarnessOptions = DEFAULT_HARNESS,
  progress?: (p: HarnessProgress) => void, clock: Clock = performanceClock): Timing {
  const start = clock();
  const target = options.minSampleSeconds * 1.1;
  const timeRun = (reps: number) => {
    const t0 = clock();
    op(reps);
    return clock() - t0;
  };
  let reps = 1;
  for (let calls = 1; ; ++calls) {
    const t = timeRun(reps);
    progress?.({ phase: 'warmup', sample: 0, samples: options.minSamples, elapsedSeconds: clock() - start });
    const longEnough = t >= options.minSampleSeconds;
    if (longEnough && calls >= options.minWarmupCalls && clock() - start >= options.minWarmupSeconds) break;
    if (!longEnough) reps = Math.ceil(reps * Math.min(100, Math.max(2, t > 0 ? target / t : 100)));
  }
  const samples: number[] = [];
  for (let s = 0; s < options.minSamples; ++s) {
    samples.push((timeRun(reps) * 1e9) / reps);
    progress?.({ phase: 'sample', sample: s + 1, samples: options.minSamples, elapsedSeconds: clock() - start });
  }
  const med = median(samples);
  const mad = median(samples.map((x) => Math.abs(x - med)));
  const perUnit = work > 0 && med > 0;
  return {
    samples: samples.length, reps_per_sample: reps, median_ns: med, min_ns: Math.min(...samples), mad_ns: mad,
    ns_per_unit: perUnit ? med / work : 0, units_per_second: perUnit ? work / (med * 1e-9) : 0,
  };
}
