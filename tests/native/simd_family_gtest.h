#pragma once
// GoogleTest over the family checks (simd_family_checks.h): one test per lane type, skipped where
// this CPU lacks the family's features. Baseline code: include above the ISA pass.

#include <gtest/gtest.h>

#include "core/cpu.h"
#include "simd_family_checks.h"

namespace sp::simd::test {

inline constexpr int kRounds = 300;

template <class P>
void check_lanes(int lane_bytes) {
  if (!cpu::has(P::needs)) GTEST_SKIP() << "this CPU lacks " << cpu::feature_names(P::needs & ~cpu::features());
  for (const Failure& f : check_ops(&P::run, P::kTraits, lane_bytes, kRounds)) ADD_FAILURE() << f.op << ": " << f.what;
}

}  // namespace sp::simd::test

// The tests of one family instantiation: Suite.U8, Suite.U32, Suite.U64.
#define SP_SIMD_FAMILY_TESTS(Suite, ProbeType)                                  \
  TEST(Suite, U8) { ::sp::simd::test::check_lanes<ProbeType>(1); }              \
  TEST(Suite, U32) { ::sp::simd::test::check_lanes<ProbeType>(4); }             \
  TEST(Suite, U64) { ::sp::simd::test::check_lanes<ProbeType>(8); }
