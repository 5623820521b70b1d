// Holds cpp/simd/isa.h's table of passes to itself: every feature a pass's target lets the compiler
// use must be one of the cpu::Feature bits the pass needs, or a CPU without it (or a VM whose CPUID
// hides it) is dispatched into instructions it lacks. That was the BMI1 gap: SP_TARGETS_AVX2 has
// "bmi" (andn, blsr, tzcnt) while kNeedsAvx2 lacked kBmi1, found by reading (2026-11-29). The other
// way round, a need the target does not enable withholds the pass from CPUs that could run it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "simd/isa.h"

// A named namespace, not an anonymous one: the using-directive stays in here in a unity build.
namespace isa_table_test {

using namespace sp::cpu;  // the rows name their needs unqualified

struct PassRow {
  std::string_view pass;
  std::string_view target;
  std::uint32_t needs;
};

// One more accessor on isa.h's rows: (target, needs).
#define SP_PASS_FIELD_target_needs(b, t, f, i, n, e, w) t, (n)
#define SP_TEST_ROW(pass) PassRow{#pass, SP_PASS_GET(target_needs, SP_PASS_ROW_##pass)}
// Every row of the table this architecture can spell: the x86 target strings (target.h's
// SP_TARGETS_*) exist in x86 builds only, where every x86 pass is checked.
const PassRow kRows[] = {
    SP_TEST_ROW(popcnt), SP_TEST_ROW(neon), SP_TEST_ROW(wasm),
#if SP_ARCH_X86
    SP_TEST_ROW(bmi2),          SP_TEST_ROW(sse41),            SP_TEST_ROW(sse41_popcnt),
    SP_TEST_ROW(sse41_gfni),    SP_TEST_ROW(avx2),             SP_TEST_ROW(avx2_gfni),
    SP_TEST_ROW(avx512),        SP_TEST_ROW(avx512_gfni),      SP_TEST_ROW(avx512_bitalg),
    SP_TEST_ROW(avx512_vpopcntdq), SP_TEST_ROW(avx512_ext),
#endif
};
#undef SP_TEST_ROW

// GCC's target names (as in target("...")) and the bit cpu.cpp detects for each. Features a named
// one implies (avx2 implies avx and sse4.2) are on every CPU that has the named one.
struct TargetFeature {
  std::string_view gcc;
  std::uint32_t bit;
};
constexpr TargetFeature kTargetFeatures[] = {
    {"sse4.1", kSse41},       {"popcnt", kPopcnt},
    {"bmi", kBmi1},           {"bmi2", kBmi2},
    {"avx2", kAvx2},          {"avx512f", kAvx512f},
    {"avx512bw", kAvx512bw},  {"avx512vl", kAvx512vl},
    {"avx512dq", kAvx512dq},  {"gfni", kGfni},
    {"avx512vpopcntdq", kAvx512vpopcntdq}, {"avx512bitalg", kAvx512bitalg},
    {"avx512vbmi", kAvx512vbmi},
};
// Bits a whole build has rather than a target pragma: AArch64's NEON, wasm's -msimd128.
constexpr std::uint32_t kWholeBuildBits = kNeon | kSimd128;

std::vector<std::string_view> split_commas(std::string_view s) {
  std::vector<std::string_view> out;
  while (!s.empty()) {
    const auto comma = s.find(',');
    out.push_back(s.substr(0, comma));
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return out;
}

std::uint32_t bit_of(std::string_view gcc) {
  for (const auto& f : kTargetFeatures)
    if (f.gcc == gcc) return f.bit;
  return 0;
}

TEST(IsaTable, EveryTargetFeatureIsNeeded) {
  for (const auto& row : kRows) {
    std::uint32_t enabled = 0;
    for (const auto name : split_commas(row.target)) {
      const std::uint32_t bit = bit_of(name);
      ASSERT_NE(bit, 0u) << "pass " << row.pass << ": target feature \"" << name
                         << "\" has no cpu::Feature bit in this test's map: add one (and detect it in cpu.cpp)";
      EXPECT_TRUE(row.needs & bit) << "pass " << row.pass << " compiles with \"" << name
                                   << "\" but does not need it: a CPU without it would run the pass";
      enabled |= bit;
    }
    EXPECT_EQ(row.needs & ~(enabled | kWholeBuildBits), 0u)
        << "pass " << row.pass << " needs features its target \"" << row.target << "\" does not enable";
  }
}

// A pass added to isa.h and used by a puzzle but not to kRows above would escape the check.
TEST(IsaTable, EveryRegisteredPassIsInTheTable) {
  const auto& passes = sp::registry().passes();
  ASSERT_FALSE(passes.empty());
  for (const auto& p : passes) {
    const auto row = std::find_if(std::begin(kRows), std::end(kRows), [&](const PassRow& r) { return r.pass == p.name; });
    ASSERT_NE(row, std::end(kRows)) << "pass " << p.name << " is registered but not in isa_table_test.cpp's kRows";
    EXPECT_EQ(p.needs, row->needs) << p.name;
  }
}

TEST(IsaTable, ReadsTargetsFeatureByFeature) {
  EXPECT_EQ(split_commas("avx2,bmi,bmi2,popcnt"), (std::vector<std::string_view>{"avx2", "bmi", "bmi2", "popcnt"}));
  EXPECT_TRUE(split_commas("").empty());
}

#undef SP_PASS_FIELD_target_needs

}  // namespace isa_table_test
