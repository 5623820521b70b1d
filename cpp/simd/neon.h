#pragma once
// The AArch64 NEON family: a 128-bit register as 16 x u8 (U8), 4 x u32 (U32) or 2 x u64 (U64).
// Contract: vector_api.md. NEON is the AArch64 baseline: the neon pass (isa.h) has no target, no
// optional features (Ext must be 0). The three lane types have distinct register types (uint8x16_t, uint32x4_t,
// uint64x2_t): from() reinterprets one as another, for free. In its pass's namespace like every
// family (families.h).

#include <arm_neon.h>

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
namespace simd::neon {
namespace {
using ::sp::simd::neon::kFamily;

template <std::uint32_t Ext = 0>
struct U8;
template <std::uint32_t Ext = 0>
struct U32;
template <std::uint32_t Ext = 0>
struct U64;

template <std::uint32_t Ext>
struct Common {
  static_assert(Ext == 0, "NEON has no optional features here");
  using u8 = U8<Ext>;
  using u32 = U32<Ext>;
  using u64 = U64<Ext>;
  static constexpr Isa isa = kFamily.isa;
  static constexpr std::uint32_t needs = kFamily.needs;
  static constexpr std::uint32_t ext = Ext;
};

template <std::uint32_t Ext>
struct U8 : Common<Ext> {
  using vec = uint8x16_t;
  using mask = uint8x16_t;  // 0xFF / 0x00 bytes
  static constexpr int lanes = 16;

  static vec from(uint8x16_t v) { return v; }
  static vec from(uint32x4_t v) { return vreinterpretq_u8_u32(v); }
  static vec from(uint64x2_t v) { return vreinterpretq_u8_u64(v); }
  static vec zero() { return vdupq_n_u8(0); }
  static vec splat(std::uint8_t x) { return vdupq_n_u8(x); }
  static vec load(const void* p) { return vld1q_u8(static_cast<const std::uint8_t*>(p)); }
  static void store(void* p, vec v) { vst1q_u8(static_cast<std::uint8_t*>(p), v); }
  static vec load_partial(const void* p, std::size_t n) {
    alignas(16) std::uint8_t bytes[16] = {};
    std::memcpy(bytes, p, n);
    return vld1q_u8(bytes);
  }
  static vec table16(const std::uint8_t* t) { return vld1q_u8(t); }

  static vec and_(vec a, vec b) { return vandq_u8(a, b); }
  static vec or_(vec a, vec b) { return vorrq_u8(a, b); }
  static vec xor_(vec a, vec b) { return veorq_u8(a, b); }
  static vec andnot(vec a, vec b) { return vbicq_u8(a, b); }
  // BSL: where a != b, c decides; elsewhere a (= b) is the majority.
  static vec majority(vec a, vec b, vec c) { return vbslq_u8(veorq_u8(a, b), c, a); }
  static vec xor3(vec a, vec b, vec c) { return veorq_u8(veorq_u8(a, b), c); }
  static vec add(vec a, vec b) { return vaddq_u8(a, b); }
  static vec sub(vec a, vec b) { return vsubq_u8(a, b); }
  static vec min(vec a, vec b) { return vminq_u8(a, b); }

  static mask eq(vec a, vec b) { return vceqq_u8(a, b); }
  static mask is_zero(vec a) { return vceqzq_u8(a); }
  static mask nonzero(vec a) { return vtstq_u8(a, a); }
  static mask mand(mask a, mask b) { return vandq_u8(a, b); }
  static mask mor(mask a, mask b) { return vorrq_u8(a, b); }
  static mask mandnot(mask a, mask b) { return vbicq_u8(a, b); }
  static vec select(mask m, vec a, vec b) { return vbslq_u8(m, a, b); }
  static vec zero_unless(mask m, vec v) { return vandq_u8(m, v); }
  static bool any(mask m) { return vmaxvq_u8(m) != 0; }
  // No movemask on NEON: weight each byte by its bit, then add each half across.
  static std::uint64_t bits(mask m) {
    static constexpr std::uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t w = vandq_u8(m, vld1q_u8(weights));
    return vaddv_u8(vget_low_u8(w)) | (static_cast<std::uint64_t>(vaddv_u8(vget_high_u8(w))) << 8);
  }
  // Narrowing each u16 by 4 leaves 4 bits per byte in one u64: the first set byte is ctz / 4.
  static int first_set(mask m) {
    const std::uint64_t nibbles = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
    return __builtin_ctzll(nibbles) / 4;
  }
  static bool all_equal(vec a, vec b) { return vminvq_u8(vceqq_u8(a, b)) == 0xFF; }

