// AVX-512: hq-simd whose bit reversal is one GFNI affine transform (bits mirrored inside each
// byte) plus the byte shuffle, and Kogge-Stone fills with all eight directions in one zmm: a
// per-lane rotate (vprolvq) and a per-lane mask of the squares a step may land on give every
// direction the same three doubling steps.

#include "puzzles/chess/chess.h"
#include "puzzles/chess/sliders.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

// GCC 12 warns inside its own AVX-512 headers (_mm512_undefined_*; GCC PR 105593).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",gfni")
#include "puzzles/chess/hq_simd.h"
#include "puzzles/chess/kernel_impl.h"
#include "puzzles/chess/x86_lines.h"

namespace sp::chess {
namespace {
struct Avx512File;
using HqGfni = HqSimd<x86::Lines2<Avx512File, true>, x86::Lines4<Avx512File, true>>;

// Lanes in detail::kFillDirections order: north, south, east, west (orthogonal sliders), then
// north-east, north-west, south-east, south-west (diagonal ones).
struct KoggeStoneAvx512 {
  static constexpr bool kSetwise = true;

  static __m512i rotations(int k) {
    const auto& d = detail::kFillDirections;
    return _mm512_setr_epi64(d[0].rotate * k, d[1].rotate * k, d[2].rotate * k, d[3].rotate * k, d[4].rotate * k,
                             d[5].rotate * k, d[6].rotate * k, d[7].rotate * k);
  }
  static __m512i land() {
    const auto& d = detail::kFillDirections;
    auto m = [&](int i) { return static_cast<long long>(d[static_cast<std::size_t>(i)].land_mask); };
    return _mm512_setr_epi64(m(0), m(1), m(2), m(3), m(4), m(5), m(6), m(7));
  }
  static __m512i fill(Bitboard orthogonal, Bitboard diagonal, Bitboard occ) {
    const long long o = static_cast<long long>(orthogonal), g = static_cast<long long>(diagonal);
    __m512i gen = _mm512_setr_epi64(o, o, o, o, g, g, g, g);
    const __m512i to = land(), r1 = rotations(1), r2 = rotations(2), r4 = rotations(4);
    __m512i pro = _mm512_andnot_si512(_mm512_set1_epi64(static_cast<long long>(occ)), to);
    // gen |= pro & rotl(gen): one vpternlogq (0xF8 = a | (b & c)).
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, r1), 0xF8);
    pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, r1));
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, r2), 0xF8);
    pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, r2));
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, r4), 0xF8);
    return _mm512_and_si512(_mm512_rolv_epi64(gen, r1), to);
  }
  static Bitboard attacks_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ) {
    return static_cast<Bitboard>(_mm512_reduce_or_epi64(fill(orthogonal, diagonal, occ)));
  }
  // Byte popcounts by nibble lookup (AVX-512BW; VPOPCNTQ is a separate extension), vpsadbw, sum.
  static int count_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, Bitboard targets) {
    const __m512i v = _mm512_and_si512(fill(orthogonal, diagonal, occ), _mm512_set1_epi64(static_cast<long long>(targets)));
    const __m512i table = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    const __m512i bytes = _mm512_add_epi8(_mm512_shuffle_epi8(table, _mm512_and_si512(v, nibble)),
                                          _mm512_shuffle_epi8(table, _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble)));
    return static_cast<int>(_mm512_reduce_add_epi64(_mm512_sad_epu8(bytes, _mm512_setzero_si512())));
  }
  static Bitboard rook(Square s, Bitboard occ) { return attacks_set(square_bb(s), 0, occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return attacks_set(0, square_bb(s), occ); }
  static Bitboard queen(Square s, Bitboard occ) { return attacks_set(square_bb(s), square_bb(s), occ); }
  static std::size_t table_bytes() { return 0; }
};

constexpr KernelImpl kHqGfni = SliderKernel<HqGfni, Avx512File>::impl();
constexpr KernelImpl kKoggeStoneAvx512 = SliderKernel<KoggeStoneAvx512, Avx512File>::impl();
}  // namespace
}  // namespace sp::chess
SP_TARGET_END

namespace sp::chess {
namespace {
SP_CHESS_KERNEL({"hq-simd", Isa::avx512, cpu::kNeedsAvx512 | cpu::kGfni,
                 "Hyperbola Quintessence: a queen's four lines in one ymm, bit reversal by one GFNI "
                 "affine (vgf2p8affineqb) plus vpshufb, EVEX three-operand logic; tables " +
                     table_bytes_text(sizeof(kLineMasks))},
                kHqGfni);
SP_CHESS_KERNEL({"kogge-stone", Isa::avx512, cpu::kNeedsAvx512,
                 "Kogge-Stone fills, all eight directions in one zmm (vprolvq, per-lane edge masks, "
                 "vpternlogq); set-wise in perft; no tables"},
                kKoggeStoneAvx512);
}  // namespace
}  // namespace sp::chess

#endif
