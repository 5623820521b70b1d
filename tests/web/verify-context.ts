// The context the page's verify.ts re-checks shared records with, built from a wasm build loaded in
// Node: its catalog, its kernels as the wasm-simd128 build's, and its engine for validate/known.
// `page` adds what the page itself brings: its puzzle views' peers and work rules.
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { views } from '../../web/src/puzzles';
import type { Catalog } from '../../web/src/share/engine-types';
import type { VerifyContext } from '../../web/src/share/verify';
import { call } from './wasm-module';

/** The browser peers the page runs: those its puzzle views list. */
export const PAGE_PEERS = [...views.values()].flatMap((v) => v.peers ?? []).map((p) => p.peer);

export function verifyContextOf(m: SimdPuzzlesModule, { page = false } = {}): VerifyContext {
  const catalog = call<Catalog>(m, { action: 'catalog' });
  return {
    puzzles: catalog.puzzles,
    isas: catalog.isas,
    kernelsByBuild: new Map([['wasm-simd128', new Set(catalog.puzzles.flatMap((p) => p.kernels.map((k) => k.key)))]]),
    peers: page ? PAGE_PEERS : [],
    ...(page ? { workRules: (puzzle: string) => views.get(puzzle)?.work } : {}),
    call: async (request) => call(m, request),
  };
}
