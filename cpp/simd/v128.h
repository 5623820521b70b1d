#pragma once
// This build's 128-bit family as `sp::simd::v128`: SSE4.1 on x86, NEON on AArch64, SIMD128 in the
// wasm SIMD build (families.h). For kernels written once for all three: inside
// `#if SP_HAS_V128`, include this between SP_V128_BEGIN and SP_V128_END and use
// simd::v128::U8<>, U32<>, U64<>.

#include "simd/families.h"

#if SP_ARCH_X86
#include "simd/sse41.h"
namespace sp::simd {
namespace v128 = sse41;
}
#elif SP_ARCH_NEON
#include "simd/neon.h"
namespace sp::simd {
namespace v128 = neon;
}
#elif SP_ARCH_WASM_SIMD
#include "simd/wasm.h"
namespace sp::simd {
namespace v128 = wasm;
}
#endif
