#pragma once
// The merge side of `lanes` and `layered` (the Base of LaneTools, lanes.h), written once for the
// pass's vectors:
//   - the probe (probe_by_lanes): a bucket's 8 keys compared with the child's by the family's
//     bucket probe, match<8> (one 256-bit compare, or two 128-bit ones), and their epochs by one
//     more compare per register;
//   - a child's 8 per-orientation counts re-oriented, out[k] = src[kCountFrom[j][k]]: one lane
//     permute where the family has one (has_permute: AVX2's vpermd on one 256-bit register, in
//     the AVX-512 pass too, whose bands take two slots per 512-bit vpermd); else four byte
//     shuffles over two 128-bit registers (SSE4.1, NEON, SIMD128: none permutes 32-bit lanes
//     across two registers by a run-time index, but all shuffle bytes within one, an index of
//     0x80 giving 0 on each, vector_api.md). A count update is then two loads, four index loads,
//     four shuffles, two ORs, two adds and two stores, where the scalar one spends 8 index loads,
//     8 gathers, 8 adds and 8 stores;
//   - the last turn's hash sums: one 8-lane dot product per parent where one register holds a
//     slot's counts, else ScalarTools' scalar one.
// On NEON `bits()` is emulated (3-4 ops, vector_api.md), four times per bucket: not timed (qemu
// only here). Included by kernels.inl inside an ISA pass (a relative header).

#include "puzzles/cephalopod/scalar_tools.h"

namespace cephalopod {
using namespace ::sp::cephalopod;

// find_or_add with a bucket's 8 keys compared by vector: lane_bits(bucket, tagged key, match,
// live) sets bit i of match where key i is this board, of live where key i is this epoch's.
// Whether a child is new or already seen is a coin flip for the branch predictor, so the only
// loop exit is "this bucket decides" (a match, or a free lane), and the outcome is computed as
// values: the dense key is written either way (past the end when unneeded, within the capacity
// reserve() made), only the bucket's key and index stores wait on `added`. What it gained:
// docs/results.md, Cephalopod.
template <class LaneBits>
__attribute__((always_inline)) inline std::uint32_t probe_by_lanes(TableCursor& c, Board b, std::uint32_t home, bool& added, LaneBits&& lane_bits) {
  const std::uint32_t tagged = b | (c.epoch << kEpochShift);
  for (std::uint32_t i = home;; i = (i + 1) & c.bucket_mask) {
    Bucket& k = c.buckets[i];
    unsigned match = 0, live = 0;
    lane_bits(k, tagged, match, live);
    const unsigned stop = match | (~live & 0xFFu);  // live keys fill a bucket from lane 0
    if (__builtin_expect(stop == 0, 0)) continue;  // full bucket, not here: the next one
    const int lane = __builtin_ctz(stop);          // a match comes before the first free lane
    added = match == 0;
    const std::uint32_t index = added ? c.size : k.index[lane];
    if (added) {
      k.key[lane] = tagged;
      k.index[lane] = index;
    }
    c.keys[c.size] = b;
    c.size += added;
    return index;
  }
}

// merge_block, probe and count update fused: after the probe loop (buckets prefetched 16 ahead)
// the counts loop finds the lines of old entries prefetched too. Tools brings
// find_or_add(cursor, board, home, added) and merge_counts(dst, src, j, fresh).
template <class Tools>
void merge_children(BfsBlock& blk, Level<kSymmetries>& next, const Level<kSymmetries>& cur) {
  constexpr int kAhead = 16;  // probes in flight
  const int n = blk.size;
  TableCursor c = next.cursor();  // fixed for the block: reserve() grew the level before
  for (int k = 0; k < std::min(n, kAhead); ++k) prefetch_for_write(c.buckets + blk.slot[k]);
  for (int k = 0; k < n; ++k) {
    if (k + kAhead < n) prefetch_for_write(c.buckets + blk.slot[k + kAhead]);
    bool added = false;
    const std::uint32_t slot = Tools::find_or_add(c, blk.kids[k], blk.slot[k], added);
    blk.slot[k] = slot | (added ? kAdded : 0);
    if (!added) prefetch_for_write(c.counts + std::size_t{slot} * kSymmetries);
  }
  next.commit(c);
  const std::uint32_t* parent_counts = cur.counts(0);
  for (int k = 0; k < n; ++k) {
    const std::uint32_t slot = blk.slot[k];
    Tools::merge_counts(c.counts + std::size_t{slot & ~kAdded} * kSymmetries,
                        parent_counts + std::size_t{blk.parent[k]} * kSymmetries, static_cast<int>(blk.sym[k]),
                        (slot & kAdded) != 0);
  }
}

// kCountFrom[j] as lane indices: a slot's 8 counts in lanes 0-7, and for a 512-bit register a
// second slot's in lanes 8-15.
struct alignas(64) CountIndex {
  std::uint32_t v[2 * kSymmetries];
};
inline constexpr auto kCountIndex = [] {
  std::array<CountIndex, kSymmetries> t{};
  for (std::size_t j = 0; j < std::size_t{kSymmetries}; ++j)
    for (std::size_t k = 0; k < std::size_t{kSymmetries}; ++k) {
      t[j].v[k] = kCountFrom[j][k];
      t[j].v[k + kSymmetries] = kCountFrom[j][k] + std::uint32_t{kSymmetries};
    }
  return t;
}();
// kOrientWeight (board.h) as 8 lanes per cell.
struct alignas(32) Lanes8 {
  std::uint32_t v[8];
};
inline constexpr auto kOrientWeight8 = [] {
  std::array<Lanes8, kCells> t{};
  for (std::size_t p = 0; p < std::size_t{kCells}; ++p)
    for (std::size_t g = 0; g < std::size_t{kSymmetries}; ++g) t[p].v[g] = kOrientWeight[p][g];
  return t;
}();

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

// V: the U32 type a slot's 8 counts are held in (8 lanes with a permute, or 4 without); Wide: the
// pass's widest U32 (V, or AVX-512's 16 lanes, which take two slots per permute in a band).
template <class V, class Wide = V>
struct Merge : ScalarTools {
  using vec = typename V::vec;
  using B = typename V::u8;
  static constexpr bool kPermute = V::has_permute;
  static constexpr int kRegs = kSymmetries / V::lanes;  // registers per slot
  static_assert(V::lanes == (kPermute ? kSymmetries : kSymmetries / 2), "a slot's 8 counts: one register, or two");
  static_assert(Wide::lanes == V::lanes || (Wide::has_permute && Wide::lanes == 2 * kSymmetries), "two slots per register");

