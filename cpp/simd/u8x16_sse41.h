#pragma once
// 16 x u8 on SSE4.1 (see u8x16.h for the contract). Use inside SP_V128_BEGIN/END on x86.

#include <immintrin.h>

#include <cstdint>

#include "core/cpu.h"
#include "simd/target.h"

namespace sp::simd {

SP_TARGET_BEGIN(SP_TARGETS_SSE41)

struct Sse41U8 {
  using vec = __m128i;
  using wide = __m128i;  // 2 x u64 accumulators
  static constexpr Isa isa = Isa::sse41;
  static constexpr std::uint32_t needs = cpu::kNeedsSse41;

  static vec zero() { return _mm_setzero_si128(); }
  static vec splat(std::uint8_t x) { return _mm_set1_epi8(static_cast<char>(x)); }
  static vec load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store(void* p, vec v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  static vec and_(vec a, vec b) { return _mm_and_si128(a, b); }
  static vec or_(vec a, vec b) { return _mm_or_si128(a, b); }
  static vec xor_(vec a, vec b) { return _mm_xor_si128(a, b); }
  static vec andnot(vec a, vec b) { return _mm_andnot_si128(b, a); }
  static vec add(vec a, vec b) { return _mm_add_epi8(a, b); }
  static vec sub(vec a, vec b) { return _mm_sub_epi8(a, b); }
  static vec min(vec a, vec b) { return _mm_min_epu8(a, b); }
  static vec eq(vec a, vec b) { return _mm_cmpeq_epi8(a, b); }
  static bool all_equal(vec a, vec b) { return _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) == 0xFFFF; }
  // pshufb: bit 7 set -> 0, else table[idx & 15]. Callers keep idx in 0..15 or >= 0x80.
  static vec shuffle(vec table, vec idx) { return _mm_shuffle_epi8(table, idx); }
  static vec low_nibbles(vec v) { return _mm_and_si128(v, _mm_set1_epi8(0x0F)); }
  // No byte shift on x86: shift 16-bit lanes, then mask off what crossed in from the next byte.
  static vec high_nibbles(vec v) { return _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F)); }
  // No byte popcount before AVX-512 BITALG: Mula's nibble lookup.
  static vec popcount(vec v) {
    const vec lut = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    return _mm_add_epi8(_mm_shuffle_epi8(lut, low_nibbles(v)), _mm_shuffle_epi8(lut, high_nibbles(v)));
  }
  static wide wide_zero() { return _mm_setzero_si128(); }
  // psadbw against zero sums each 8-byte half into a u64.
  static wide add_byte_sums(wide acc, vec v) { return _mm_add_epi64(acc, _mm_sad_epu8(v, _mm_setzero_si128())); }
  static std::uint64_t reduce(wide acc) {
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(acc)) + static_cast<std::uint64_t>(_mm_extract_epi64(acc, 1));
  }
};

SP_TARGET_END

}  // namespace sp::simd
