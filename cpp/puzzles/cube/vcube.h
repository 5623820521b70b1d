#pragma once
// vcube's layout in x86 registers: a ymm holds one cube (edges in the low 128-bit block, corners in
// the high one: the Packed image as is), a zmm two. vpshufb shuffles each 128-bit block by its own
// indices, so one instruction composes every block at once, and the math below is written once for
// both widths, on the family's byte type: VcubeMath<simd::avx2::U8<...>> and
// VcubeMath<simd::avx512::U8<...>>.
//
// Included by kernels.inl inside an ISA pass (relative namespace `cube`), after driver.h; templates
// only, instantiated by the avx2 and avx512 passes. invert_gfni needs U8<cpu::kGfni>.

namespace cube {
using namespace ::sp::cube;

// x repeated in all 8 bytes of a u64 (consteval: never code, so never a shared symbol).
consteval std::uint64_t bytes8(std::uint8_t x) { return x * 0x0101010101010101ull; }

// Which inverse a kernel uses: vcube's power chain, vcube's brute force, or our GFNI transpose.
enum class Inverse { chain, brute, gfni };

template <class W>  // a U8 of the AVX2 or AVX-512 family
struct VcubeMath {
  using vec = typename W::vec;
  static_assert(W::lanes >= 32, "a cube is two 128-bit blocks");

  // Constants, as 64-bit words: `lo` and `hi` in every 128-bit block, or `edges` in the edge
  // blocks (even) and `corners` in the corner blocks (odd). Loads from static tables: constants
  // for the compiler, hoisted out of every loop.
  template <std::uint64_t lo, std::uint64_t hi>
  static vec every_block() {
    alignas(64) static constexpr std::uint64_t words[8] = {lo, hi, lo, hi, lo, hi, lo, hi};
    return W::load(words);
  }
  template <std::uint64_t edges, std::uint64_t corners>
  static vec per_block() {
    alignas(64) static constexpr std::uint64_t words[8] = {edges, edges, corners, corners, edges, edges, corners, corners};
    return W::load(words);
  }

  static vec identity() { return every_block<0x0706050403020100ull, 0x0F0E0D0C0B0A0908ull>(); }

  // vcube's compose, 5 instructions: fetch a's cubie (and its orientation) at b's index, add b's
  // orientation, reduce. pshufb reads only bits 0-3 and 7 of an index, so b needs no masking.
  // The sum of two twists (0x00..0x40) or flips (0x00..0x20) is reduced by subtracting 3 (0x30)
  // or 2 (0x20) where that does not wrap: for smaller sums the byte wraps to >= 0xD0 and `min`
  // keeps the original. Padding (identity, no orientation) passes through.
  static vec compose(vec a, vec b) {
    const vec r = W::add(W::shuffle(a, b), W::and_(b, W::splat(0xF0)));
    return W::min(r, W::sub(r, per_block<bytes8(0x20), bytes8(0x30)>()));
  }

  // The orientation half of every inverse: inv.o[i] = -o[inv.p[i]]. Doubling and reducing negates
  // a twist (1 <-> 2: 0x20 stays, 0x40 - 0x30 = 0x10) and keeps a flip (0x20 - 0x10); then the
  // negated orientations are gathered through the inverse permutation.
  static vec with_orientation(vec pinv, vec o) {
    vec n = W::add(o, o);
    n = W::min(n, W::sub(n, per_block<bytes8(0x10), bytes8(0x30)>()));
    return W::or_(pinv, W::shuffle(n, pinv));
  }

  struct Perm {
    static vec mul(vec a, vec b) { return W::shuffle(a, b); }
  };

  // vcube's inverse, 26 instructions: split off the orientations, raise the permutation bytes to
  // the power 27719 (19 dependent shuffles; corners would need only 839 but share the register),
  // fix the orientations.
  static vec invert_chain(vec v) {
    const vec p = W::and_(v, W::splat(0x0F));
    return with_orientation(PowerChain<Perm>::inverse12(p), W::xor_(v, p));
  }

  // vcube's Dec 2018 inverse ("brute force"): for each position i, broadcast p[i] (a shuffle by
  // splat(i)), compare with the identity for a one-hot byte at position p[i], and write i there.
  // Twelve independent rounds of four instructions: more work than the chain, far less latency.
  static vec invert_brute(vec v) {
    const vec p = W::and_(v, W::splat(0x0F));
    const vec id = identity();
    // Padding positions 12..15 map to themselves in both lanes; rounds 8..11 find the corner
    // lane's padding 8..11 like any other position.
    vec pinv = every_block<0, 0x0F0E0D0C00000000ull>();  // bytes 12..15 are 12..15
    for (int i = 0; i < kEdges; ++i) {
      const vec splat_i = W::splat(static_cast<std::uint8_t>(i));
      pinv = W::or_(pinv, W::zero_unless(W::eq(W::shuffle(p, splat_i), id), splat_i));
    }
    return with_orientation(pinv, W::xor_(v, p));
  }

