#pragma once
// Breadth first over symmetry classes: one entry per canonical board c with 8 path counts, one
// per orientation. Slot g counts move sequences that end on t_g(c); every sequence is in exactly
// one slot of one entry, so symmetric boards (two transforms giving the same image) need no
// special case. A child x of c stored as cx = t_j(x) takes parent slot g into its slot g o t_j^-1
// (kCountFrom in board.h). Final boards are summed at once: sum over g of counts[g] *
// hash(t_g(x)), from the digit sums per cell of a parent's final children (parent_final).
// This header: the search's data (baseline, in Workspace); the search itself is bfs_search.h.

#include <cstdint>

#include "puzzles/cephalopod/board.h"
#include "puzzles/cephalopod/level_table.h"

namespace sp::cephalopod {

struct BfsTotals {
  std::uint32_t sum = 0;        // wrapping
  std::uint64_t expanded = 0;   // classes whose moves were generated
  std::size_t peak = 0;         // most classes in one level (for the out-of-memory message)
};

// Children are handled a block of parents at a time, in passes, so that the index and count
// lines a child needs are prefetched well before they are used: the probes of one block overlap
// in memory instead of each waiting for its own miss behind a mispredicted branch. The passes
// are the Tools' to implement (bfs_search.h: one board at a time in BoardAtATime; one per lane in
// LaneTools, lanes.h; a vector compare per bucket in Merge, merge.h):
//   expand_block(cur, first, stop, blk, sum)   children of parents [first, stop) that are not
//       full -> blk.kids / blk.parent / blk.size; full ones are final: their weighted hashes go
//       to sum
//   canonicalize_block(blk, shift)   blk.kids -> canonical boards, blk.sym, blk.slot = home bucket
//   merge_block(blk, next, cur)      each child into the next level, with its permuted counts
//   final_block(cur, first, stop, blk) -> the weighted hash sum of every child (the last turn)
inline constexpr int kBlockParents = 32;  // a parent's place in its block fits the word's 5 spare bits
inline constexpr int kBlockChildren = kBlockParents * kMaxChildren + kChildBuffer + 64;

struct BfsBlock {
  alignas(64) Board kids[kBlockChildren];          // children, then their canonical boards
  alignas(64) std::uint32_t parent[kBlockChildren];
  alignas(64) std::uint32_t sym[kBlockChildren];
  alignas(64) std::uint32_t slot[kBlockChildren];  // home bucket, then dense position | kAdded
  int size = 0;
  int nfinals = 0;
  std::uint32_t first = 0;  // the block's first parent
  // Full children (at most one per parent: a 1 on its last empty cell), for LaneTools.
  alignas(64) Board finals[kBlockParents + 64];
  alignas(64) std::uint32_t final_parent[kBlockParents + 64];
};
inline constexpr std::uint32_t kAdded = 1u << 31;  // in BfsBlock::slot: the entry is new

}  // namespace sp::cephalopod
