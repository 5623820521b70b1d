#pragma once
// The name of this build (native, sanitize, aarch64, wasm-simd128, wasm-relaxed, wasm-baseline),
// as every record, the environment and the listings carry it.

namespace sp {

// Read from a stamp in writable data, not a literal the compiler may fold: the relaxed wasm
// flavour is the SIMD128 module rewritten after linking (scripts/relax-wasm.mjs), which finds the
// stamp by its prefix and writes its own name there. So one compile serves both flavours and
// each still says which it is.
const char* build_name();

}  // namespace sp