  // Our GFNI inverse: transpose each lane's permutation matrix. Row j of a 16x16 bit matrix is the
  // one-hot of p[j]; the inverse's row i is the matrix's column i. 12 instructions, 5 of them GFNI.
  //  1. One-hot rows, as two bytes: lo = 1 << p where p < 8, hi = 1 << (p - 8) where p >= 8, by
  //     table lookup (pshufb ignores the orientation bits). Each qword of lo or hi is an 8x8 bit
  //     block: rows 8R..8R+7 (R = the qword's place in its lane), columns 8C..8C+7 (C = 0 in lo,
  //     1 in hi).
  //  2. gf2p8affineqb(x, A) sets bit k of each byte x to parity(A.byte[7-k] & x). With A = a block
  //     and x = 1 << m, that is column m of the block, with its rows in reverse: the transpose.
  //  3. Bit number of each one-hot byte: a linear map over GF(2), so a second gf2p8affineqb (rows
  //     were reversed: row 7 - k; and + 8 for R = 1, a bit set whenever the byte is non-zero).
  //  4. Each value's row is in exactly one of the lane's two qwords (R = 0 or 1): OR them, and put
  //     the lo (values 0..7) and hi (8..15) halves side by side.
  //  5. Negating a twist swaps its two bits (1 <-> 2) and a flip stays: a bit permutation, so one
  //     more gf2p8affineqb, off the critical path, replaces the four instructions of
  //     with_orientation's arithmetic. Then gather through the inverse as usual.
  static vec invert_gfni(vec v) {
    constexpr std::uint64_t kUnit = 0x8040201008040201ull;  // byte m = 1 << m
    const vec one_hot_lo = every_block<kUnit, 0>();     // byte m = 1 << m for m < 8
    const vec one_hot_hi = every_block<0, kUnit>();     // byte m = 1 << (m - 8) for m >= 8
    const vec unit = every_block<kUnit, kUnit>();
    // Matrix bytes 7, 6, 5 pick the rows whose number 7 - k has bit 0, 1, 2 set; byte 4 adds 8.
    const vec bit_number = every_block<0x55330F0000000000ull, 0x55330FFF00000000ull>();
    const vec lo_t = W::affine(unit, W::shuffle(one_hot_lo, v));
    const vec hi_t = W::affine(unit, W::shuffle(one_hot_hi, v));
    const vec lo_i = W::affine(lo_t, bit_number), hi_i = W::affine(hi_t, bit_number);
    const vec pinv = W::or_(W::unpacklo64(lo_i, hi_i), W::unpackhi64(lo_i, hi_i));
    // Output bit 4 <- input bit 5 and 5 <- 4 in the corner lane, 4 <- 4 in the edge lane; the
    // piece bits are dropped. (Output bit k reads matrix byte 7 - k.)
    const vec negate = per_block<0x0000000010000000ull, 0x0000000020100000ull>();
    const vec n = W::affine(v, negate);
    return W::or_(pinv, W::shuffle(n, pinv));
  }

  template <Inverse how>
  static vec invert(vec v) {
    if constexpr (how == Inverse::chain) return invert_chain(v);
    else if constexpr (how == Inverse::brute) return invert_brute(v);
    else return invert_gfni(v);
  }
};

// One cube per ymm: the cube ops type driver.h wants, with the inverse the kernel chose.
template <class W, Inverse kInverse>  // a U8 of the AVX2 family
struct Vcube256 : VcubeMath<W> {
  using M = VcubeMath<W>;
  static_assert(W::lanes == 32, "one cube per register");
  using State = typename W::vec;
  using Mem = Packed;
  static const Operands<Mem>& operands(const Case& c) { return c.packed; }
  static State load(const Mem& m) { return W::load(m.bytes); }
  static void store(Mem& m, State s) { W::store(m.bytes, s); }
  static Packed packed(State s) {
    Packed p;
    store(p, s);
    return p;
  }
  static bool equal(State a, State b) { return W::all_equal(a, b); }
  static State invert(State v) { return M::template invert<kInverse>(v); }
};

// Two cubes per zmm for the throughput runs (vpshufb shuffles within 128-bit blocks, so blocks 0-1
// hold one cube and blocks 2-3 the next, each exactly as in the ymm layout). Single cubes (apply,
// order, the latency chains) use the 256-bit ops on Ymm, compiled in the same pass.
template <class Wide, class Ymm, Inverse kInverse>  // U8s of the AVX-512 and AVX2 families
struct VcubePairs : Vcube256<Ymm, kInverse> {
  using One = Vcube256<Ymm, kInverse>;
  using Pairs = VcubeMath<Wide>;
  static_assert(Wide::lanes == 64, "two cubes per register");

  // out[i] = pool[i] · pool[i+1]: the second operand is the same pool one cube further on.
  static void compose_pool(const Packed* pool, Packed* out, std::uint32_t n) {
    std::uint32_t i = 0;
    for (; i + 2 < n; i += 2)
      Wide::store(out + i, Pairs::compose(Wide::load(pool + i), Wide::load(pool + i + 1)));
    for (; i < n; ++i) One::store(out[i], One::compose(One::load(pool[i]), One::load(pool[i + 1 < n ? i + 1 : 0])));
  }
  static void invert_pool(const Packed* pool, Packed* out, std::uint32_t n) {
    std::uint32_t i = 0;
    for (; i + 2 <= n; i += 2) Wide::store(out + i, Pairs::template invert<kInverse>(Wide::load(pool + i)));
    for (; i < n; ++i) One::store(out[i], One::invert(One::load(pool[i])));
  }
};

}  // namespace cube
