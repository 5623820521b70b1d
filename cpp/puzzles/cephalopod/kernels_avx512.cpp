// AVX-512 kernels: lanes and layered with 16 boards per vector (vpcompressd pushes).

#include "puzzles/cephalopod/cephalopod.h"
#include "puzzles/cephalopod/scalar_tools.h"
#include "simd/target.h"

// GCC 12 reports the deliberately undefined source operand of _mm512_slli/srli_epi32
// (_mm512_undefined_epi32) as maybe-uninitialized once lanes.h is inlined here: a false positive.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#if SP_ARCH_X86

SP_TARGET_BEGIN(SP_TARGETS_AVX512)
#include "simd/avx512.h"
#include "puzzles/cephalopod/lanes.h"
#include "puzzles/cephalopod/layered.h"
#include "puzzles/cephalopod/merge_avx2.h"

namespace sp::cephalopod {
namespace {
struct Avx512Ops : simd::avx512::U32<> {
  static vec mullo(vec a, vec b) { return _mm512_mullo_epi32(a, b); }
  static vec shr_n(vec a, int n) { return _mm512_srl_epi32(a, _mm_cvtsi32_si128(n)); }
};
using Lanes512 = LaneTools<Avx512Ops, Avx2Merge<Avx512Ops>>;
}  // namespace

Expected<Result<Answer>> solve_lanes_avx512(const Case& c, Workspace& ws) { return bfs_sym_kernel<Lanes512>(c, ws, "lanes"); }
Expected<Result<Answer>> solve_layered_avx512(const Case& c, Workspace& ws) { return layered_kernel<Lanes512>(c, ws, "layered"); }

}  // namespace sp::cephalopod
SP_TARGET_END

namespace sp::cephalopod {
SP_REGISTER_KERNEL(Cephalopod,
                   {"lanes", Isa::avx512, cpu::kNeedsAvx512,
                    "one BFS level, 16 boards per vector, vpcompressd pushes; merge as in the AVX2 kernel", "bfs"},
                   &solve_lanes_avx512);
SP_REGISTER_KERNEL(Cephalopod,
                   {"layered", Isa::avx512, cpu::kNeedsAvx512,
                    "(P, m) layers, each class expanded once; 16 boards per vector, merge as in the AVX2 kernel", "layered"},
                   &solve_layered_avx512);
}  // namespace sp::cephalopod

#endif
