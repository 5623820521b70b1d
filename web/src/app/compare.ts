// How a wasm result is compared with native numbers, in one place (the tables, the chart and
// bench:compare all use it).
//
// Counterpart: the native record of the same puzzle, case (its case_key, the engine's identity:
// labels may shorten, keys never do) and kernel id. A kernel can exist in
// several native ISAs (simd-lanes: sse4.1, avx2, avx512); the fair comparison for wasm SIMD128 is
// the native ISA of the same vector width (128-bit: sse4.1 or neon), and scalar with scalar.
// Only when no same-width record exists do we fall back to the fastest native one, and say so.
//
// Ratio: wasm speed as a fraction of native speed, native median / wasm median. 0.80× means the
// browser runs the kernel at 80% of native speed; with its noise, and how it reads, in ratio.ts.
import type { IsaInfo } from '../share/engine-types';
import type { PageRecord } from '../share/verify';

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
  record: PageRecord;
  sameWidth: boolean;
}

export function nativeCounterpart(wasm: PageRecord, native: readonly PageRecord[]): Counterpart | null {
  const candidates = native.filter(
    (r) => r.puzzle === wasm.puzzle && r.case_key === wasm.case_key && r.kernel === wasm.kernel && r.timing,
  );
  const width = vectorBits(wasm.isa);
  const sameWidth = width === undefined ? undefined : candidates.find((r) => vectorBits(r.isa) === width);
  if (sameWidth) return { record: sameWidth, sameWidth: true };
  const fastest = [...candidates].sort((a, b) => a.timing!.median_ns - b.timing!.median_ns)[0];
  return fastest ? { record: fastest, sameWidth: false } : null;
}

/** The record in `others` for the same puzzle, case, kernel, ISA and build (a sharer's run). */
export function sameRun(record: PageRecord, others: readonly PageRecord[]): PageRecord | null {
  return (
    others.find(
      (r) =>
        r.puzzle === record.puzzle && r.case_key === record.case_key && r.kernel === record.kernel && r.isa === record.isa && r.build === record.build,
    ) ?? null
  );
}
