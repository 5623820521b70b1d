#pragma once
// The WebAssembly SIMD128 family: a v128 as 16 x u8 (U8), 4 x u32 (U32) or 2 x u64 (U64).
// Contract: vector_api.md. Written with wasm_simd128.h directly: Emscripten 3.1.6's SSE/NEON
// compatibility headers are missing or broken, and the direct intrinsics show what V8 actually
// has to lower. The wasm pass (isa.h) has no target and no optional features (Ext must
// be 0); in its pass's namespace like every family (families.h).
//
// Costs worth knowing (V8 on x86): i8x16.swizzle with a run-time index adds a saturating add to
// get wasm's zeroing rule from pshufb; a constant i8x16.shuffle does not.
//
// The relaxed flavour (build `relaxed`) is this module after linking with every i8x16.swizzle made
// i8x16.relaxed_swizzle (scripts/relax-wasm.mjs): U8::shuffle and U32::store_compressed are the
// only swizzles in our code, and the index rule below (0..15 or 0x80.. only; compress_lut.h's
// tables hold nothing else) is exactly where the two instructions agree. Keep it so: a new use of
// wasm_i8x16_swizzle with other indices would make the relaxed build wrong on some engine.
// select stays v128.bitselect: relaxed_laneselect (one vpblendvb for three instructions in V8)
// measured no gain here and would need a compile of its own to tell select from majority
// (docs/architecture.md, "The relaxed flavour").

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/cpu.h"
#include "simd/compress_lut.h"
#include "simd/families.h"
#include "simd/tables.h"

static_assert(kPass.bits >= 128, "a family header is included inside an ISA pass (simd/isa.h)");
namespace simd {
using namespace ::sp::simd;  // the baseline tables and FamilyInfo
}
namespace simd::wasm {
namespace {
using ::sp::simd::wasm::kFamily;

template <std::uint32_t Ext = 0>
struct U8;
template <std::uint32_t Ext = 0>
struct U32;
template <std::uint32_t Ext = 0>
struct U64;

template <std::uint32_t Ext>
struct Common {
  static_assert(Ext == 0, "wasm SIMD128 has no optional features here");
  using vec = v128_t;
  using u8 = U8<Ext>;
  using u32 = U32<Ext>;
  using u64 = U64<Ext>;
  static constexpr Isa isa = kFamily.isa;
  static constexpr std::uint32_t needs = kFamily.needs;
  static constexpr std::uint32_t ext = Ext;

  static vec from(vec v) { return v; }
  static vec zero() { return wasm_i32x4_splat(0); }
  static vec and_(vec a, vec b) { return wasm_v128_and(a, b); }
  static vec or_(vec a, vec b) { return wasm_v128_or(a, b); }
  static vec xor_(vec a, vec b) { return wasm_v128_xor(a, b); }
  static vec andnot(vec a, vec b) { return wasm_v128_andnot(a, b); }  // a & ~b
  // bitselect: where a != b, c decides; elsewhere a (= b) is the majority.
  static vec majority(vec a, vec b, vec c) { return wasm_v128_bitselect(c, a, wasm_v128_xor(a, b)); }
  static vec xor3(vec a, vec b, vec c) { return xor_(xor_(a, b), c); }
  static vec mand(vec a, vec b) { return and_(a, b); }
  static vec mor(vec a, vec b) { return or_(a, b); }
  static vec mandnot(vec a, vec b) { return andnot(a, b); }
  static vec select(vec m, vec a, vec b) { return wasm_v128_bitselect(a, b, m); }
  static vec zero_unless(vec m, vec v) { return and_(m, v); }
  static bool any(vec m) { return wasm_v128_any_true(m); }
};

template <std::uint32_t Ext>
struct U8 : Common<Ext> {
  using C = Common<Ext>;
  using vec = v128_t;
  using mask = v128_t;  // 0xFF / 0x00 bytes
  static constexpr int lanes = 16;

  static vec splat(std::uint8_t x) { return wasm_u8x16_splat(x); }
  static vec load(const void* p) { return wasm_v128_load(p); }
  static void store(void* p, vec v) { wasm_v128_store(p, v); }
  static vec load_partial(const void* p, std::size_t n) {
    alignas(16) std::uint8_t bytes[16] = {};
    std::memcpy(bytes, p, n);
    return wasm_v128_load(bytes);
  }
  static vec table16(const std::uint8_t* t) { return wasm_v128_load(t); }

  static vec add(vec a, vec b) { return wasm_i8x16_add(a, b); }
  static vec sub(vec a, vec b) { return wasm_i8x16_sub(a, b); }
  static vec min(vec a, vec b) { return wasm_u8x16_min(a, b); }
  static mask eq(vec a, vec b) { return wasm_i8x16_eq(a, b); }
  static mask is_zero(vec a) { return wasm_i8x16_eq(a, C::zero()); }
  static mask nonzero(vec a) { return wasm_i8x16_ne(a, C::zero()); }
  static std::uint64_t bits(mask m) { return static_cast<std::uint32_t>(wasm_i8x16_bitmask(m)); }
  static int first_set(mask m) { return __builtin_ctz(static_cast<unsigned>(wasm_i8x16_bitmask(m))); }
  static bool all_equal(vec a, vec b) { return wasm_i8x16_all_true(wasm_i8x16_eq(a, b)); }

