// The 128-bit kernel, written once against simd::U8x16 and compiled for whichever 128-bit ISA this
// target has: SSE4.1 (x86), NEON (AArch64) or SIMD128 (the wasm SIMD build).

#include "puzzles/cube/cube.h"
#include "simd/u8x16.h"

#if SP_HAS_V128

SP_V128_BEGIN
#include "puzzles/cube/v128_cube.h"

namespace sp::cube {
namespace {
Result<Answer> run_v128(const Case& c, const Output& out) { return Driver<V128Cube<simd::U8x16>>::run(c, out); }
}  // namespace
}  // namespace sp::cube
SP_V128_END

namespace sp::cube {
namespace {
SP_REGISTER_KERNEL(Cube,
                   {"simd128", simd::U8x16::isa, simd::U8x16::needs,
                    "edges and corners in two 16-byte registers, masked indices; invert by p^27719 and p^839"},
                   &run_v128);
}  // namespace
}  // namespace sp::cube

#endif
