// AVX-512: two cubes per zmm for the throughput runs (vpshufb shuffles within 128-bit lanes, so
// lanes 0-1 hold one cube and lanes 2-3 the next, each exactly as in the ymm layout), and the GFNI
// inverse. Single cubes (apply, order, the latency chains) use the 256-bit code, compiled here.

#include "puzzles/cube/cube.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",gfni")
#include "simd/avx2.h"
#include "simd/avx512.h"
#include "puzzles/cube/vcube.h"

namespace sp::cube {
namespace {
using V = Vcube256<simd::avx2::U8<cpu::kGfni>>;
using Wide = simd::avx512::U8<cpu::kGfni>;
using Pairs = VcubeMath<Wide>;

struct PairOps : V {
  static State invert(State v) { return V::invert_gfni(v); }

  // out[i] = pool[i] · pool[i+1]: the second operand is the same pool one cube further on.
  static void compose_pool(const Packed* pool, Packed* out, std::uint32_t n) {
    std::uint32_t i = 0;
    for (; i + 2 < n; i += 2)
      Wide::store(out + i, Pairs::compose(Wide::load(pool + i), Wide::load(pool + i + 1)));
    for (; i < n; ++i) store(out[i], compose(load(pool[i]), load(pool[i + 1 < n ? i + 1 : 0])));
  }
  static void invert_pool(const Packed* pool, Packed* out, std::uint32_t n) {
    std::uint32_t i = 0;
    for (; i + 2 <= n; i += 2) Wide::store(out + i, Pairs::invert_gfni(Wide::load(pool + i)));
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
                   {"avx512-pairs", Wide::isa, Wide::needs,
                    "two cubes per zmm for batches, one per ymm for chains; GFNI transpose inverse"},
                   &run_pairs);
}  // namespace
}  // namespace sp::cube

#endif
