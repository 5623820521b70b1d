// Loads a wasm build from wasm-build/out in Node. Debian's Emscripten 3.1.6 emits browser-only ES6
// glue (-sENVIRONMENT=web,worker); handing it the .wasm bytes makes the same file load here.
//
// The relaxed build needs Relaxed SIMD, which Node 20 has behind a flag: scripts/lib/relaxed-simd.mjs
// sets it at run time, so Vitest's workers need no command-line flag.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { enableRelaxedSimd } from '../../scripts/lib/relaxed-simd.mjs';

export { enableRelaxedSimd, RELAXED_BY_DEFAULT } from '../../scripts/lib/relaxed-simd.mjs';

export type Flavour = 'simd' | 'relaxed' | 'baseline';

/** The record build name a flavour's results carry. */
export const flavourBuild = (flavour: Flavour): string =>
  ({ simd: 'wasm-simd128', relaxed: 'wasm-relaxed', baseline: 'wasm-baseline' })[flavour];

export async function loadModule(flavour: Flavour): Promise<SimdPuzzlesModule> {
  if (flavour === 'relaxed' && !enableRelaxedSimd()) throw new Error(`Node ${process.version} cannot compile Relaxed SIMD`);
  const dir = fileURLToPath(new URL(`../../wasm-build/out/${flavour}/`, import.meta.url));
  const { default: create } = (await import(/* @vite-ignore */ `${dir}simd-puzzles.mjs`)) as {
    default: (o: { wasmBinary: Uint8Array }) => Promise<SimdPuzzlesModule>;
  };
  return create({ wasmBinary: readFileSync(`${dir}simd-puzzles.wasm`) });
}

export function call<T = any>(m: SimdPuzzlesModule, request: unknown, onProgress?: (e: any) => void): T {
  return JSON.parse(m.handle(JSON.stringify(request), onProgress ? (e) => onProgress(JSON.parse(e)) : null));
}

export function testData<T = any>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8'));
}
