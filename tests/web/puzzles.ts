// The puzzles the tests iterate: the engine's own catalog (the wasm SIMD128 build, as the page
// loads it), in the page's tab order (web/src/puzzles/<id>/view.ts). No test file writes a list of
// puzzles of its own, so a new puzzle is tested by every layer without an edit to one (issue 30).
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { inTabOrder } from '../../web/src/app/load-builds';
import type { CatalogPuzzle } from '../../web/src/share/engine-types';
import type { Params } from '../../web/src/share/schema';
import { views } from '../../web/src/puzzles';
import { call, loadModule } from './wasm-module';

let engine: Promise<SimdPuzzlesModule> | null = null;
const simd = () => (engine ??= loadModule('simd'));

/** Every puzzle the page shows, in its tabs' order. */
export async function pagePuzzles(): Promise<CatalogPuzzle[]> {
  return inTabOrder(call(await simd(), { action: 'catalog' }).puzzles as CatalogPuzzle[], views);
}

/** A puzzle's default params (each param's default), what its tab opens on. */
export const defaultParams = (p: CatalogPuzzle): Params => Object.fromEntries(p.params.map((s) => [s.name, s.default]));

/** Whether the puzzle has a wasm SIMD128 kernel (a SIMD column of the Suite, a SIMD row of a run). */
export const hasSimd128 = (p: CatalogPuzzle): boolean => p.kernels.some((k) => k.isa === 'simd128');

/** The bench case of the puzzle's default params (what Run all runs of a puzzle whose view names
 * no Suite case; tests/web/default-cases.test.ts: every default case is one), or null. */
export async function defaultCase(p: CatalogPuzzle): Promise<string | null> {
  const m = await simd();
  const key = (params: Params) => call(m, { action: 'validate', puzzle: p.id, params }).case_key as string | undefined;
  const wanted = key(defaultParams(p));
  return p.bench_cases.find((c) => key(c.params) === wanted)?.name ?? null;
}

/** The bench case names Run all runs of the puzzle (app/suite.ts, suitePlan). */
export async function suiteCases(p: CatalogPuzzle): Promise<string[]> {
  const suite = views.get(p.id)?.suite;
  if (suite) return p.bench_cases.filter(suite.cases).map((c) => c.name);
  const name = await defaultCase(p);
  return name ? [name] : [];
}
