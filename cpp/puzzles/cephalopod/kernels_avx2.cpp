// AVX2 kernels:
//   lanes     8 boards per vector; bucket probe, count permutes and the last turn's dot products
//             with 256-bit vectors (merge_avx2.h)
//   simd-dfs  the 8 symmetries in one register (a variable shift per lane rotates each image),
//             the 4-way bucket of 64-bit keys probed by one compare, values re-oriented by vpermd;
//             moves from the 128-bit quad generator (quad_moves.h, VEX-encoded here)
//   layered   (P, m) layers (layered.h) with lanes' passes: 8 boards per vector, the AVX2 merge

#include "puzzles/cephalopod/cephalopod.h"
#include "puzzles/cephalopod/scalar_tools.h"
#include "simd/target.h"

#if SP_ARCH_X86

SP_TARGET_BEGIN(SP_TARGETS_AVX2)
#include "simd/avx2.h"
#include "simd/sse41.h"  // the quad move generator's 4 lanes, VEX-encoded in this region
#include "puzzles/cephalopod/lanes.h"
#include "puzzles/cephalopod/layered.h"
#include "puzzles/cephalopod/merge_avx2.h"
#include "puzzles/cephalopod/quad_moves.h"

namespace sp::cephalopod {
namespace {
struct Avx2Ops : simd::avx2::U32<> {
  static vec mullo(vec a, vec b) { return _mm256_mullo_epi32(a, b); }
  static vec shr_n(vec a, int n) { return _mm256_srl_epi32(a, _mm_cvtsi32_si128(n)); }
};
using Lanes256 = LaneTools<Avx2Ops, Avx2Merge<Avx2Ops>>;

inline constexpr auto kValueFrom8 = [] {
  std::array<Lanes8, kSymmetries> t{};
  for (int j = 0; j < kSymmetries; ++j)
    for (int g = 0; g < kSymmetries; ++g) t[static_cast<std::size_t>(j)].v[g] = kValueFrom[static_cast<std::size_t>(j)][static_cast<std::size_t>(g)];
  return t;
}();

struct Dfs256 : ScalarTools {
  static __m256i load8(const std::uint32_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }

  static int children(Board b, Board* out) { return QuadMoves<simd::sse41::U32<>>::children(b, out); }
  // Lanes 0-3: the board turned 0-3 quarter turns, lanes 4-7 its transpose turned: a rotation
  // is two shifts of the 24-bit ring. Packed with the lane index, one min-reduction.
  static Canonical canonicalize(Board x) {
    const __m256i images = _mm256_blend_epi32(_mm256_set1_epi32(static_cast<int>(x & kRing)),
                                              _mm256_set1_epi32(static_cast<int>(transpose(x) & kRing)), 0xF0);
    const __m256i left = _mm256_setr_epi32(0, 6, 12, 18, 0, 6, 12, 18);
    const __m256i right = _mm256_setr_epi32(24, 18, 12, 6, 24, 18, 12, 6);
    const __m256i turned = _mm256_and_si256(_mm256_or_si256(_mm256_sllv_epi32(images, left), _mm256_srlv_epi32(images, right)),
                                            _mm256_set1_epi32(static_cast<int>(kRing)));
    const __m256i packed = _mm256_or_si256(_mm256_slli_epi32(turned, 3), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m128i m = _mm_min_epu32(_mm256_castsi256_si128(packed), _mm256_extracti128_si256(packed, 1));
    m = _mm_min_epu32(m, _mm_shuffle_epi32(m, 0x4E));
    m = _mm_min_epu32(m, _mm_shuffle_epi32(m, 0xB1));
    const std::uint32_t best = static_cast<std::uint32_t>(_mm_cvtsi128_si32(m));
    return {(best >> 3) | (x & kCentreBits), static_cast<int>(best & 7u)};
  }
  static int find(const DfsCache& cache, std::uint32_t bucket, std::uint64_t key) {
    const __m256i ways = _mm256_load_si256(reinterpret_cast<const __m256i*>(cache.keys.data() + std::size_t{bucket} * DfsCache::kWays));
    const int m = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(ways, _mm256_set1_epi64x(static_cast<long long>(key)))));
    return m ? __builtin_ctz(static_cast<unsigned>(m)) : -1;
  }
  static void add_values(std::uint32_t* acc, const std::uint32_t* w, int j) {
    const __m256i v = _mm256_permutevar8x32_epi32(load8(w), load8(kValueFrom8[static_cast<std::size_t>(j)].v));
    _mm256_store_si256(reinterpret_cast<__m256i*>(acc), _mm256_add_epi32(load8(acc), v));
  }
  static void add_digits(std::uint32_t* acc, std::uint64_t border, std::uint32_t centre) {
    __m256i h = _mm256_mullo_epi32(_mm256_set1_epi32(static_cast<int>(centre)), load8(kOrientWeight8[kCentre].v));
    for (int p = 0; p < 8; ++p) {
      const int digits = static_cast<int>((border >> (8 * p)) & 0xFF);
      h = _mm256_add_epi32(h, _mm256_mullo_epi32(_mm256_set1_epi32(digits), load8(kOrientWeight8[static_cast<std::size_t>(p)].v)));
    }
    _mm256_store_si256(reinterpret_cast<__m256i*>(acc), _mm256_add_epi32(load8(acc), h));
  }
};
}  // namespace

Expected<Result<Answer>> solve_lanes_avx2(const Case& c, Workspace& ws) { return bfs_sym_kernel<Lanes256>(c, ws, "lanes"); }
Expected<Result<Answer>> solve_simd_dfs_avx2(const Case& c, Workspace& ws) { return dfs_kernel<Dfs256>(c, ws, "simd-dfs"); }
Expected<Result<Answer>> solve_layered_avx2(const Case& c, Workspace& ws) { return layered_kernel<Lanes256>(c, ws, "layered"); }

}  // namespace sp::cephalopod
SP_TARGET_END

namespace sp::cephalopod {
SP_REGISTER_KERNEL(Cephalopod,
                   {"lanes", Isa::avx2, cpu::kNeedsAvx2,
                    "one BFS level, 8 boards per vector; 8-key bucket probe and 8 counts re-oriented by one vpermd", "bfs"},
                   &solve_lanes_avx2);
SP_REGISTER_KERNEL(Cephalopod,
                   {"simd-dfs", Isa::avx2, cpu::kNeedsAvx2,
                    "dfs-cache with the 8 images in one register (variable shifts), 4 x u64 bucket in one compare", "dfs"},
                   &solve_simd_dfs_avx2);
SP_REGISTER_KERNEL(Cephalopod,
                   {"layered", Isa::avx2, cpu::kNeedsAvx2,
                    "(P, m) layers, each class expanded once; 8 boards per vector, bucket probe and count bands by vpermd", "layered"},
                   &solve_layered_avx2);
}  // namespace sp::cephalopod

#endif
