#pragma once
// The merge side of `lanes` and `layered` with 128-bit vectors (SSE4.1, NEON, wasm SIMD128), as
// merge_avx2.h does it with 256 bits: a bucket's 8 keys probed by two compares, and a child's 8
// per-orientation counts (two registers) re-oriented by four byte shuffles: none of the three
// ISAs permutes 32-bit lanes across two registers by a run-time index, but all of them shuffle
// bytes within one. A count update is then two loads, four index loads, four shuffles, two ORs,
// two adds and two stores, where the scalar one spends 8 index loads, 8 gathers, 8 adds and 8
// stores. On NEON `bits()` is emulated (3-4 ops, vector_api.md), four times per bucket: not
// timed (qemu only here).
// Include inside a 128-bit region, after simd/v128.h; V is a U32 lane type of that family.

#include <array>
#include <cstdint>

#include "puzzles/cephalopod/bfs_sym.h"
#include "puzzles/cephalopod/level_table.h"
#include "puzzles/cephalopod/merge_fused.h"
#include "puzzles/cephalopod/scalar_tools.h"

namespace sp::cephalopod {

// kCountFrom[j] as byte-shuffle indices: output half h (counts 4h..4h+3) is
// shuffle(src counts 0-3, pick[j][h][0]) | shuffle(src counts 4-7, pick[j][h][1]); a count that
// comes from the other register has index 0x80 (zero on every ISA, vector_api.md).
struct alignas(16) CountPick {
  std::uint8_t idx[2][2][16];
};
inline constexpr auto kCountPick = [] {
  std::array<CountPick, kSymmetries> t{};
  for (int j = 0; j < kSymmetries; ++j)
    for (int k = 0; k < kSymmetries; ++k) {
      const int from = kCountFrom[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)];
      for (int b = 0; b < 4; ++b)
        for (int r = 0; r < 2; ++r)
          t[static_cast<std::size_t>(j)].idx[k / 4][r][(k % 4) * 4 + b] =
              static_cast<std::uint8_t>(from / 4 == r ? (from % 4) * 4 + b : 0x80);
    }
  return t;
}();

template <class V>
struct Merge128 : ScalarTools {
  using vec = typename V::vec;
  using B = typename V::u8;

  static std::uint32_t find_or_add(TableCursor& c, Board b, std::uint32_t home, bool& added) {
    const vec epoch = V::splat(c.epoch);
    return probe_by_lanes(c, b, home, added, [&](const Bucket& k, std::uint32_t tagged, unsigned& match, unsigned& live) {
      const vec key = V::splat(tagged);
      const vec lo = V::load(k.key);
      const vec hi = V::load(k.key + 4);
      match = V::bits(V::eq(lo, key)) | (V::bits(V::eq(hi, key)) << 4);
      live = V::bits(V::eq(V::template shr<kEpochShift>(lo), epoch)) | (V::bits(V::eq(V::template shr<kEpochShift>(hi), epoch)) << 4);
    });
  }

  // kCountPick[j] in registers: loaded once per band, not per slot (the table is bytes, which
  // the band's stores may alias as far as the compiler knows, so it would not hoist them).
  struct Pick {
    typename B::vec lo_from_a, lo_from_b, hi_from_a, hi_from_b;
  };
  static Pick pick(int j) {
    const CountPick& p = kCountPick[static_cast<std::size_t>(j)];
    return {B::load(p.idx[0][0]), B::load(p.idx[0][1]), B::load(p.idx[1][0]), B::load(p.idx[1][1])};
  }
  // One slot's 8 counts re-oriented: out[k] = src[kCountFrom[j][k]], as two registers.
  static void permuted(const std::uint32_t* src, const Pick& p, vec& lo, vec& hi) {
    const typename B::vec a = B::from(V::load(src));
    const typename B::vec b = B::from(V::load(src + 4));
    lo = V::from(B::or_(B::shuffle(a, p.lo_from_a), B::shuffle(b, p.lo_from_b)));
    hi = V::from(B::or_(B::shuffle(a, p.hi_from_a), B::shuffle(b, p.hi_from_b)));
  }
  template <bool kAdd>
  static void band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) {
    const Pick p = pick(j);
    for (int w = 0; w < slots; ++w) {
      vec lo, hi;
      permuted(src + w * kSymmetries, p, lo, hi);
      if constexpr (kAdd) {
        lo = V::add(lo, V::load(dst + w * kSymmetries));
        hi = V::add(hi, V::load(dst + w * kSymmetries + 4));
      }
      V::store(dst + w * kSymmetries, lo);
      V::store(dst + w * kSymmetries + 4, hi);
    }
  }
  static void add_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) { band<true>(dst, src, slots, j); }
  static void set_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) { band<false>(dst, src, slots, j); }
  static std::uint32_t nonzero_slots(const std::uint32_t* band, int slots) {
    std::uint32_t live = 0;
    for (int w = 0; w < slots; ++w)
      live |= std::uint32_t{V::any(V::nonzero(V::or_(V::load(band + w * kSymmetries), V::load(band + w * kSymmetries + 4))))} << w;
    return live;
  }
  // A new entry's counts are uninitialised: masked to zero, not branched on (a coin flip).
  static void merge_counts(std::uint32_t* dst, const std::uint32_t* src, int j, bool fresh) {
    vec lo, hi;
    permuted(src, pick(j), lo, hi);
    const vec keep = V::splat(fresh ? 0u : ~0u);
    V::store(dst, V::add(lo, V::and_(V::load(dst), keep)));
    V::store(dst + 4, V::add(hi, V::and_(V::load(dst + 4), keep)));
  }
  static void merge_block(BfsBlock& blk, Level<kSymmetries>& next, const Level<kSymmetries>& cur) {
    merge_children<Merge128>(blk, next, cur);
  }
};

}  // namespace sp::cephalopod
