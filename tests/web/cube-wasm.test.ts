// The cube in the three wasm builds: every kernel each build has against the published facts and the
// scalar reference (the SIMD128 kernel is the same source as the SSE4.1 and NEON ones, with
// i8x16.swizzle, which zeroes indices >= 16; in the relaxed build i8x16.relaxed_swizzle, exact for
// its indices 0..15), inv(x)·x = id on 10,000 random states, the same
// random cubes as native, and errors as values.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { call, flavourBuild, loadModule, testData, type Flavour } from './wasm-module';

interface Vectors {
  solved: string;
  moves: { name: string }[];
  single_move_facelets: Record<string, string>;
  named: Record<string, { moves: string; facelets?: string; order: number }>;
  orders: { moves: string; order: number }[];
  identity_sequences: string[];
  inverse_pairs: [string, string][];
  invalid_facelets: { name: string; facelets: string; reason: string }[];
  random_pin: { seed: number; facelets: string }[];
}
const vectors = testData<Vectors>('cube_vectors.json');

describe.each<[Flavour, string[]]>([
  ['simd', ['scalar/scalar', 'simd128/simd128']],
  ['relaxed', ['scalar/scalar', 'simd128/simd128']],
  ['baseline', ['scalar/scalar']],
])('the cube in the %s build', (flavour, expectedKernels) => {
  let m: SimdPuzzlesModule;
  beforeAll(async () => {
    m = await loadModule(flavour);
  });

  /** Runs every kernel of this build; all must agree with the reference. Returns the answer. */
  function runAll(params: Record<string, string | number>): { facelets: string; order?: number } {
    const r = call(m, { action: 'run', puzzle: 'cube', params });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.results.map((x: any) => `${x.kernel}/${x.isa}`)).toEqual(expectedKernels);
    for (const rec of r.results) {
      expect(rec.answer, `${rec.kernel}/${rec.isa} ${JSON.stringify(params)}`).toEqual(r.results[0].answer);
      if (rec.kernel !== 'scalar') expect(rec.verified).toBe(true);
      expect(rec.build).toBe(flavourBuild(flavour));
    }
    return r.results[0].answer;
  }

  it('lists exactly the kernels this build has, all available', () => {
    const cube = call(m, { action: 'catalog' }).puzzles.find((p: any) => p.id === 'cube');
    expect(cube.kernels.map((k: any) => k.key)).toEqual(expectedKernels);
    expect(cube.kernels.every((k: any) => k.available)).toBe(true);
    expect(cube.work_unit).toBe('cube ops');
  });

  it('finds the published orders with every kernel', () => {
    for (const o of vectors.orders) expect(runAll({ op: 'order', moves: o.moves }).order, o.moves).toBe(o.order);
    for (const s of vectors.identity_sequences) {
      expect(runAll({ moves: s }).facelets, s).toBe(vectors.solved);
      expect(runAll({ op: 'order', moves: s }).order, s).toBe(1);
    }
  });

  it('draws single moves and named positions as published', () => {
    for (const [moves, facelets] of Object.entries(vectors.single_move_facelets)) expect(runAll({ moves }).facelets, moves).toBe(facelets);
    for (const [name, p] of Object.entries(vectors.named)) {
      const f = runAll({ moves: p.moves }).facelets;
      if (p.facelets) expect(f, name).toBe(p.facelets);
      expect(runAll({ op: 'order', moves: f }).order, name).toBe(p.order);
    }
    const sf = vectors.named.superflip!;
    expect(runAll({ op: 'invert', moves: sf.moves }).facelets).toBe(sf.facelets);
    for (const { name } of vectors.moves)
      expect(runAll({ op: 'compose', moves: sf.moves, with: name }), name).toEqual(runAll({ op: 'compose', moves: name, with: sf.moves }));
    for (const [a, b] of vectors.inverse_pairs) expect(runAll({ op: 'invert', moves: a }).facelets, a).toBe(runAll({ moves: b }).facelets);
  });

  it('gives inv(x)·x = id on 10,000 random states with every kernel', () => {
    // In the relaxed build, the SIMD kernel only: its scalar kernel is the SIMD128 build's code.
    const kernels = expectedKernels.map((k) => k.split('/')[0]!).filter((k) => flavour !== 'relaxed' || k !== 'scalar');
    for (let seed = 1; seed <= 10_000; ++seed) {
      const x = call(m, { action: 'run', puzzle: 'cube', params: { op: 'random', seed }, kernels: ['scalar'] }).results[0].answer.facelets;
      for (const kernel of kernels) {
        const inv = call(m, { action: 'run', puzzle: 'cube', params: { op: 'invert', moves: x }, kernels: [kernel] }).results[0].answer.facelets;
        const product = call(m, { action: 'run', puzzle: 'cube', params: { op: 'compose', moves: inv, with: x }, kernels: [kernel] });
        if (product.results[0].answer.facelets !== vectors.solved) expect.fail(`${kernel}: inv(x)·x is not solved for seed ${seed} (${x})`);
      }
    }
  });

  it('makes the same random cubes as native', () => {
    for (const pin of vectors.random_pin) expect(runAll({ op: 'random', seed: pin.seed }).facelets).toBe(pin.facelets);
  });

  it('verifies every benchmark case, and times one with the shared harness', () => {
    const cube = call(m, { action: 'catalog' }).puzzles.find((p: any) => p.id === 'cube');
    expect(cube.bench_cases.length).toBe(7);  // with the Suite's compose throughput, 4,000 passes a call
    for (const c of cube.bench_cases) {
      const r = call(m, { action: 'run', puzzle: 'cube', params: c.params });
      expect(r.ok).toBe(true);
      expect(r.case).toBe(c.name);
      const v = call(m, { action: 'validate', puzzle: 'cube', params: c.params });
      expect([v.case, v.case_key]).toEqual([r.case, r.case_key]);
      for (const rec of r.results) if (rec.kernel !== 'scalar') expect(rec.verified, `${c.name} ${rec.kernel}`).toBe(true);
    }
    const events: any[] = [];
    const t = call(m, { action: 'bench', puzzles: ['cube'], cases: [cube.bench_cases[0].name], kernels: [expectedKernels.at(-1)], harness: { min_samples: 3, min_sample_ms: 1 } }, (e) => events.push(e));
    expect(t.ok).toBe(true);
    expect(t.report.records[0].work).toBe(256); // kPoolSize
    expect(t.report.records[0].timing.units_per_second).toBeGreaterThan(0);
    expect(events.some((e) => e.phase === 'sample')).toBe(true);
  });

  it('rejects every invalid facelet string with its own reason', () => {
    const reasons = new Set<string>();
    for (const c of vectors.invalid_facelets) {
      const r = call(m, { action: 'run', puzzle: 'cube', params: { moves: c.facelets } });
      expect(r.ok, c.name).toBe(false);
      expect(r.error, c.name).toContain(c.reason);
      expect(r.error.startsWith('moves: facelet string: '), r.error).toBe(true);
      reasons.add(r.error);
    }
    expect(reasons.size).toBe(vectors.invalid_facelets.length);
  });

  it('checks cube inputs in validate exactly as a run does, naming the field', () => {
    // The page shows validate's error under the field as the user types (no TypeScript twin of
    // the parser): it must be the very message a run would give.
    const inputs = [
      '', '   ', "R U R' U'", "  R U R' U' ", 'R U X', '   R  Q', "R U2 D'' B", 'R3', 'RU', 'R Rw', 'r U', 'M2 U', 'x', '(R U)', 'R, U',
      'R\u0001', 'R U ' + 'F'.repeat(30), "RUR'U'", 'UUUUUUUUURRRR', "R2' R\u2019 R\u2032 F2\u2019", 'R\u2019\u2019', '\u00e9 R', 'R \uD83D\uDE00',
      vectors.solved, vectors.named.superflip!.facelets!, ` ${vectors.solved}\t`,
      ...vectors.invalid_facelets.map((c) => c.facelets),
    ];
    let refused = 0;
    for (const field of ['moves', 'with'] as const) {
      for (const text of inputs) {
        const params = { op: 'compose', moves: 'R', with: 'U', [field]: text };
        const v = call(m, { action: 'validate', puzzle: 'cube', params });
        const r = call(m, { action: 'run', puzzle: 'cube', params, kernels: ['scalar'] });
        expect(v.ok, JSON.stringify(text)).toBe(r.ok);
        if (r.ok) {
          expect(v.case_key).toBe(r.case_key);
          continue;
        }
        ++refused;
        expect(v.error, JSON.stringify(text)).toBe(r.error);
        expect(v.error.startsWith(`${field}: `)).toBe(true);
        expect(v.field).toBe(field);
      }
    }
    expect(refused).toBeGreaterThan(30);
  });

  it('returns errors as values, never aborting the module', () => {
    const bad: [unknown, string][] = [
      [{ moves: 'R U X' }, "moves: bad move 'X' (move 3, column 5)"],
      [{ op: 'compose', with: "R U2 D'' B" }, "with: bad move 'D'''"],
      [{ moves: 'Rw U' }, 'wide moves are not supported'],
      [{ moves: "RUR'U'" }, 'separate moves with spaces'],
      [{ moves: 'R '.repeat(200) }, 'moves is too long'],
      [{ op: 'shuffle' }, 'op must be one of'],
      [{ seed: 2 ** 40 }, 'seed must be in 0..4294967295'],
      [{ moves: '\u0000\u0001\uFFFF' }, 'bad move'],
      [{ moves: 'R\u2019 U\u2032 F2\u2019 \uD83D\uDE00' }, "bad move"],
    ];
    for (const [params, message] of bad) {
      const r = call(m, { action: 'run', puzzle: 'cube', params });
      expect(r.ok, JSON.stringify(params)).toBe(false);
      expect(r.error).toContain(message);
    }
    expect(runAll({ moves: "R\u2019 U\u2032 F2'" }).facelets).toBe(runAll({ moves: "R' U' F2" }).facelets);
    expect(runAll({ op: 'order', moves: 'R U' }).order).toBe(105);
  });
});
