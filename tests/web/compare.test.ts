// Which native number a wasm result is compared with.
import { describe, expect, it } from 'vitest';
import { learnIsas, nativeCounterpart, sameRun } from '../../web/src/app/compare';
import { ratioOf } from '../../web/src/app/ratio';
import { listOf, merged, ofCase, recordSet } from '../../web/src/app/state/records';
import type { PageRecord } from '../../web/src/share/verify';

// Cases are matched on case_key, the engine's identity; `case` is only a label.
function rec(kernel: string, isa: string, build: string, median: number, c = 'n=12', label = c): PageRecord {
  return {
    puzzle: 'nqueens', case: label, case_key: c, params: { n: 12 }, kernel, isa, build, answer: { total: 14200, unique: 1787 },
    verified: true, verified_by: 'OEIS', work: 1, work_unit: 'nodes',
    timing: { samples: 11, reps_per_sample: 1, median_ns: median, min_ns: median, mad_ns: 0, ns_per_unit: 1, units_per_second: 1 },
  };
}

// As the engine's catalog lists them (cpp/core/cpu.h).
learnIsas([
  { name: 'scalar', bits: 0 }, { name: 'bmi2', bits: 0 }, { name: 'sse4.1', bits: 128 }, { name: 'avx2', bits: 256 },
  { name: 'avx512', bits: 512 }, { name: 'neon', bits: 128 }, { name: 'simd128', bits: 128 },
]);

const native = [
  rec('simd-lanes', 'sse4.1', 'native', 1000),
  rec('simd-lanes', 'avx2', 'native', 600),
  rec('simd-lanes', 'avx512', 'native', 400),
  rec('bitmask-recursive', 'scalar', 'native', 2000),
  rec('bitmask-recursive', 'scalar', 'native', 9, 'n=8'),
  rec('simd-compact', 'avx2', 'native', 500),
  rec('simd-compact', 'avx512', 'native', 300),
];

describe('native counterpart', () => {
  it('pairs SIMD128 with the 128-bit native ISA, not the fastest', () => {
    const c = nativeCounterpart(rec('simd-lanes', 'simd128', 'wasm-simd128', 1250), native);
    expect(c?.record.isa).toBe('sse4.1');
    expect(c?.sameWidth).toBe(true);
    expect(ratioOf(rec('simd-lanes', 'simd128', 'wasm-simd128', 1250), c!.record)?.value).toBeCloseTo(0.8);
  });

  it('pairs scalar with scalar, within the same case', () => {
    expect(nativeCounterpart(rec('bitmask-recursive', 'scalar', 'wasm-baseline', 4000), native)?.record.timing?.median_ns).toBe(2000);
    expect(nativeCounterpart(rec('bitmask-recursive', 'scalar', 'wasm-baseline', 20, 'n=8'), native)?.record.timing?.median_ns).toBe(9);
  });

  it('falls back to the fastest native ISA and says so', () => {
    const c = nativeCounterpart(rec('simd-compact', 'simd128', 'wasm-simd128', 900), native);
    expect(c?.record.isa).toBe('avx512');
    expect(c?.sameWidth).toBe(false);
  });

  it('finds nothing for another case or kernel', () => {
    expect(nativeCounterpart(rec('simd-lanes', 'simd128', 'wasm-simd128', 1, 'n=14'), native)).toBeNull();
    expect(nativeCounterpart(rec('symmetry', 'scalar', 'wasm-simd128', 1), native)).toBeNull();
  });

  it('matches a sharer run by kernel, ISA and build', () => {
    const shared = [rec('simd-lanes', 'simd128', 'wasm-simd128', 2000), rec('simd-lanes', 'simd128', 'wasm-baseline', 1)];
    expect(sameRun(rec('simd-lanes', 'simd128', 'wasm-simd128', 1000), shared)?.timing?.median_ns).toBe(2000);
    expect(ofCase(native, 'n=8')).toHaveLength(1);
  });

  it('matches cases on their key, never on a shortened label', () => {
    // Two long inputs whose labels are cut to the same text are two cases.
    const label = 'moves=R U F D L B R\' U\' F\' D\' L\' B\' R2 U2 F2 D2 L2 B2…';
    const f = rec('simd-lanes', 'sse4.1', 'native', 100, '{"moves":"…R U F"}', label);
    const b = rec('simd-lanes', 'simd128', 'wasm-simd128', 100, '{"moves":"…R U B"}', label);
    expect(nativeCounterpart(b, [f])).toBeNull();
    expect(sameRun(b, [{ ...f, isa: 'simd128', build: 'wasm-simd128' }])).toBeNull();
    expect(ofCase([f, b], f.case_key)).toEqual([f]);
  });

  it('merges a run into what is held: the same case, kernel and build replaced, other cases kept', () => {
    const held = [rec('simd-lanes', 'simd128', 'wasm-simd128', 1000, 'n=8'), rec('simd-lanes', 'simd128', 'wasm-simd128', 1000, 'n=12')];
    const again = rec('simd-lanes', 'simd128', 'wasm-simd128', 900, 'n=12');
    const after = listOf(merged(recordSet(held), [again]));
    expect(after.map((r) => [r.case_key, r.timing!.median_ns])).toEqual([['n=8', 1000], ['n=12', 900]]);
  });

  it('has no ratio without timings', () => {
    const untimed = { ...rec('x', 'scalar', 'native', 1), timing: undefined };
    expect(ratioOf(untimed, native[0]!)).toBeNull();
  });
});
