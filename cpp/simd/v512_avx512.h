#pragma once
// 16 x u32 on AVX-512 F/BW/VL (see vector_api.md): masks are k-registers, and gather and scatter
// are native. x86 only; use inside SP_TARGET_BEGIN(SP_TARGETS_AVX512).

#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

#include <cstdint>

#include "core/cpu.h"

namespace sp::simd {

SP_TARGET_BEGIN(SP_TARGETS_AVX512)

struct Avx512x16 {
  using vec = __m512i;
  using mask = __mmask16;
  static constexpr int lanes = 16;
  static constexpr Isa isa = Isa::avx512;
  static constexpr std::uint32_t needs = cpu::kNeedsAvx512;  // run-time gate

  static vec zero() { return _mm512_setzero_si512(); }
  static vec splat(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static vec load(const std::uint32_t* p) { return _mm512_loadu_si512(p); }
  static void store(std::uint32_t* p, vec v) { _mm512_storeu_si512(p, v); }
  static vec add(vec a, vec b) { return _mm512_add_epi32(a, b); }
  static vec sub(vec a, vec b) { return _mm512_sub_epi32(a, b); }
  static vec and_(vec a, vec b) { return _mm512_and_si512(a, b); }
  static vec or_(vec a, vec b) { return _mm512_or_si512(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static vec andnot(vec a, vec b) { return _mm512_andnot_si512(b, a); }
  template <int k> static vec shl(vec a) { return _mm512_slli_epi32(a, k); }
  template <int k> static vec shr(vec a) { return _mm512_srli_epi32(a, k); }
  static vec lowest_bit(vec a) { return _mm512_and_si512(a, _mm512_sub_epi32(_mm512_setzero_si512(), a)); }
  static mask eq(vec a, vec b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static mask is_zero(vec a) { return _mm512_testn_epi32_mask(a, a); }
  static mask nonzero(vec a) { return _mm512_test_epi32_mask(a, a); }
  static mask mand(mask a, mask b) { return static_cast<mask>(a & b); }
  static mask mandnot(mask a, mask b) { return static_cast<mask>(a & ~b); }
  static mask mor(mask a, mask b) { return static_cast<mask>(a | b); }
  static vec select(mask m, vec a, vec b) { return _mm512_mask_blend_epi32(m, b, a); }
  static vec increment_where(vec v, mask m) { return _mm512_mask_add_epi32(v, m, v, _mm512_set1_epi32(1)); }
  static vec add_where(vec v, mask m, vec x) { return _mm512_mask_add_epi32(v, m, v, x); }
  static bool any(mask m) { return m != 0; }
  static unsigned bits(mask m) { return m; }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec /*safe_idx*/) {
    return _mm512_mask_i32gather_epi32(src, m, idx, base, 4);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec /*dummy_idx*/) {
    _mm512_mask_i32scatter_epi32(base, m, idx, val, 4);
  }

  // Compress-store: vpcompressd to a register, then a plain store (the memory form is slow on
  // Zen 4).
  using plan = __mmask16;
  static plan compress_plan(mask m) { return m; }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, _mm512_maskz_compress_epi32(p, v)); }
  static int count(mask m) { return static_cast<int>(_mm_popcnt_u32(m)); }
  static mask first_n(int k) { return static_cast<mask>(_bzhi_u32(0xFFFFu, static_cast<unsigned>(k))); }
};

SP_TARGET_END

}  // namespace sp::simd
#endif
