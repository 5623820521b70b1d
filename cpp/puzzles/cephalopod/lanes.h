#pragma once
// `lanes`: one BFS level expanded data-parallel, one board per 32-bit lane (4, 8 or 16 at once).
// The SWAR of board.h runs unchanged in every lane; what differs per lane (which cells are empty,
// which captures are legal) becomes a lane mask, and each candidate move of each cell is one
// vector: built for all lanes, then compress-stored where legal. No branch depends on a board.
//
//   pass 1 (expand_block): for each border cell p, 1 vector (corner: capture or 1) or 4 (edge:
//     p-1 + p+1 or 1, p-1 + centre, p+1 + centre, all three); the centre's 11 when some lane has
//     it empty: 31 compress-stores per vector of parents. Each child carries its parent's place
//     in the block in the word's 5 spare bits (27..31), so one store saves both.
//     A child is full only when a 1 fills the parent's single empty cell (a capture always
//     empties two cells): those lanes go to a short list of finals instead.
//   pass 2 (canonicalize_block): 16 / 8 / 4 children per vector: the transpose, then 7 ring
//     rotations packed with their index in 3 low bits, and one unsigned min per image; the
//     parent tag split off, the home bucket hashed.
//   then the merge's probe loop (one child at a time, a bucket's keys compared by vector) and the
//   count updates: Base, merge.h.
//
// Included by kernels.inl inside an ISA pass (a relative header); V is the pass's U32 lane type
// (vector_api.md), Base the merge Tools.

#include "puzzles/cephalopod/bfs_search.h"

namespace cephalopod {
using namespace ::sp::cephalopod;

template <class V, class Base>
struct LaneTools : Base {
  using vec = typename V::vec;
  using mask = typename V::mask;
  static constexpr int W = V::lanes;

  static vec c(std::uint32_t x) { return V::splat(x); }
  static vec zmask_v(vec x) {
    return V::xor_(V::and_(V::or_(V::add(V::and_(x, c(kLow3)), c(kLow3)), x), c(kHigh)), c(kHigh));
  }
  static vec fill_v(vec h) { return V::or_(h, V::or_(V::template shr<1>(h), V::template shr<2>(h))); }
  static vec sevens_v(vec x) {
    return V::and_(V::and_(x, V::template shl<1>(x)), V::and_(V::template shl<2>(x), c(kHigh)));
  }
  static vec add_saturate_v(vec a, vec b) {
    const vec low = V::add(V::and_(a, c(kLow3)), V::and_(b, c(kLow3)));
    const vec axb = V::xor_(a, b);
    const vec sum = V::or_(V::and_(low, c(kLow3)), V::and_(V::xor_(axb, low), c(kHigh)));
    const vec carry = V::and_(V::or_(V::and_(a, b), V::and_(low, axb)), c(kHigh));
    return V::or_(sum, fill_v(carry));
  }
  // Ring rotation by k positions towards higher ones (constant k).
  template <int k>
  static vec rotate_ring_v(vec ring) {
    constexpr int s = 3 * k;
    return V::and_(V::or_(V::template shl<s>(ring), V::template shr<24 - s>(ring)), c(kRing));
  }
  static vec transpose_v(vec ring) {
    vec r = V::or_(V::template shl<3>(V::and_(ring, c(0x1C71C7u))), V::and_(V::template shr<3>(ring), c(0x1C71C7u)));
    r = V::or_(V::template shl<6>(V::and_(r, c(0x03F03Fu))), V::and_(V::template shr<6>(r), c(0x03F03Fu)));
    r = V::or_(V::template shl<12>(V::and_(r, c(0x000FFFu))), V::template shr<12>(r));
    return rotate_ring_v<1>(r);
  }
  static mask bit(vec word, int h) { return V::nonzero(V::and_(word, c(1u << h))); }

  struct Out {
    Board* kids;  // children tagged with their parent's place in the block (bits 27..31)
    int n;
    Board* finals;
    int nf;
    void push(vec cand, vec tag, mask m) {
      V::store_compressed(kids + n, V::or_(cand, tag), V::compress_plan(m));
      n += V::count(m);
    }
    void push_final(vec cand, vec tag, mask m) {
      if (!V::any(m)) return;
      V::store_compressed(finals + nf, V::or_(cand, tag), V::compress_plan(m));
      nf += V::count(m);
    }
  };

  // The per-lane state of one vector of parents.
  struct Sums {
    vec board, tag, empty, pn, pc, nc, pnc, ok_pn, ok_pc, ok_nc, ok_pnc, ok_one;
    mask single;  // lanes with exactly one empty cell: a 1 there fills the board
  };

