#pragma once
// Stream-compaction search: no per-lane stacks at all. Every pending board state (cols, ld, rd,
// and the free squares still to try) sits in a small LIFO queue for its row, as four arrays.
// One batch step takes W states from one queue and, in every lane at once:
//   - places a queen on the lowest free square and counts the node (and the solution, if full),
//   - compress-stores the children that still have free squares into the next row's queue,
//   - compress-stores the parents that still have squares to try back into their own queue.
// All loads and stores are contiguous, and every lane does useful work in every full batch,
// where the lockstep search (lanes.h) pays a gather and a scatter per step and idles lanes that
// are unwinding.
//
// Which queue: the deepest one holding at least W states (depth first keeps queues short);
// if none does, the shallowest non-empty one, which is what fills deeper queues up to W. Every
// queue other than the first then holds fewer than 2W states.
// Include inside a target region; instantiate with a type from cpp/simd.

#include <bit>

#include "puzzles/nqueens/nqueens.h"

namespace sp::nqueens {

template <class V>
class Compact {
 public:
  using vec = typename V::vec;
  using mask = typename V::mask;
  static constexpr int W = V::lanes;
  // < 2W live states + W slack for full-width stores (the first queue starts with the <= 11
  // root branches). Keep 3W: power-of-two strides between the arrays made loads wait on
  // unrelated stores to addresses equal modulo 4 KiB.
  static constexpr int kCapacity = 3 * W < 12 ? 12 : 3 * W;

  struct Queue {
    std::uint32_t cols[kCapacity], ld[kCapacity], rd[kCapacity], avail[kCapacity];
  };

  // One search: its queues and counters. step() processes one batch.
  struct Search {
    Queue queues[kMaxN];         // queue r holds states of row r + 1
    int count[kMaxN] = {};
    std::uint32_t ready = 0;     // bit r: queue r holds >= W states
    std::uint32_t nonempty = 0;  // bit r: queue r holds any
    LaneTotals t;

    void push_root(std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, std::uint32_t avail) {
      Queue& q = queues[0];
      q.cols[count[0]] = cols;
      q.ld[count[0]] = ld;
      q.rd[count[0]] = rd;
      q.avail[count[0]] = avail;
      ++count[0];
      update(0);
    }

    void update(int r) {
      const std::uint32_t bit = 1u << r;
      ready = count[r] >= W ? ready | bit : ready & ~bit;
      nonempty = count[r] > 0 ? nonempty | bit : nonempty & ~bit;
    }

    void step(vec full_v) {
      const int r = ready ? 31 - std::countl_zero(ready) : std::countr_zero(nonempty);
      Queue& q = queues[r];
      const int take = count[r] < W ? count[r] : W;
      const int base = count[r] - take;
      const mask valid = V::first_n(take);

      const vec cols = V::load(q.cols + base);
      const vec ld = V::load(q.ld + base);
      const vec rd = V::load(q.rd + base);
      const vec avail = V::load(q.avail + base);

      const vec bit = V::lowest_bit(avail);
      const vec rest = V::xor_(avail, bit);
      const vec child_cols = V::or_(cols, bit);
      const vec child_ld = V::template shl<1>(V::or_(ld, bit));
      const vec child_rd = V::template shr<1>(V::or_(rd, bit));
      const vec child_avail = V::andnot(full_v, V::or_(child_cols, V::or_(child_ld, child_rd)));

      t.nodes += static_cast<std::uint64_t>(take);
      t.total += static_cast<std::uint64_t>(V::count(V::mand(valid, V::eq(child_cols, full_v))));

      // Parents with squares left go back where they came from...
      const mask keep = V::mand(valid, V::nonzero(rest));
      const auto parents = V::compress_plan(keep);
      V::store_compressed(q.cols + base, cols, parents);
      V::store_compressed(q.ld + base, ld, parents);
      V::store_compressed(q.rd + base, rd, parents);
      V::store_compressed(q.avail + base, rest, parents);
      count[r] = base + V::count(keep);
      update(r);

      // ...children with free squares go to the next row's queue (never past row n-1: a full
      // board has no free squares).
      const mask grow = V::mand(valid, V::nonzero(child_avail));
      if (V::any(grow)) {
        Queue& next = queues[r + 1];
        const int at = count[r + 1];
        const auto children = V::compress_plan(grow);
        V::store_compressed(next.cols + at, child_cols, children);
        V::store_compressed(next.ld + at, child_ld, children);
        V::store_compressed(next.rd + at, child_rd, children);
        V::store_compressed(next.avail + at, child_avail, children);
        count[r + 1] = at + V::count(grow);
        update(r + 1);
      }
    }

    // Hands half of the shallowest queue (the biggest subtrees) to an idle search.
    bool give_work(Search& idle) {
      if (!nonempty) return false;
      const int r = std::countr_zero(nonempty);
      const bool deeper_work = (nonempty >> r) > 1;
      const int give = deeper_work ? count[r] : count[r] / 2;
      if (give == 0) return false;
      Queue& from = queues[r];
      for (int i = count[r] - give; i < count[r]; ++i) {
        Queue& to = idle.queues[r];
        const int at = idle.count[r]++;
        to.cols[at] = from.cols[i];
        to.ld[at] = from.ld[i];
        to.rd[at] = from.rd[i];
        to.avail[at] = from.avail[i];
      }
      count[r] -= give;
      update(r);
      idle.update(r);
      return true;
    }
  };

  // Counts the mirror-halved tree of an N >= 2 board; the caller applies the branch weight (2).
  // kSearches independent searches share the loop: each batch waits for the previous batch of
  // its own search (it reads the queue that batch just wrote), and interleaving gives the core
  // independent chains to overlap. Root branches are dealt round-robin; a search that runs dry
  // takes half of another one's shallowest queue.
  template <int kSearches>
  static LaneTotals search(int n) {
    const std::uint32_t full = full_mask(n);
    Search searches[kSearches];
    LaneTotals root;
    int deal = 0;
    for (const RootBranch& b : root_branches(n)) {
      ++root.nodes;
      const std::uint32_t ld = b.first << 1, rd = b.first >> 1;
      const std::uint32_t avail = full & ~(b.first | ld | rd) & b.second_allowed;
      if (!avail) continue;
      searches[deal].push_root(b.first, ld, rd, avail);
      deal = (deal + 1) % kSearches;
    }
    const vec full_v = V::splat(full);
    for (;;) {
      bool busy = false;
      for (Search& s : searches) {
        if (s.nonempty) {
          busy = true;
          s.step(full_v);
          continue;
        }
        for (Search& other : searches)
          if (&other != &s && other.give_work(s)) break;
      }
      if (!busy) break;
    }
    for (const Search& s : searches) {
      root.total += s.t.total;
      root.nodes += s.t.nodes;
    }
    return root;
  }
};

}  // namespace sp::nqueens
