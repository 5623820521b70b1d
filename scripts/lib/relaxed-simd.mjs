// Relaxed SIMD in Node, for the relaxed wasm build (README, "Relaxed SIMD"): Node 20's V8 (11.3)
// compiles it only behind --experimental-wasm-relaxed-simd, Node 22's without. The flag can be
// set at run time, before the module compiles (v8.setFlagsFromString), so the scripts and Vitest
// that load the relaxed build need no command-line flag.
import { setFlagsFromString } from 'node:v8';

// (func (param v128 v128) (result v128) local.get 0 local.get 1 i8x16.relaxed_swizzle)
const PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 7, 1, 96, 2, 123, 123, 1, 123, 3, 2, 1, 0, 10, 11, 1, 9, 0, 32, 0, 32, 1, 253, 128, 2, 11,
]);

/** This Node compiles Relaxed SIMD without a flag (asked before any flag is set). */
export const RELAXED_BY_DEFAULT = WebAssembly.validate(PROBE);

/** Lets this Node compile Relaxed SIMD; true if it can. */
export function enableRelaxedSimd() {
  if (WebAssembly.validate(PROBE)) return true;
  setFlagsFromString('--experimental-wasm-relaxed-simd');
  return WebAssembly.validate(PROBE);
}
