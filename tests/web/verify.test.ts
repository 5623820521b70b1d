// Shared data is checked again before it is shown (issue 8, items 5 and 6; issue 11, item 1):
// kernels and ISAs against the catalog, timings against physical bounds, params and case keys by
// the engine's validate, answers by the engine's known, else marked claimed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import type { ResultRecord, Timing } from '../../web/src/share/schema';
import { checkAnswers, timingProblem, verifyRecords, type VerifyContext } from '../../web/src/share/verify';
import { call, loadModule } from './wasm-module';
import { verifyContextOf } from './verify-context';

let m: SimdPuzzlesModule;
let ctx: VerifyContext;
beforeAll(async () => {
  m = await loadModule('simd');
  ctx = verifyContextOf(m);
});

// As the harness measures: repetitions calibrated so that a sample lasts about 10 ms.
const timing = (median: number, work: number, patch: Partial<Timing> = {}): Timing => ({
  samples: 11, reps_per_sample: Math.max(1, Math.ceil(1e7 / median)), median_ns: median, min_ns: median * 0.98, mad_ns: median * 0.01,
  ns_per_unit: median / work, units_per_second: (work / median) * 1e9, ...patch,
});

function queens(patch: Partial<ResultRecord> = {}): ResultRecord {
  return {
    puzzle: 'nqueens', case: 'n=8', params: { n: 8 }, kernel: 'simd-lanes', isa: 'simd128', build: 'wasm-simd128',
    answer: { total: 92, unique: 12 }, verified: true, verified_by: 'OEIS', work: 2057, work_unit: 'nodes',
    timing: timing(5000, 2057), ...patch,
  };
}

describe('timing bounds', () => {
  it('accepts what the harness writes', () => {
    expect(timingProblem(timing(5000, 2057), 2057)).toBeNull();
    expect(timingProblem(timing(3.4e9, 1), 1)).toBeNull();
    expect(timingProblem({ ...timing(80, 1), ns_per_unit: 0, units_per_second: 0 }, 0)).toBeNull();
  });
  it.each<[string, Timing, number, RegExp]>([
    ['a 1 ns median with a ±1,086,540 % spread', { ...timing(1, 1), mad_ns: 10865.4 }, 1, /spread of ±1086540%/],
    ['1e308 ns', timing(1e308, 1), 1, /median of 1e\+308 ns/],
    ['0 ns', timing(0, 1), 1, /median of 0 ns/],
    ['a minimum above the median', { ...timing(100, 1), min_ns: 200 }, 1, /minimum above the median/],
    ['a rate that does not follow', { ...timing(100, 10), units_per_second: 1e12 }, 10, /does not follow/],
    ['one sample', { ...timing(100, 10), samples: 1 }, 10, /1 samples/],
  ])('rejects %s', (_name, t, work, reason) => {
    expect(timingProblem(t, work)).toMatch(reason);
  });
});

