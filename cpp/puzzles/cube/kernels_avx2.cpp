// AVX2 kernels on vcube's 256-bit layout: the same 5-instruction compose, two inverses (the
// 27719 power chain, and the brute force it replaced in vcube). The GFNI inverse lives in
// kernels_gfni.cpp: its file enables GFNI for its whole region, this one must not.

#include "puzzles/cube/cube.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

SP_TARGET_BEGIN(SP_TARGETS_AVX2)
#include "puzzles/cube/vcube.h"

namespace sp::cube {
namespace {
struct Avx2File;
using V = Vcube256<Avx2File>;
struct ChainOps : V {
  static State invert(State v) { return V::invert_chain(v); }
};
struct BruteOps : V {
  static State invert(State v) { return V::invert_brute(v); }
};
Result<Answer> run_chain(const Case& c, const Output& out) { return Driver<ChainOps>::run(c, out); }
Result<Answer> run_brute(const Case& c, const Output& out) { return Driver<BruteOps>::run(c, out); }
}  // namespace
}  // namespace sp::cube
SP_TARGET_END

namespace sp::cube {
namespace {
SP_REGISTER_KERNEL(Cube,
                   {"avx2-256", Isa::avx2, cpu::kNeedsAvx2,
                    "the whole cube in one ymm (vcube): compose in 5 instructions, invert by p^27719 (19 shuffles)"},
                   &run_chain);
SP_REGISTER_KERNEL(Cube,
                   {"avx2-256-brute", Isa::avx2, cpu::kNeedsAvx2,
                    "the same compose; invert by brute force, 12 rounds of broadcast, compare and merge"},
                   &run_brute);
}  // namespace
}  // namespace sp::cube

#endif
