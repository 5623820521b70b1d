#pragma once
// Kogge-Stone fills of all sliders of a side at once, the eight directions in vector lanes: the
// scalar KoggeStone of sliders.h (three doubling steps, then one step onto the attacks) with a
// direction per 64-bit lane. Written against a U64 lane type with per-lane shifts (cpp/simd,
// vector_api.md: setr, or_and, shl_var / shr_var / rotl_var, reduce_or, and U8 popcount +
// add_byte_sums). A relative header: included by kernels.inl inside an ISA pass.
//
// Two layouts, one per register width, because the widths differ in what is cheap (so this part
// is written per width, by `if constexpr` on the lane count):
//   4 lanes (AVX2): two registers. left = north, east, north-east, north-west, shifted up by
//     8, 1, 9, 7 (vpsllvq); right = south, west, south-west, south-east, shifted down by the
//     same (vpsrlvq). AVX2 has no 64-bit rotate, and shifts need no rotation amounts mod 64.
//   8 lanes (AVX-512): one register in kFillDirections order (north, south, east, west, then
//     north-east, north-west, south-east, south-west), rotated per lane (vprolvq) and masked per
//     lane with the squares a step may land on; `gen | (pro & x)` is one vpternlogq (or_and).

namespace chess {
using namespace ::sp::chess;

template <class V>
struct KoggeStoneSimd {
  static_assert(V::has_variable_shifts && (V::lanes == 4 || V::lanes == 8), "a layout for 4 or 8 lanes");
  using vec = typename V::vec;
  static constexpr bool kSetwise = true;
  static constexpr bool kOneRegister = V::lanes == 8;

  // ---- 4 lanes: left and right registers, per-lane shifts ----------------------------------------
  static vec counts(int k) {
    const auto c = [k](int step) { return static_cast<std::uint64_t>(step * k); };
    return V::setr(c(8), c(1), c(9), c(7));
  }
  static vec fill_left(vec gen, vec empty) {
    const vec land = V::setr(~0ull, ~kFileA, ~kFileA, ~kFileH), s1 = counts(1), s2 = counts(2), s4 = counts(4);
    vec pro = V::and_(empty, land);
    gen = V::or_and(gen, pro, V::shl_var(gen, s1));
    pro = V::and_(pro, V::shl_var(pro, s1));
    gen = V::or_and(gen, pro, V::shl_var(gen, s2));
    pro = V::and_(pro, V::shl_var(pro, s2));
    gen = V::or_and(gen, pro, V::shl_var(gen, s4));
    return V::and_(V::shl_var(gen, s1), land);
  }
  static vec fill_right(vec gen, vec empty) {
    const vec land = V::setr(~0ull, ~kFileH, ~kFileH, ~kFileA), s1 = counts(1), s2 = counts(2), s4 = counts(4);
    vec pro = V::and_(empty, land);
    gen = V::or_and(gen, pro, V::shr_var(gen, s1));
    pro = V::and_(pro, V::shr_var(pro, s1));
    gen = V::or_and(gen, pro, V::shr_var(gen, s2));
    pro = V::and_(pro, V::shr_var(pro, s2));
    gen = V::or_and(gen, pro, V::shr_var(gen, s4));
    return V::and_(V::shr_var(gen, s1), land);
  }
  // Both halves: orthogonal sliders in the first two lanes, diagonal ones in the last two.
  static void fill_pair(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, vec& left, vec& right) {
    const vec gen = V::setr(orthogonal, orthogonal, diagonal, diagonal);
    const vec empty = V::splat(~occ);
    left = fill_left(gen, empty);
    right = fill_right(gen, empty);
  }

  // ---- 8 lanes: one register, per-lane rotates and edge masks ------------------------------------
  static vec rotations(int k) {
    const auto& d = ::sp::chess::detail::kFillDirections;
    const auto r = [&](int i) { return static_cast<std::uint64_t>(d[static_cast<std::size_t>(i)].rotate * k); };
    return V::setr(r(0), r(1), r(2), r(3), r(4), r(5), r(6), r(7));
  }
  static vec land() {
    const auto& d = ::sp::chess::detail::kFillDirections;
    const auto m = [&](int i) { return d[static_cast<std::size_t>(i)].land_mask; };
    return V::setr(m(0), m(1), m(2), m(3), m(4), m(5), m(6), m(7));
  }
  static vec fill_all(Bitboard orthogonal, Bitboard diagonal, Bitboard occ) {
    const Bitboard o = orthogonal, g = diagonal;
    vec gen = V::setr(o, o, o, o, g, g, g, g);
    const vec to = land(), r1 = rotations(1), r2 = rotations(2), r4 = rotations(4);
    vec pro = V::andnot(to, V::splat(occ));
    gen = V::or_and(gen, pro, V::rotl_var(gen, r1));
    pro = V::and_(pro, V::rotl_var(pro, r1));
    gen = V::or_and(gen, pro, V::rotl_var(gen, r2));
    pro = V::and_(pro, V::rotl_var(pro, r2));
    gen = V::or_and(gen, pro, V::rotl_var(gen, r4));
    return V::and_(V::rotl_var(gen, r1), to);
  }

  // ---- the slider interface (sliders.h) -----------------------------------------------------------
  static Bitboard attacks_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ) {
    if constexpr (kOneRegister) {
      return V::reduce_or(fill_all(orthogonal, diagonal, occ));
    } else {
      vec left, right;
      fill_pair(orthogonal, diagonal, occ, left, right);
      return V::reduce_or(V::or_(left, right));
    }
  }
  // Per-direction popcounts: byte counts (Muła's nibble lookup where the ISA has no byte
  // popcount), the two halves' counts added first on 4 lanes (at most 16 per byte), then summed
  // by vpsadbw and across the lanes.
  static int count_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, Bitboard targets) {
    using B = typename V::u8;
    const vec t = V::splat(targets);
    typename B::vec bytes;
    if constexpr (kOneRegister) {
      bytes = B::popcount(V::and_(fill_all(orthogonal, diagonal, occ), t));
    } else {
      vec left, right;
      fill_pair(orthogonal, diagonal, occ, left, right);
      bytes = B::add(B::popcount(V::and_(left, t)), B::popcount(V::and_(right, t)));
    }
    return static_cast<int>(V::reduce_add(B::add_byte_sums(V::zero(), bytes)));
  }
  static Bitboard rook(Square s, Bitboard occ) { return attacks_set(square_bb(s), 0, occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return attacks_set(0, square_bb(s), occ); }
  static Bitboard queen(Square s, Bitboard occ) { return attacks_set(square_bb(s), square_bb(s), occ); }
  static constexpr std::size_t table_bytes() { return 0; }
};

}  // namespace chess
