#pragma once
// 4 x u32 on WebAssembly SIMD128 (see vector_api.md), written with wasm_simd128.h directly:
// Emscripten 3.1.6's SSE/NEON compatibility headers are missing or broken, and the direct
// intrinsics show what V8 actually has to lower.

#include <wasm_simd128.h>

#include <cstdint>

#include "core/cpu.h"
#include "simd/compress_lut.h"

namespace sp::simd {

struct WasmX4 {
  using vec = v128_t;
  using mask = v128_t;  // all-ones lanes
  static constexpr int lanes = 4;
  static constexpr Isa isa = Isa::simd128;
  static constexpr std::uint32_t needs = cpu::kSimd128;  // run-time gate
  static constexpr bool has_lane_shifts = false;

  static vec zero() { return wasm_i32x4_splat(0); }
  static vec splat(std::uint32_t x) { return wasm_i32x4_splat(static_cast<int32_t>(x)); }
  static vec setr(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    return wasm_u32x4_make(a, b, c, d);
  }
  static vec load(const std::uint32_t* p) { return wasm_v128_load(p); }
  static void store(std::uint32_t* p, vec v) { wasm_v128_store(p, v); }
  static vec add(vec a, vec b) { return wasm_i32x4_add(a, b); }
  static vec sub(vec a, vec b) { return wasm_i32x4_sub(a, b); }
  static vec and_(vec a, vec b) { return wasm_v128_and(a, b); }
  static vec or_(vec a, vec b) { return wasm_v128_or(a, b); }
  static vec xor_(vec a, vec b) { return wasm_v128_xor(a, b); }
  static vec andnot(vec a, vec b) { return wasm_v128_andnot(a, b); }
  template <int k> static vec shl(vec a) { return wasm_i32x4_shl(a, k); }
  template <int k> static vec shr(vec a) { return wasm_u32x4_shr(a, k); }
  static vec lowest_bit(vec a) { return wasm_v128_and(a, wasm_i32x4_neg(a)); }
  static mask eq(vec a, vec b) { return wasm_i32x4_eq(a, b); }
  static mask is_zero(vec a) { return wasm_i32x4_eq(a, zero()); }
  static mask nonzero(vec a) { return wasm_i32x4_ne(a, zero()); }
  static mask mand(mask a, mask b) { return wasm_v128_and(a, b); }
  static mask mandnot(mask a, mask b) { return wasm_v128_andnot(a, b); }
  static mask mor(mask a, mask b) { return wasm_v128_or(a, b); }
  static vec select(mask m, vec a, vec b) { return wasm_v128_bitselect(a, b, m); }
  static vec increment_where(vec v, mask m) { return wasm_i32x4_sub(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return wasm_i32x4_add(v, wasm_v128_and(m, x)); }
  static bool any(mask m) { return wasm_v128_any_true(m); }
  static unsigned bits(mask m) { return static_cast<unsigned>(wasm_i32x4_bitmask(m)); }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    vec i = select(m, idx, safe_idx);
    vec g = wasm_u32x4_make(base[wasm_u32x4_extract_lane(i, 0)], base[wasm_u32x4_extract_lane(i, 1)],
                            base[wasm_u32x4_extract_lane(i, 2)], base[wasm_u32x4_extract_lane(i, 3)]);
    return select(m, g, src);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    vec i = select(m, idx, dummy_idx);
    base[wasm_u32x4_extract_lane(i, 0)] = wasm_u32x4_extract_lane(val, 0);
    base[wasm_u32x4_extract_lane(i, 1)] = wasm_u32x4_extract_lane(val, 1);
    base[wasm_u32x4_extract_lane(i, 2)] = wasm_u32x4_extract_lane(val, 2);
    base[wasm_u32x4_extract_lane(i, 3)] = wasm_u32x4_extract_lane(val, 3);
  }

  // Compress-store: swizzle with a 16-entry table (compress_lut.h). The index is not a constant,
  // so V8 adds one saturating add per swizzle on x86 to get wasm's zeroing semantics.
  using plan = v128_t;
  static plan compress_plan(mask m) { return wasm_v128_load(kCompress4[bits(m)].idx); }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, wasm_i8x16_swizzle(v, p)); }
  static int count(mask m) { return popcount4(bits(m)); }
  static mask first_n(int k) { return wasm_u32x4_lt(setr(0, 1, 2, 3), splat(static_cast<std::uint32_t>(k))); }

  static std::uint32_t first(vec v) { return wasm_u32x4_extract_lane(v, 0); }
  // Constant shuffles are cheap in V8 (no run-time index fix-up, unlike swizzle).
  template <int k> static vec lanes_down(vec v) {
    static_assert(k >= 1 && k <= 3);
    if constexpr (k == 1) return wasm_i32x4_shuffle(v, zero(), 1, 2, 3, 4);
    else if constexpr (k == 2) return wasm_i32x4_shuffle(v, zero(), 2, 3, 4, 4);
    else return wasm_i32x4_shuffle(v, zero(), 3, 4, 4, 4);
  }
  template <bool l0, bool l1, bool l2, bool l3> static vec blend(vec a, vec b) {
    return wasm_i32x4_shuffle(a, b, l0 ? 4 : 0, l1 ? 5 : 1, l2 ? 6 : 2, l3 ? 7 : 3);
  }
};

}  // namespace sp::simd
