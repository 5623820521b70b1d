#pragma once
// Stream-compaction search: no per-lane stacks at all. Every pending board state (cols, ld, rd,
// and the free squares still to try) sits in a small LIFO queue for its row, as four arrays.
// One batch step takes W states of one row and, in every lane at once:
//   - places a queen on the lowest free square and counts the node,
//   - compress-stores the children that still have free squares into the next row's queue (a
//     child for the last row is a solution already: it has exactly one free square, so it is
//     counted there and never stored),
//   - compress-stores the parents that still have squares to try back into their own queue.
// All loads and stores are contiguous, and every lane does useful work in every full batch,
// where the lockstep search (lanes.h) pays a gather and a scatter per step and idles lanes that
// are unwinding.
//
// Which queue: the deepest one holding at least W states (depth first keeps queues short); if
// none does, the shallowest non-empty one, which is what fills deeper queues up to W. Every queue
// then holds fewer than 2W states. Two searches share the loop (see search()).
//
// All states of a queue are in the same row, so anything that depends only on the row is one
// scalar decision per batch: that is how `Rules` adds the symmetry search's row constraints at
// almost no cost (PlainRules and SymmetryRules, in nqueens.h).
// Included by kernels.inl inside an ISA pass; instantiate with a U32 type of the pass (or Multi of one).

#include <bit>


namespace nqueens {
using namespace ::sp::nqueens;


template <class V, class Rules = PlainRules>
class Compact {
 public:
  using vec = typename V::vec;
  using mask = typename V::mask;
  static constexpr int W = V::lanes;
  // < 2W live states + W slack for full-width stores (a run starts with <= 11 states). Keep 3W:
  // power-of-two strides between the arrays made loads wait on unrelated stores to addresses
  // equal modulo 4 KiB.
  static constexpr int kCapacity = 3 * W < 12 ? 12 : 3 * W;

  struct Queue {
    std::uint32_t cols[kCapacity], ld[kCapacity], rd[kCapacity], avail[kCapacity];
  };

  // One search: its rules, queues and counters. step() processes one batch.
  struct Search {
    Rules rules;
    Queue queues[kMaxN];  // queue r holds states of row r + 1
    int count[kMaxN] = {};
    std::uint32_t ready = 0;     // bit r: queue r holds >= W states
    std::uint32_t nonempty = 0;  // bit r: queue r holds any
    CompactTotals t;

    void update(int r) {
      const std::uint32_t bit = 1u << r;
      ready = count[r] >= W ? ready | bit : ready & ~bit;
      nonempty = count[r] > 0 ? nonempty | bit : nonempty & ~bit;
    }

    // A state of `row` whose free squares are already computed (and restricted by the rules).
    void push(int row, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, std::uint32_t avail) {
      if (!avail) return;
      const int r = row - 1;
      Queue& q = queues[r];
      q.cols[count[r]] = cols;
      q.ld[count[r]] = ld;
      q.rd[count[r]] = rd;
      q.avail[count[r]] = avail;
      ++count[r];
      update(r);
    }

