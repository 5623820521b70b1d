// Our simd-dfs move generator (quad_moves.h, after Karang's "SIMD move generation"). The capture
// sums of every cell are SWAR on the word, as in board.h's write_children; then the four corners
// are one 4-lane vector and the four edges one vector per capture option, each lane picking its
// own cell's fields with constant masks (no per-lane shifts), and the legal lanes are
// compress-stored onto the child stack. The centre, one cell with 11 options, stays scalar.
//
// Per-lane constants for the cells at spiral positions first, first + 2, first + 4, first + 6.
struct alignas(16) Lanes4 {
  std::uint32_t v[4];
};
struct QuadLanes {
  Lanes4 field, high, one, clear_pn, clear_pc, clear_nc, clear_pnc;
};
constexpr QuadLanes quad_lanes(int first) {
  QuadLanes q{};
  for (int lane = 0; lane < 4; ++lane) {
    const int p = first + 2 * lane;
    q.field.v[lane] = ring_mask(p);   // the cell's own field
    q.high.v[lane] = 4u << (3 * p);   // its H bit, to pick its lane out of an H-bit word
    q.one.v[lane] = 1u << (3 * p);    // a 1 placed on it
    // What a capture empties: the neighbours p-1 and p+1, and (edges only) the centre.
    q.clear_pn.v[lane] = ring_mask(p + 7) | ring_mask(p + 1);
    q.clear_pc.v[lane] = ring_mask(p + 7) | kCentreBits;
    q.clear_nc.v[lane] = ring_mask(p + 1) | kCentreBits;
    q.clear_pnc.v[lane] = ring_mask(p + 7) | ring_mask(p + 1) | kCentreBits;
  }
  return q;
}
inline constexpr QuadLanes kCornerLanes = quad_lanes(0);
inline constexpr QuadLanes kEdgeLanes = quad_lanes(1);

struct Moves {
  using V = family::U32<>;  // 4 x u32: one lane per corner, or per edge
  using vec = V::vec;
  using mask = V::mask;

  static vec k(const Lanes4& q) { return V::load(q.v); }

  static int children(Board b, Board* out) {
    // Empty cells read as 7, so that any capture including one saturates (board.h).
    const std::uint32_t empty = zmask(b);
    const std::uint32_t b7 = b | fill_fields(empty);
    const std::uint32_t ring = b7 & kRing;
    const std::uint32_t prev = rotate_ring(ring, 1), next = rotate_ring(ring, 7);  // field p: cell p-1, p+1
    const std::uint32_t centre = (b7 >> 24) * kRingLow;                             // the centre in every field
    const std::uint32_t pn = add_saturate(prev, next);
    const std::uint32_t ring_empty = empty & kRing;
    const std::uint32_t ok_pn = ring_empty & ~sevens(pn);  // legal: the saturated sum is not 7
    int n = 0;
    const vec board = V::splat(b);
    // Store m's lanes of cand packed at out + n (a whole vector: the room has 16 words of slack).
    auto push = [&](vec cand, mask m) {
      V::store_compressed(out + n, cand, V::compress_plan(m));
      n += V::count(m);
    };
    auto lanes_of = [](std::uint32_t word, const Lanes4& high) { return V::nonzero(V::and_(V::splat(word), V::load(high.v))); };
    if (ring_empty & kCornerHigh) {
      // Each empty corner has exactly one move: the capture of both neighbours, or a 1.
      const vec capture = V::or_(V::andnot(board, k(kCornerLanes.clear_pn)), V::and_(V::splat(pn), k(kCornerLanes.field)));
      const vec cand = V::select(lanes_of(ok_pn, kCornerLanes.high), capture, V::or_(board, k(kCornerLanes.one)));
      push(cand, lanes_of(ring_empty, kCornerLanes.high));
    }
    if (ring_empty & kEdgeHigh) {
      const std::uint32_t pc = add_saturate(prev, centre), nc = add_saturate(next, centre);
      const std::uint32_t pnc = add_saturate(pn, centre);
      const std::uint32_t edge_empty = ring_empty & kEdgeHigh;
      const std::uint32_t ok_pc = edge_empty & ~sevens(pc), ok_nc = edge_empty & ~sevens(nc);
      const std::uint32_t ok_pnc = edge_empty & ~sevens(pnc);
      const std::uint32_t ok_one = edge_empty & ~(ok_pn | ok_pc | ok_nc | ok_pnc);
      auto capture = [&](const Lanes4& clear, std::uint32_t sums) {
        return V::or_(V::andnot(board, k(clear)), V::and_(V::splat(sums), k(kEdgeLanes.field)));
      };
      const mask m_pn = lanes_of(ok_pn, kEdgeLanes.high);
      // p-1 + p+1, or a 1 where the edge has no capture at all (never both).
      push(V::select(m_pn, capture(kEdgeLanes.clear_pn, pn), V::or_(board, k(kEdgeLanes.one))),
           V::mor(m_pn, lanes_of(ok_one, kEdgeLanes.high)));
      push(capture(kEdgeLanes.clear_pc, pc), lanes_of(ok_pc, kEdgeLanes.high));
      push(capture(kEdgeLanes.clear_nc, nc), lanes_of(ok_nc, kEdgeLanes.high));
      push(capture(kEdgeLanes.clear_pnc, pnc), lanes_of(ok_pnc, kEdgeLanes.high));
    }
    if (empty & kCentreBits) n += centre_children(b, ring, out + n);
    return n;
  }

  // The centre's neighbours are the edges 1, 3, 5, 7: field p (odd) of adj = p + p+2,
  // tri = p + p+2 + p+4, opp = p + p+4 (p = 1, 3), quad (p = 1) = all four. Each candidate is
  // written, and n moves past the legal ones only (no branch on which are legal).
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
    out[n] = b | (1u << 24);  // no capture at all: a 1
    n += (ok_adj | ok_tri | ok_opp | ok_quad) == 0;
    return n;
  }
};
