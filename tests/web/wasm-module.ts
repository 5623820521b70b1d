// Loads a wasm build from wasm-build/out in Node. Debian's Emscripten 3.1.6 emits browser-only ES6
// glue (-sENVIRONMENT=web,worker); handing it the .wasm bytes makes the same file load here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';

export type Flavour = 'simd' | 'baseline';

export async function loadModule(flavour: Flavour): Promise<SimdPuzzlesModule> {
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
