#pragma once
// Lockstep data-parallel search: the tree is cut into independent subtrees (split_tree), and each
// vector lane runs its own depth-first search, all lanes advancing one node per step with no
// data-dependent branch. A lane that finishes its subtree is refilled from the list.
//
// One step, for every lane at once:
//  1. pop: lanes with no free square left reload the snapshot of their parent row from their own
//     stack (a gather) and undo that row's queen b: cols &= ~b, ld = (ld >> 1) & ~b,
//     rd = (rd << 1) & ~b.
//  2. advance: take the lowest free square, count the node, and compute the child row. A child
//     with free squares is entered (push a snapshot: a scatter); a dead end or a solution is
//     counted without entering it, which saves the two steps a push and pop would cost.
// A snapshot is one word per row: the row's free squares *including* the queen tried, which is
// their lowest bit (squares are tried lowest first), so it restores both the queen and what is
// left. Undoing the shifts needs the two bits the descent shifted out, bit 0 of rd | b and bit 31
// of ld | b: they look off-board, but after a few pops they walk back onto it. Free squares use
// at most 20 bits, so those two ride along in the snapshot's bits 30 and 31.
//
// The top snapshot of each lane's stack lives in a register (`tos`): a pop reads the register,
// and the gather that refetches the next one is only needed at the following pop, so memory
// latency stays off the step-to-step dependency chain. Memory holds the rows below it,
// interleaved row-major: stack[row * W + lane], so a lane's index register steps by W. Row 0 is
// the (unused) parent slot of the subtree root, which keeps push and pop free of special cases.
// Included by kernels.inl inside an ISA pass; instantiate with a U32 type of the pass (or Multi of one).

#include <cstddef>

#include "simd/scalar1.h"


namespace nqueens {
using namespace ::sp::nqueens;

// The scalar tail engine, Lockstep<Scalar1>, is compiled in each pass with the pass's target and
// under its name (sp::isa_<pass>::simd::Scalar1).
template <class V>
class Lockstep {
 public:
  using vec = typename V::vec;
  using mask = typename V::mask;
  static constexpr int W = V::lanes;
  static constexpr std::uint32_t kRows = kMaxN + 1;    // stack rows a subtree can use
  static_assert(kMaxN <= 30, "snapshot bits 30 and 31 carry the diagonal bits shifted out");
  static constexpr std::uint32_t kDummyRow = kRows;    // where lanes that do not push write
  static constexpr int kFlushSteps = 1 << 16;          // keeps the u32 lane counters far from overflow

  // Solutions are counted unweighted per lane; each lane's subtree weight is applied when the
  // counters are folded into 64-bit totals, which happens before any lane changes subtree.
  struct Lanes {
    vec cols, ld, rd, avail, tos, sp, solutions, nodes;
  };

