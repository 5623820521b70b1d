// AVX2: hq-simd with a queen's four lines in one ymm (bit reversal by nibble tables), and
// Kogge-Stone fills of all sliders of a side at once, eight directions in two ymm registers
// (per-lane shift counts: vpsllvq for north, east, north-east, north-west; vpsrlvq for the rest).

#include "puzzles/chess/chess.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

SP_TARGET_BEGIN(SP_TARGETS_AVX2)
#include "puzzles/chess/hq_simd.h"
#include "puzzles/chess/kernel_impl.h"
#include "puzzles/chess/x86_lines.h"

namespace sp::chess {
namespace {
struct Avx2File;
using HqAvx2 = HqSimd<x86::Lines2<Avx2File, false>, x86::Lines4<Avx2File, false>>;

// The occluded fill, four directions per register. Lanes: left = north, east, north-east,
// north-west (shifted up by 8, 1, 9, 7); right = south, west, south-west, south-east (shifted
// down by the same). A step may not land across the board's edge: those squares are masked.
struct KoggeStoneAvx2 {
  static constexpr bool kSetwise = true;

  static __m256i counts(int k) { return _mm256_setr_epi64x(8 * k, 1 * k, 9 * k, 7 * k); }
  static __m256i left_land() {
    return _mm256_setr_epi64x(-1, static_cast<long long>(~kFileA), static_cast<long long>(~kFileA), static_cast<long long>(~kFileH));
  }
  static __m256i right_land() {
    return _mm256_setr_epi64x(-1, static_cast<long long>(~kFileH), static_cast<long long>(~kFileH), static_cast<long long>(~kFileA));
  }
  static __m256i fill_left(__m256i gen, __m256i empty) {
    const __m256i land = left_land(), s1 = counts(1), s2 = counts(2), s4 = counts(4);
    __m256i pro = _mm256_and_si256(empty, land);
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, _mm256_sllv_epi64(gen, s1)));
    pro = _mm256_and_si256(pro, _mm256_sllv_epi64(pro, s1));
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, _mm256_sllv_epi64(gen, s2)));
    pro = _mm256_and_si256(pro, _mm256_sllv_epi64(pro, s2));
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, _mm256_sllv_epi64(gen, s4)));
    return _mm256_and_si256(_mm256_sllv_epi64(gen, s1), land);
  }
  static __m256i fill_right(__m256i gen, __m256i empty) {
    const __m256i land = right_land(), s1 = counts(1), s2 = counts(2), s4 = counts(4);
    __m256i pro = _mm256_and_si256(empty, land);
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, _mm256_srlv_epi64(gen, s1)));
    pro = _mm256_and_si256(pro, _mm256_srlv_epi64(pro, s1));
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, _mm256_srlv_epi64(gen, s2)));
    pro = _mm256_and_si256(pro, _mm256_srlv_epi64(pro, s2));
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, _mm256_srlv_epi64(gen, s4)));
    return _mm256_and_si256(_mm256_srlv_epi64(gen, s1), land);
  }
  // Both halves: orthogonal sliders in the first two lanes, diagonal ones in the last two.
  static void fill(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, __m256i& left, __m256i& right) {
    const __m256i gen = _mm256_setr_epi64x(static_cast<long long>(orthogonal), static_cast<long long>(orthogonal),
                                           static_cast<long long>(diagonal), static_cast<long long>(diagonal));
    const __m256i empty = _mm256_set1_epi64x(static_cast<long long>(~occ));
    left = fill_left(gen, empty);
    right = fill_right(gen, empty);
  }
  static Bitboard attacks_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ) {
    __m256i left, right;
    fill(orthogonal, diagonal, occ, left, right);
    return x86::Lines4<Avx2File, false>::or_lanes(_mm256_or_si256(left, right));
  }
  // Per-direction popcounts: Muła's nibble lookup per byte, the two halves' byte counts added
  // (at most 16 per byte), summed by vpsadbw.
  static int count_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, Bitboard targets) {
    __m256i left, right;
    fill(orthogonal, diagonal, occ, left, right);
    const __m256i t = _mm256_set1_epi64x(static_cast<long long>(targets));
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                           0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    auto bytes = [&](__m256i v) {
      return _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(v, nibble)),
                             _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble)));
    };
    const __m256i sums = _mm256_sad_epu8(_mm256_add_epi8(bytes(_mm256_and_si256(left, t)), bytes(_mm256_and_si256(right, t))),
                                         _mm256_setzero_si256());
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    return static_cast<int>(_mm_cvtsi128_si64(_mm_add_epi64(s, _mm_unpackhi_epi64(s, s))));
  }
  static Bitboard rook(Square s, Bitboard occ) { return attacks_set(square_bb(s), 0, occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return attacks_set(0, square_bb(s), occ); }
  static Bitboard queen(Square s, Bitboard occ) { return attacks_set(square_bb(s), square_bb(s), occ); }
  static std::size_t table_bytes() { return 0; }
};

constexpr KernelImpl kHqAvx2 = SliderKernel<HqAvx2, Avx2File>::impl();
constexpr KernelImpl kKoggeStoneAvx2 = SliderKernel<KoggeStoneAvx2, Avx2File>::impl();
}  // namespace
}  // namespace sp::chess
SP_TARGET_END

namespace sp::chess {
namespace {
SP_CHESS_KERNEL({"hq-simd", Isa::avx2, cpu::kNeedsAvx2,
                 "Hyperbola Quintessence: a queen's four lines in one ymm, reversed by vpshufb "
                 "(bytes, then bits by a nibble table); bishop and rook two lines per xmm; tables " +
                     table_bytes_text(sizeof(kLineMasks))},
                kHqAvx2);
SP_CHESS_KERNEL({"kogge-stone", Isa::avx2, cpu::kNeedsAvx2,
                 "Kogge-Stone fills, eight directions in two ymm (per-lane shifts vpsllvq / "
                 "vpsrlvq); set-wise in perft, moves counted by vpshufb popcounts; no tables"},
                kKoggeStoneAvx2);
}  // namespace
}  // namespace sp::chess

#endif
