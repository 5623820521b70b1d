#pragma once
// hq-simd: Hyperbola Quintessence with several lines in one vector register, after the SSSE3
// version on the chessprogramming wiki (Robert Purves): each 64-bit lane holds one line through
// the slider, so one subtraction, one reversal, one xor serve two lines (128-bit) or four (256-bit).
//
// The reversal must reverse the order of the line's squares. A byte swap does that for a file
// or a diagonal (one square per rank, so per byte); a rank sits inside one byte, so the rook's
// pair {file, rank} and the queen's four lines use a full 64-bit bit reversal (bits within each
// byte, then the bytes), which reverses every line. The bishop's pair {diagonal, anti-diagonal}
// needs only the byte swap.
//
// Written once against the vector families' U64 lane types (cpp/simd, vector_api.md: load,
// splat, and_, xor_, sub, reverse_bytes, reverse_bits, reduce_or): V has 2 lanes (two adjacent
// masks of kLineMasks), Q, if not void, 4 lanes (a queen's four lines in one register). A
// relative header: included by kernels.inl inside an ISA pass, instantiated on that pass's types.

namespace chess {
using namespace ::sp::chess;

template <class V, class Q = void>
struct HqSimd {
  static constexpr bool kSetwise = false;

  // attacks along the lines in `masks` (one per lane), reversal by byte swap or bit reversal.
  template <class Ops, bool kBits>
  static Bitboard lines(Square s, Bitboard occ, typename Ops::vec masks) {
    using vec = typename Ops::vec;
    // reverse(r) is a constant per square: 1 << (s ^ 56) by bytes, 1 << (63 - s) by bits.
    const vec r = Ops::splat(square_bb(s));
    const vec r_rev = Ops::splat(square_bb(kBits ? 63 - s : s ^ 56));
    const vec o = Ops::and_(Ops::splat(occ), masks);
    const vec o_rev = kBits ? Ops::reverse_bits(o) : Ops::reverse_bytes(o);
    const vec forward = Ops::sub(o, r);
    const vec backward = Ops::sub(o_rev, r_rev);
    const vec back = kBits ? Ops::reverse_bits(backward) : Ops::reverse_bytes(backward);
    return Ops::reduce_or(Ops::and_(Ops::xor_(forward, back), masks));
  }

  static Bitboard bishop(Square s, Bitboard occ) { return lines<V, false>(s, occ, V::load(&kLineMasks[s].diagonal)); }
  static Bitboard rook(Square s, Bitboard occ) { return lines<V, true>(s, occ, V::load(&kLineMasks[s].file)); }
  static Bitboard queen(Square s, Bitboard occ) {
    if constexpr (!std::is_void_v<Q>)
      return lines<Q, true>(s, occ, Q::load(&kLineMasks[s].file));
    else
      return bishop(s, occ) | rook(s, occ);
  }
  static constexpr std::size_t table_bytes() { return sizeof(kLineMasks); }
};

}  // namespace chess