  // tbl: any index >= 16 -> 0.
  static vec shuffle(vec table, vec idx) { return vqtbl1q_u8(table, idx); }
  static vec low_nibbles(vec v) { return vandq_u8(v, vdupq_n_u8(0x0F)); }
  static vec high_nibbles(vec v) { return vshrq_n_u8(v, 4); }
  static vec popcount(vec v) { return vcntq_u8(v); }
  static vec reverse_bits(vec v) { return vrbitq_u8(v); }
  // uaddlp twice, then uadalp accumulates the u32 pairs into the u64 sums.
  static uint64x2_t add_byte_sums(uint64x2_t acc, vec v) { return vpadalq_u32(acc, vpaddlq_u16(vpaddlq_u8(v))); }
  static vec unpacklo64(vec a, vec b) { return from(vzip1q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b))); }
  static vec unpackhi64(vec a, vec b) { return from(vzip2q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b))); }
};

template <std::uint32_t Ext>
struct U32 : Common<Ext> {
  using vec = uint32x4_t;
  using mask = uint32x4_t;  // all-ones lanes
  static constexpr int lanes = 4;
  // ushl takes a per-lane signed shift count: one instruction moves three attack words three ways.
  static constexpr bool has_lane_shifts = true;
  static constexpr bool has_variable_shifts = true;

  static vec from(uint8x16_t v) { return vreinterpretq_u32_u8(v); }
  static vec from(uint32x4_t v) { return v; }
  static vec from(uint64x2_t v) { return vreinterpretq_u32_u64(v); }
  static vec zero() { return vdupq_n_u32(0); }
  static vec splat(std::uint32_t x) { return vdupq_n_u32(x); }
  static vec setr(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    const std::uint32_t v[4] = {a, b, c, d};
    return vld1q_u32(v);
  }
  static vec load(const std::uint32_t* p) { return vld1q_u32(p); }
  static void store(std::uint32_t* p, vec v) { vst1q_u32(p, v); }
  template <int i>
  static std::uint32_t get(vec v) { return vgetq_lane_u32(v, i); }
  template <int i>
  static vec set(vec v, std::uint32_t x) { return vsetq_lane_u32(x, v, i); }
  static std::uint32_t first(vec v) { return vgetq_lane_u32(v, 0); }
  template <int i>
  static vec broadcast(vec v) { return vdupq_laneq_u32(v, i); }

  static vec and_(vec a, vec b) { return vandq_u32(a, b); }
  static vec or_(vec a, vec b) { return vorrq_u32(a, b); }
  static vec xor_(vec a, vec b) { return veorq_u32(a, b); }
  static vec andnot(vec a, vec b) { return vbicq_u32(a, b); }
  static vec majority(vec a, vec b, vec c) { return vbslq_u32(veorq_u32(a, b), c, a); }
  static vec xor3(vec a, vec b, vec c) { return veorq_u32(veorq_u32(a, b), c); }
  static vec add(vec a, vec b) { return vaddq_u32(a, b); }
  static vec sub(vec a, vec b) { return vsubq_u32(a, b); }
  static vec min(vec a, vec b) { return vminq_u32(a, b); }
  template <int k> static vec shl(vec a) { return vshlq_n_u32(a, k); }
  template <int k> static vec shr(vec a) { return vshrq_n_u32(a, k); }
  // ushl shifts left by a signed count per lane, right where it is negative.
  static vec shl_var(vec a, vec counts) { return vshlq_u32(a, vreinterpretq_s32_u32(counts)); }
  static vec shr_var(vec a, vec counts) { return vshlq_u32(a, vnegq_s32(vreinterpretq_s32_u32(counts))); }
  static vec lowest_bit(vec a) { return vandq_u32(a, vreinterpretq_u32_s32(vnegq_s32(vreinterpretq_s32_u32(a)))); }
  static std::uint32_t reduce_min(vec v) { return vminvq_u32(v); }

