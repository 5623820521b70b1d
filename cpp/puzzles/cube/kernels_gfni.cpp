// AVX2 + GFNI: vcube's layout and compose, with the inverse found by transposing each lane's
// permutation matrix (vcube.h, invert_gfni): 12 instructions instead of 26.

#include "puzzles/cube/cube.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

SP_TARGET_BEGIN(SP_TARGETS_AVX2 ",gfni")
#include "puzzles/cube/vcube.h"

namespace sp::cube {
namespace {
struct GfniFile;
using V = Vcube256<GfniFile>;
struct GfniOps : V {
  static State invert(State v) { return V::invert_gfni(v); }
};
Result<Answer> run_gfni(const Case& c, const Output& out) { return Driver<GfniOps>::run(c, out); }
}  // namespace
}  // namespace sp::cube
SP_TARGET_END

namespace sp::cube {
namespace {
SP_REGISTER_KERNEL(Cube,
                   {"avx2-256-gfni", Isa::avx2, cpu::kNeedsAvx2 | kNeedsGfni,
                    "the same compose; invert by transposing the permutation's bit matrix with GFNI affine ops"},
                   &run_gfni);
}  // namespace
}  // namespace sp::cube

#endif