  static std::uint32_t find_or_add(TableCursor& c, Board b, std::uint32_t home, bool& added) {
    const vec epoch = V::splat(c.epoch);
    return probe_by_lanes(c, b, home, added, [&](const Bucket& k, std::uint32_t tagged, unsigned& match, unsigned& live) {
      match = V::template match<8>(k.key, tagged);
      live = 0;
      for (int r = 0; r < 8; r += V::lanes) live |= V::bits(V::eq(V::template shr<kEpochShift>(V::load(k.key + r)), epoch)) << r;
    });
  }

  // kCountFrom[j] in registers: loaded once per band, not per slot (the byte tables may alias the
  // band's stores as far as the compiler knows, so it would not hoist them).
  struct Indices {  // lane indices
    vec idx;
  };
  struct Shuffles {  // byte-shuffle indices
    typename B::vec lo_from_a, lo_from_b, hi_from_a, hi_from_b;
  };
  using Pick = std::conditional_t<kPermute, Indices, Shuffles>;
  static Pick pick(int j) {
    if constexpr (kPermute) {
      return {V::load(kCountIndex[static_cast<std::size_t>(j)].v)};
    } else {
      const CountPick& p = kCountPick[static_cast<std::size_t>(j)];
      return {B::load(p.idx[0][0]), B::load(p.idx[0][1]), B::load(p.idx[1][0]), B::load(p.idx[1][1])};
    }
  }
  // One slot's 8 counts, in kRegs registers.
  struct Slot {
    vec r[kRegs];
  };
  static Slot permuted(const std::uint32_t* src, const Pick& p) {
    if constexpr (kPermute) {
      return {{V::permute(V::load(src), p.idx)}};
    } else {
      const typename B::vec a = B::from(V::load(src));
      const typename B::vec b = B::from(V::load(src + 4));
      return {{V::from(B::or_(B::shuffle(a, p.lo_from_a), B::shuffle(b, p.lo_from_b))),
               V::from(B::or_(B::shuffle(a, p.hi_from_a), B::shuffle(b, p.hi_from_b)))}};
    }
  }
  static Slot plus(Slot s, const std::uint32_t* dst) {
    for (int r = 0; r < kRegs; ++r) s.r[r] = V::add(s.r[r], V::load(dst + r * V::lanes));
    return s;
  }
  static void store(std::uint32_t* dst, const Slot& s) {
    for (int r = 0; r < kRegs; ++r) V::store(dst + r * V::lanes, s.r[r]);
  }

