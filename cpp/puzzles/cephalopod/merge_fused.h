#pragma once
// What the vector merges (Avx2Merge, Merge128) share: the probe's shape and merge_block.
//
// Include inside the target region, like the Tools: a template takes the ISA of the region it is
// *defined* in, and one defined in baseline code cannot inline the Tools' AVX2 probe (a call per
// child, 15 % slower `lanes` avx2/avx512 when this lived in bfs_sym.h).

#include <algorithm>
#include <cstdint>

#include "puzzles/cephalopod/bfs_sym.h"
#include "puzzles/cephalopod/level_table.h"
#include "simd/prefetch.h"

namespace sp::cephalopod {

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

}  // namespace sp::cephalopod
