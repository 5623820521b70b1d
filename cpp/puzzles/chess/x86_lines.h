#pragma once
// The x86 vector ops for hq_simd.h: two lines per SSE register, four per AVX2 register. The bit
// reversal is a byte reversal (pshufb) plus a bit reversal inside each byte, by a 16-entry
// nibble table (pshufb again; Muła's lookup run backwards) or, with GFNI, by one affine
// transform whose matrix is the anti-diagonal. Include inside a target region that has the
// instructions (SSSE3 for the 128-bit ops, AVX2 for the 256-bit ones, GFNI for the Gfni flavours);
// every struct is a template on a tag, so each ISA file gets its own copies.

#include <immintrin.h>

#include "puzzles/chess/bitboard.h"

namespace sp::chess::x86 {

// pshufb indices that reverse the bytes of each 64-bit lane.
#define SP_CHESS_BYTE_REVERSE_128 _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8)
// rev4(n) << 4 and rev4(n): a low nibble's mirror lands in the high half, and the reverse.
#define SP_CHESS_NIBBLE_REV_HIGH_128 \
  _mm_setr_epi8(0x00, (char)0x80, 0x40, (char)0xC0, 0x20, (char)0xA0, 0x60, (char)0xE0, 0x10, (char)0x90, 0x50, (char)0xD0, 0x30, (char)0xB0, 0x70, (char)0xF0)
#define SP_CHESS_NIBBLE_REV_LOW_128 _mm_setr_epi8(0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF)
// GF(2) affine matrix that mirrors the bits of each byte.
inline constexpr long long kBitMirrorMatrix = 0x8040201008040201ll;

template <class Tag, bool kGfni>
struct Lines2 {
  using vec = __m128i;
  static vec load2(const Bitboard* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static vec splat(Bitboard b) { return _mm_set1_epi64x(static_cast<long long>(b)); }
  static vec and_(vec a, vec b) { return _mm_and_si128(a, b); }
  static vec xor_(vec a, vec b) { return _mm_xor_si128(a, b); }
  static vec sub64(vec a, vec b) { return _mm_sub_epi64(a, b); }
  static vec reverse_bytes(vec v) { return _mm_shuffle_epi8(v, SP_CHESS_BYTE_REVERSE_128); }
  static vec reverse_bits(vec v) {
    if constexpr (kGfni) {
      return reverse_bytes(_mm_gf2p8affine_epi64_epi8(v, _mm_set1_epi64x(kBitMirrorMatrix), 0));
    } else {
      const vec bytes = reverse_bytes(v);
      const vec low = _mm_and_si128(bytes, _mm_set1_epi8(0x0F));
      const vec high = _mm_and_si128(_mm_srli_epi16(bytes, 4), _mm_set1_epi8(0x0F));
      return _mm_or_si128(_mm_shuffle_epi8(SP_CHESS_NIBBLE_REV_HIGH_128, low),
                          _mm_shuffle_epi8(SP_CHESS_NIBBLE_REV_LOW_128, high));
    }
  }
  static Bitboard or_lanes(vec v) {
    return static_cast<Bitboard>(_mm_cvtsi128_si64(_mm_or_si128(v, _mm_unpackhi_epi64(v, v))));
  }
};

template <class Tag, bool kGfni>
struct Lines4 {
  using vec = __m256i;
  static vec load4(const Bitboard* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static vec splat(Bitboard b) { return _mm256_set1_epi64x(static_cast<long long>(b)); }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec sub64(vec a, vec b) { return _mm256_sub_epi64(a, b); }
  static vec reverse_bytes(vec v) {
    return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(SP_CHESS_BYTE_REVERSE_128));
  }
  static vec reverse_bits(vec v) {
    if constexpr (kGfni) {
      return reverse_bytes(_mm256_gf2p8affine_epi64_epi8(v, _mm256_set1_epi64x(kBitMirrorMatrix), 0));
    } else {
      const vec bytes = reverse_bytes(v);
      const vec low = _mm256_and_si256(bytes, _mm256_set1_epi8(0x0F));
      const vec high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), _mm256_set1_epi8(0x0F));
      return _mm256_or_si256(_mm256_shuffle_epi8(_mm256_broadcastsi128_si256(SP_CHESS_NIBBLE_REV_HIGH_128), low),
                             _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(SP_CHESS_NIBBLE_REV_LOW_128), high));
    }
  }
  static Bitboard or_lanes(vec v) {
    const __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return static_cast<Bitboard>(_mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x))));
  }
};

}  // namespace sp::chess::x86
