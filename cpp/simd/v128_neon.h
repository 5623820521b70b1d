#pragma once
// 4 x u32 on AArch64 NEON (see vector_api.md). NEON is the AArch64 baseline: no target region.

#include <arm_neon.h>

#include <cstdint>

#include "core/cpu.h"
#include "simd/compress_lut.h"

namespace sp::simd {

struct NeonX4 {
  using vec = uint32x4_t;
  using mask = uint32x4_t;  // all-ones lanes
  static constexpr int lanes = 4;
  static constexpr Isa isa = Isa::neon;
  static constexpr std::uint32_t needs = cpu::kNeon;  // run-time gate
  // ushl takes a per-lane signed shift count: one instruction moves three attack words three ways.
  static constexpr bool has_lane_shifts = true;

  static vec zero() { return vdupq_n_u32(0); }
  static vec splat(std::uint32_t x) { return vdupq_n_u32(x); }
  static vec setr(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    const std::uint32_t v[4] = {a, b, c, d};
    return vld1q_u32(v);
  }
  static vec load(const std::uint32_t* p) { return vld1q_u32(p); }
  static void store(std::uint32_t* p, vec v) { vst1q_u32(p, v); }
  static vec add(vec a, vec b) { return vaddq_u32(a, b); }
  static vec sub(vec a, vec b) { return vsubq_u32(a, b); }
  static vec and_(vec a, vec b) { return vandq_u32(a, b); }
  static vec or_(vec a, vec b) { return vorrq_u32(a, b); }
  static vec xor_(vec a, vec b) { return veorq_u32(a, b); }
  static vec andnot(vec a, vec b) { return vbicq_u32(a, b); }
  template <int k> static vec shl(vec a) { return vshlq_n_u32(a, k); }
  template <int k> static vec shr(vec a) { return vshrq_n_u32(a, k); }
  static vec lowest_bit(vec a) { return vandq_u32(a, vreinterpretq_u32_s32(vnegq_s32(vreinterpretq_s32_u32(a)))); }
  static mask eq(vec a, vec b) { return vceqq_u32(a, b); }
  static mask is_zero(vec a) { return vceqzq_u32(a); }
  static mask nonzero(vec a) { return vtstq_u32(a, a); }
  static mask mand(mask a, mask b) { return vandq_u32(a, b); }
  static mask mandnot(mask a, mask b) { return vbicq_u32(a, b); }
  static mask mor(mask a, mask b) { return vorrq_u32(a, b); }
  static vec select(mask m, vec a, vec b) { return vbslq_u32(m, a, b); }
  static vec increment_where(vec v, mask m) { return vsubq_u32(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return vaddq_u32(v, vandq_u32(m, x)); }
  static bool any(mask m) { return vmaxvq_u32(m) != 0; }
  static unsigned bits(mask m) {
    const std::uint32_t weights[4] = {1, 2, 4, 8};
    return vaddvq_u32(vandq_u32(m, vld1q_u32(weights)));
  }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    vec i = select(m, idx, safe_idx);
    vec g = vdupq_n_u32(base[vgetq_lane_u32(i, 0)]);
    g = vsetq_lane_u32(base[vgetq_lane_u32(i, 1)], g, 1);
    g = vsetq_lane_u32(base[vgetq_lane_u32(i, 2)], g, 2);
    g = vsetq_lane_u32(base[vgetq_lane_u32(i, 3)], g, 3);
    return select(m, g, src);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    vec i = select(m, idx, dummy_idx);
    base[vgetq_lane_u32(i, 0)] = vgetq_lane_u32(val, 0);
    base[vgetq_lane_u32(i, 1)] = vgetq_lane_u32(val, 1);
    base[vgetq_lane_u32(i, 2)] = vgetq_lane_u32(val, 2);
    base[vgetq_lane_u32(i, 3)] = vgetq_lane_u32(val, 3);
  }

  // Compress-store: tbl with a 16-entry table (compress_lut.h).
  using plan = uint8x16_t;
  static plan compress_plan(mask m) { return vld1q_u8(kCompress4[bits(m)].idx); }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) {
    store(dst, vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), p)));
  }
  static int count(mask m) { return popcount4(bits(m)); }
  static mask first_n(int k) { return vcltq_u32(setr(0, 1, 2, 3), splat(static_cast<std::uint32_t>(k))); }

  static std::uint32_t first(vec v) { return vgetq_lane_u32(v, 0); }
  template <int k> static vec lanes_down(vec v) { return vextq_u32(v, vdupq_n_u32(0), k); }
  template <bool l0, bool l1, bool l2, bool l3> static vec blend(vec a, vec b) {
    return vbslq_u32(setr(l0 ? ~0u : 0u, l1 ? ~0u : 0u, l2 ? ~0u : 0u, l3 ? ~0u : 0u), b, a);
  }
  // Per-lane shift: positive counts shift left, negative right (ushl semantics).
  template <int c0, int c1, int c2, int c3> static vec shift_lanes(vec v) {
    const std::int32_t counts[4] = {c0, c1, c2, c3};
    return vshlq_u32(v, vld1q_s32(counts));
  }
};

}  // namespace sp::simd
