#include "core/build_name.h"

#ifndef SP_BUILD_NAME
#define SP_BUILD_NAME "unknown"
#endif

// "sp-build-name:" then the name and its NUL. A rewrite puts a name of the same length in its
// place (wasm-simd128 -> wasm-relaxed): no padding, since wasm-opt drops runs of zeros from data
// segments and a padded field would not be in the file. External and mutable: neither the
// compiler nor wasm-opt may assume its contents (scripts/relax-wasm.mjs, restamp).
extern "C" {
[[gnu::used]] char sp_build_stamp[] = "sp-build-name:" SP_BUILD_NAME;
}

namespace sp {

const char* build_name() { return sp_build_stamp + 14; }

}  // namespace sp
