#pragma once
// Breadth first over symmetry classes: one entry per canonical board c with 8 path counts, one
// per orientation. Slot g counts move sequences that end on t_g(c); every sequence is in exactly
// one slot of one entry, so symmetric boards (two transforms giving the same image) need no
// special case. A child x of c stored as cx = t_j(x) takes parent slot g into its slot g o t_j^-1
// (kCountFrom in board.h). Final boards are summed at once: sum over g of counts[g] *
// hash(t_g(x)), from the digit sums per cell of a parent's final children (parent_final).

#include <algorithm>
#include <cstdint>

#include "puzzles/cephalopod/board.h"
#include "puzzles/cephalopod/level_table.h"
#include "simd/prefetch.h"

namespace sp::cephalopod {

struct BfsTotals {
  std::uint32_t sum = 0;        // wrapping
  std::uint64_t expanded = 0;   // classes whose moves were generated
  std::size_t peak = 0;         // most classes in one level (for the out-of-memory message)
};

// Children are handled a block of parents at a time, in passes, so that the index and count
// lines a child needs are prefetched well before they are used: the probes of one block overlap
// in memory instead of each waiting for its own miss behind a mispredicted branch. The passes
// are the Tools' to implement (one board at a time in BoardAtATime, one per lane in LaneTools,
// a vector compare per bucket in Avx2Merge and Merge128):
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

// The full children of a block (blk.finals, tagged with their parent's place): sum over them of
// the weighted hash, with the counts parent_counts(parent index) gives.
template <class Tools, class CountsOf>
std::uint32_t sum_finals(const BfsBlock& blk, CountsOf&& parent_counts) {
  std::uint32_t sum = 0;
  for (int k = 0; k < blk.nfinals; ++k) {
    const Board x = blk.finals[k] & kAll;
    sum += Tools::parent_final(parent_counts(blk.first + (blk.finals[k] >> 27)), Tools::spread(x), x >> 24);
  }
  return sum;
}

// Needs depth >= 1 and a start board that is not full. False: out of memory (totals.peak says
// how far it got).
template <class Tools>
bool bfs_sym_search(Level<kSymmetries>* levels, BfsBlock& blk, Budget& budget, Board start, int depth, BfsTotals& out) {
  Level<kSymmetries>* cur = &levels[0];
  Level<kSymmetries>* next = &levels[1];
  cur->clear();
  if (!cur->reserve(budget, 1)) return false;
  const Canonical c0 = sp::cephalopod::canonicalize(start);
  bool added = false;
  std::uint32_t* c0_counts = cur->counts(cur->find_or_add(c0.board, added));
  for (int g = 0; g < kSymmetries; ++g) c0_counts[g] = 0;
  c0_counts[kGroup.inverse[static_cast<std::size_t>(c0.sym)]] = 1;  // start = t_sym^-1(c0)

  for (int turn = 1; turn <= depth; ++turn) {
    const bool last = turn == depth;
    next->clear();
    const std::uint32_t parents = cur->size();
    out.expanded += parents;
    for (std::uint32_t first = 0; first < parents; first += kBlockParents) {
      const std::uint32_t stop = std::min<std::uint32_t>(parents, first + kBlockParents);
      if (last) {
        blk.first = first;
        out.sum += Tools::final_block(*cur, first, stop, blk);
        continue;
      }
      if (!next->reserve(budget, (stop - first) * kMaxChildren)) {
        out.peak = next->size();
        return false;
      }
      blk.first = first;
      Tools::expand_block(*cur, first, stop, blk, out.sum);
      Tools::canonicalize_block(blk, next->shift());
      Tools::merge_block(blk, *next, *cur);
    }
    out.peak = std::max<std::size_t>(out.peak, next->size());
    std::swap(cur, next);
  }
  return true;
}

// The passes one board at a time, for Tools that bring children(), canonicalize(),
// find_or_add(level, board, home, added), set_counts(), add_counts(), spread() and parent_final().
template <class Tools>
struct BoardAtATime {
  // Children of parents [first, stop) of keys, each tagged with its parent's place in the block
  // (bits 27..31, as LaneTools does): full ones -> blk.finals, the others -> blk.kids/parent.
  static void expand_children(const Board* keys, std::uint32_t first, std::uint32_t stop, BfsBlock& blk) {
    int n = 0, nf = 0;
    for (std::uint32_t i = first; i < stop; ++i) {
      const int m = Tools::children(keys[i], blk.kids + n);
      const std::uint32_t tag = (i - first) << 27;
      int kept = 0;
      for (int k = 0; k < m; ++k) {
        const Board x = blk.kids[n + k];
        if (is_full(x)) {  // the game is over: final whatever the depth (at most one per parent)
          blk.finals[nf++] = x | tag;
          continue;
        }
        blk.kids[n + kept] = x | tag;
        blk.parent[n + kept] = i;
        ++kept;
      }
      n += kept;
    }
    blk.size = n;
    blk.nfinals = nf;
  }
  static void expand_block(const Level<kSymmetries>& cur, std::uint32_t first, std::uint32_t stop, BfsBlock& blk,
                           std::uint32_t& sum) {
    expand_children(cur.keys(), first, stop, blk);
    sum += sum_finals<Tools>(blk, [&](std::uint32_t parent) { return cur.counts(parent); });
  }
  static void canonicalize_block(BfsBlock& blk, int shift) {
    for (int k = 0; k < blk.size; ++k) {
      const Canonical cx = Tools::canonicalize(blk.kids[k] & kAll);  // without the parent tag
      blk.kids[k] = cx.board;
      blk.sym[k] = static_cast<std::uint32_t>(cx.sym);
      blk.slot[k] = home_bucket(cx.board, shift);
    }
  }
  static void merge_block(BfsBlock& blk, Level<kSymmetries>& next, const Level<kSymmetries>& cur) {
    constexpr int kAhead = 16;  // probes in flight
    const int n = blk.size;
    const Bucket* buckets = next.cursor().buckets;  // fixed for the block: reserve() grew it before
    for (int k = 0; k < std::min(n, kAhead); ++k) prefetch_for_write(buckets + blk.slot[k]);
    for (int k = 0; k < n; ++k) {
      if (k + kAhead < n) prefetch_for_write(buckets + blk.slot[k + kAhead]);
      bool added = false;
      const std::uint32_t slot = Tools::find_or_add(next, blk.kids[k], blk.slot[k], added);
      blk.slot[k] = slot | (added ? kAdded : 0);
      if (!added) prefetch_for_write(next.counts(slot));
    }
    for (int k = 0; k < n; ++k) {
      const std::uint32_t* counts = cur.counts(blk.parent[k]);
      const std::uint32_t slot = blk.slot[k];
      if (slot & kAdded)
        Tools::set_counts(next.counts(slot & ~kAdded), counts, static_cast<int>(blk.sym[k]));
      else
        Tools::add_counts(next.counts(slot), counts, static_cast<int>(blk.sym[k]));
    }
  }
  static std::uint32_t final_block(const Level<kSymmetries>& cur, std::uint32_t first, std::uint32_t stop, BfsBlock&) {
    Board kids[kChildBuffer + 16];
    std::uint32_t sum = 0;
    for (std::uint32_t i = first; i < stop; ++i) {
      const int n = Tools::children(cur.key(i), kids);
      std::uint64_t border = 0;
      std::uint32_t centre = 0;
      for (int k = 0; k < n; ++k) {
        border += spread_border(kids[k]);
        centre += kids[k] >> 24;
      }
      sum += Tools::parent_final(cur.counts(i), border, centre);
    }
    return sum;
  }
};

}  // namespace sp::cephalopod
