// The 128-bit kernels, written once against cpp/simd and compiled for whichever 128-bit ISA this
// target has: SSE4.1 (x86), NEON (AArch64) or SIMD128 (the wasm SIMD build).
//   lanes     one BFS level, 4 boards per vector (lanes.h); bucket probes and count updates
//             with 128-bit vectors (merge_v128.h)
//   layered   (P, m) layers (layered.h), a layer's blocks expanded and merged as in lanes
//   simd-dfs  the depth-first search with 4-lane move generation (quad_moves.h), the 8
//             symmetries in two registers with one min-reduction, and the 4-way cache bucket
//             probed by two 2 x u64 compares

#include "puzzles/cephalopod/cephalopod.h"
#include "puzzles/cephalopod/scalar_tools.h"
#include "simd/families.h"

#if SP_HAS_V128

SP_V128_BEGIN
#include "simd/v128.h"
#include "puzzles/cephalopod/lanes.h"
#include "puzzles/cephalopod/layered.h"
#include "puzzles/cephalopod/merge_v128.h"
#include "puzzles/cephalopod/quad_moves.h"

namespace sp::cephalopod {
namespace {

// What the 128-bit lane type lacks here: the lane-wise product, a shift by a run-time count, and
// a 64-bit compare giving one bit per way.
struct V128Ops : simd::v128::U32<> {
#if SP_ARCH_X86
  static vec mullo(vec a, vec b) { return _mm_mullo_epi32(a, b); }
  static vec shr_n(vec a, int n) { return _mm_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static unsigned match_ways(const std::uint64_t* ways, std::uint64_t key) {
    const __m128i k = _mm_set1_epi64x(static_cast<long long>(key));
    const __m128i a = _mm_cmpeq_epi64(_mm_load_si128(reinterpret_cast<const __m128i*>(ways)), k);
    const __m128i b = _mm_cmpeq_epi64(_mm_load_si128(reinterpret_cast<const __m128i*>(ways + 2)), k);
    return static_cast<unsigned>(_mm_movemask_pd(_mm_castsi128_pd(a)) | (_mm_movemask_pd(_mm_castsi128_pd(b)) << 2));
  }
#elif SP_ARCH_NEON
  static vec mullo(vec a, vec b) { return vmulq_u32(a, b); }
  static vec shr_n(vec a, int n) { return vshlq_u32(a, vdupq_n_s32(-n)); }
  static unsigned match_ways(const std::uint64_t* ways, std::uint64_t key) {
    const uint64x2_t k = vdupq_n_u64(key);
    // Each 64-bit compare result narrowed to 16 bits: four 16-bit flags in one u64.
    const uint32x4_t both = vcombine_u32(vmovn_u64(vceqq_u64(vld1q_u64(ways), k)), vmovn_u64(vceqq_u64(vld1q_u64(ways + 2), k)));
    const std::uint64_t flags = vget_lane_u64(vreinterpret_u64_u16(vmovn_u32(both)), 0);
    return static_cast<unsigned>((flags & 1u) | ((flags >> 15) & 2u) | ((flags >> 30) & 4u) | ((flags >> 45) & 8u));
  }
#else
  static vec mullo(vec a, vec b) { return wasm_i32x4_mul(a, b); }
  static vec shr_n(vec a, int n) { return wasm_u32x4_shr(a, static_cast<std::uint32_t>(n)); }
  static unsigned match_ways(const std::uint64_t* ways, std::uint64_t key) {
    const v128_t k = wasm_i64x2_splat(static_cast<long long>(key));
    const v128_t a = wasm_i64x2_eq(wasm_v128_load(ways), k);
    const v128_t b = wasm_i64x2_eq(wasm_v128_load(ways + 2), k);
    return wasm_i64x2_bitmask(a) | (wasm_i64x2_bitmask(b) << 2);
  }
#endif
};
using V = V128Ops;
using Lanes128 = LaneTools<V, Merge128<V>>;

struct Dfs128 : ScalarTools {
  using vec = V::vec;
  static int children(Board b, Board* out) { return QuadMoves<V>::children(b, out); }
  // The 8 images in two registers, [r, R r, t, R t] and a half turn of it, each packed with its
  // transform index in 3 low bits: one unsigned min per lane, then across the lanes.
  static Canonical canonicalize(Board x) {
    using L = LaneTools<V, ScalarTools>;
    const vec r = V::splat(x & kRing);
    const vec t = V::splat(transpose(x) & kRing);
    const vec a0 = V::template blend<false, false, true, true>(r, t);
    const vec a = V::template blend<false, true, false, true>(a0, L::template rotate_ring_v<2>(a0));
    const vec b = L::template rotate_ring_v<4>(a);
    const vec pa = V::or_(V::template shl<3>(a), V::setr(0, 1, 4, 5));
    const vec pb = V::or_(V::template shl<3>(b), V::setr(2, 3, 6, 7));
    const std::uint32_t best = V::reduce_min(V::min(pa, pb));
    return {(best >> 3) | (x & kCentreBits), static_cast<int>(best & 7u)};
  }
  static int find(const DfsCache& cache, std::uint32_t bucket, std::uint64_t key) {
    const unsigned m = V::match_ways(cache.keys.data() + std::size_t{bucket} * DfsCache::kWays, key);
    return m ? __builtin_ctz(m) : -1;
  }
};

}  // namespace

Expected<Result<Answer>> solve_lanes_v128(const Case& c, Workspace& ws) { return bfs_sym_kernel<Lanes128>(c, ws, "lanes"); }
Expected<Result<Answer>> solve_simd_dfs_v128(const Case& c, Workspace& ws) { return dfs_kernel<Dfs128>(c, ws, "simd-dfs"); }
Expected<Result<Answer>> solve_layered_v128(const Case& c, Workspace& ws) { return layered_kernel<Lanes128>(c, ws, "layered"); }

}  // namespace sp::cephalopod
SP_V128_END

namespace sp::cephalopod {
SP_REGISTER_KERNEL(Cephalopod,
                   {"lanes", simd::v128::U32<>::isa, simd::v128::U32<>::needs,
                    "one BFS level, 4 boards per vector: 31 compress-stores of moves; 2-compare bucket probe, counts by 4 byte shuffles", "bfs"},
                   &solve_lanes_v128);
SP_REGISTER_KERNEL(Cephalopod,
                   {"simd-dfs", simd::v128::U32<>::isa, simd::v128::U32<>::needs,
                    "dfs-cache with 4 corners / 4 edges per vector, 8 images in 2 registers, 2-compare bucket probe", "dfs"},
                   &solve_simd_dfs_v128);
SP_REGISTER_KERNEL(Cephalopod,
                   {"layered", simd::v128::U32<>::isa, simd::v128::U32<>::needs,
                    "(P, m) layers, each class expanded once; 4 boards per vector, bucket probe and count bands as in lanes", "layered"},
                   &solve_layered_v128);
}  // namespace sp::cephalopod

#endif