describe('records from a link', () => {
  it('re-verifies answers against the published ones and keys cases by the engine', async () => {
    const { records, rejected } = await verifyRecords(
      [
        queens(),
        queens({ kernel: 'bitmask-recursive', isa: 'scalar', answer: { total: 999, unique: 12 }, verified: true }),
        // A case name and key written in the link are never read.
        queens({ kernel: 'symmetry', isa: 'scalar', case: 'n=9', case_key: '{"n":9}', params: { n: '8' } }),
      ],
      'link', ctx);
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.case, r.case_key, r.params.n])).toEqual([['n=8', '{"n":8}', 8], ['n=8', '{"n":8}', 8], ['n=8', '{"n":8}', 8]]);
    expect(records.map((r) => r.verified)).toEqual([true, false, true]);
    expect(records[1]!.verified_by).toMatch(/differs from the published answer \(OEIS/);
    expect(records.some((r) => r.claimed)).toBe(false);
  });

  it('takes the page’s JavaScript rows (build js), its own kernel ids included, and re-checks them', async () => {
    const js = { ...ctx, kernelsByBuild: new Map([...ctx.kernelsByBuild, ['js', new Set(['bitmask-recursive/scalar', 'swar-array/scalar'])]]) };
    const popcount = { ...queens(), puzzle: 'popcount', case: 'x', kernel: 'swar-array', isa: 'scalar', build: 'js', params: { mode: 'array', k: 32, order: 'sorted', size: 16384, offset: 0, seed: 1 }, answer: { bits: 65536 }, work: 16384, work_unit: 'bytes', timing: timing(5000, 16384) };
    const { records, rejected } = await verifyRecords([queens({ kernel: 'bitmask-recursive', isa: 'scalar', build: 'js' }), popcount], 'link', js);
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.kernel, r.build, r.verified])).toEqual([['bitmask-recursive', 'js', true], ['swar-array', 'js', true]]);
    // Not a kernel of the js build, and never in a native report.
    expect((await verifyRecords([queens({ kernel: 'simd-lanes', isa: 'simd128', build: 'js' })], 'link', js)).rejected[0]!.reason).toMatch(/js build has no kernel simd-lanes\/simd128/);
    expect((await verifyRecords([queens({ kernel: 'bitmask-recursive', isa: 'scalar', build: 'js' })], 'report', js)).rejected[0]!.reason).toMatch(/not a native build/);
  });

  it.each<[string, ResultRecord, RegExp]>([
    ['an invented kernel', queens({ kernel: 'turbo-lanes' }), /no kernel 'turbo-lanes'/],
    ['a kernel in an ISA this build lacks', queens({ isa: 'avx512' }), /wasm-simd128 build has no kernel simd-lanes\/avx512/],
    ['an unknown ISA', queens({ isa: 'avx1024' }), /not an instruction set/],
    ['a native build in a link', queens({ build: 'native', isa: 'sse4.1' }), /not a browser build/],
    ['k = 32.5', { ...queens(), puzzle: 'popcount', kernel: 'byte-popcnt', params: { mode: 'array', k: 32.5 }, answer: { bits: 1 }, work: 16384, timing: timing(500, 16384) }, /k must be a whole number/],
    ['n = 99', queens({ params: { n: 99 } }), /n must be in 1\.\.20/],
    ['an unknown parameter', queens({ params: { n: 8, turbo: 1 } }), /unknown parameter 'turbo'/],
    ['a 1 ns median with a ±1,086,540 % spread', queens({ timing: { ...timing(1, 2057), mad_ns: 10865.4 } }), /spread/],
    ['1e308 ns', queens({ timing: timing(1e308, 2057) }), /median of 1e\+308/],
    ['a puzzle this page does not have', queens({ puzzle: 'sudoku' }), /no puzzle 'sudoku'/],
  ])('rejects %s', async (_name, record, reason) => {
    const { records, rejected } = await verifyRecords([record, queens()], 'link', ctx);
    expect(records).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toMatch(reason);
  });

  it('marks an answer nobody published as claimed, until the viewer runs the reference', async () => {
    const cube = (facelets: string): ResultRecord => ({
      ...queens(), puzzle: 'cube', kernel: 'simd128', isa: 'simd128', params: { op: 'apply', moves: 'R' }, answer: { facelets }, work: 1, work_unit: 'cube ops', timing: timing(20, 1),
    });
    const truth = call(m, { action: 'run', puzzle: 'cube', params: { moves: 'R' }, kernels: ['scalar'] }).results[0];
    const { records } = await verifyRecords([cube(truth.answer.facelets), cube('not-the-cube')], 'link', ctx);
    expect(records.map((r) => [r.verified, r.claimed])).toEqual([[null, true], [null, true]]);
    expect(records[0]!.verified_by).toMatch(/^claimed/);
    const reference = (puzzle: string, key: string) => (puzzle === 'cube' && key === truth.case_key ? truth.answer : undefined);
    const again = await checkAnswers(records, { ...ctx, reference });
    expect(again.map((r) => [r.verified, r.claimed])).toEqual([[true, undefined], [false, undefined]]);
    expect(again[0]!.verified_by).toMatch(/your own scalar run/);
  });

  it('keeps two long cube inputs that differ in the last character two cases', async () => {
    const stem = "R U F D L B R' U' F' D' L' B' R2 U2 F2 D2 L2 B2 R U ";
    const rec = (last: string): ResultRecord => ({
      ...queens(), puzzle: 'cube', kernel: 'scalar', isa: 'scalar', params: { op: 'apply', moves: stem + last }, answer: { facelets: last }, work: 21, work_unit: 'cube ops', timing: timing(200, 21),
      case: 'moves=the same shortened label', // whatever the link says
    });
    const { records } = await verifyRecords([rec('F'), rec('B')], 'link', ctx);
    expect(records).toHaveLength(2);
    expect(records[0]!.case).toBe(records[1]!.case); // the label may shorten...
    expect(records[0]!.case_key).not.toBe(records[1]!.case_key); // ...the identity never does
    expect(records[0]!.case_key).toContain(`${stem}F`);
  });
});

describe('records from a native report', () => {
  it('accepts native kernels this wasm build lacks, and keys file runs by their declared file', async () => {
    const file = { bytes: 100, fnv1a64: '0123456789abcdef' };
    const { records, rejected } = await verifyRecords(
      [
        queens({ build: 'native', kernel: 'simd-lanes', isa: 'avx512' }),
        { ...queens({ build: 'native', kernel: 'vpopcntdq', isa: 'avx512' }), puzzle: 'popcount', params: { mode: 'array', offset: 0 }, input: file, answer: { bits: 7 }, work: 100, timing: timing(10, 100) },
        queens({ build: 'wasm-simd128' }),
      ],
      'report', ctx);
    expect(rejected.map((r) => r.reason)).toEqual(["build 'wasm-simd128' is not a native build"]);
    expect(records[0]!.verified).toBe(true);
    expect(records[1]!.case).toBe('mode=array offset=0 file=100B');
    expect(records[1]!.case_key).toContain('fnv1a64:0123456789abcdef');
    expect(records[1]!.claimed).toBe(true); // nobody here has that file
  });
});
