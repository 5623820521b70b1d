#pragma once
// 32 x u8 on AVX2 with the u8x16.h contract plus what array_kernels.h needs (table16,
// load_partial, csa), in its own AVX2 region like cpp/simd's types. Local to this puzzle until
// cpp/simd has a 256-bit byte layer. The anonymous namespace gives each including file its own
// copy, so no other file's build of it can be linked in its place.

#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/cpu.h"
#include "puzzles/popcount/popcount.h"

namespace sp::popcount {
namespace {

SP_TARGET_BEGIN(SP_TARGETS_AVX2)

struct Avx2Bytes {
  using vec = __m256i;
  using wide = __m256i;  // 4 x u64 sums
  static constexpr Isa isa = Isa::avx2;
  static constexpr std::uint32_t needs = cpu::kNeedsAvx2;

  static vec zero() { return _mm256_setzero_si256(); }
  static vec splat(std::uint8_t x) { return _mm256_set1_epi8(static_cast<char>(x)); }
  static vec load(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static vec load_partial(const std::uint8_t* p, std::size_t n) {
    alignas(32) std::uint8_t bytes[32] = {};
    std::memcpy(bytes, p, n);
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes));
  }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec or_(vec a, vec b) { return _mm256_or_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec add(vec a, vec b) { return _mm256_add_epi8(a, b); }
  // vpshufb looks up within each 128-bit lane, so a table is repeated in both lanes.
  static vec table16(const std::uint8_t* t) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }
  static vec shuffle(vec table, vec idx) { return _mm256_shuffle_epi8(table, idx); }
  static vec low_nibbles(vec v) { return _mm256_and_si256(v, splat(0x0F)); }
  static vec high_nibbles(vec v) { return _mm256_and_si256(_mm256_srli_epi16(v, 4), splat(0x0F)); }
  static vec popcount(vec v) {  // Muła's lookup: AVX2 has no byte popcount
    const vec table = table16(kNibbleCounts);
    return add(shuffle(table, low_nibbles(v)), shuffle(table, high_nibbles(v)));
  }
  static void csa(vec& high, vec& low, vec a, vec b, vec c) {
    const vec u = xor_(a, b);
    high = or_(and_(a, b), and_(u, c));
    low = xor_(u, c);
  }
  static wide wide_zero() { return _mm256_setzero_si256(); }
  static wide add_byte_sums(wide acc, vec v) { return _mm256_add_epi64(acc, _mm256_sad_epu8(v, _mm256_setzero_si256())); }
  static std::uint64_t reduce(wide acc) {
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(s)) + static_cast<std::uint64_t>(_mm_extract_epi64(s, 1));
  }
};

SP_TARGET_END

}  // namespace
}  // namespace sp::popcount

#endif
