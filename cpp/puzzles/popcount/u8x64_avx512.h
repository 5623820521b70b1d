#pragma once
// 64 x u8 on AVX-512 (F, BW, VL) with the u8x16.h contract plus what array_kernels.h needs
// (table16, load_partial, csa), in its own AVX-512 region like cpp/simd's types. Local to this
// puzzle until cpp/simd has a 512-bit byte layer. The anonymous namespace gives each including file
// its own copy, so no other file's build of it (kernels_bitalg.cpp adds BITALG) can be linked in
// its place.

#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "core/cpu.h"
#include "puzzles/popcount/popcount.h"

namespace sp::popcount {
namespace {

SP_TARGET_BEGIN(SP_TARGETS_AVX512)

struct Avx512Bytes {
  using vec = __m512i;
  using wide = __m512i;  // 8 x u64 sums
  static constexpr Isa isa = Isa::avx512;
  static constexpr std::uint32_t needs = cpu::kNeedsAvx512;

  static vec zero() { return _mm512_setzero_si512(); }
  static vec splat(std::uint8_t x) { return _mm512_set1_epi8(static_cast<char>(x)); }
  static vec load(const void* p) { return _mm512_loadu_si512(p); }
  // A masked load: bytes outside the mask are not read (no fault) and come back zero.
  static vec load_partial(const std::uint8_t* p, std::size_t n) {
    return _mm512_maskz_loadu_epi8((std::uint64_t{1} << n) - 1, p);
  }
  static vec and_(vec a, vec b) { return _mm512_and_si512(a, b); }
  static vec or_(vec a, vec b) { return _mm512_or_si512(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static vec add(vec a, vec b) { return _mm512_add_epi8(a, b); }
  // vpshufb looks up within each 128-bit lane, so a table is repeated in all four lanes.
  static vec table16(const std::uint8_t* t) {
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }
  static vec shuffle(vec table, vec idx) { return _mm512_shuffle_epi8(table, idx); }
  static vec low_nibbles(vec v) { return _mm512_and_si512(v, splat(0x0F)); }
  static vec high_nibbles(vec v) { return _mm512_and_si512(_mm512_srli_epi16(v, 4), splat(0x0F)); }
  static vec popcount(vec v) {  // Muła's lookup (vpopcntb needs BITALG: kernels_bitalg.cpp)
    const vec table = table16(kNibbleCounts);
    return add(shuffle(table, low_nibbles(v)), shuffle(table, high_nibbles(v)));
  }
  // Each output of a carry-save adder is one vpternlog: 0xE8 is majority, 0x96 three-way xor.
  static void csa(vec& high, vec& low, vec a, vec b, vec c) {
    high = _mm512_ternarylogic_epi64(a, b, c, 0xE8);
    low = _mm512_ternarylogic_epi64(a, b, c, 0x96);
  }
  static wide wide_zero() { return _mm512_setzero_si512(); }
  static wide add_byte_sums(wide acc, vec v) { return _mm512_add_epi64(acc, _mm512_sad_epu8(v, _mm512_setzero_si512())); }
  static std::uint64_t reduce(wide acc) { return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(acc)); }
};

SP_TARGET_END

}  // namespace
}  // namespace sp::popcount

#endif
