// The relaxed flavour's placeholder import (cpp/simd/wasm.h, SP_WASM_RELAXED): Emscripten 3.1.6
// cannot emit Relaxed SIMD opcodes, so the family's select calls this import, and the post-link
// step (scripts/relax-wasm.mjs) replaces every call by i8x16.relaxed_laneselect. (Swizzles need no
// placeholder: the step rewrites the i8x16.swizzle opcode itself.) The imports stay (function
// indices, and so the symbol map, do not move) but nothing calls them: if one ever ran, the
// post-link step was skipped, and the module says so rather than compute anything.
mergeInto(LibraryManager.library, {
  sp_relaxed_laneselect: function () {
    throw new Error('sp_relaxed_laneselect called: the relaxed build missed its post-link step (scripts/relax-wasm.mjs)');
  },
});