  // Steps until some lane finishes its subtree (returned as a mask) or the step budget runs out.
  static mask run(Lanes& l, std::uint32_t* stack, std::uint32_t full, int budget) {
    const vec full_v = V::splat(full);
    const vec lane = lane_ids();
    const vec row_step = V::splat(W);
    const vec dummy = V::add(lane, V::splat(kDummyRow * W));
    const vec ld_lost = V::splat(1u << 31);  // snapshot bit holding ld's shifted-out bit 31
    const vec rd_lost = V::splat(1u << 30);  // snapshot bit holding rd's shifted-out bit 0
    const vec spare = V::or_(ld_lost, rd_lost);
    for (int i = 0; i < budget; ++i) {
      const mask empty = V::is_zero(l.avail);
      const mask finished = V::mand(empty, V::eq(l.sp, lane));  // empty at the subtree root
      if (V::any(finished)) return finished;

      // 1. pop: the parent's snapshot comes from the register, its parent from memory
      const vec snapshot = l.tos;
      l.sp = V::select(empty, V::sub(l.sp, row_step), l.sp);
      l.tos = V::gather_where(empty, stack, l.sp, l.tos, lane);
      const vec queen = V::lowest_bit(snapshot);
      const vec ld_back = V::or_(V::template shr<1>(l.ld), V::and_(snapshot, ld_lost));
      const vec rd_back = V::or_(V::template shl<1>(l.rd), V::template shr<30>(V::and_(snapshot, rd_lost)));
      l.cols = V::select(empty, V::andnot(l.cols, queen), l.cols);
      l.ld = V::select(empty, V::andnot(ld_back, queen), l.ld);
      l.rd = V::select(empty, V::andnot(rd_back, queen), l.rd);
      l.avail = V::select(empty, V::andnot(V::xor_(snapshot, queen), spare), l.avail);

      // 2. advance
      const vec bit = V::lowest_bit(l.avail);
      const vec cols = V::or_(l.cols, bit);
      const vec ld_b = V::or_(l.ld, bit);
      const vec rd_b = V::or_(l.rd, bit);
      const vec ld = V::template shl<1>(ld_b);
      const vec rd = V::template shr<1>(rd_b);
      const vec child = V::andnot(full_v, V::or_(cols, V::or_(ld, rd)));
      const mask moved = V::nonzero(l.avail);
      l.nodes = V::increment_where(l.nodes, moved);
      l.solutions = V::increment_where(l.solutions, V::eq(cols, full_v));
      const mask enter = V::mandnot(moved, V::is_zero(child));
      const vec lost = V::or_(V::and_(ld_b, ld_lost), V::template shr<1>(V::template shl<31>(rd_b)));
      V::scatter_where(enter, stack, l.sp, l.tos, dummy);  // the old top goes to memory
      l.tos = V::select(enter, V::or_(l.avail, lost), l.tos);
      l.avail = V::xor_(l.avail, bit);
      l.sp = V::select(enter, V::add(l.sp, row_step), l.sp);
      l.cols = V::select(enter, cols, l.cols);
      l.ld = V::select(enter, ld, l.ld);
      l.rd = V::select(enter, rd, l.rd);
      l.avail = V::select(enter, child, l.avail);
    }
    return no_lanes();
  }

  static LaneTotals search(int n, const Subtree* subtrees, std::size_t count) {
    const std::uint32_t full = full_mask(n);
    LaneTotals totals;
    if (count < static_cast<std::size_t>(W)) {  // not enough work to fill one vector
      for (std::size_t i = 0; i < count; ++i) add(totals, finish_alone(full, subtrees[i]));
      return totals;
    }

    alignas(64) std::uint32_t stack[(kRows + 1) * W];
    alignas(64) std::uint32_t cols[W], ld[W], rd[W], avail[W], tos[W], sp[W], weight[W], sols[W], nodes[W];
    std::size_t next = 0;
    for (int i = 0; i < W; ++i) {
      load(subtrees[next++], full, i, cols[i], ld[i], rd[i], avail[i], tos[i], sp[i], weight[i]);
      sols[i] = nodes[i] = 0;
    }
    Lanes l = to_lanes(cols, ld, rd, avail, tos, sp, sols, nodes);
    for (;;) {
      const unsigned finished = V::bits(run(l, stack, full, kFlushSteps));
      spill(l, cols, ld, rd, avail, tos, sp, sols, nodes);
      for (int i = 0; i < W; ++i) {  // fold the lane counters into 64-bit totals
        totals.total += std::uint64_t{sols[i]} * weight[i];
        totals.nodes += nodes[i];
        sols[i] = nodes[i] = 0;
      }
      if (finished == 0) {
        l = to_lanes(cols, ld, rd, avail, tos, sp, sols, nodes);
        continue;
      }
      bool refilled_all = true;
      for (int i = 0; i < W; ++i) {
        if (!((finished >> i) & 1u)) continue;
        if (next < count)
          load(subtrees[next++], full, i, cols[i], ld[i], rd[i], avail[i], tos[i], sp[i], weight[i]);
        else
          refilled_all = false;  // stays empty at its root
      }
      if (refilled_all) {
        l = to_lanes(cols, ld, rd, avail, tos, sp, sols, nodes);
        continue;
      }
      // The list is empty: finish the unfinished lanes one by one on the scalar path, carrying
      // over each lane's stack column.
      for (int i = 0; i < W; ++i) {
        if (avail[i] == 0 && sp[i] == static_cast<std::uint32_t>(i)) continue;  // done
        std::uint32_t column[kRows + 1];
        const std::uint32_t rows = (sp[i] - static_cast<std::uint32_t>(i)) / W;
        for (std::uint32_t r = 0; r < rows; ++r) column[r] = stack[r * W + i];
        typename Tail::Lanes one{cols[i], ld[i], rd[i], avail[i], tos[i], rows, 0, 0};
        add(totals, Tail::drain(one, column, full, weight[i]));
      }
      return totals;
    }
  }

