// AVX-512: two cubes per zmm for the throughput runs (vpshufb shuffles within 128-bit lanes, so
// lanes 0-1 hold one cube and lanes 2-3 the next, each exactly as in the ymm layout), and the GFNI
// inverse. Single cubes (apply, order, the latency chains) use the 256-bit code, compiled here.

#include "puzzles/cube/cube.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>
// GCC 12 warns about the _mm512_undefined_*() pass-through inside its own broadcast intrinsics
// (GCC PR 105593); the value is never read.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",gfni")
#include "puzzles/cube/vcube.h"

namespace sp::cube {
namespace {
struct Avx512File;
using V = Vcube256<Avx512File>;
using Pairs = VcubeMath<Zmm<Avx512File>>;

struct PairOps : V {
  static State invert(State v) { return V::invert_gfni(v); }

  // out[i] = pool[i] · pool[i+1]: the second operand is the same pool one cube further on.
  static void compose_pool(const Packed* pool, Packed* out, std::uint32_t n) {
    std::uint32_t i = 0;
    for (; i + 2 < n; i += 2)
      _mm512_storeu_si512(out + i, Pairs::compose(_mm512_loadu_si512(pool + i), _mm512_loadu_si512(pool + i + 1)));
    for (; i < n; ++i) store(out[i], compose(load(pool[i]), load(pool[i + 1 < n ? i + 1 : 0])));
  }
  static void invert_pool(const Packed* pool, Packed* out, std::uint32_t n) {
    std::uint32_t i = 0;
    for (; i + 2 <= n; i += 2) _mm512_storeu_si512(out + i, Pairs::invert_gfni(_mm512_loadu_si512(pool + i)));
    for (; i < n; ++i) store(out[i], invert(load(pool[i])));
  }
};

Result<Answer> run_pairs(const Case& c, const Output& out) { return Driver<PairOps>::run(c, out); }
}  // namespace
}  // namespace sp::cube
SP_TARGET_END

namespace sp::cube {
namespace {
SP_REGISTER_KERNEL(Cube,
                   {"avx512-pairs", Isa::avx512, cpu::kNeedsAvx512 | kNeedsGfni,
                    "two cubes per zmm for batches, one per ymm for chains; GFNI transpose inverse"},
                   &run_pairs);
}  // namespace
}  // namespace sp::cube

#endif
