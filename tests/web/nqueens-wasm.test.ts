// The three wasm builds (SIMD128, relaxed, baseline) count N-queens correctly, N = 1..12, with every kernel they contain, and report
// the same node counts as the native reference; bad input comes back as an error value.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { call, flavourBuild, loadModule, testData, type Flavour } from './wasm-module';

const published: Map<number, { total: number; unique: number }> = new Map(
  testData<{ counts: { n: number; total: number; unique: number }[] }>('nqueens_oeis.json').counts.map((c) => [c.n, { total: c.total, unique: c.unique }]),
);

describe.each<[Flavour, string[]]>([
  ['simd', ['bitmask-recursive/scalar', 'bitmask-stack/scalar', 'simd-state/simd128', 'simd-lanes/simd128', 'simd-compact/simd128', 'symmetry/scalar', 'simd-symmetry/simd128']],
  ['relaxed', ['bitmask-recursive/scalar', 'bitmask-stack/scalar', 'simd-state/simd128', 'simd-lanes/simd128', 'simd-compact/simd128', 'symmetry/scalar', 'simd-symmetry/simd128']],
  ['baseline', ['bitmask-recursive/scalar', 'bitmask-stack/scalar', 'symmetry/scalar']],
])('N-queens in the %s build', (flavour, expectedKernels) => {
  let m: SimdPuzzlesModule;
  beforeAll(async () => {
    m = await loadModule(flavour);
  });

  it('lists exactly the kernels this build has, all available', () => {
    const catalog = call(m, { action: 'catalog' });
    const nq = catalog.puzzles.find((p: any) => p.id === 'nqueens');
    expect(nq.kernels.map((k: any) => k.key)).toEqual(expectedKernels);
    expect(nq.kernels.every((k: any) => k.available)).toBe(true);
  });

  it('matches OEIS A000170 / A002562 for N = 1..12 with every kernel', () => {
    for (let n = 1; n <= 12; ++n) {
      const r = call(m, { action: 'run', puzzle: 'nqueens', params: { n } });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      expect(r.results.map((x: any) => `${x.kernel}/${x.isa}`)).toEqual(expectedKernels);
      for (const rec of r.results) {
        expect(rec.answer, `${rec.kernel}/${rec.isa} N=${n}`).toEqual(published.get(n));
        expect(rec.verified).toBe(true);
        expect(rec.build).toBe(flavourBuild(flavour));
      }
      // Kernels that walk the same tree place exactly as many queens: the mirror-halved ones as
      // the reference, the symmetry ones as each other.
      const ref = r.results[0].work;
      const sym = r.results.find((x: any) => x.kernel === 'symmetry').work;
      for (const rec of r.results) expect(rec.work, rec.kernel).toBe(rec.kernel.includes('symmetry') ? sym : ref);
    }
  });

  it('times a kernel with the shared harness and reports progress', () => {
    const events: any[] = [];
    const r = call(m, { action: 'run', puzzle: 'nqueens', params: { n: 6 }, kernels: ['bitmask-stack'], time: true, harness: { min_samples: 3, min_sample_ms: 1 } }, (e) => events.push(e));
    expect(r.ok).toBe(true);
    expect(r.results[0].timing.samples).toBe(3);
    expect(r.results[0].timing.median_ns).toBeGreaterThan(0);
    expect(events.filter((e) => e.phase === 'sample').map((e) => e.sample)).toEqual([1, 2, 3]);
    expect(events.some((e) => e.phase === 'warmup')).toBe(true);
  });

  it('returns errors as values, never aborting the module', () => {
    const bad: [string, string][] = [
      ['not json', 'request is not valid JSON'],
      ['[]', 'request must be a JSON object'],
      [JSON.stringify({ action: 'run', puzzle: 'nqueens', params: { n: 0 } }), 'n must be in 1..20, got 0'],
      [JSON.stringify({ action: 'run', puzzle: 'nqueens', params: { n: 'abc' } }), "n must be an integer in 1..20, got 'abc'"],
      [JSON.stringify({ action: 'run', puzzle: 'nqueens', params: { n: 1e300 } }), 'n must be a whole number'],
      [JSON.stringify({ action: 'run', puzzle: 'nqueens', kernels: ['nope'] }), "unknown kernel 'nope'"],
      [JSON.stringify({ action: 'run', puzzle: '<script>' }), 'unknown puzzle'],
      ['{"action":"run","puzzle":"nqueens","params":{"__proto__":{"n":1},"n":5}}', "unknown parameter '__proto__'"],
    ];
    for (const [request, message] of bad) {
      const r = JSON.parse(m.handle(request, null));
      expect(r.ok, request).toBe(false);
      expect(r.error).toContain(message);
    }
    // and the module still works afterwards
    expect(call(m, { action: 'run', puzzle: 'nqueens', params: { n: 8 }, kernels: ['symmetry'] }).results[0].answer.total).toBe(92);
  });

  it('names and keys cases in validate exactly as a run does (the page uses validate)', () => {
    const catalog = call(m, { action: 'catalog' });
    for (const puzzle of catalog.puzzles) {
      const params = Object.fromEntries(puzzle.params.map((p: any) => [p.name, p.default]));
      const r = call(m, { action: 'run', puzzle: puzzle.id, params, kernels: [puzzle.reference_kernel] });
      const v = call(m, { action: 'validate', puzzle: puzzle.id, params });
      expect([v.case, v.case_key, v.params]).toEqual([r.case, r.case_key, r.params]);
      expect(r.results[0].case_key).toBe(r.case_key);
    }
  });
});
