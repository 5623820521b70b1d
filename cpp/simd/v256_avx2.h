#pragma once
// 8 x u32 on AVX2 (see vector_api.md). x86 only; use inside SP_TARGET_BEGIN(SP_TARGETS_AVX2).

#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

#include <cstdint>

#include "core/cpu.h"

namespace sp::simd {

SP_TARGET_BEGIN(SP_TARGETS_AVX2)

struct Avx2x8 {
  using vec = __m256i;
  using mask = __m256i;  // all-ones lanes
  static constexpr int lanes = 8;
  static constexpr Isa isa = Isa::avx2;
  static constexpr std::uint32_t needs = cpu::kNeedsAvx2;  // run-time gate

  static vec zero() { return _mm256_setzero_si256(); }
  static vec splat(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static vec load(const std::uint32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(std::uint32_t* p, vec v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static vec add(vec a, vec b) { return _mm256_add_epi32(a, b); }
  static vec sub(vec a, vec b) { return _mm256_sub_epi32(a, b); }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec or_(vec a, vec b) { return _mm256_or_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec andnot(vec a, vec b) { return _mm256_andnot_si256(b, a); }
  template <int k> static vec shl(vec a) { return _mm256_slli_epi32(a, k); }
  template <int k> static vec shr(vec a) { return _mm256_srli_epi32(a, k); }
  static vec lowest_bit(vec a) { return _mm256_and_si256(a, _mm256_sub_epi32(_mm256_setzero_si256(), a)); }
  static mask eq(vec a, vec b) { return _mm256_cmpeq_epi32(a, b); }
  static mask is_zero(vec a) { return _mm256_cmpeq_epi32(a, _mm256_setzero_si256()); }
  static mask nonzero(vec a) { return _mm256_xor_si256(is_zero(a), _mm256_set1_epi32(-1)); }
  static mask mand(mask a, mask b) { return _mm256_and_si256(a, b); }
  static mask mandnot(mask a, mask b) { return _mm256_andnot_si256(b, a); }
  static mask mor(mask a, mask b) { return _mm256_or_si256(a, b); }
  static vec select(mask m, vec a, vec b) { return _mm256_blendv_epi8(b, a, m); }
  static vec increment_where(vec v, mask m) { return _mm256_sub_epi32(v, m); }
  static vec add_where(vec v, mask m, vec x) { return _mm256_add_epi32(v, _mm256_and_si256(m, x)); }
  static bool any(mask m) { return !_mm256_testz_si256(m, m); }
  static unsigned bits(mask m) { return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m))); }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec /*safe_idx*/) {
    return _mm256_mask_i32gather_epi32(src, reinterpret_cast<const int*>(base), idx, m, 4);
  }
  // AVX2 has gather but no scatter: spill indices and values, store lane by lane.
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    alignas(32) std::uint32_t i[8];
    alignas(32) std::uint32_t v[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(i), select(m, idx, dummy_idx));
    _mm256_store_si256(reinterpret_cast<__m256i*>(v), val);
    for (int k = 0; k < 8; ++k) base[i[k]] = v[k];
  }

  // Compress-store: BMI2 turns the 8 mask bits into a vpermd index vector with no table: pdep
  // spreads them to bytes, pext picks the kept lane numbers out of 0x0706050403020100.
  using plan = __m256i;
  static plan compress_plan(mask m) {
    const std::uint64_t keep = _pdep_u64(bits(m), 0x0101010101010101ull) * 0xFF;
    const std::uint64_t ids = _pext_u64(0x0706050403020100ull, keep);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(ids)));
  }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, _mm256_permutevar8x32_epi32(v, p)); }
  static int count(mask m) { return _mm_popcnt_u32(bits(m)); }
  static mask first_n(int k) {
    return _mm256_cmpgt_epi32(splat(static_cast<std::uint32_t>(k)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  }
};

SP_TARGET_END

}  // namespace sp::simd
#endif
