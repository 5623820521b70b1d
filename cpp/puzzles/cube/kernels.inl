// The cube's SIMD kernels, written once and compiled in every pass of passes.cmake (cpp/simd/
// isa.h). Two layouts of the same Packed image (cube.h), one per register width:
//  - 128-bit passes (sse41 on x86-64, neon on AArch64, wasm in the SIMD128 build): edges and
//    corners in two registers, v128_cube.h.
//  - 256 bits and more (avx2, avx2_gfni, avx512_gfni): vcube's whole cube in one ymm, vcube.h.
//    The AVX2 pass has two inverses (vcube's power chain and its brute force), the GFNI pass our
//    bit-matrix transpose; the AVX-512 pass adds two cubes per zmm for the batch runs and does
//    single cubes in a ymm, with the AVX2 family inside its own target.
// Which kernels a pass has, and their summaries, is the table at the end.

#include "puzzles/cube/driver.h"
#include "puzzles/cube/v128_cube.h"
#include "puzzles/cube/vcube.h"

// The families whose passes keep a cube in a ymm: avx2 (its own family, already included) and
// avx512 (which includes AVX2's family as well; its target allows it).
#if SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx2 || SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx512
#include "simd/avx2.h"
#endif

namespace cube {
using namespace ::sp::cube;
using Puzzle = Cube;

namespace {
using Bytes = family::U8<kPass.ext>;
#if SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx2 || SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx512
using Ymm = simd::avx2::U8<kPass.ext>;  // one cube per register (in the avx2 passes, Bytes itself)
#else
using Ymm = void;  // 128-bit passes: no ymm
#endif
constexpr bool kGfni = (kPass.ext & ::sp::cpu::kGfni) != 0;

template <class Ops>
Result<Answer> run(const Case& c, const Output& out) { return Driver<Ops>::run(c, out); }

template <class B, class Y>
constexpr auto make_kernels() {
  using K = PassKernel<Puzzle>;
  if constexpr (B::lanes == 16) {
    return std::array{K{"simd128", "edges and corners in two 16-byte registers, masked indices; invert by p^27719 and p^839",
                        &run<V128Cube<B>>}};
  } else if constexpr (B::lanes == 64) {
    return std::array{K{"avx512-pairs", "two cubes per zmm for batches, one per ymm for chains; GFNI transpose inverse",
                        &run<VcubePairs<B, Y, Inverse::gfni>>}};
  } else if constexpr (kGfni) {
    return std::array{K{"avx2-256-gfni",
                        "the same compose; invert by transposing the permutation's bit matrix with GFNI affine ops",
                        &run<Vcube256<Y, Inverse::gfni>>}};
  } else {
    return std::array{
        K{"avx2-256", "the whole cube in one ymm (vcube): compose in 5 instructions, invert by p^27719 (19 shuffles)",
          &run<Vcube256<Y, Inverse::chain>>},
        K{"avx2-256-brute", "the same compose; invert by brute force, 12 rounds of broadcast, compare and merge",
          &run<Vcube256<Y, Inverse::brute>>}};
  }
}
}  // namespace

constexpr auto kKernels = make_kernels<Bytes, Ymm>();
}  // namespace cube