  template <int p>
  static void border_cell(const Sums& s, Out& out) {
    constexpr int h = 3 * p + 2;
    constexpr std::uint32_t f = 7u << (3 * p);
    constexpr std::uint32_t f_prev = ring_mask(p + 7), f_next = ring_mask(p + 1);
    const mask m_pn = bit(s.ok_pn, h), m_one = bit(s.ok_one, h);
    // p-1 + p+1, or a 1 when the cell has no capture at all (the two never both apply).
    const vec capture = V::or_(V::andnot(s.board, c(f_prev | f_next)), V::and_(s.pn, c(f)));
    const vec cand = V::select(m_pn, capture, V::or_(s.board, c(1u << (3 * p))));
    const mask full = V::mand(m_one, s.single);
    out.push(cand, s.tag, V::mandnot(V::mor(m_pn, m_one), full));
    out.push_final(cand, s.tag, full);
    if constexpr (p % 2 == 1) {
      out.push(V::or_(V::andnot(s.board, c(f_prev | kCentreBits)), V::and_(s.pc, c(f))), s.tag, bit(s.ok_pc, h));
      out.push(V::or_(V::andnot(s.board, c(f_next | kCentreBits)), V::and_(s.nc, c(f))), s.tag, bit(s.ok_nc, h));
      out.push(V::or_(V::andnot(s.board, c(f_prev | f_next | kCentreBits)), V::and_(s.pnc, c(f))), s.tag,
               bit(s.ok_pnc, h));
    }
  }

  // Field p of `sums` moved to the centre.
  template <int p>
  static vec at_centre(vec sums) {
    return V::and_(V::template shl<24 - 3 * p>(sums), c(kCentreBits));
  }

  static void centre_cell(const Sums& s, vec ring, mask centre_empty, Out& out) {
    const vec edges = V::and_(ring, c(0xE38E38u));
    const vec edges4 = rotate_ring_v<4>(edges);
    const vec adj = add_saturate_v(edges, rotate_ring_v<6>(edges));
    const vec opp = add_saturate_v(edges, edges4);
    const vec tri = add_saturate_v(adj, edges4);
    const vec quad = add_saturate_v(adj, rotate_ring_v<4>(adj));
    const vec ok_adj = V::andnot(c(kEdgeHigh), sevens_v(adj));
    const vec ok_tri = V::andnot(c(kEdgeHigh), sevens_v(tri));
    const vec ok_opp = V::andnot(c(0x820u), sevens_v(opp));
    const vec ok_quad = V::andnot(c(0x20u), sevens_v(quad));
    const mask none = V::is_zero(V::or_(V::or_(ok_adj, ok_tri), V::or_(ok_opp, ok_quad)));
    auto clear = [&](std::uint32_t cells) { return V::andnot(s.board, c(cells)); };
    // Adjacent pair (1, 3), merged with the 1 that goes there when nothing can be captured.
    const mask m_adj1 = bit(ok_adj, 5);
    const vec cand = V::select(m_adj1, V::or_(clear(ring_mask(1) | ring_mask(3)), at_centre<1>(adj)),
                               V::or_(s.board, c(1u << 24)));
    const mask full = V::mand(V::mand(none, centre_empty), s.single);
    out.push(cand, s.tag, V::mandnot(V::mand(centre_empty, V::mor(m_adj1, none)), full));
    out.push_final(cand, s.tag, full);
    out.push(V::or_(clear(ring_mask(3) | ring_mask(5)), at_centre<3>(adj)), s.tag, V::mand(centre_empty, bit(ok_adj, 11)));
    out.push(V::or_(clear(ring_mask(5) | ring_mask(7)), at_centre<5>(adj)), s.tag, V::mand(centre_empty, bit(ok_adj, 17)));
    out.push(V::or_(clear(ring_mask(7) | ring_mask(1)), at_centre<7>(adj)), s.tag, V::mand(centre_empty, bit(ok_adj, 23)));
    out.push(V::or_(clear(ring_mask(1) | ring_mask(3) | ring_mask(5)), at_centre<1>(tri)), s.tag,
             V::mand(centre_empty, bit(ok_tri, 5)));
    out.push(V::or_(clear(ring_mask(3) | ring_mask(5) | ring_mask(7)), at_centre<3>(tri)), s.tag,
             V::mand(centre_empty, bit(ok_tri, 11)));
    out.push(V::or_(clear(ring_mask(5) | ring_mask(7) | ring_mask(1)), at_centre<5>(tri)), s.tag,
             V::mand(centre_empty, bit(ok_tri, 17)));
    out.push(V::or_(clear(ring_mask(7) | ring_mask(1) | ring_mask(3)), at_centre<7>(tri)), s.tag,
             V::mand(centre_empty, bit(ok_tri, 23)));
    out.push(V::or_(clear(ring_mask(1) | ring_mask(5)), at_centre<1>(opp)), s.tag, V::mand(centre_empty, bit(ok_opp, 5)));
    out.push(V::or_(clear(ring_mask(3) | ring_mask(7)), at_centre<3>(opp)), s.tag, V::mand(centre_empty, bit(ok_opp, 11)));
    out.push(V::or_(clear(0xE38E38u), at_centre<1>(quad)), s.tag, V::mand(centre_empty, bit(ok_quad, 5)));
  }

