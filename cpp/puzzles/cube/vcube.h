#pragma once
// vcube's layout in x86 registers: a ymm holds one cube (edges in the low 128-bit lane, corners in
// the high one: the Packed image as is), a zmm two. vpshufb shuffles each 128-bit lane by its own
// indices, so one instruction composes every lane at once, and the math below is written once for
// both widths (VcubeMath<Ymm> and VcubeMath<Zmm>).
//
// Include inside an x86 target region with AVX2 (Zmm needs AVX-512BW; invert_gfni needs GFNI and
// is instantiated only where the region enables it); the including file includes <immintrin.h>
// above the region. Every type here takes a tag of the including file, so each ISA file compiles
// its own copies and the linker cannot hand one file's AVX-512 code to another's AVX2 path.

#include <immintrin.h>

#include "puzzles/cube/driver.h"

namespace sp::cube {

// The GFNI inverse (gf2p8affineqb) needs the GFNI feature on top of the kernel's ISA.
inline constexpr std::uint32_t kNeedsGfni = cpu::kGfni;

template <class Tag>
struct Ymm {
  using vec = __m256i;
  static vec lanes(__m128i lane) { return _mm256_broadcastsi128_si256(lane); }
  static vec edge_corner(__m128i edges, __m128i corners) { return _mm256_setr_m128i(edges, corners); }
  static vec splat(char x) { return _mm256_set1_epi8(x); }
  static vec shuffle(vec table, vec idx) { return _mm256_shuffle_epi8(table, idx); }
  static vec add(vec a, vec b) { return _mm256_add_epi8(a, b); }
  static vec sub(vec a, vec b) { return _mm256_sub_epi8(a, b); }
  static vec min(vec a, vec b) { return _mm256_min_epu8(a, b); }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec or_(vec a, vec b) { return _mm256_or_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec eq(vec a, vec b) { return _mm256_cmpeq_epi8(a, b); }
  static vec unpacklo64(vec a, vec b) { return _mm256_unpacklo_epi64(a, b); }
  static vec unpackhi64(vec a, vec b) { return _mm256_unpackhi_epi64(a, b); }
  static vec affine(vec x, vec matrix) { return _mm256_gf2p8affine_epi64_epi8(x, matrix, 0); }
};

template <class Tag>
struct Zmm {
  using vec = __m512i;
  static vec lanes(__m128i lane) { return _mm512_broadcast_i32x4(lane); }
  static vec edge_corner(__m128i edges, __m128i corners) {
    return _mm512_broadcast_i64x4(_mm256_setr_m128i(edges, corners));
  }
  static vec splat(char x) { return _mm512_set1_epi8(x); }
  static vec shuffle(vec table, vec idx) { return _mm512_shuffle_epi8(table, idx); }
  static vec add(vec a, vec b) { return _mm512_add_epi8(a, b); }
  static vec sub(vec a, vec b) { return _mm512_sub_epi8(a, b); }
  static vec min(vec a, vec b) { return _mm512_min_epu8(a, b); }
  static vec and_(vec a, vec b) { return _mm512_and_si512(a, b); }
  static vec or_(vec a, vec b) { return _mm512_or_si512(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static vec unpacklo64(vec a, vec b) { return _mm512_unpacklo_epi64(a, b); }
  static vec unpackhi64(vec a, vec b) { return _mm512_unpackhi_epi64(a, b); }
  static vec affine(vec x, vec matrix) { return _mm512_gf2p8affine_epi64_epi8(x, matrix, 0); }
};

template <class W>
struct VcubeMath {
  using vec = typename W::vec;

  static vec identity() { return W::lanes(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)); }
  static vec per_lane(char edges, char corners) { return W::edge_corner(_mm_set1_epi8(edges), _mm_set1_epi8(corners)); }

  // vcube's compose, 5 instructions: fetch a's cubie (and its orientation) at b's index, add b's
  // orientation, reduce. pshufb reads only bits 0-3 and 7 of an index, so b needs no masking.
  // The sum of two twists (0x00..0x40) or flips (0x00..0x20) is reduced by subtracting 3 (0x30)
  // or 2 (0x20) where that does not wrap: for smaller sums the byte wraps to >= 0xD0 and `min`
  // keeps the original. Padding (identity, no orientation) passes through.
  static vec compose(vec a, vec b) {
    const vec r = W::add(W::shuffle(a, b), W::and_(b, W::splat(static_cast<char>(0xF0))));
    return W::min(r, W::sub(r, per_lane(0x20, 0x30)));
  }

  // The orientation half of every inverse: inv.o[i] = -o[inv.p[i]]. Doubling and reducing negates
  // a twist (1 <-> 2: 0x20 stays, 0x40 - 0x30 = 0x10) and keeps a flip (0x20 - 0x10); then the
  // negated orientations are gathered through the inverse permutation.
  static vec with_orientation(vec pinv, vec o) {
    vec n = W::add(o, o);
    n = W::min(n, W::sub(n, per_lane(0x10, 0x30)));
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
    vec pinv = W::lanes(_mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12, 13, 14, 15));
    for (int i = 0; i < kEdges; ++i) {
      const vec splat_i = W::splat(static_cast<char>(i));
      pinv = W::or_(pinv, W::and_(W::eq(W::shuffle(p, splat_i), id), splat_i));
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
    const vec one_hot_lo = W::lanes(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
    const vec one_hot_hi = W::lanes(_mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128));
    const vec unit = W::lanes(_mm_set1_epi64x(0x8040201008040201ll));  // byte m = 1 << m
    // Matrix bytes 7, 6, 5 pick the rows whose number 7 - k has bit 0, 1, 2 set; byte 4 adds 8.
    const vec bit_number = W::lanes(_mm_set_epi64x(0x55330FFF00000000ll, 0x55330F0000000000ll));
    const vec lo_t = W::affine(unit, W::shuffle(one_hot_lo, v));
    const vec hi_t = W::affine(unit, W::shuffle(one_hot_hi, v));
    const vec lo_i = W::affine(lo_t, bit_number), hi_i = W::affine(hi_t, bit_number);
    const vec pinv = W::or_(W::unpacklo64(lo_i, hi_i), W::unpackhi64(lo_i, hi_i));
    // Output bit 4 <- input bit 5 and 5 <- 4 in the corner lane, 4 <- 4 in the edge lane; the
    // piece bits are dropped. (Output bit k reads matrix byte 7 - k.)
    const vec negate = W::edge_corner(_mm_set1_epi64x(0x0000000010000000ll), _mm_set1_epi64x(0x0000000020100000ll));
    const vec n = W::affine(v, negate);
    return W::or_(pinv, W::shuffle(n, pinv));
  }
};

// One cube per ymm: the cube ops type driver.h wants (`invert` chosen by the kernel).
template <class Tag>
struct Vcube256 : VcubeMath<Ymm<Tag>> {
  using State = __m256i;
  using Mem = Packed;
  static const Operands<Mem>& operands(const Case& c) { return c.packed; }
  static State load(const Mem& m) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(m.bytes)); }
  static void store(Mem& m, State s) { _mm256_store_si256(reinterpret_cast<__m256i*>(m.bytes), s); }
  static Packed packed(State s) {
    Packed p;
    store(p, s);
    return p;
  }
  static bool equal(State a, State b) { return _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) == -1; }
};

}  // namespace sp::cube
