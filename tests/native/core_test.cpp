// The generic core: registry, harness, engine. Hostile requests must come back as error
// responses, never as exceptions: the wasm build has no exception handling, so a throw there
// would abort the module.

#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "core/engine.h"
#include "core/harness.h"
#include "core/registry.h"

namespace sp {
namespace {

TEST(Registry, CatalogListsPuzzlesKernelsAndSchemas) {
  json c = catalog_json();
  ASSERT_TRUE(c["puzzles"].is_array());
  std::set<std::string> ids;
  for (const auto& p : c["puzzles"]) {
    ids.insert(p["id"].get<std::string>());
    EXPECT_FALSE(p["title"].get<std::string>().empty());
    EXPECT_FALSE(p["work_unit"].get<std::string>().empty());
    EXPECT_TRUE(p["params"].is_array());
    EXPECT_FALSE(p["bench_cases"].empty());
    std::set<std::string> keys;
    bool has_reference = false;
    for (const auto& k : p["kernels"]) {
      EXPECT_TRUE(keys.insert(k["key"].get<std::string>()).second) << "duplicate " << k["key"];
      if (k["id"] == p["reference_kernel"] && k["isa"] == "scalar") has_reference = true;
    }
    EXPECT_TRUE(has_reference) << p["id"];
  }
  EXPECT_TRUE(ids.count("nqueens"));
}

// Bench cases are matched by name (CLI --case, the page, native vs wasm), so each must be valid
// and named exactly as the engine names its params. (Validation only: preparing every case
// would build popcount's 64 MiB buffers.)
TEST(Registry, BenchCasesAreValidParams) {
  for (const auto& p : registry().puzzles())
    for (const auto& c : p->bench_cases()) {
      auto params = validate_params(p->params(), c.params);
      ASSERT_TRUE(params) << p->info().id << " " << c.name << ": " << params.error();
      EXPECT_EQ(case_name(params.value()), c.name) << p->info().id;
    }
}

TEST(Harness, MedianAndMad) {
  EXPECT_DOUBLE_EQ(median_of({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median_of({4, 1, 2, 3}), 2.5);
  EXPECT_DOUBLE_EQ(mad_of({1, 2, 3, 4, 100}, 3), 1);
  EXPECT_DOUBLE_EQ(median_of({}), 0);
}

// A fake op of known cost: the harness must calibrate it to >= min_sample and report it.
class Sleeper final : public Timeable {
 public:
  void run(std::uint64_t reps) override {
    calls_ += 1;
    std::this_thread::sleep_for(std::chrono::microseconds(200 * reps));
  }
  std::uint64_t work_per_op() const override { return 10; }
  int calls_ = 0;
};

TEST(Harness, CalibratesSamplesToTheFloorAndCountsWork) {
  Sleeper op;
  HarnessOptions o = HarnessOptions::defaults();
  o.min_samples = 5;
  o.min_sample_seconds = 0.004;
  o.min_warmup_seconds = 0;
  int progress_samples = 0;
  Timing t = measure(op, o, [&](const HarnessProgress& p) {
    if (p.phase == HarnessProgress::Phase::sample) progress_samples = p.sample;
  });
  EXPECT_EQ(t.samples, 5);
  EXPECT_EQ(progress_samples, 5);
  EXPECT_GE(t.reps_per_sample * 200e3, 0.004 * 1e9 * 0.9);  // a sample lasts >= the floor
  EXPECT_GE(t.median_ns, 200e3);                              // >= 200 us per op
  EXPECT_NEAR(t.ns_per_unit, t.median_ns / 10, 1e-6);
  EXPECT_GE(op.calls_, o.min_warmup_calls + 5);
}

TEST(Harness, OptionsAreBounded) {
  EXPECT_TRUE(HarnessOptions::from_json(json()));
  EXPECT_TRUE(HarnessOptions::from_json({{"min_samples", 11}, {"min_sample_ms", 10}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_samples", 1}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_samples", "11"}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_sample_ms", 0.01}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_sample_ms", 1e9}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"warp", 1}}));
  EXPECT_FALSE(HarnessOptions::from_json(json::array()));
}

TEST(Harness, TimerResolutionIsMeasured) {
  double r = timer_resolution_ns();
  EXPECT_GT(r, 0);
  EXPECT_LT(r, 1e8);
}

TEST(Engine, HostileRequestsGetMessagesNotExceptions) {
  const std::vector<std::pair<json, std::string>> cases = {
      {json::array(), "request must be a JSON object"},
      {json("run"), "request must be a JSON object"},
      {json::object(), "request needs an action"},
      {{{"action", 5}}, "request needs an action"},
      {{{"action", "explode"}}, "unknown action 'explode'"},
      {{{"action", "run"}}, "puzzle must be a puzzle id"},
      {{{"action", "run"}, {"puzzle", 7}}, "puzzle must be a puzzle id"},
      {{{"action", "run"}, {"puzzle", "<script>alert(1)</script>"}}, "unknown puzzle"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"params", {{"n", 99}}}}, "n must be in 1..20"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"kernels", "all"}}, "kernels must be a list"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"kernels", json::array()}}, "no kernel selected"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"kernels", {1, 2}}}, "kernel names must be"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"kernels", {std::string(100, 'x')}}}, "kernel names must be"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"kernels", {"simd-lanes/sse9"}}}, "unknown kernel"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"time", "yes"}}, "time must be true or false"},
      {{{"action", "run"}, {"puzzle", "nqueens"}, {"harness", {{"min_samples", -1}}}}, "min_samples"},
      {{{"action", "bench"}, {"puzzles", {"nqueens"}}, {"cases", {"n=3"}}}, "unknown bench case 'n=3'"},
      {{{"action", "bench"}, {"puzzles", "nqueens"}}, "puzzles must be a list"},
      {{{"action", "bench"}, {"puzzles", {"nope"}}}, "unknown puzzle 'nope'"},
  };
  for (const auto& [request, message] : cases) {
    json r;
    ASSERT_NO_THROW(r = handle_request(request)) << request.dump();
    ASSERT_FALSE(r["ok"].get<bool>()) << request.dump();
    EXPECT_NE(r["error"].get<std::string>().find(message), std::string::npos)
        << r["error"] << " for " << request.dump();
  }
}

