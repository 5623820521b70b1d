#pragma once
// 16 x u8 on WebAssembly SIMD128 (see u8x16.h for the contract).

#include <wasm_simd128.h>

#include <cstdint>

#include "core/cpu.h"

namespace sp::simd {

struct WasmU8 {
  using vec = v128_t;
  using wide = v128_t;  // u64x2
  static constexpr Isa isa = Isa::simd128;
  static constexpr std::uint32_t needs = cpu::kSimd128;

  static vec zero() { return wasm_i8x16_splat(0); }
  static vec splat(std::uint8_t x) { return wasm_u8x16_splat(x); }
  static vec load(const void* p) { return wasm_v128_load(p); }
  static void store(void* p, vec v) { wasm_v128_store(p, v); }
  static vec and_(vec a, vec b) { return wasm_v128_and(a, b); }
  static vec or_(vec a, vec b) { return wasm_v128_or(a, b); }
  static vec xor_(vec a, vec b) { return wasm_v128_xor(a, b); }
  static vec andnot(vec a, vec b) { return wasm_v128_andnot(a, b); }
  static vec add(vec a, vec b) { return wasm_i8x16_add(a, b); }
  static vec sub(vec a, vec b) { return wasm_i8x16_sub(a, b); }
  static vec min(vec a, vec b) { return wasm_u8x16_min(a, b); }
  static vec eq(vec a, vec b) { return wasm_i8x16_eq(a, b); }
  static bool all_equal(vec a, vec b) { return wasm_i8x16_all_true(wasm_i8x16_eq(a, b)); }
  // i8x16.swizzle: any index >= 16 -> 0. A run-time index costs V8 one extra paddusb on x86.
  static vec shuffle(vec table, vec idx) { return wasm_i8x16_swizzle(table, idx); }
  static vec low_nibbles(vec v) { return wasm_v128_and(v, wasm_u8x16_splat(0x0F)); }
  // i8x16.shr is several instructions on x86 V8; a 16-bit shift plus a mask is two.
  static vec high_nibbles(vec v) { return wasm_v128_and(wasm_u16x8_shr(v, 4), wasm_u8x16_splat(0x0F)); }
  static vec popcount(vec v) { return wasm_i8x16_popcnt(v); }
  static wide wide_zero() { return wasm_i64x2_splat(0); }
  // No psadbw in wasm: pairwise-widen bytes to u16, then u32, then add both u32 pairs as u64.
  static wide add_byte_sums(wide acc, vec v) {
    const v128_t s32 = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(v));
    return wasm_i64x2_add(acc, wasm_i64x2_add(wasm_u64x2_extend_low_u32x4(s32), wasm_u64x2_extend_high_u32x4(s32)));
  }
  static std::uint64_t reduce(wide acc) { return wasm_u64x2_extract_lane(acc, 0) + wasm_u64x2_extract_lane(acc, 1); }
};

}  // namespace sp::simd
