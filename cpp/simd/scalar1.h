#pragma once
// One "lane" of plain scalar code with the U32 API (see vector_api.md). Lockstep kernels use it
// to finish the last few subtrees once there are not enough left to fill a vector. File-local
// like the families (families.h): the templates each kernel file instantiates on it are compiled
// for that file's region, so they must not be shared with another file's.

#include <cstdint>

#include "core/cpu.h"

namespace simd {
namespace {

struct Scalar1 {
  using vec = std::uint32_t;
  using mask = bool;
  static constexpr int lanes = 1;
  static constexpr Isa isa = Isa::scalar;
  static constexpr std::uint32_t needs = 0;  // run-time gate

  static vec zero() { return 0; }
  static vec splat(std::uint32_t x) { return x; }
  static vec load(const std::uint32_t* p) { return *p; }
  static void store(std::uint32_t* p, vec v) { *p = v; }
  static vec add(vec a, vec b) { return a + b; }
  static vec sub(vec a, vec b) { return a - b; }
  static vec and_(vec a, vec b) { return a & b; }
  static vec or_(vec a, vec b) { return a | b; }
  static vec xor_(vec a, vec b) { return a ^ b; }
  static vec andnot(vec a, vec b) { return a & ~b; }
  template <int k> static vec shl(vec a) { return a << k; }
  template <int k> static vec shr(vec a) { return a >> k; }
  static vec lowest_bit(vec a) { return a & (0u - a); }
  static mask eq(vec a, vec b) { return a == b; }
  static mask is_zero(vec a) { return a == 0; }
  static mask nonzero(vec a) { return a != 0; }
  static mask mand(mask a, mask b) { return a && b; }
  static mask mandnot(mask a, mask b) { return a && !b; }
  static mask mor(mask a, mask b) { return a || b; }
  static vec select(mask m, vec a, vec b) { return m ? a : b; }
  static vec increment_where(vec v, mask m) { return v + (m ? 1u : 0u); }
  static vec add_where(vec v, mask m, vec x) { return m ? v + x : v; }
  static bool any(mask m) { return m; }
  static unsigned bits(mask m) { return m ? 1u : 0u; }
  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec /*safe*/) {
    return m ? base[idx] : src;
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec /*dummy*/) {
    if (m) base[idx] = val;
  }

  using plan = bool;
  static plan compress_plan(mask m) { return m; }
  static void store_compressed(std::uint32_t* dst, vec v, plan) { *dst = v; }
  static int count(mask m) { return m ? 1 : 0; }
  static mask first_n(int k) { return k > 0; }
};

}  // namespace
}  // namespace simd
