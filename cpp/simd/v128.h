#pragma once
// The target's 128-bit vector type as `sp::simd::V128`, for kernels written once against the
// 128-bit layer: SSE4.1 on x86, NEON on AArch64, SIMD128 in the wasm SIMD build. (The wasm
// baseline build has none: SP_HAS_V128 is 0 there and 128-bit kernels are simply not registered.)
//
// On x86, code using V128 must sit between SP_V128_BEGIN and SP_V128_END.

#include "simd/target.h"

#if SP_ARCH_X86
#include "simd/v128_sse41.h"
namespace sp::simd { using V128 = Sse41x4; }
#define SP_V128_BEGIN SP_TARGET_BEGIN(SP_TARGETS_SSE41)
#define SP_V128_END SP_TARGET_END
#elif SP_ARCH_NEON
#include "simd/v128_neon.h"
namespace sp::simd { using V128 = NeonX4; }
#define SP_V128_BEGIN
#define SP_V128_END
#elif SP_ARCH_WASM_SIMD
#include "simd/v128_wasm.h"
namespace sp::simd { using V128 = WasmX4; }
#define SP_V128_BEGIN
#define SP_V128_END
#endif