TEST(Engine, KernelSelection) {
  json r = handle_request({{"action", "run"},
                           {"puzzle", "nqueens"},
                           {"params", {{"n", 5}}},
                           {"kernels", {"symmetry", "bitmask-recursive/scalar", "symmetry"}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_EQ(r["results"].size(), 2u);  // de-duplicated, in the puzzle's order
  EXPECT_EQ(r["results"][0]["kernel"], "bitmask-recursive");
  EXPECT_EQ(r["results"][1]["kernel"], "symmetry");
}

TEST(Engine, UnavailableKernelsAreSkippedWithAReason) {
  json r = handle_request({{"action", "run"}, {"puzzle", "nqueens"}, {"params", {{"n", 5}}}});
  ASSERT_TRUE(r["ok"].get<bool>());
  for (const auto& s : r["skipped"]) EXPECT_NE(s["reason"].get<std::string>().find("lacks"), std::string::npos);
  std::size_t listed = r["results"].size() + r["skipped"].size();
  EXPECT_EQ(listed, registry().find("nqueens")->kernels().size());
}

TEST(Engine, BenchProducesAReportWithEnvironment) {
  int events = 0;
  json r = handle_request({{"action", "bench"},
                           {"puzzles", {"nqueens"}},
                           {"cases", {"n=8"}},
                           {"kernels", {"bitmask-recursive"}},
                           {"harness", {{"min_samples", 3}, {"min_sample_ms", 1}}}},
                          {}, [&](const json&) { ++events; });
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  const json& report = r["report"];
  EXPECT_EQ(report["schema"], kReportSchema);
  for (const char* key : {"side", "build", "arch", "cpu", "features", "compiler", "flags", "timer_resolution_ns", "date"})
    EXPECT_TRUE(report["environment"].contains(key)) << key;
  ASSERT_EQ(report["records"].size(), 1u);
  EXPECT_EQ(report["records"][0]["case"], "n=8");
  EXPECT_TRUE(report["records"][0].contains("timing"));
  EXPECT_GE(events, 4);  // verify, warm-up, 3 samples
}

TEST(Engine, IllustrateWithoutRunning) {
  json r = handle_request({{"action", "illustrate"}, {"puzzle", "nqueens"}, {"params", {{"n", 20}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["case"], "n=20");
  EXPECT_EQ(r["illustration"]["solution"].size(), 20u);
  json bad = handle_request({{"action", "illustrate"}, {"puzzle", "nqueens"}, {"params", {{"n", 0}}}});
  EXPECT_FALSE(bad["ok"].get<bool>());
}

TEST(Engine, CaseNames) {
  EXPECT_EQ(case_name({{"n", 12}}), "n=12");
  EXPECT_EQ(case_name({{"moves", "R U"}, {"op", "apply"}}), "moves=R U op=apply");
  EXPECT_EQ(case_name({{"moves", std::string(100, 'R')}}).size(), std::string("moves=").size() + 48);
}

}  // namespace
}  // namespace sp
