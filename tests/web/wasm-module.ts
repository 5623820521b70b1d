// Loads a wasm build from wasm-build/out in Node. Debian's Emscripten 3.1.6 emits browser-only ES6
// glue (-sENVIRONMENT=web,worker); handing it the .wasm bytes makes the same file load here.
//
// The relaxed build needs Relaxed SIMD, which Node 20's V8 (11.3) has behind a flag: set at run time
// (v8.setFlagsFromString, before the module compiles) when this Node does not validate it already
// (Node 22's V8 ships it), so Vitest's workers need no command-line flag.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';

export type Flavour = 'simd' | 'relaxed' | 'baseline';

/** The record build name a flavour's results carry. */
export const flavourBuild = (flavour: Flavour): string =>
  ({ simd: 'wasm-simd128', relaxed: 'wasm-relaxed', baseline: 'wasm-baseline' })[flavour];

// (func (param v128 v128) (result v128) local.get 0 local.get 1 i8x16.relaxed_swizzle)
const RELAXED_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 7, 1, 96, 2, 123, 123, 1, 123, 3, 2, 1, 0, 10, 11, 1, 9, 0, 32, 0, 32, 1, 253, 128, 2, 11,
]);

/** This Node compiles Relaxed SIMD without a flag (asked before any flag is set). */
export const RELAXED_BY_DEFAULT = WebAssembly.validate(RELAXED_PROBE);

/** Lets this Node compile Relaxed SIMD; true if it can. */
export function enableRelaxedSimd(): boolean {
  if (WebAssembly.validate(RELAXED_PROBE)) return true;
  setFlagsFromString('--experimental-wasm-relaxed-simd');
  return WebAssembly.validate(RELAXED_PROBE);
}

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
