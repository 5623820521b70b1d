#pragma once
// The symmetric BFS (bfs_sym.h has its data and the block passes' contract): bfs_sym_search over
// a Tools policy, and BoardAtATime, the block passes one board at a time.
//
// A relative header (namespace cephalopod, reaching the baseline puzzle as ::sp::cephalopod), so
// its templates are compiled where they are instantiated: inside each ISA pass (kernels.inl, under
// sp::isa_<pass>, where they inline the pass's vector Tools) and at baseline for the scalar
// kernels (swar.cpp includes engines.h inside namespace sp). No includes of its own: the puzzle's
// baseline headers (cephalopod.h) come first.

namespace cephalopod {
using namespace ::sp::cephalopod;

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
// how far it got; 0 if not even the block could be allocated).
template <class Tools>
bool bfs_sym_search(Workspace& ws, Board start, int depth, BfsTotals& out) {
  if (!ws.block.grow_to(ws.budget, 1)) return false;
  BfsBlock& blk = ws.block[0];
  Budget& budget = ws.budget;
  Level<kSymmetries>* cur = &ws.sym[0];
  Level<kSymmetries>* next = &ws.sym[1];
  cur->clear();
  if (!cur->reserve(budget, 1)) return false;
  const Canonical c0 = ::sp::cephalopod::canonicalize(start);
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

}  // namespace cephalopod
