#pragma once
// 16 x u8 on AArch64 NEON (see u8x16.h for the contract).

#include <arm_neon.h>

#include <cstdint>

#include "core/cpu.h"

namespace sp::simd {

struct NeonU8 {
  using vec = uint8x16_t;
  using wide = uint64x2_t;
  static constexpr Isa isa = Isa::neon;
  static constexpr std::uint32_t needs = cpu::kNeon;

  static vec zero() { return vdupq_n_u8(0); }
  static vec splat(std::uint8_t x) { return vdupq_n_u8(x); }
  static vec load(const void* p) { return vld1q_u8(static_cast<const std::uint8_t*>(p)); }
  static void store(void* p, vec v) { vst1q_u8(static_cast<std::uint8_t*>(p), v); }
  static vec and_(vec a, vec b) { return vandq_u8(a, b); }
  static vec or_(vec a, vec b) { return vorrq_u8(a, b); }
  static vec xor_(vec a, vec b) { return veorq_u8(a, b); }
  static vec andnot(vec a, vec b) { return vbicq_u8(a, b); }
  static vec add(vec a, vec b) { return vaddq_u8(a, b); }
  static vec sub(vec a, vec b) { return vsubq_u8(a, b); }
  static vec min(vec a, vec b) { return vminq_u8(a, b); }
  static vec eq(vec a, vec b) { return vceqq_u8(a, b); }
  static bool all_equal(vec a, vec b) { return vminvq_u8(vceqq_u8(a, b)) == 0xFF; }
  // tbl: any index >= 16 -> 0.
  static vec shuffle(vec table, vec idx) { return vqtbl1q_u8(table, idx); }
  static vec low_nibbles(vec v) { return vandq_u8(v, vdupq_n_u8(0x0F)); }
  static vec high_nibbles(vec v) { return vshrq_n_u8(v, 4); }
  static vec popcount(vec v) { return vcntq_u8(v); }
  static wide wide_zero() { return vdupq_n_u64(0); }
  static wide add_byte_sums(wide acc, vec v) { return vpadalq_u32(acc, vpaddlq_u16(vpaddlq_u8(v))); }
  static std::uint64_t reduce(wide acc) { return vaddvq_u64(acc); }
};

}  // namespace sp::simd
