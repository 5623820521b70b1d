#pragma once
// The target's 16 x u8 vector as `sp::simd::U8x16`, for byte kernels written once against the
// 128-bit layer (cube shuffles, popcount): SSE4.1 / NEON / SIMD128. On x86 use it between
// SP_V128_BEGIN and SP_V128_END (from v128.h). Contract, on every ISA:
//   zero splat load store and_ or_ xor_ andnot(a,b)=a&~b   bitwise and memory
//   add sub min                                             u8 lanes, wrapping add/sub, unsigned min
//   eq(a,b) -> 0xFF/0x00 lanes; all_equal(a,b) -> bool
//   shuffle(table, idx)  r[i] = idx[i] < 16 ? table[idx[i]] : (idx[i] >= 0x80 ? 0 : UNSPECIFIED)
//                        pshufb wraps 16..127 mod 16, tbl and swizzle zero them: keep indices
//                        in 0..15, or 0x80.. to zero a lane
//   low_nibbles high_nibbles popcount                      per byte
//   wide: 2 x u64 accumulators; wide_zero, add_byte_sums(acc, v) (adds all 16 bytes of v into
//         acc), reduce(acc) -> the total
#include "simd/families.h"

#if SP_ARCH_X86
#include "simd/u8x16_sse41.h"
namespace sp::simd { using U8x16 = Sse41U8; }
#elif SP_ARCH_NEON
#include "simd/u8x16_neon.h"
namespace sp::simd { using U8x16 = NeonU8; }
#elif SP_ARCH_WASM_SIMD
#include "simd/u8x16_wasm.h"
namespace sp::simd { using U8x16 = WasmU8; }
#endif
