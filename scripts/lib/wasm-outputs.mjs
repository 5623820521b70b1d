// Where each wasm flavour's module lands, relative to the repository: the SIMD128 and baseline
// trees (wasm-build/), and the relaxed module the SIMD128 tree rewrites from its own
// (scripts/relax-wasm.mjs). The page's name of the flavour -> its folder. One place for the
// listings (build-listings.mjs) and the playground's compile service, which mounts a build's
// folder where the listings script looks.
export const WASM_OUT_DIRS = Object.freeze({
  simd128: 'wasm-build/out/simd',
  relaxed: 'wasm-build/out/relaxed',
  baseline: 'wasm-build/out/baseline',
});