  static mask eq(vec a, vec b) { return vceqq_u32(a, b); }
  static mask is_zero(vec a) { return vceqzq_u32(a); }
  static mask nonzero(vec a) { return vtstq_u32(a, a); }
  static mask mand(mask a, mask b) { return vandq_u32(a, b); }
  static mask mandnot(mask a, mask b) { return vbicq_u32(a, b); }
  static mask mor(mask a, mask b) { return vorrq_u32(a, b); }
  static vec select(mask m, vec a, vec b) { return vbslq_u32(m, a, b); }
  static vec zero_unless(mask m, vec v) { return vandq_u32(m, v); }
  static vec increment_where(vec v, mask m) { return vsubq_u32(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return vaddq_u32(v, vandq_u32(m, x)); }
  static bool any(mask m) { return vmaxvq_u32(m) != 0; }
  static unsigned bits(mask m) {
    const std::uint32_t weights[4] = {1, 2, 4, 8};
    return vaddvq_u32(vandq_u32(m, vld1q_u32(weights)));
  }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }
  static int count(mask m) { return popcount4(bits(m)); }
  static mask first_n(int k) { return vcltq_u32(setr(0, 1, 2, 3), splat(static_cast<std::uint32_t>(k))); }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    const vec i = select(m, idx, safe_idx);
    vec g = vdupq_n_u32(base[vgetq_lane_u32(i, 0)]);
    g = vsetq_lane_u32(base[vgetq_lane_u32(i, 1)], g, 1);
    g = vsetq_lane_u32(base[vgetq_lane_u32(i, 2)], g, 2);
    g = vsetq_lane_u32(base[vgetq_lane_u32(i, 3)], g, 3);
    return select(m, g, src);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    const vec i = select(m, idx, dummy_idx);
    base[vgetq_lane_u32(i, 0)] = vgetq_lane_u32(val, 0);
    base[vgetq_lane_u32(i, 1)] = vgetq_lane_u32(val, 1);
    base[vgetq_lane_u32(i, 2)] = vgetq_lane_u32(val, 2);
    base[vgetq_lane_u32(i, 3)] = vgetq_lane_u32(val, 3);
  }

  // Cephalopod's ops (vector_api.md, "Hash tables and dot products").
  static constexpr bool has_permute = false;  // tbl permutes bytes: lane indices would need scaling
  static vec mul_lo(vec a, vec b) { return vmulq_u32(a, b); }
  static vec shr_n(vec a, int n) { return vshlq_u32(a, vdupq_n_s32(-n)); }
  static std::uint32_t reduce_add(vec v) { return vaddvq_u32(v); }
  static bool any_nonzero(vec v) { return vmaxvq_u32(v) != 0; }
  template <int N>
  static unsigned match(const std::uint32_t* p, std::uint32_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  // Compress-store: tbl with a 16-entry table (compress_lut.h).
  using plan = uint8x16_t;
  static plan compress_plan(mask m) { return vld1q_u8(kCompress4[bits(m)].idx); }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) {
    store(dst, vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), p)));
  }

  template <int k> static vec lanes_down(vec v) { return vextq_u32(v, vdupq_n_u32(0), k); }
  template <bool l0, bool l1, bool l2, bool l3>
  static vec blend(vec a, vec b) {
    return vbslq_u32(setr(l0 ? ~0u : 0u, l1 ? ~0u : 0u, l2 ? ~0u : 0u, l3 ? ~0u : 0u), b, a);
  }
  // Per-lane shift by constants: positive counts shift left, negative right (ushl semantics).
  template <int c0, int c1, int c2, int c3>
  static vec shift_lanes(vec v) {
    const std::int32_t counts[4] = {c0, c1, c2, c3};
    return vshlq_u32(v, vld1q_s32(counts));
  }
};

template <std::uint32_t Ext>
struct U64 : Common<Ext> {
  using vec = uint64x2_t;
  using mask = uint64x2_t;  // all-ones lanes
  static constexpr int lanes = 2;

  static vec from(uint8x16_t v) { return vreinterpretq_u64_u8(v); }
  static vec from(uint32x4_t v) { return vreinterpretq_u64_u32(v); }
  static vec from(uint64x2_t v) { return v; }
  static vec zero() { return vdupq_n_u64(0); }
  static vec splat(std::uint64_t x) { return vdupq_n_u64(x); }
  static vec load(const std::uint64_t* p) { return vld1q_u64(p); }
  static void store(std::uint64_t* p, vec v) { vst1q_u64(p, v); }
  template <int i>
  static std::uint64_t get(vec v) { return vgetq_lane_u64(v, i); }
  template <int i>
  static vec set(vec v, std::uint64_t x) { return vsetq_lane_u64(x, v, i); }

