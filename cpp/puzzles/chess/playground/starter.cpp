// Hyperbola Quintessence with two lines in one 128-bit register, as our hq-simd kernel does it.
// Along one line through the slider r, with o the line's occupied squares (r not among them),
// o - r borrows through the empty squares above r and stops at the first blocker, which it
// clears: o - r is o with the ray towards higher squares (r and the blocker included) flipped.
// (The wiki's o - 2r is the same with r counted in o.) The ray towards lower squares is the same
// subtraction on the reversed line, reversed back. XOR the two: o cancels, so does r, and
//   attacks = ((o - r) ^ reverse(reverse(o) - reverse(r))) & line.
// A byte swap reverses a file or a diagonal (one square per byte); a rank lies inside one byte,
// so the rook's pair {file, rank} reverses its bits instead (bits within each byte, then bytes).
struct Sliders {
#if SP_PASS_HAS_FAMILY
  using V = family::U64<kPass.ext>;  // two 64-bit lanes: two lines of one slider at once
  using vec = V::vec;

  // The attacks along the two lines in `masks` (one line per lane, without the slider's square).
  template <bool kBits>
  static Bitboard lines(Square s, Bitboard occ, vec masks) {
    // reverse(r) is a constant per square: 1 << (s ^ 56) by bytes, 1 << (63 - s) by bits.
    const vec r = V::splat(square_bb(s));
    const vec r_rev = V::splat(square_bb(kBits ? 63 - s : s ^ 56));
    const vec o = V::and_(V::splat(occ), masks);
    const vec o_rev = kBits ? V::reverse_bits(o) : V::reverse_bytes(o);
    const vec forward = V::sub(o, r);            // up to the first blocker above
    const vec backward = V::sub(o_rev, r_rev);   // ... and below, on the reversed line
    const vec back = kBits ? V::reverse_bits(backward) : V::reverse_bytes(backward);
    return V::reduce_or(V::and_(V::xor_(forward, back), masks));  // both lanes' rays in one word
  }

  // kLineMasks[s] holds {file, rank, diagonal, anti-diagonal}: one load gives a pair.
  static Bitboard bishop(Square s, Bitboard occ) { return lines<false>(s, occ, V::load(&kLineMasks[s].diagonal)); }
  static Bitboard rook(Square s, Bitboard occ) { return lines<true>(s, occ, V::load(&kLineMasks[s].file)); }
  static Bitboard queen(Square s, Bitboard occ) { return bishop(s, occ) | rook(s, occ); }
#else
  // Scalar builds (wasm baseline, and natively the popcnt pass): the same formula, one line at a
  // time. Plain C++ has no 64-bit bit reversal (ARM's rbit is one instruction), so a rank's costs
  // three swaps of bit groups and a byte swap; our scalar `hq` reads a 512-byte first-rank table
  // there instead.
  static Bitboard reverse_bits(Bitboard b) {
    b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
    b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
    return byte_swap(b);
  }
  template <bool kBits>
  static Bitboard line(Square s, Bitboard occ, Bitboard mask) {
    const Bitboard o = occ & mask;
    const Bitboard forward = o - square_bb(s);
    const Bitboard backward = (kBits ? reverse_bits(o) : byte_swap(o)) - square_bb(kBits ? 63 - s : s ^ 56);
    return (forward ^ (kBits ? reverse_bits(backward) : byte_swap(backward))) & mask;
  }

  static Bitboard bishop(Square s, Bitboard occ) {
    return line<false>(s, occ, kLineMasks[s].diagonal) | line<false>(s, occ, kLineMasks[s].anti_diagonal);
  }
  static Bitboard rook(Square s, Bitboard occ) {
    return line<false>(s, occ, kLineMasks[s].file) | line<true>(s, occ, kLineMasks[s].rank);
  }
  static Bitboard queen(Square s, Bitboard occ) { return bishop(s, occ) | rook(s, occ); }
#endif

  // The lookup tables it reads, for the kernel's summary (optional: 0 if left out).
  static constexpr std::size_t table_bytes() { return sizeof(kLineMasks); }
};
