// The case a newcomer runs first (each puzzle's defaults) is a benchmark case, so the native
// benchmark of `npm start` measures it and its first run has native numbers beside it (issue 17,
// item 1: chess and the cube had none). Any other case is measured on request (Measure natively now).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { call, loadModule } from './wasm-module';

describe('each puzzle’s default case', () => {
  let m: SimdPuzzlesModule;
  beforeAll(async () => {
    m = await loadModule('simd');
  });

  it('is one of its benchmark cases', () => {
    const { puzzles } = call(m, { action: 'catalog' });
    for (const p of puzzles as { id: string; params: { name: string; default: unknown }[]; bench_cases: { params: unknown }[] }[]) {
      const key = (params: unknown) => call(m, { action: 'validate', puzzle: p.id, params }).case_key;
      const defaults = key(Object.fromEntries(p.params.map((s) => [s.name, s.default])));
      expect(defaults, p.id).toBeTruthy();
      expect(p.bench_cases.map((c) => key(c.params)), p.id).toContain(defaults);
    }
  });
});