  static vec and_(vec a, vec b) { return vandq_u64(a, b); }
  static vec or_(vec a, vec b) { return vorrq_u64(a, b); }
  static vec xor_(vec a, vec b) { return veorq_u64(a, b); }
  static vec andnot(vec a, vec b) { return vbicq_u64(a, b); }
  static vec majority(vec a, vec b, vec c) { return vbslq_u64(veorq_u64(a, b), c, a); }
  static vec xor3(vec a, vec b, vec c) { return veorq_u64(veorq_u64(a, b), c); }
  static vec add(vec a, vec b) { return vaddq_u64(a, b); }
  static vec sub(vec a, vec b) { return vsubq_u64(a, b); }
  template <int k> static vec shl(vec a) { return vshlq_n_u64(a, k); }
  template <int k> static vec shr(vec a) { return vshrq_n_u64(a, k); }

  static mask eq(vec a, vec b) { return vceqq_u64(a, b); }
  static mask is_zero(vec a) { return vceqzq_u64(a); }
  static mask nonzero(vec a) { return vtstq_u64(a, a); }
  static mask mand(mask a, mask b) { return vandq_u64(a, b); }
  static mask mandnot(mask a, mask b) { return vbicq_u64(a, b); }
  static mask mor(mask a, mask b) { return vorrq_u64(a, b); }
  static vec select(mask m, vec a, vec b) { return vbslq_u64(m, a, b); }
  static vec zero_unless(mask m, vec v) { return vandq_u64(m, v); }
  static bool any(mask m) { return (vgetq_lane_u64(m, 0) | vgetq_lane_u64(m, 1)) != 0; }
  static unsigned bits(mask m) { return static_cast<unsigned>((vgetq_lane_u64(m, 0) & 1) | (vgetq_lane_u64(m, 1) & 2)); }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }

  // Cephalopod's bucket probe (vector_api.md, "Hash tables and dot products").
  template <int N>
  static unsigned match(const std::uint64_t* p, std::uint64_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    if constexpr (N == 4) {
      // Each 64-bit compare result narrowed to 16 bits: four 16-bit flags in one u64.
      const uint32x4_t both = vcombine_u32(vmovn_u64(eq(load(p), k)), vmovn_u64(eq(load(p + 2), k)));
      const std::uint64_t flags = vget_lane_u64(vreinterpret_u64_u16(vmovn_u32(both)), 0);
      return static_cast<unsigned>((flags & 1u) | ((flags >> 15) & 2u) | ((flags >> 30) & 4u) | ((flags >> 45) & 8u));
    } else {
      unsigned m = 0;
      for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
      return m;
    }
  }

  static vec reverse_bytes(vec v) { return vreinterpretq_u64_u8(vrev64q_u8(vreinterpretq_u8_u64(v))); }
  static vec reverse_bits(vec v) { return vreinterpretq_u64_u8(vrev64q_u8(vrbitq_u8(vreinterpretq_u8_u64(v)))); }
  static vec popcount(vec v) { return vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vcntq_u8(vreinterpretq_u8_u64(v))))); }
  static std::uint64_t reduce_add(vec v) { return vaddvq_u64(v); }

  // Lanes from scalars, an or across lanes, per-lane shifts and rotates (chess: hq-simd,
  // Kogge-Stone fills). ushl shifts left by a signed per-lane count (negated for right shifts);
  // counts 0..64 for the shifts (64 gives 0), 0..63 for rotl_var (emulated: two ushl + orr).
  static vec setr(std::uint64_t x0, std::uint64_t x1) { return vcombine_u64(vcreate_u64(x0), vcreate_u64(x1)); }
  static std::uint64_t reduce_or(vec v) { return vgetq_lane_u64(v, 0) | vgetq_lane_u64(v, 1); }
  static vec or_and(vec a, vec b, vec c) { return vorrq_u64(a, vandq_u64(b, c)); }  // a | (b & c)
  static constexpr bool has_variable_shifts = true;
  static vec shl_var(vec a, vec counts) { return vshlq_u64(a, vreinterpretq_s64_u64(counts)); }
  static vec shr_var(vec a, vec counts) { return vshlq_u64(a, vnegq_s64(vreinterpretq_s64_u64(counts))); }
  static vec rotl_var(vec a, vec counts) { return vorrq_u64(shl_var(a, counts), shr_var(a, vsubq_u64(vdupq_n_u64(64), counts))); }
};

}  // namespace
}  // namespace simd::neon
