#pragma once
// Shared helpers for the native tests.

#include <gtest/gtest.h>

#include <fstream>
#include <cctype>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/registry.h"

namespace sp::test {

// Reads a JSON vector file from tests/data (copied there from ../shared so the repo stands alone).
inline json load_data(const std::string& name) {
  std::ifstream in(std::string(SP_TEST_DATA_DIR) + "/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_json(ss.str());
}

// Slow checks (large N) are skipped where tests run 10-50x slower: under qemu and sanitizers.
inline bool quick_mode() {
  const char* v = std::getenv("SP_QUICK_TESTS");
  return v && std::string(v) == "1";
}

// Keys ("id/isa") of the puzzle's kernels this CPU runs, in registration order, for value-
// parameterised tests: one test per kernel is one ctest entry, so a heavy sweep spreads over both
// cores instead of being the suite's critical path. `keep` picks kernels by their info.
inline std::vector<std::string> runnable_kernel_keys(const std::string& puzzle,
                                                     const std::function<bool(const KernelInfo&)>& keep = {}) {
  std::vector<std::string> out;
  for (const auto& k : registry().find(puzzle)->kernels())
    if (k->available() && (!keep || keep(k->info()))) out.push_back(k->key());
  return out;
}

// The kernel with that key ("id/isa"), or null.
inline const Kernel* find_kernel_by_key(const std::string& puzzle, const std::string& key) {
  for (const auto& k : registry().find(puzzle)->kernels())
    if (k->key() == key) return k.get();
  return nullptr;
}

// "simd-lanes/avx2" -> "simd_lanes_avx2": gtest names take letters, digits and '_' only.
inline std::string kernel_param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

}  // namespace sp::test