    void step(std::uint32_t full) {
      const vec full_v = V::splat(full);
      const int r = ready ? 31 - std::countl_zero(ready) : std::countr_zero(nonempty);
      const int row = r + 1;  // the row this batch places queens in
      Queue& q = queues[r];
      const int take = count[r] < W ? count[r] : W;
      const int base = count[r] - take;
      const mask valid = V::first_n(take);

      vec cols = V::load(q.cols + base);
      const vec ld = V::load(q.ld + base);
      const vec rd = V::load(q.rd + base);
      const vec avail = V::load(q.avail + base);

      const vec bit = V::lowest_bit(avail);
      const vec rest = V::xor_(avail, bit);
      t.nodes += static_cast<std::uint64_t>(take);

      // Parents with squares left go back where they came from.
      const mask keep = V::mand(valid, V::nonzero(rest));
      const auto parents = V::compress_plan(keep);
      V::store_compressed(q.cols + base, cols, parents);
      V::store_compressed(q.ld + base, ld, parents);
      V::store_compressed(q.rd + base, rd, parents);
      V::store_compressed(q.avail + base, rest, parents);
      count[r] = base + V::count(keep);
      update(r);

      if constexpr (Rules::kRowHooks) {
        // A side-column queen in row b or row n-1-b is one more flag at distance b.
        if (rules.b && (row == rules.b || row == rules.n - 1 - rules.b)) {
          const mask on_side = V::nonzero(V::and_(bit, V::splat(rules.side)));
          cols = V::add_where(cols, on_side, V::splat(1u << Rules::kCounterShift));
        }
      }
      const vec child_cols = V::or_(cols, bit);
      const vec child_ld = V::template shl<1>(V::or_(ld, bit));
      const vec child_rd = V::template shr<1>(V::or_(rd, bit));
      vec child_avail = V::andnot(full_v, V::or_(child_cols, V::or_(child_ld, child_rd)));
      const int child_row = row + 1;
      if (const std::uint32_t f = rules.forbid(child_row)) child_avail = V::andnot(child_avail, V::splat(f));
      if constexpr (Rules::kRowHooks) {
        // No side queen may follow row n-1-b: by then both sides are used, or one goes here.
        if (rules.b && child_row == rules.n - 1 - rules.b) {
          const vec side = V::splat(rules.side);
          const vec used = V::and_(child_cols, side);
          const mask none = V::is_zero(used);
          const mask both = V::eq(used, side);
          child_avail = V::select(none, V::zero(), V::select(both, child_avail, V::and_(child_avail, side)));
        }
      }
      const mask grow = V::mand(valid, V::nonzero(child_avail));
      if (!V::any(grow)) return;

      if (child_row == rules.n - 1) {  // the last row: each such child is one solution
        t.nodes += static_cast<std::uint64_t>(V::count(grow));
        t.solutions += weigh(grow, child_cols, child_avail);
        return;
      }
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

    std::uint64_t weigh(mask solved, vec child_cols, vec child_avail) const {
      if constexpr (!Rules::kRowHooks) {
        return static_cast<std::uint64_t>(V::count(solved));
      } else {
        if (!rules.b) return SymmetryRules::kWeightDenominator * static_cast<std::uint64_t>(V::count(solved));
        // Rare (one batch in many): finish in scalar, lane by lane.
        alignas(64) std::uint32_t cols[W], avail[W];
        V::store(cols, child_cols);
        V::store(avail, child_avail);
        const unsigned lanes = V::bits(solved);
        std::uint64_t sum = 0;
        for (int i = 0; i < W; ++i) {
          if (!((lanes >> i) & 1u)) continue;
          const std::uint32_t m = 1 + (cols[i] >> Rules::kCounterShift) + ((avail[i] & rules.edge_ends) ? 1 : 0);
          sum += SymmetryRules::kWeightDenominator / m;
        }
        return sum;
      }
    }

    // Hands half of the shallowest queue (the biggest subtrees) to an idle search.
    bool give_work(Search& idle) {
      if (!nonempty) return false;
      const int r = std::countr_zero(nonempty);
      const bool deeper_work = (nonempty >> r) > 1;
      const int give = deeper_work ? count[r] : count[r] / 2;
      if (give == 0) return false;
      idle.rules = rules;
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

  // Runs every run to the end with kSearches interleaved searches: each batch waits for the
  // previous batch of its own search (it reads the queue that batch just wrote), so a second,
  // independent search gives the core another chain to overlap. An idle search takes the next
  // run, or else half of a busy search's shallowest queue.
  template <int kSearches>
  static CompactTotals run_all(int n, const CompactRun<Rules>* runs, int run_count) {
    const std::uint32_t full = full_mask(n);
    Search searches[kSearches];
    int next = 0;
    auto start = [&](Search& s) {
      if (next >= run_count) return false;
      const CompactRun<Rules>& run = runs[next++];
      s.rules = run.rules;
      s.push(run.row, run.cols, run.ld, run.rd, run.avail);
      return true;
    };
    for (;;) {
      bool busy = false;
      for (Search& s : searches) {
        if (s.nonempty) {
          busy = true;
          s.step(full);
          continue;
        }
        if (start(s)) {
          busy = true;
          continue;
        }
        for (Search& other : searches)
          if (&other != &s && other.give_work(s)) break;
      }
      if (!busy && next >= run_count) break;
    }
    CompactTotals t;
    for (const Search& s : searches) {
      t.solutions += s.t.solutions;
      t.nodes += s.t.nodes;
    }
    return t;
  }
};

}  // namespace nqueens