  // i8x16.swizzle: any index >= 16 -> 0. Relaxed build: i8x16.relaxed_swizzle after linking,
  // exact for indices 0..15 and 0x80.. (the rule; see the top of this file).
  static vec shuffle(vec table, vec idx) { return wasm_i8x16_swizzle(table, idx); }
  static vec low_nibbles(vec v) { return wasm_v128_and(v, wasm_u8x16_splat(0x0F)); }
  // i8x16.shr is several instructions on x86 V8; a 16-bit shift plus a mask is two.
  static vec high_nibbles(vec v) { return wasm_v128_and(wasm_u16x8_shr(v, 4), wasm_u8x16_splat(0x0F)); }
  static vec popcount(vec v) { return wasm_i8x16_popcnt(v); }
  static vec reverse_bits(vec v) {
    return C::or_(shuffle(table16(kNibbleReversedHigh), low_nibbles(v)), shuffle(table16(kNibbleReversed), high_nibbles(v)));
  }
  // No psadbw in wasm: pairwise-widen bytes to u16, then u32, then add both u32 pairs as u64.
  static v128_t add_byte_sums(v128_t acc, vec v) {
    const v128_t s32 = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(v));
    return wasm_i64x2_add(acc, wasm_i64x2_add(wasm_u64x2_extend_low_u32x4(s32), wasm_u64x2_extend_high_u32x4(s32)));
  }
  static vec unpacklo64(vec a, vec b) { return wasm_i64x2_shuffle(a, b, 0, 2); }
  static vec unpackhi64(vec a, vec b) { return wasm_i64x2_shuffle(a, b, 1, 3); }
};

template <std::uint32_t Ext>
struct U32 : Common<Ext> {
  using C = Common<Ext>;
  using vec = v128_t;
  using mask = v128_t;  // all-ones lanes
  static constexpr int lanes = 4;
  static constexpr bool has_lane_shifts = false;
  static constexpr bool has_variable_shifts = false;  // shifts take one scalar count

  static vec splat(std::uint32_t x) { return wasm_i32x4_splat(static_cast<int32_t>(x)); }
  static vec setr(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) { return wasm_u32x4_make(a, b, c, d); }
  static vec load(const std::uint32_t* p) { return wasm_v128_load(p); }
  static void store(std::uint32_t* p, vec v) { wasm_v128_store(p, v); }
  template <int i>
  static std::uint32_t get(vec v) { return wasm_u32x4_extract_lane(v, i); }
  template <int i>
  static vec set(vec v, std::uint32_t x) { return wasm_u32x4_replace_lane(v, i, x); }
  static std::uint32_t first(vec v) { return wasm_u32x4_extract_lane(v, 0); }
  template <int i>
  static vec broadcast(vec v) { return wasm_i32x4_shuffle(v, v, i, i, i, i); }

  static vec add(vec a, vec b) { return wasm_i32x4_add(a, b); }
  static vec sub(vec a, vec b) { return wasm_i32x4_sub(a, b); }
  static vec min(vec a, vec b) { return wasm_u32x4_min(a, b); }
  template <int k> static vec shl(vec a) { return wasm_i32x4_shl(a, k); }
  template <int k> static vec shr(vec a) { return wasm_u32x4_shr(a, k); }
  static vec lowest_bit(vec a) { return wasm_v128_and(a, wasm_i32x4_neg(a)); }
  static std::uint32_t reduce_min(vec v) {
    v = min(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
    return first(min(v, wasm_i32x4_shuffle(v, v, 1, 0, 3, 2)));
  }

  static mask eq(vec a, vec b) { return wasm_i32x4_eq(a, b); }
  static mask is_zero(vec a) { return wasm_i32x4_eq(a, C::zero()); }
  static mask nonzero(vec a) { return wasm_i32x4_ne(a, C::zero()); }
  static vec increment_where(vec v, mask m) { return wasm_i32x4_sub(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return wasm_i32x4_add(v, wasm_v128_and(m, x)); }
  static unsigned bits(mask m) { return static_cast<unsigned>(wasm_i32x4_bitmask(m)); }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }
  static int count(mask m) { return popcount4(bits(m)); }
  static mask first_n(int k) { return wasm_u32x4_lt(setr(0, 1, 2, 3), splat(static_cast<std::uint32_t>(k))); }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    const vec i = C::select(m, idx, safe_idx);
    const vec g = setr(base[get<0>(i)], base[get<1>(i)], base[get<2>(i)], base[get<3>(i)]);
    return C::select(m, g, src);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    const vec i = C::select(m, idx, dummy_idx);
    base[get<0>(i)] = get<0>(val);
    base[get<1>(i)] = get<1>(val);
    base[get<2>(i)] = get<2>(val);
    base[get<3>(i)] = get<3>(val);
  }

