#pragma once
// Move generation for one board with 4-lane vectors (Karang's "SIMD move generation"): the four
// corners are one vector, the four edges one vector per capture option. The SWAR sums are
// computed once on the word (board.h); each lane then picks its own cell's fields with constant
// masks, so there are no per-lane shifts, and the legal lanes are compress-stored onto the child
// stack. The centre, a single cell with 11 options, stays scalar (branch-free candidate writes).
//
// Included by kernels.inl inside an ISA pass (a relative header); V is a 4 x u32 lane type of the
// pass (SSE4.1's, VEX-encoded, in the AVX2 pass).

namespace cephalopod {
using namespace ::sp::cephalopod;

struct alignas(16) Quad {
  std::uint32_t v[4];
};
// Per-lane constants for the cells at positions first, first+2, first+4, first+6.
struct QuadCells {
  Quad field, high, one, clear_pn, clear_pc, clear_nc, clear_pnc;
};
constexpr QuadCells make_quad_cells(int first) {
  QuadCells q{};
  for (int lane = 0; lane < 4; ++lane) {
    const int p = first + 2 * lane;
    q.field.v[lane] = ring_mask(p);
    q.high.v[lane] = 4u << (3 * p);
    q.one.v[lane] = 1u << (3 * p);
    q.clear_pn.v[lane] = ring_mask(p + 7) | ring_mask(p + 1);
    q.clear_pc.v[lane] = ring_mask(p + 7) | kCentreBits;
    q.clear_nc.v[lane] = ring_mask(p + 1) | kCentreBits;
    q.clear_pnc.v[lane] = ring_mask(p + 7) | ring_mask(p + 1) | kCentreBits;
  }
  return q;
}
inline constexpr QuadCells kCorners = make_quad_cells(0);
inline constexpr QuadCells kEdges = make_quad_cells(1);

template <class V>
struct QuadMoves {
  using vec = typename V::vec;
  using mask = typename V::mask;
  static_assert(V::lanes == 4, "one lane per corner or edge");

  static vec k(const Quad& q) { return V::load(q.v); }

  // Same contract as write_children: out has room for kChildBuffer + 4 words.
  static int children(Board b, Board* out) {
    const std::uint32_t empty = zmask(b);
    const std::uint32_t b7 = b | fill_fields(empty);
    const std::uint32_t ring = b7 & kRing;
    const std::uint32_t prev = rotate_ring(ring, 1), next = rotate_ring(ring, 7);
    const std::uint32_t centre = (b7 >> 24) * kRingLow;
    const std::uint32_t pn = add_saturate(prev, next);
    const std::uint32_t ring_empty = empty & kRing;
    const std::uint32_t ok_pn = ring_empty & ~sevens(pn);
    int n = 0;
    const vec board = V::splat(b);
    auto push = [&](vec cand, mask m) {
      V::store_compressed(out + n, cand, V::compress_plan(m));
      n += V::count(m);
    };
    auto lanes_of = [](std::uint32_t word, const Quad& high) { return V::nonzero(V::and_(V::splat(word), V::load(high.v))); };
    if (ring_empty & kCornerHigh) {
      // Each empty corner has exactly one move: the capture of both neighbours, or a 1.
      const vec capture = V::or_(V::andnot(board, k(kCorners.clear_pn)), V::and_(V::splat(pn), k(kCorners.field)));
      const vec cand = V::select(lanes_of(ok_pn, kCorners.high), capture, V::or_(board, k(kCorners.one)));
      push(cand, lanes_of(ring_empty, kCorners.high));
    }
    if (ring_empty & kEdgeHigh) {
      const std::uint32_t pc = add_saturate(prev, centre), nc = add_saturate(next, centre);
      const std::uint32_t pnc = add_saturate(pn, centre);
      const std::uint32_t edge_empty = ring_empty & kEdgeHigh;
      const std::uint32_t ok_pc = edge_empty & ~sevens(pc), ok_nc = edge_empty & ~sevens(nc);
      const std::uint32_t ok_pnc = edge_empty & ~sevens(pnc);
      const std::uint32_t ok_one = edge_empty & ~(ok_pn | ok_pc | ok_nc | ok_pnc);
      auto capture = [&](const Quad& clear, std::uint32_t sums) {
        return V::or_(V::andnot(board, k(clear)), V::and_(V::splat(sums), k(kEdges.field)));
      };
      const mask m_pn = lanes_of(ok_pn, kEdges.high);
      // p-1 + p+1, or a 1 where the edge has no capture at all (never both).
      push(V::select(m_pn, capture(kEdges.clear_pn, pn), V::or_(board, k(kEdges.one))),
           V::mor(m_pn, lanes_of(ok_one, kEdges.high)));
      push(capture(kEdges.clear_pc, pc), lanes_of(ok_pc, kEdges.high));
      push(capture(kEdges.clear_nc, nc), lanes_of(ok_nc, kEdges.high));
      push(capture(kEdges.clear_pnc, pnc), lanes_of(ok_pnc, kEdges.high));
    }
    if (empty & kCentreBits) n += centre_children(b, ring, out + n);
    return n;
  }

  // The centre's moves (see write_children), written as scalar candidates.
  static int centre_children(Board b, std::uint32_t ring, Board* out) {
    const std::uint32_t edges = ring & 0xE38E38u;
    const std::uint32_t edges4 = rotate_ring(edges, 4);
    const std::uint32_t adj = add_saturate(edges, rotate_ring(edges, 6));
    const std::uint32_t opp = add_saturate(edges, edges4);
    const std::uint32_t tri = add_saturate(adj, edges4);
    const std::uint32_t quad = add_saturate(adj, rotate_ring(adj, 4));
    const std::uint32_t ok_adj = kEdgeHigh & ~sevens(adj), ok_tri = kEdgeHigh & ~sevens(tri);
    const std::uint32_t ok_opp = 0x820u & ~sevens(opp), ok_quad = 0x20u & ~sevens(quad);
    auto at_centre = [](std::uint32_t sums, int p) { return ((sums >> (3 * p)) & 7u) << 24; };
    int n = 0;
    for (int p = 1; p < 8; p += 2) {
      out[n] = (b & ~(ring_mask(p) | ring_mask(p + 2))) | at_centre(adj, p);
      n += (ok_adj >> (3 * p + 2)) & 1;
      out[n] = (b & ~(ring_mask(p) | ring_mask(p + 2) | ring_mask(p + 4))) | at_centre(tri, p);
      n += (ok_tri >> (3 * p + 2)) & 1;
    }
    for (int p = 1; p < 4; p += 2) {
      out[n] = (b & ~(ring_mask(p) | ring_mask(p + 4))) | at_centre(opp, p);
      n += (ok_opp >> (3 * p + 2)) & 1;
    }
    out[n] = (b & ~0xE38E38u) | at_centre(quad, 1);
    n += (ok_quad >> 5) & 1;
    out[n] = b | (1u << 24);
    n += (ok_adj | ok_tri | ok_opp | ok_quad) == 0;
    return n;
  }
};

}  // namespace cephalopod
