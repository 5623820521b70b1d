#pragma once
// `simd-dfs`: the Tools of dfs_search.h with vectors. Moves from the 4-lane quad generator
// (quad_moves.h); the cache's 4-way bucket of 64-bit keys probed by the family's bucket probe,
// match<4> (one 256-bit compare, or two 128-bit ones); and the 8 symmetries of a board
//   - in one register where V has 8 lanes (AVX2): a variable shift per lane turns each image, and
//     a child's 8 values are re-oriented by one lane permute (kValueFrom), its leaves' digit sums
//     weighted by one 8-lane product per cell;
//   - in two 4-lane registers otherwise ([r, R r, t, R t] and a half turn of it), the values and
//     leaves as ScalarTools does them.
// The two canonical forms are different algorithms over the same images (the one-register form
// needs per-lane shifts, which SSE4.1 and SIMD128 lack). Included by kernels.inl inside an ISA
// pass (a relative header).

#include "puzzles/cephalopod/lanes.h"
#include "puzzles/cephalopod/merge.h"
#include "puzzles/cephalopod/quad_moves.h"
#include "puzzles/cephalopod/scalar_tools.h"

namespace cephalopod {
using namespace ::sp::cephalopod;

// kValueFrom (dfs_cache.h) as lane indices.
inline constexpr auto kValueFrom8 = [] {
  std::array<Lanes8, kSymmetries> t{};
  for (std::size_t j = 0; j < std::size_t{kSymmetries}; ++j)
    for (std::size_t g = 0; g < std::size_t{kSymmetries}; ++g) t[j].v[g] = kValueFrom[j][g];
  return t;
}();

// V: the images' U32 type (8 or 4 lanes); Quad: a 4-lane U32 for the moves; Keys: V's U64 sibling.
template <class V, class Quad, class Keys>
struct SimdDfs : ScalarTools {
  using vec = typename V::vec;
  static constexpr bool kOneRegister = V::lanes == kSymmetries;
  static_assert(kOneRegister ? V::has_variable_shifts && V::has_permute : V::lanes == 4, "8 images in 1 or 2 registers");

  static int children(Board b, Board* out) { return QuadMoves<Quad>::children(b, out); }

  // Each image packed with its transform index in 3 low bits: one unsigned min per lane, then
  // across the lanes.
  static Canonical canonicalize(Board x) {
    const std::uint32_t r = x & kRing, t = transpose(x) & kRing;
    std::uint32_t best;
    if constexpr (kOneRegister) {
      // Lane 2i: the board turned i quarter turns, lane 2i + 1: its transpose turned (transform
      // 4 + i); a rotation is two shifts of the 24-bit ring.
      alignas(32) static constexpr std::uint32_t kLeft[8] = {0, 0, 6, 6, 12, 12, 18, 18};
      alignas(32) static constexpr std::uint32_t kRight[8] = {24, 24, 18, 18, 12, 12, 6, 6};
      alignas(32) static constexpr std::uint32_t kTransform[8] = {0, 4, 1, 5, 2, 6, 3, 7};
      const vec images = V::from(Keys::splat(std::uint64_t{t} << 32 | r));
      const vec turned = V::and_(V::or_(V::shl_var(images, V::load(kLeft)), V::shr_var(images, V::load(kRight))), V::splat(kRing));
      best = V::reduce_min(V::or_(V::template shl<3>(turned), V::load(kTransform)));
    } else {
      // [r, R r, t, R t] and a half turn of it.
      using L = LaneTools<V, ScalarTools>;
      const vec a0 = V::template blend<false, false, true, true>(V::splat(r), V::splat(t));
      const vec a = V::template blend<false, true, false, true>(a0, L::template rotate_ring_v<2>(a0));
      const vec b = L::template rotate_ring_v<4>(a);
      const vec pa = V::or_(V::template shl<3>(a), V::setr(0, 1, 4, 5));
      const vec pb = V::or_(V::template shl<3>(b), V::setr(2, 3, 6, 7));
      best = V::reduce_min(V::min(pa, pb));
    }
    return {(best >> 3) | (x & kCentreBits), static_cast<int>(best & 7u)};
  }
  static int find(const DfsCache& cache, std::uint32_t bucket, std::uint64_t key) {
    const unsigned m = Keys::template match<DfsCache::kWays>(cache.keys.data() + std::size_t{bucket} * DfsCache::kWays, key);
    return m ? __builtin_ctz(m) : -1;
  }
  static void add_values(std::uint32_t* acc, const std::uint32_t* w, int j) {
    if constexpr (kOneRegister) {
      const vec v = V::permute(V::load(w), V::load(kValueFrom8[static_cast<std::size_t>(j)].v));
      V::store(acc, V::add(V::load(acc), v));
    } else {
      ScalarTools::add_values(acc, w, j);
    }
  }
  static void add_digits(std::uint32_t* acc, std::uint64_t border, std::uint32_t centre) {
    if constexpr (kOneRegister) {
      vec h = V::mul_lo(V::splat(centre), V::load(kOrientWeight8[kCentre].v));
      for (int p = 0; p < 8; ++p) {
        const std::uint32_t digits = static_cast<std::uint32_t>((border >> (8 * p)) & 0xFF);
        h = V::add(h, V::mul_lo(V::splat(digits), V::load(kOrientWeight8[static_cast<std::size_t>(p)].v)));
      }
      V::store(acc, V::add(V::load(acc), h));
    } else {
      ScalarTools::add_digits(acc, border, centre);
    }
  }
};

}  // namespace cephalopod
