// Our simd-dfs move generator (quad_moves.h, after Karang's "SIMD move generation"). The capture
// sums of every cell are SWAR on the word, as in board.h's write_children; then the four corners
// are one 4-lane vector and the four edges one vector per capture option, each lane picking its
// own cell's fields with constant masks (no per-lane shifts), and the legal lanes are
// compress-stored onto the child stack. The masks (cephalopod::kCorners, kEdges: per lane, the
// cell's field, its H bit, a 1 on it, and what each capture empties) and the centre, one cell
// with 11 options kept scalar, are quad_moves.h's; the vector part is yours to edit.
struct Moves {
  using V = family::U32<>;  // 4 x u32: one lane per corner, or per edge
  using vec = V::vec;
  using mask = V::mask;

  using Quad = cephalopod::Quad;  // one constant per lane: the cells first, first + 2, first + 4, first + 6
  static constexpr const cephalopod::QuadCells& kCornerLanes = cephalopod::kCorners;
  static constexpr const cephalopod::QuadCells& kEdgeLanes = cephalopod::kEdges;

  static vec k(const Quad& q) { return V::load(q.v); }

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
    auto lanes_of = [](std::uint32_t word, const Quad& high) { return V::nonzero(V::and_(V::splat(word), V::load(high.v))); };
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
      auto capture = [&](const Quad& clear, std::uint32_t sums) {
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
    if (empty & kCentreBits) n += cephalopod::QuadMoves<V>::centre_children(b, ring, out + n);
    return n;
  }
};