  static void set_counts(std::uint32_t* dst, const std::uint32_t* src, int j) { store(dst, permuted(src, pick(j))); }
  static void add_counts(std::uint32_t* dst, const std::uint32_t* src, int j) { store(dst, plus(permuted(src, pick(j)), dst)); }
  // A band's slots re-oriented by j, added (or written).
  template <bool kAdd>
  static void band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) {
    const Pick p = pick(j);
    int w = 0;
    if constexpr (Wide::lanes == 2 * kSymmetries) {
      const typename Wide::vec perm2 = Wide::load(kCountIndex[static_cast<std::size_t>(j)].v);
      for (; w + 2 <= slots; w += 2) {
        typename Wide::vec v = Wide::permute(Wide::load(src + w * kSymmetries), perm2);
        if constexpr (kAdd) v = Wide::add(v, Wide::load(dst + w * kSymmetries));
        Wide::store(dst + w * kSymmetries, v);
      }
    }
    for (; w < slots; ++w) {
      Slot s = permuted(src + w * kSymmetries, p);
      if constexpr (kAdd) s = plus(s, dst + w * kSymmetries);
      store(dst + w * kSymmetries, s);
    }
  }
  static void add_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) { band<true>(dst, src, slots, j); }
  static void set_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) { band<false>(dst, src, slots, j); }
  // Bit w set: slot w of the band has a path (some of its 8 counts is not 0).
  static std::uint32_t nonzero_slots(const std::uint32_t* band, int slots) {
    std::uint32_t live = 0;
    for (int w = 0; w < slots; ++w) {
      vec any = V::load(band + w * kSymmetries);
      for (int r = 1; r < kRegs; ++r) any = V::or_(any, V::load(band + w * kSymmetries + r * V::lanes));
      live |= std::uint32_t{V::any_nonzero(any)} << w;
    }
    return live;
  }
  // A new entry's counts are uninitialised: masked to zero, not branched on (a coin flip).
  static void merge_counts(std::uint32_t* dst, const std::uint32_t* src, int j, bool fresh) {
    Slot s = permuted(src, pick(j));
    const vec keep = V::splat(fresh ? 0u : ~0u);
    for (int r = 0; r < kRegs; ++r) s.r[r] = V::add(s.r[r], V::and_(V::load(dst + r * V::lanes), keep));
    store(dst, s);
  }
  static void merge_block(BfsBlock& blk, Level<kSymmetries>& next, const Level<kSymmetries>& cur) {
    merge_children<Merge>(blk, next, cur);
  }

  // The digit sums of a board's border cells, one byte per position: BMI2's pdep in the passes
  // that have it (AVX2 and up), else the SWAR spread.
  static std::uint64_t spread(Board x) {
#if SP_ARCH_X86
    if constexpr (kPermute) return _pdep_u64(x, 0x0707070707070707ull);
#endif
    return spread_border(x);
  }
  // hash(t_g) of the digit sums for the 8 g in the lanes of one register, dotted with the counts.
  static std::uint32_t parent_final(const std::uint32_t* counts, std::uint64_t border, std::uint32_t centre) {
    if constexpr (kPermute) {
      vec h = V::mul_lo(V::splat(centre), V::load(kOrientWeight8[kCentre].v));
      for (int p = 0; p < 8; ++p) {
        const std::uint32_t digits = static_cast<std::uint32_t>((border >> (8 * p)) & 0xFF);
        h = V::add(h, V::mul_lo(V::splat(digits), V::load(kOrientWeight8[static_cast<std::size_t>(p)].v)));
      }
      return V::reduce_add(V::mul_lo(h, V::load(counts)));
    } else {
      return ScalarTools::parent_final(counts, border, centre);
    }
  }
};

}  // namespace cephalopod
