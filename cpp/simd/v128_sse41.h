#pragma once
// 4 x u32 on SSE4.1 (see vector_api.md). Use inside an SP_TARGET_BEGIN(SP_TARGETS_SSE41) region or
// a wider one.

#include <immintrin.h>

#include <cstdint>

#include "core/cpu.h"
#include "simd/compress_lut.h"
#include "simd/target.h"

namespace sp::simd {

SP_TARGET_BEGIN(SP_TARGETS_SSE41)

struct Sse41x4 {
  using vec = __m128i;
  using mask = __m128i;  // all-ones lanes
  static constexpr int lanes = 4;
  static constexpr Isa isa = Isa::sse41;
  static constexpr std::uint32_t needs = cpu::kNeedsSse41;  // run-time gate
  static constexpr bool has_lane_shifts = false;

  static vec zero() { return _mm_setzero_si128(); }
  static vec splat(std::uint32_t x) { return _mm_set1_epi32(static_cast<int>(x)); }
  static vec setr(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    return _mm_setr_epi32(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c),
                          static_cast<int>(d));
  }
  static vec load(const std::uint32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static void store(std::uint32_t* p, vec v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  static vec add(vec a, vec b) { return _mm_add_epi32(a, b); }
  static vec sub(vec a, vec b) { return _mm_sub_epi32(a, b); }
  static vec and_(vec a, vec b) { return _mm_and_si128(a, b); }
  static vec or_(vec a, vec b) { return _mm_or_si128(a, b); }
  static vec xor_(vec a, vec b) { return _mm_xor_si128(a, b); }
  static vec andnot(vec a, vec b) { return _mm_andnot_si128(b, a); }
  template <int k> static vec shl(vec a) { return _mm_slli_epi32(a, k); }
  template <int k> static vec shr(vec a) { return _mm_srli_epi32(a, k); }
  static vec lowest_bit(vec a) { return _mm_and_si128(a, _mm_sub_epi32(_mm_setzero_si128(), a)); }
  static mask eq(vec a, vec b) { return _mm_cmpeq_epi32(a, b); }
  static mask is_zero(vec a) { return _mm_cmpeq_epi32(a, _mm_setzero_si128()); }
  static mask nonzero(vec a) { return _mm_xor_si128(is_zero(a), _mm_set1_epi32(-1)); }
  static mask mand(mask a, mask b) { return _mm_and_si128(a, b); }
  static mask mandnot(mask a, mask b) { return _mm_andnot_si128(b, a); }
  static mask mor(mask a, mask b) { return _mm_or_si128(a, b); }
  static vec select(mask m, vec a, vec b) { return _mm_blendv_epi8(b, a, m); }
  static vec increment_where(vec v, mask m) { return _mm_sub_epi32(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return _mm_add_epi32(v, _mm_and_si128(m, x)); }
  static bool any(mask m) { return !_mm_testz_si128(m, m); }
  static unsigned bits(mask m) { return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(m))); }

  // No gather/scatter before AVX2: four scalar accesses, indices taken from the register.
  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    vec i = select(m, idx, safe_idx);
    vec g = setr(base[static_cast<std::uint32_t>(_mm_cvtsi128_si32(i))],
                 base[static_cast<std::uint32_t>(_mm_extract_epi32(i, 1))],
                 base[static_cast<std::uint32_t>(_mm_extract_epi32(i, 2))],
                 base[static_cast<std::uint32_t>(_mm_extract_epi32(i, 3))]);
    return select(m, g, src);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    vec i = select(m, idx, dummy_idx);
    base[static_cast<std::uint32_t>(_mm_cvtsi128_si32(i))] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(val));
    base[static_cast<std::uint32_t>(_mm_extract_epi32(i, 1))] = static_cast<std::uint32_t>(_mm_extract_epi32(val, 1));
    base[static_cast<std::uint32_t>(_mm_extract_epi32(i, 2))] = static_cast<std::uint32_t>(_mm_extract_epi32(val, 2));
    base[static_cast<std::uint32_t>(_mm_extract_epi32(i, 3))] = static_cast<std::uint32_t>(_mm_extract_epi32(val, 3));
  }

  // Compress-store: pshufb with a 16-entry table (compress_lut.h).
  using plan = __m128i;
  static plan compress_plan(mask m) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(kCompress4[bits(m)].idx));
  }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, _mm_shuffle_epi8(v, p)); }
  static int count(mask m) { return popcount4(bits(m)); }
  static mask first_n(int k) { return _mm_cmpgt_epi32(splat(static_cast<std::uint32_t>(k)), setr(0, 1, 2, 3)); }

  // 128-bit extras (davidad's kernel).
  static std::uint32_t first(vec v) { return static_cast<std::uint32_t>(_mm_cvtsi128_si32(v)); }
  template <int k> static vec lanes_down(vec v) { return _mm_srli_si128(v, 4 * k); }
  template <bool l0, bool l1, bool l2, bool l3> static vec blend(vec a, vec b) {
    // pblendw picks 16-bit words: two mask bits per 32-bit lane.
    constexpr int m = (l0 ? 0x03 : 0) | (l1 ? 0x0c : 0) | (l2 ? 0x30 : 0) | (l3 ? 0xc0 : 0);
    return _mm_blend_epi16(a, b, m);
  }
};

SP_TARGET_END

}  // namespace sp::simd
