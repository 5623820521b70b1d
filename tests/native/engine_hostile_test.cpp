// Requests the fuzz targets (tests/fuzz) found breaking the engine's promise: every input comes
// back as a value, never an exception (which aborts the wasm module).

#include <gtest/gtest.h>

#include "core/engine.h"

namespace sp {
namespace {

// fuzz-engine seed summarize-hostile: popcount's summary read record fields with get<>() and
// operator[] unchecked, and threw type_error 302 on {"kernel": 1, "params": {"k": "x"}, ...}.
TEST(EngineHostile, SummarizeSkipsRecordsItCannotRead) {
  const json good = {{"puzzle", "popcount"}, {"kernel", "builtin"}, {"isa", "scalar"},
                     {"params", {{"mode", "word"}, {"k", 3}, {"order", "sorted"}, {"size", 16384}, {"offset", 0}, {"seed", 1}}},
                     {"timing", {{"ns_per_unit", 0.05}, {"units_per_second", 2e10}}}};
  json records = json::array();
  records.push_back(good);
  records.push_back({{"kernel", 1}, {"params", {{"mode", "word"}, {"order", "sorted"}, {"k", "x"}}}, {"timing", {{"ns_per_unit", "fast"}}}});
  records.push_back({{"kernel", "sparse"}, {"isa", "scalar"}, {"params", {{"mode", "word"}, {"order", "sorted"}, {"k", 2147483647}, {"size", 8}}},
                     {"timing", {{"ns_per_unit", 1.0}, {"units_per_second", 1.0}}}});
  records.push_back({{"timing", json::object()}, {"params", {{"mode", "array"}}}});
  records.push_back(json::array({1, 2}));
  records.push_back("record");
  const json r = handle_request({{"action", "summarize"}, {"puzzle", "popcount"}, {"records", records}});
  ASSERT_TRUE(r.value("ok", false)) << dump_json(r);
  // Only the good record is read: one word-sweep table with one kernel and one k.
  const json& tables = r["summary"]["tables"];
  ASSERT_EQ(tables.size(), 1u) << dump_json(r);
  EXPECT_EQ(tables[0]["header"], json({"k", "builtin"}));
  EXPECT_EQ(tables[0]["rows"], json::array({json({"3", "0.40"})}));
}

// The rounds harness writes round_ns and reference_ns (lists) and settled (a flag) into timings:
// records carrying them are the engine's own and must be summarized, not left out as malformed
// (popcount's tables went empty on the page); a list that is not of numbers is still left out.
TEST(EngineHostile, SummarizeReadsTheRoundsHarnessTimings) {
  json good = {{"puzzle", "popcount"}, {"kernel", "builtin"}, {"isa", "scalar"}, {"session", "run-1"}, {"paired", true},
               {"params", {{"mode", "word"}, {"k", 3}, {"order", "sorted"}, {"size", 16384}, {"offset", 0}, {"seed", 1}}},
               {"timing", {{"ns_per_unit", 0.05}, {"units_per_second", 2e10}, {"round_ns", {800.0, 810.0, 790.0}}, {"reference_ns", {9100.0, 9150.0, 9080.0}}, {"settled", true},
                           {"ci_lo_ns", 780.0}, {"ci_hi_ns", 820.0}}}};
  json bad = good;
  bad["kernel"] = "sparse";
  bad["timing"]["round_ns"] = json::array({"fast"});
  json bad_reference = good;
  bad_reference["kernel"] = "nibble";
  bad_reference["timing"]["reference_ns"] = json::array({json::object()});
  const json r = handle_request({{"action", "summarize"}, {"puzzle", "popcount"}, {"records", {good, bad, bad_reference}}});
  ASSERT_TRUE(r.value("ok", false)) << dump_json(r);
  const json& tables = r["summary"]["tables"];
  ASSERT_EQ(tables.size(), 1u) << dump_json(r);
  EXPECT_EQ(tables[0]["header"], json({"k", "builtin"}));
}

}  // namespace
}  // namespace sp