  // Cephalopod's ops (vector_api.md, "Hash tables and dot products").
  static constexpr bool has_permute = false;  // swizzle permutes bytes: lane indices would need scaling
  static vec mul_lo(vec a, vec b) { return wasm_i32x4_mul(a, b); }
  static vec shr_n(vec a, int n) { return wasm_u32x4_shr(a, static_cast<std::uint32_t>(n)); }
  static std::uint32_t reduce_add(vec v) {
    v = add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
    return first(add(v, wasm_i32x4_shuffle(v, v, 1, 0, 3, 2)));
  }
  static bool any_nonzero(vec v) { return wasm_v128_any_true(v); }
  template <int N>
  static unsigned match(const std::uint32_t* p, std::uint32_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  // Compress-store: swizzle with a 16-entry table (compress_lut.h); the index is not a constant,
  // so V8 pays the swizzle fix-up here.
  using plan = v128_t;
  static plan compress_plan(mask m) { return wasm_v128_load(kCompress4[bits(m)].idx); }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, U8<Ext>::shuffle(v, p)); }

  template <int k> static vec lanes_down(vec v) {
    static_assert(k >= 1 && k <= 3);
    if constexpr (k == 1) return wasm_i32x4_shuffle(v, C::zero(), 1, 2, 3, 4);
    else if constexpr (k == 2) return wasm_i32x4_shuffle(v, C::zero(), 2, 3, 4, 4);
    else return wasm_i32x4_shuffle(v, C::zero(), 3, 4, 4, 4);
  }
  template <bool l0, bool l1, bool l2, bool l3>
  static vec blend(vec a, vec b) {
    return wasm_i32x4_shuffle(a, b, l0 ? 4 : 0, l1 ? 5 : 1, l2 ? 6 : 2, l3 ? 7 : 3);
  }
};

template <std::uint32_t Ext>
struct U64 : Common<Ext> {
  using C = Common<Ext>;
  using vec = v128_t;
  using mask = v128_t;  // all-ones lanes
  static constexpr int lanes = 2;

  static vec splat(std::uint64_t x) { return wasm_i64x2_splat(static_cast<int64_t>(x)); }
  static vec load(const std::uint64_t* p) { return wasm_v128_load(p); }
  static void store(std::uint64_t* p, vec v) { wasm_v128_store(p, v); }
  template <int i>
  static std::uint64_t get(vec v) { return wasm_u64x2_extract_lane(v, i); }
  template <int i>
  static vec set(vec v, std::uint64_t x) { return wasm_u64x2_replace_lane(v, i, x); }

  static vec add(vec a, vec b) { return wasm_i64x2_add(a, b); }
  static vec sub(vec a, vec b) { return wasm_i64x2_sub(a, b); }
  template <int k> static vec shl(vec a) { return wasm_i64x2_shl(a, k); }
  template <int k> static vec shr(vec a) { return wasm_u64x2_shr(a, k); }
  static mask eq(vec a, vec b) { return wasm_i64x2_eq(a, b); }
  static mask is_zero(vec a) { return wasm_i64x2_eq(a, C::zero()); }
  static mask nonzero(vec a) { return wasm_i64x2_ne(a, C::zero()); }
  static unsigned bits(mask m) { return static_cast<unsigned>(wasm_i64x2_bitmask(m)); }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }

  // Cephalopod's bucket probe (vector_api.md, "Hash tables and dot products").
  template <int N>
  static unsigned match(const std::uint64_t* p, std::uint64_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  // A constant shuffle: cheaper in V8 than swizzle with a table.
  static vec reverse_bytes(vec v) { return wasm_i8x16_shuffle(v, v, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8); }
  static vec reverse_bits(vec v) { return reverse_bytes(U8<Ext>::reverse_bits(v)); }
  // Byte counts widened pairwise to u32, then each u64's two halves added.
  static vec popcount(vec v) {
    const v128_t s32 = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(wasm_i8x16_popcnt(v)));
    return wasm_i64x2_add(wasm_v128_and(s32, wasm_i64x2_splat(0xFFFFFFFF)), wasm_u64x2_shr(s32, 32));
  }
  static std::uint64_t reduce_add(vec v) { return wasm_u64x2_extract_lane(v, 0) + wasm_u64x2_extract_lane(v, 1); }

  // Lanes from scalars, an or across lanes (chess: hq-simd). SIMD128 shifts take one scalar
  // count: no per-lane shifts.
  static vec setr(std::uint64_t x0, std::uint64_t x1) { return wasm_u64x2_make(x0, x1); }
  static std::uint64_t reduce_or(vec v) { return wasm_u64x2_extract_lane(v, 0) | wasm_u64x2_extract_lane(v, 1); }
  static vec or_and(vec a, vec b, vec c) { return wasm_v128_or(a, wasm_v128_and(b, c)); }  // a | (b & c)
  static constexpr bool has_variable_shifts = false;
};

}  // namespace
}  // namespace simd::wasm
