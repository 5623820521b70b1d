// How a wasm result is compared with native numbers, in one place (the table, the chart and
// bench:compare all use it).
//
// Counterpart: the native record of the same puzzle, case and kernel id. A kernel can exist in
// several native ISAs (simd-lanes: sse4.1, avx2, avx512); the fair comparison for wasm SIMD128 is
// the native ISA of the same vector width (128-bit: sse4.1 or neon), and scalar with scalar.
// Only when no same-width record exists do we fall back to the fastest native one, and say so.
//
// Ratio: wasm speed as a fraction of native speed, native median / wasm median. 0.80× means the
// browser runs the kernel at 80% of native speed.
import type { IsaInfo } from './engine-types';
import type { Params, ResultRecord } from '../share/schema';

// Vector widths by ISA label, learned from the engine's catalog (one list, in cpp/core/cpu.h).
const isaBits = new Map<string, number>();

export function learnIsas(isas: readonly IsaInfo[]) {
  for (const i of isas) isaBits.set(i.name, i.bits);
}

/** The label's vector width in bits (0 for scalar code), or undefined for a label never learned. */
export function vectorBits(isa: string): number | undefined {
  return isaBits.get(isa);
}

export interface Counterpart {
  record: ResultRecord;
  sameWidth: boolean;
}

export function nativeCounterpart(wasm: ResultRecord, native: readonly ResultRecord[]): Counterpart | null {
  const candidates = native.filter(
    (r) => r.puzzle === wasm.puzzle && r.case === wasm.case && r.kernel === wasm.kernel && r.timing,
  );
  const width = vectorBits(wasm.isa);
  const sameWidth = width === undefined ? undefined : candidates.find((r) => vectorBits(r.isa) === width);
  if (sameWidth) return { record: sameWidth, sameWidth: true };
  const fastest = [...candidates].sort((a, b) => a.timing!.median_ns - b.timing!.median_ns)[0];
  return fastest ? { record: fastest, sameWidth: false } : null;
}

/** Speed of `a` relative to `b` (b's median / a's median); null without both timings. */
export function speedRatio(a: ResultRecord, b: ResultRecord): number | null {
  if (!a.timing || !b.timing || a.timing.median_ns <= 0) return null;
  return b.timing.median_ns / a.timing.median_ns;
}

/** The record in `others` for the same puzzle, case, kernel, ISA and build (a sharer's run). */
export function sameRun(record: ResultRecord, others: readonly ResultRecord[]): ResultRecord | null {
  return (
    others.find(
      (r) =>
        r.puzzle === record.puzzle && r.case === record.case && r.kernel === record.kernel && r.isa === record.isa && r.build === record.build,
    ) ?? null
  );
}

/** Records of one case, for the chart and the table. */
export function forCase(records: readonly ResultRecord[], puzzle: string, caseName: string): ResultRecord[] {
  return records.filter((r) => r.puzzle === puzzle && r.case === caseName);
}

/**
 * The engine's label for a case (cpp/core/engine.cpp, case_name): "key=value" pairs, keys in
 * alphabetical order (nlohmann's object is a std::map), long values cut to 45 characters + "…".
 * Records carry this name, so it is how the page finds native and shared numbers for the params
 * on screen before anything runs.
 */
export function caseName(_puzzle: { params: readonly { name: string }[] }, params: Params): string {
  return Object.keys(params)
    .sort()
    .map((key) => {
      const v = params[key];
      let text = typeof v === 'string' ? v : JSON.stringify(v);
      if (text.length > 48) text = `${text.slice(0, 45)}…`;
      return `${key}=${text}`;
    })
    .join(' ');
}