  // Children of parents [first, stop) of keys (readable W - 1 words past stop), tagged with their
  // parent's place in the block: full ones -> blk.finals, the others -> blk.kids.
  static void expand_children(const Board* keys, std::uint32_t first, std::uint32_t stop, BfsBlock& blk) {
    alignas(64) static constexpr std::uint32_t kIota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    Out out{blk.kids, 0, blk.finals, 0};
    const vec iota = V::load(kIota);
    for (std::uint32_t i = first; i < stop; i += W) {
      Sums s;
      // Lanes past `stop` get a full board: no empty cell, no move.
      const mask live = V::first_n(static_cast<int>(stop - i));
      s.board = V::select(live, V::load(keys + i), c(kLow));
      s.tag = V::template shl<27>(V::add(c(i - first), iota));  // the parent tag
      s.empty = zmask_v(s.board);
      s.single = V::is_zero(V::and_(s.empty, V::sub(s.empty, c(1))));  // one H bit set
      const vec b7 = V::or_(s.board, fill_v(s.empty));
      const vec ring = V::and_(b7, c(kRing));
      const vec prev = rotate_ring_v<1>(ring);
      const vec next = rotate_ring_v<7>(ring);
      const vec c1 = V::template shr<24>(b7);
      const vec c2 = V::or_(c1, V::template shl<3>(c1));
      const vec c4 = V::or_(c2, V::template shl<6>(c2));
      const vec centre = V::or_(c4, V::template shl<12>(c4));
      s.pn = add_saturate_v(prev, next);
      s.pc = add_saturate_v(prev, centre);
      s.nc = add_saturate_v(next, centre);
      s.pnc = add_saturate_v(s.pn, centre);
      const vec ring_empty = V::and_(s.empty, c(kRing));
      const vec edge_empty = V::and_(s.empty, c(kEdgeHigh));
      s.ok_pn = V::andnot(ring_empty, sevens_v(s.pn));
      s.ok_pc = V::andnot(edge_empty, sevens_v(s.pc));
      s.ok_nc = V::andnot(edge_empty, sevens_v(s.nc));
      s.ok_pnc = V::andnot(edge_empty, sevens_v(s.pnc));
      s.ok_one = V::andnot(ring_empty, V::or_(V::or_(s.ok_pn, s.ok_pc), V::or_(s.ok_nc, s.ok_pnc)));
      border_cell<0>(s, out);
      border_cell<1>(s, out);
      border_cell<2>(s, out);
      border_cell<3>(s, out);
      border_cell<4>(s, out);
      border_cell<5>(s, out);
      border_cell<6>(s, out);
      border_cell<7>(s, out);
      const mask centre_empty = bit(s.empty, 26);
      if (V::any(centre_empty)) centre_cell(s, ring, centre_empty, out);
    }
    blk.size = out.n;
    blk.nfinals = out.nf;
  }
  static void expand_block(const Level<kSymmetries>& cur, std::uint32_t first, std::uint32_t stop, BfsBlock& blk,
                           std::uint32_t& sum) {
    expand_children(cur.keys(), first, stop, blk);
    sum += sum_finals<Base>(blk, [&](std::uint32_t parent) { return cur.counts(parent); });
  }

  static void canonicalize_block(BfsBlock& blk, int shift) {
    for (int k = 0; k < blk.size; k += W) {
      const vec x = V::load(blk.kids + k);
      const vec ring = V::and_(x, c(kRing));
      const vec t = transpose_v(ring);
      vec best = V::template shl<3>(ring);
      auto take = [&](vec image, std::uint32_t sym) { best = V::min(best, V::or_(V::template shl<3>(image), c(sym))); };
      take(rotate_ring_v<2>(ring), 1);
      take(rotate_ring_v<4>(ring), 2);
      take(rotate_ring_v<6>(ring), 3);
      take(t, 4);
      take(rotate_ring_v<2>(t), 5);
      take(rotate_ring_v<4>(t), 6);
      take(rotate_ring_v<6>(t), 7);
      const vec canonical = V::or_(V::template shr<3>(best), V::and_(x, c(kCentreBits)));
      V::store(blk.kids + k, canonical);
      V::store(blk.sym + k, V::and_(best, c(7)));
      V::store(blk.parent + k, V::add(V::template shr<27>(x), c(blk.first)));
      V::store(blk.slot + k, V::shr_n(V::mul_lo(canonical, c(0x9E3779B1u)), shift));  // home_bucket
    }
  }

  // The last turn: every child is final. Its digits are summed per parent (spread into bytes),
  // and each parent's sum weighted once by its counts.
  static std::uint32_t final_block(const Level<kSymmetries>& cur, std::uint32_t first, std::uint32_t stop, BfsBlock& blk) {
    std::uint32_t sum = 0;
    expand_block(cur, first, stop, blk, sum);  // full children are summed here
    std::uint64_t border[kBlockParents] = {};
    std::uint32_t centre[kBlockParents] = {};
    for (int k = 0; k < blk.size; ++k) {
      const Board x = blk.kids[k] & kAll;
      const std::uint32_t p = blk.kids[k] >> 27;
      border[p] += Base::spread(x);
      centre[p] += x >> 24;
    }
    for (std::uint32_t i = first; i < stop; ++i) sum += Base::parent_final(cur.counts(i), border[i - first], centre[i - first]);
    return sum;
  }
};

}  // namespace cephalopod
