#pragma once
// Shared helpers for the native tests.

#include <fstream>
#include <sstream>
#include <string>

#include "core/json.h"

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

}  // namespace sp::test
