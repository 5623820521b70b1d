// The three wasm builds (SIMD128, relaxed, baseline) answer the 12 official Cephalopod tests with every kernel they contain, verified
// against the reference; contest-style and slashed boards are one case; a bad board or depth comes
// back as an error value naming the field, and the module keeps working.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { call, flavourBuild, loadModule, testData, type Flavour } from './wasm-module';

interface Official {
  test: number;
  depth: number;
  board: string;
  expected: number;
  distinct_finals: number;
}
const vectors = testData<{ official: Official[]; hand_made: { depth: number; board: string; expected: number }[] }>('cephalopod_vectors.json');

describe.each<[Flavour, string[]]>([
  ['simd', ['reference/scalar', 'swar-bfs/scalar', 'swar-bfs-sym/scalar', 'dfs-cache/scalar', 'simd-dfs/simd128', 'lanes/simd128', 'layered/scalar', 'layered/simd128']],
  ['relaxed', ['reference/scalar', 'swar-bfs/scalar', 'swar-bfs-sym/scalar', 'dfs-cache/scalar', 'simd-dfs/simd128', 'lanes/simd128', 'layered/scalar', 'layered/simd128']],
  ['baseline', ['reference/scalar', 'swar-bfs/scalar', 'swar-bfs-sym/scalar', 'dfs-cache/scalar', 'layered/scalar']],
])('Cephalopod in the %s build', (flavour, expectedKernels) => {
  let m: SimdPuzzlesModule;
  beforeAll(async () => {
    m = await loadModule(flavour);
  });

  it('lists exactly the kernels this build has, all available', () => {
    const catalog = call(m, { action: 'catalog' });
    const p = catalog.puzzles.find((x: any) => x.id === 'cephalopod');
    expect(p.kernels.map((k: any) => k.key)).toEqual(expectedKernels);
    expect(p.kernels.every((k: any) => k.available)).toBe(true);
  });

  it('answers the 12 official tests with every kernel, verified against the reference', () => {
    expect(vectors.official).toHaveLength(12);
    for (const t of vectors.official) {
      const r = call(m, { action: 'run', puzzle: 'cephalopod', params: { depth: t.depth, board: t.board } });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      expect(r.failed).toEqual([]);
      expect(r.results.map((x: any) => `${x.kernel}/${x.isa}`)).toEqual(expectedKernels);
      for (const rec of r.results) {
        expect(rec.answer.sum, `${rec.kernel}/${rec.isa} test ${t.test}`).toBe(t.expected);
        expect(rec.build).toBe(flavourBuild(flavour));
        if (rec.kernel === 'reference') expect(rec.answer.distinct_finals).toBe(t.distinct_finals);
        else expect(rec.verified, `${rec.kernel}/${rec.isa} test ${t.test}`).toBe(true);
      }
    }
  }, 300_000);

  // As the native RandomBoardsAgreeWithTheReference: 0..8 dice, depths 1..14, each run verified by
  // the engine against the reference (the vector merges' probes and count shuffles differ per
  // ISA, so wasm gets its own sweep).
  it('agrees with the reference on 300 random boards with every kernel', () => {
    // In the relaxed build, the reference and the SIMD kernels: its other scalar kernels are the
    // SIMD128 build's code.
    const kernels = flavour === 'relaxed' ? expectedKernels.filter((k) => k === 'reference/scalar' || k.endsWith('/simd128')) : expectedKernels;
    let seed = 2025;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let i = 0; i < 300; i++) {
      const cells = Array<number>(9).fill(0);
      for (let placed = 0; placed < i % 9; ) {
        const cell = next(9);
        if (cells[cell]) continue;
        cells[cell] = 1 + next(6);
        placed++;
      }
      const params = { depth: 1 + next(14), board: cells.join('') };
      const r = call(m, { action: 'run', puzzle: 'cephalopod', params, kernels });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      expect(r.failed).toEqual([]);
      expect(r.results).toHaveLength(kernels.length);
      const reference = r.results[0];
      expect(reference.kernel).toBe('reference');
      for (const rec of r.results.slice(1)) {
        expect(rec.verified, `${rec.kernel}/${rec.isa} ${JSON.stringify(params)}`).toBe(true);
        expect(rec.answer.sum).toBe(reference.answer.sum);
      }
    }
  }, 300_000);

  it('answers the hand-made cases, depth 0 and a full board', () => {
    for (const t of vectors.hand_made) {
      const r = call(m, { action: 'run', puzzle: 'cephalopod', params: { depth: t.depth, board: t.board } });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      for (const rec of r.results) expect(rec.answer.sum, `${rec.kernel} ${t.board}`).toBe(t.expected);
    }
  });

  it('reads every spelling of a board as one case', () => {
    const keys = ['060222161', '060/222/161', '0 6 0 2 2 2 1 6 1'].map((board) => {
      const v = call(m, { action: 'validate', puzzle: 'cephalopod', params: { depth: 20, board } });
      expect(v.ok, JSON.stringify(v)).toBe(true);
      expect(v.params).toEqual({ board: '060222161', depth: 20 });
      return v.case_key;
    });
    expect(new Set(keys).size).toBe(1);
  });

  it('returns bad boards and depths as error values naming the field, never aborting', () => {
    const bad: [unknown, string, string][] = [
      [{ depth: 20, board: '06022216' }, 'board has 8 cells; it needs 9', 'board'],
      [{ depth: 20, board: '060222171' }, 'cell 8 (row 3, column 2) is 7', 'board'],
      [{ depth: 20, board: '06x222161' }, "unexpected character 'x' at position 3", 'board'],
      [{ depth: 41, board: '060222161' }, 'depth must be in 0..40, got 41', 'depth'],
      [{ depth: 'deep', board: '060222161' }, "depth must be an integer in 0..40, got 'deep'", 'depth'],
    ];
    for (const [params, message, field] of bad) {
      const r = call(m, { action: 'run', puzzle: 'cephalopod', params });
      expect(r.ok, JSON.stringify(params)).toBe(false);
      expect(r.error).toContain(message);
      expect(r.field).toBe(field);
    }
    // and the module still works afterwards
    const ok = call(m, { action: 'run', puzzle: 'cephalopod', params: { depth: 8, board: '606000615' }, kernels: ['swar-bfs-sym'] });
    expect(ok.results[0].answer.sum).toBe(76092874);
  });

  it('illustrates the board word, the frontier per depth and the layers', () => {
    const r = call(m, { action: 'illustrate', puzzle: 'cephalopod', params: { depth: 12, board: '000000000' } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const ill = r.illustration;
    expect(ill.word).toBe(0);
    expect(ill.cells).toHaveLength(9);
    expect(ill.levels_complete).toBe(true);
    expect(ill.levels[10]).toEqual({ depth: 10, boards: 6909, classes: 975, full: 0 });
    // The layered kernel's (P, m) layers (the native tests check them against a depth-first walk).
    expect(ill.layers).toHaveLength(39);
    expect(ill.layers[0]).toEqual({ pips: 0, m: 0, width: 1, first_depth: 0, boards: 1, states: 1 });
    expect([ill.layer_boards, ill.layer_states, ill.layers_complete]).toEqual([2984, 3954, true]);
  });
});
