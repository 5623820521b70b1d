#pragma once
// merge_block for the vector merges (Avx2Merge, Merge128), probe and count update fused: after
// the probe loop (buckets prefetched 16 ahead) the counts loop finds the lines of old entries
// prefetched too. Tools brings find_or_add(cursor, board, home, added) and
// merge_counts(dst, src, j, fresh).
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