  using Tail = Lockstep<simd::Scalar1>;

  // Runs a single lane (W == 1) to the end of its subtree.
  static LaneTotals drain(Lanes& l, std::uint32_t* stack, std::uint32_t full, std::uint32_t weight) {
    LaneTotals t;
    for (;;) {
      const bool finished = V::bits(run(l, stack, full, kFlushSteps)) != 0;
      t.total += std::uint64_t{l.solutions} * weight;
      t.nodes += l.nodes;
      l.solutions = l.nodes = 0;
      if (finished) return t;
    }
  }

 private:
  static mask no_lanes() { return V::nonzero(V::zero()); }

  static vec lane_ids() {
    alignas(64) std::uint32_t ids[W];
    for (int i = 0; i < W; ++i) ids[i] = static_cast<std::uint32_t>(i);
    return V::load(ids);
  }

  static void add(LaneTotals& into, const LaneTotals& t) {
    into.total += t.total;
    into.nodes += t.nodes;
  }

  static void load(const Subtree& s, std::uint32_t full, int lane, std::uint32_t& cols,
                   std::uint32_t& ld, std::uint32_t& rd, std::uint32_t& avail, std::uint32_t& tos,
                   std::uint32_t& sp, std::uint32_t& weight) {
    cols = s.cols;
    ld = s.ld;
    rd = s.rd;
    avail = full & ~(s.cols | s.ld | s.rd);
    tos = 0;                                // the root has no parent
    sp = static_cast<std::uint32_t>(lane);  // row 0 of this lane's stack
    weight = s.weight;
  }

  static LaneTotals finish_alone(std::uint32_t full, const Subtree& s) {
    std::uint32_t column[kRows + 1];
    typename Tail::Lanes one{s.cols, s.ld, s.rd, full & ~(s.cols | s.ld | s.rd), 0, 0, 0, 0};
    return Tail::drain(one, column, full, s.weight);
  }

  static Lanes to_lanes(const std::uint32_t* cols, const std::uint32_t* ld, const std::uint32_t* rd,
                        const std::uint32_t* avail, const std::uint32_t* tos, const std::uint32_t* sp,
                        const std::uint32_t* sols, const std::uint32_t* nodes) {
    return {V::load(cols), V::load(ld), V::load(rd), V::load(avail),
            V::load(tos),  V::load(sp), V::load(sols), V::load(nodes)};
  }

  static void spill(const Lanes& l, std::uint32_t* cols, std::uint32_t* ld, std::uint32_t* rd,
                    std::uint32_t* avail, std::uint32_t* tos, std::uint32_t* sp, std::uint32_t* sols,
                    std::uint32_t* nodes) {
    V::store(cols, l.cols);
    V::store(ld, l.ld);
    V::store(rd, l.rd);
    V::store(avail, l.avail);
    V::store(tos, l.tos);
    V::store(sp, l.sp);
    V::store(sols, l.solutions);
    V::store(nodes, l.nodes);
  }
};

}  // namespace nqueens
