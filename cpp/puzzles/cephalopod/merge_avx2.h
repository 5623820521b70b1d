#pragma once
// The merge side of the symmetric BFS with 256-bit vectors (AVX2, also used by the AVX-512
// kernels): a bucket of 8 keys probed by one compare, the 8 per-orientation counts permuted by
// one vpermd, and the last turn's hash sums as one 8-lane dot product per parent.
// x86 only; include inside an AVX2 (or wider) target region.

#include <immintrin.h>

#include <cstdint>

#include "puzzles/cephalopod/bfs_sym.h"
#include "puzzles/cephalopod/level_table.h"
#include "puzzles/cephalopod/merge_fused.h"
#include "puzzles/cephalopod/scalar_tools.h"

namespace sp::cephalopod {

struct alignas(32) Lanes8 {
  std::uint32_t v[8];
};
// kCountFrom and kOrientWeight (board.h, dfs_cache.h) as vectors.
inline constexpr auto kCountFrom8 = [] {
  std::array<Lanes8, kSymmetries> t{};
  for (int j = 0; j < kSymmetries; ++j)
    for (int k = 0; k < kSymmetries; ++k) t[static_cast<std::size_t>(j)].v[k] = kCountFrom[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)];
  return t;
}();
inline constexpr auto kOrientWeight8 = [] {
  std::array<Lanes8, kCells> t{};
  for (int p = 0; p < kCells; ++p)
    for (int g = 0; g < kSymmetries; ++g) t[static_cast<std::size_t>(p)].v[g] = kOrientWeight[static_cast<std::size_t>(p)][static_cast<std::size_t>(g)];
  return t;
}();

template <class Tag>
struct Avx2Merge : ScalarTools {
  static __m256i load8(const std::uint32_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store8(std::uint32_t* p, __m256i v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }

  static std::uint32_t find_or_add(TableCursor& c, Board b, std::uint32_t home, bool& added) {
    const __m256i epoch = _mm256_set1_epi32(static_cast<int>(c.epoch));
    return probe_by_lanes(c, b, home, added, [&](const Bucket& k, std::uint32_t tagged, unsigned& match, unsigned& live) {
      const __m256i keys = _mm256_load_si256(reinterpret_cast<const __m256i*>(k.key));
      match = static_cast<unsigned>(
          _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(keys, _mm256_set1_epi32(static_cast<int>(tagged))))));
      live = static_cast<unsigned>(
          _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_srli_epi32(keys, kEpochShift), epoch))));
    });
  }
  static void set_counts(std::uint32_t* dst, const std::uint32_t* src, int j) {
    store8(dst, _mm256_permutevar8x32_epi32(load8(src), load8(kCountFrom8[static_cast<std::size_t>(j)].v)));
  }
  static void add_counts(std::uint32_t* dst, const std::uint32_t* src, int j) {
    const __m256i v = _mm256_permutevar8x32_epi32(load8(src), load8(kCountFrom8[static_cast<std::size_t>(j)].v));
    store8(dst, _mm256_add_epi32(load8(dst), v));
  }
  // A band's slots re-oriented by j: two slots per 512-bit vector where Tag has 16 lanes (the
  // AVX-512 kernels), one per 256-bit vector otherwise.
  template <bool kAdd>
  static void band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) {
    const __m256i perm = load8(kCountFrom8[static_cast<std::size_t>(j)].v);
    int w = 0;
    if constexpr (Tag::lanes == 16) {
      const __m512i perm2 = _mm512_inserti64x4(_mm512_castsi256_si512(perm), _mm256_add_epi32(perm, _mm256_set1_epi32(8)), 1);
      for (; w + 2 <= slots; w += 2) {
        __m512i v = _mm512_permutexvar_epi32(perm2, _mm512_loadu_si512(src + w * kSymmetries));
        if constexpr (kAdd) v = _mm512_add_epi32(v, _mm512_loadu_si512(dst + w * kSymmetries));
        _mm512_storeu_si512(dst + w * kSymmetries, v);
      }
    }
    for (; w < slots; ++w) {
      __m256i v = _mm256_permutevar8x32_epi32(load8(src + w * kSymmetries), perm);
      if constexpr (kAdd) v = _mm256_add_epi32(v, load8(dst + w * kSymmetries));
      store8(dst + w * kSymmetries, v);
    }
  }
  static std::uint32_t nonzero_slots(const std::uint32_t* band, int slots) {
    std::uint32_t live = 0;
    for (int w = 0; w < slots; ++w) {
      const __m256i v = load8(band + w * kSymmetries);
      live |= std::uint32_t(_mm256_testz_si256(v, v) == 0) << w;
    }
    return live;
  }
  static void add_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) { band<true>(dst, src, slots, j); }
  static void set_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) { band<false>(dst, src, slots, j); }
  // A new entry's counts are uninitialised: masked to zero, not branched on (a coin flip).
  static void merge_counts(std::uint32_t* dst, const std::uint32_t* src, int j, bool fresh) {
    const __m256i v = _mm256_permutevar8x32_epi32(load8(src), load8(kCountFrom8[static_cast<std::size_t>(j)].v));
    const __m256i old = _mm256_and_si256(load8(dst), _mm256_set1_epi32(fresh ? 0 : -1));
    store8(dst, _mm256_add_epi32(old, v));
  }
  static void merge_block(BfsBlock& blk, Level<kSymmetries>& next, const Level<kSymmetries>& cur) {
    merge_children<Avx2Merge>(blk, next, cur);
  }
  static std::uint64_t spread(Board x) { return _pdep_u64(x, 0x0707070707070707ull); }
  // hash(t_g) of the digit sums for the 8 g in the lanes of one vector, dotted with the counts.
  static std::uint32_t parent_final(const std::uint32_t* counts, std::uint64_t border, std::uint32_t centre) {
    __m256i h = _mm256_mullo_epi32(_mm256_set1_epi32(static_cast<int>(centre)), load8(kOrientWeight8[kCentre].v));
    for (int p = 0; p < 8; ++p) {
      const int digits = static_cast<int>((border >> (8 * p)) & 0xFF);
      h = _mm256_add_epi32(h, _mm256_mullo_epi32(_mm256_set1_epi32(digits), load8(kOrientWeight8[static_cast<std::size_t>(p)].v)));
    }
    h = _mm256_mullo_epi32(h, load8(counts));
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si32(s));
  }
};

}  // namespace sp::cephalopod
