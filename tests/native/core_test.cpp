// The generic core: registry, harness, engine. Hostile requests must come back as error
// responses, never as exceptions: the wasm build has no exception handling, so a throw there
// would abort the module.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/engine.h"
#include "core/format.h"
#include "core/harness.h"
#include "core/registry.h"
#include "core/subprocess.h"
#include "core/typed_puzzle.h"

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

// The ISA passes of this binary (`simd-puzzles passes`, which the playground's server asks which
// passes to compile a user's kernel for): each once, in a stable order, with whether this CPU runs
// it by the same gate as its kernels; and every vector kernel comes from one of them.
TEST(Registry, PassesAreListedOnceInOrderWithWhetherThisCpuRunsThem) {
  const auto& passes = registry().passes();
  ASSERT_FALSE(passes.empty());
  std::set<std::string> names;
  for (std::size_t i = 0; i < passes.size(); ++i) {
    EXPECT_TRUE(names.insert(passes[i].name).second) << "twice: " << passes[i].name;
    if (i > 0) {
      EXPECT_LT(std::pair(static_cast<int>(passes[i - 1].isa), passes[i - 1].name),
                std::pair(static_cast<int>(passes[i].isa), passes[i].name));
    }
    EXPECT_EQ(passes[i].runs(), cpu::has(passes[i].needs)) << passes[i].name;
  }
  EXPECT_TRUE(names.count("popcnt"));  // every build compiles the scalar popcnt pass
  const std::set<Isa> vector_isas{Isa::sse41, Isa::avx2, Isa::avx512, Isa::neon, Isa::simd128};
  for (const auto& p : registry().puzzles())
    for (const auto& k : p->kernels()) {
      if (!vector_isas.count(k->info().isa)) continue;
      const bool from_a_pass = std::any_of(passes.begin(), passes.end(), [&](const RegisteredPass& pass) {
        return pass.isa == k->info().isa && pass.needs == k->info().needs;
      });
      EXPECT_TRUE(from_a_pass) << p->info().id << " " << k->key() << " needs " << cpu::feature_names(k->info().needs);
      if (from_a_pass) {
        EXPECT_EQ(k->available(), cpu::has(k->info().needs));
      }
    }
  // Registering a pass again (every puzzle of the pass does) keeps it once.
  Registry r;
  r.add_pass("sse41", Isa::sse41, cpu::kNeedsSse41);
  r.add_pass("popcnt", Isa::scalar, cpu::kPopcnt);
  r.add_pass("sse41", Isa::sse41, cpu::kNeedsSse41);
  ASSERT_EQ(r.passes().size(), 2u);
  EXPECT_EQ(r.passes()[0].name, "popcnt");
  EXPECT_EQ(r.passes()[1].name, "sse41");
  const json j = passes_json();
  ASSERT_EQ(j["passes"].size(), passes.size());
  EXPECT_EQ(j["passes"][0]["name"], passes[0].name);
  EXPECT_EQ(j["passes"][0]["runs"], passes[0].runs());
  EXPECT_EQ(j["arch"], cpu::arch_name());
}

// Bench cases are selected by name (CLI --case) and reports label records with case_name of the
// canonical params, so each case must be valid and named exactly as its records are labelled. (Validation only: preparing every case
// would build popcount's 64 MiB buffers.)
TEST(Registry, BenchCasesAreValidParams) {
  for (const auto& p : registry().puzzles())
    for (const auto& c : p->bench_cases()) {
      auto params = p->canonical_params(c.params);
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

// The harness's logic against a fake clock: an op whose every call advances the clock by a known
// cost, with scripted slow phases. No wall clock is read, so the tests cannot be flaky under load.
class FakeOp final : public Timeable {
 public:
  explicit FakeOp(double& now) : now_(now) {}
  Status run(std::uint64_t reps) override {
    ++batches;
    reps_total += reps;
    now_ += static_cast<double>(reps) * seconds_per_op * slowdown();
    if (fail_after && reps_total > fail_after) return Error{"the fake kernel hit its limit"};
    return success();
  }
  std::uint64_t work_per_op() const override { return 10; }
  // The first `cold_batches` run 2x slower (Liftoff before TurboFan, cold caches); `noise` then
  // scales each batch by a repeatable pseudo-random factor in [1, 1 + noise].
  double slowdown() {
    if (batches <= cold_batches) return 2.0;
    if (speeding_up) return std::pow(0.98, batches);
    if (noise == 0) return 1.0;
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return 1.0 + noise * static_cast<double>(state >> 11) / 9007199254740992.0;
  }
  double& now_;
  double seconds_per_op = 200e-6;
  std::uint64_t fail_after = 0;
  int cold_batches = 0;
  bool speeding_up = false;
  double noise = 0;
  std::uint64_t state = 42;
  int batches = 0;
  std::uint64_t reps_total = 0;
};

HarnessOptions quick_options() {
  HarnessOptions o = HarnessOptions::defaults();
  o.rounds = o.max_rounds = 5;
  o.batch_seconds = 0.004;
  o.seed = 7;
  return o;
}

TEST(Harness, WarmsUpUntilStableThenTakesRoundsOfCalibratedBatches) {
  double now = 100.0;
  FakeOp op(now);
  op.cold_batches = 6;
  HarnessOptions o = quick_options();
  int progress_rounds = 0;
  Expected<Timing> measured = measure(
      op, o, [&](const HarnessProgress& p) {
        if (p.phase == HarnessProgress::Phase::round) progress_rounds = p.round;
      },
      [&] { return now; });
  ASSERT_TRUE(measured) << measured.error();
  const Timing& t = measured.value();
  EXPECT_TRUE(t.settled);
  EXPECT_EQ(t.samples, 5);
  EXPECT_EQ(progress_rounds, 5);
  ASSERT_EQ(t.round_ns.size(), 5u);
  // Calibrated on measured time: one batch of `reps` ops lasts at least the floor.
  EXPECT_GE(static_cast<double>(t.reps_per_sample) * op.seconds_per_op, o.batch_seconds);
  // The cold batches all fell in the warm-up: every round is the warm speed.
  for (double r : t.round_ns) EXPECT_NEAR(r, 200e3, 1);
  EXPECT_NEAR(t.median_ns, 200e3, 1);
  EXPECT_NEAR(t.ns_per_unit, t.median_ns / 10, 1e-6);
  EXPECT_NEAR(t.units_per_second, 10 / 200e-6, 1);
  // A round is one discarded batch and three timed ones.
  EXPECT_GE(op.batches, 6 + 3 + 5 * 4);
}

TEST(Harness, ALongCallIsItsOwnBatchAndNativelyItsOwnWarmUp) {
  double now = 0.0;
  FakeOp op(now);
  op.seconds_per_op = 0.5;
  HarnessOptions o = quick_options();
  o.rounds = o.max_rounds = 3;
  o.long_calls_need_agreement = false;  // native: no tier-up to wait for
  Expected<Timing> t = measure(op, o, {}, [&] { return now; });
  ASSERT_TRUE(t) << t.error();
  EXPECT_TRUE(t.value().settled);
  EXPECT_EQ(t.value().reps_per_sample, 1u);
  EXPECT_EQ(op.batches, 1 + 3);  // one warm-up call, then one call a round: no discarded batch
  // wasm: the first call may have run Liftoff code, so two calls must agree first.
  FakeOp wasm_op(now);
  wasm_op.seconds_per_op = 0.5;
  wasm_op.cold_batches = 1;
  o.long_calls_need_agreement = true;
  o.min_warmup_calls = 2;
  t = measure(wasm_op, o, {}, [&] { return now; });
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(wasm_op.batches, 3 + 3);  // slow, fast, fast (agree), then the rounds
  for (double r : t.value().round_ns) EXPECT_NEAR(r, 0.5e9, 1);
}

TEST(Harness, AWarmUpThatNeverSettlesSaysSo) {
  double now = 0.0;
  FakeOp op(now);
  op.speeding_up = true;  // 2 % faster every batch: no two windows of batches agree within 3 %
  Expected<Timing> t = measure(op, quick_options(), {}, [&] { return now; });
  ASSERT_TRUE(t) << t.error();
  EXPECT_FALSE(t.value().settled);
  EXPECT_FALSE(t.value().to_json()["settled"].get<bool>());
}

TEST(Harness, TheIntervalComesFromTheSpreadBetweenRounds) {
  double now = 0.0;
  FakeOp op(now);
  op.noise = 0.2;
  HarnessOptions o = quick_options();
  o.rounds = o.max_rounds = 10;
  Expected<Timing> t = measure(op, o, {}, [&] { return now; });
  ASSERT_TRUE(t) << t.error();
  const Timing& m = t.value();
  EXPECT_LT(m.ci_lo_ns, m.median_ns);
  EXPECT_GT(m.ci_hi_ns, m.median_ns);
  // The truth (200 us times a mean slowdown of 1.1) is inside; the interval is not the rounds' range.
  EXPECT_LT(m.ci_lo_ns, 220e3);
  EXPECT_GT(m.ci_hi_ns, 220e3);
  const auto [lo, hi] = std::minmax_element(m.round_ns.begin(), m.round_ns.end());
  EXPECT_GT(m.ci_lo_ns, *lo);
  EXPECT_LT(m.ci_hi_ns, *hi);
  const json j = m.to_json();
  EXPECT_EQ(j["round_ns"].size(), 10u);
  EXPECT_DOUBLE_EQ(j["ci_lo_ns"].get<double>(), m.ci_lo_ns);
}

TEST(Harness, AutoSamplingAddsRoundsUntilTheIntervalIsNarrow) {
  double now = 0.0;
  FakeOp op(now);
  op.noise = 1.0;  // batches 1x to 2x: six rounds cannot pin the time to +-5 %
  HarnessOptions o = quick_options();
  o.rounds = 6;
  o.max_rounds = 200;
  Expected<Timing> t = measure(op, o, {}, [&] { return now; });
  ASSERT_TRUE(t) << t.error();
  EXPECT_GT(t.value().samples, 6);
  EXPECT_LT(t.value().samples, 200);
  EXPECT_LE(t.value().ci_hi_ns / t.value().ci_lo_ns, 1.05 * 1.05 + 1e-9);
}

TEST(Harness, AutoSamplingWaitsForTheKernelsNotForAWitness) {
  // A noisy witness (the reference loop's measurement) beside a steady kernel: the minimum rounds
  // are enough, and the witness took one round in each pass, as the kernel did.
  double now = 0.0;
  FakeOp steady(now), noisy(now);
  noisy.noise = 1.0;
  KernelMeasurement kernel, witness;
  kernel.loop = &steady;
  witness.loop = &noisy;
  witness.witness = true;
  std::vector<KernelMeasurement*> both = {&kernel, &witness};
  HarnessOptions o = quick_options();
  o.rounds = 6;
  o.max_rounds = 200;
  Status done = measure_interleaved(both, o, {}, {}, [&] { return now; });
  ASSERT_TRUE(done) << done.error();
  EXPECT_EQ(kernel.timing.round_ns.size(), 6u);
  EXPECT_EQ(witness.timing.round_ns.size(), 6u);
  // Without the flag the noisy one holds the passes open, as any kernel would.
  KernelMeasurement again;
  again.loop = &noisy;
  kernel.timing = Timing{};
  std::vector<KernelMeasurement*> plain = {&kernel, &again};
  done = measure_interleaved(plain, o, {}, {}, [&] { return now; });
  ASSERT_TRUE(done) << done.error();
  EXPECT_GT(kernel.timing.round_ns.size(), 6u);
}

TEST(Harness, TheReferenceLoopIsOneMeasurementPerProcess) {
  KernelMeasurement& reference = reference_measurement();
  EXPECT_EQ(&reference, &reference_measurement());
  EXPECT_TRUE(reference.witness);
  auto loop = make_reference_loop();
  ASSERT_TRUE(loop->run(3)) << "the reference loop ran";
  EXPECT_EQ(loop->work_per_op(), 1u);
}

TEST(Harness, KernelsTakeTheirRoundsInShuffledPasses) {
  // Two kernels on one clock; record which one each timed batch belonged to.
  double now = 0.0;
  FakeOp a(now), b(now);
  std::vector<int> order;
  KernelMeasurement ma, mb;
  ma.loop = &a;
  mb.loop = &b;
  std::vector<KernelMeasurement*> both = {&ma, &mb};
  HarnessOptions o = quick_options();
  o.rounds = o.max_rounds = 12;
  Status done = measure_interleaved(
      both, o, [&](std::size_t i, const HarnessProgress& p) { if (p.phase == HarnessProgress::Phase::round) order.push_back(static_cast<int>(i)); },
      {}, [&] { return now; });
  ASSERT_TRUE(done) << done.error();
  ASSERT_EQ(order.size(), 24u);
  int a_first = 0;
  for (std::size_t pass = 0; pass < 12; ++pass) {
    EXPECT_NE(order[2 * pass], order[2 * pass + 1]) << "each pass has one round of each kernel";
    a_first += order[2 * pass] == 0;
  }
  EXPECT_GT(a_first, 0);
  EXPECT_LT(a_first, 12);
  EXPECT_EQ(ma.timing.samples, 12);
  EXPECT_EQ(mb.timing.samples, 12);
}

TEST(Harness, ACoarseClockNeverOvershootsByMoreThan100xPerStep) {
  // A clock that only ticks in 1 ms steps: batches shorter than a tick read as 0 s.
  double now = 0.0;
  FakeOp op(now);
  op.seconds_per_op = 1e-9;
  HarnessOptions o = quick_options();
  o.batch_seconds = 0.010;
  Expected<Timing> t = measure(op, o, {}, [&] { return std::floor(now * 1000) / 1000; });
  ASSERT_TRUE(t) << t.error();
  EXPECT_GE(static_cast<double>(t.value().reps_per_sample) * 1e-9, 0.010 - 0.001);
  EXPECT_LE(static_cast<double>(t.value().reps_per_sample) * 1e-9, 100 * 0.011 + 0.001);
}

TEST(Harness, AKernelErrorStopsTheMeasurement) {
  double now = 0.0;
  FakeOp op(now);
  op.fail_after = 50;
  Expected<Timing> t = measure(op, quick_options(), {}, [&] { return now; });
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error(), "the fake kernel hit its limit");
}

TEST(Harness, AStopRequestEndsTheMeasurement) {
  double now = 0.0;
  FakeOp op(now);
  KernelMeasurement m;
  m.loop = &op;
  std::vector<KernelMeasurement*> one = {&m};
  Status done = measure_interleaved(one, quick_options(), {}, [&] { return op.batches > 20; }, [&] { return now; });
  ASSERT_FALSE(done);
  EXPECT_EQ(done.error(), "stopped");
  EXPECT_LE(op.batches, 21);
}

TEST(Harness, OptionsAreBounded) {
  EXPECT_TRUE(HarnessOptions::from_json(json()));
  EXPECT_TRUE(HarnessOptions::from_json({{"min_samples", 11}, {"min_sample_ms", 10}}));
  auto o = HarnessOptions::from_json({{"rounds", 6}, {"batch_ms", 2}, {"max_rounds", 30}, {"budget_s", 60}, {"seed", 3}});
  ASSERT_TRUE(o) << o.error();
  EXPECT_EQ(o.value().rounds, 6);
  EXPECT_EQ(o.value().max_rounds, 30);
  EXPECT_EQ(HarnessOptions::from_json({{"rounds", 9}}).value().max_rounds, 9);
  EXPECT_EQ(HarnessOptions::from_json({{"rounds", 9}, {"max_rounds", 4}}).value().max_rounds, 9);
  EXPECT_FALSE(HarnessOptions::from_json({{"min_samples", 1}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"rounds", 2}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_samples", "11"}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_sample_ms", 0.01}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"min_sample_ms", 1e9}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"budget_s", -1}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"seed", -1}}));
  EXPECT_FALSE(HarnessOptions::from_json({{"warp", 1}}));
  EXPECT_FALSE(HarnessOptions::from_json(json::array()));
}

TEST(Harness, StudentsTQuantiles) {
  EXPECT_NEAR(t_quantile_975(1), 12.706, 1e-3);
  EXPECT_NEAR(t_quantile_975(5), 2.571, 1e-3);
  EXPECT_NEAR(t_quantile_975(30), 2.042, 1e-3);
  EXPECT_NEAR(t_quantile_975(40), 2.021, 2e-3);
  EXPECT_NEAR(t_quantile_975(120), 1.980, 2e-3);
  EXPECT_NEAR(t_quantile_975(100000), 1.960, 1e-3);
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

// Every registered puzzle, whatever its folder holds: each kernel this CPU runs answers its
// default case (the case its tab opens on) as the reference and any published answer do. A puzzle
// added under cpp/puzzles/ is run here with no edit to this file (issue 30).
TEST(Registry, EveryKernelAnswersItsPuzzlesDefaultCase) {
  for (const auto& p : registry().puzzles()) {
    const std::string id = p->info().id;
    json r = handle_request({{"action", "run"}, {"puzzle", id}, {"params", json::object()}});
    ASSERT_TRUE(r["ok"].get<bool>()) << id << ": " << r.dump();
    EXPECT_FALSE(r["results"].empty()) << id;
    EXPECT_TRUE(r["failed"].empty()) << id << ": " << r["failed"].dump();
    // The reference kernel is the judge where nothing is published (its `verified` is null then).
    for (const json& record : r["results"])
      EXPECT_TRUE(record["verified"] == json(true) ||
                  (record["verified"].is_null() && record["kernel"] == p->info().reference_kernel))
          << id << " " << record["kernel"] << "/" << record["isa"] << ": " << record["verified"];
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

TEST(Engine, CaseNamesAreLabelsAndKeysAreIdentities) {
  EXPECT_EQ(case_name({{"n", 12}}), "n=12");
  EXPECT_EQ(case_name({{"moves", "R U"}, {"op", "apply"}}), "moves=R U op=apply");
  // Two 51-character move strings that differ only at the end: one label, two keys.
  const std::string stem = "R U F D L B R' U' F' D' L' B' R2 U2 F2 D2 L2 B2 R U ";
  const json f = {{"moves", stem + "F"}}, b = {{"moves", stem + "B"}};
  EXPECT_EQ(case_name(f), case_name(b));
  EXPECT_NE(case_key(f), case_key(b));
  EXPECT_EQ(case_key(f), dump_json(f));
  // A file's bytes are part of its case: same size, different content, different cases.
  EXPECT_NE(case_key(f, true, 3, 1), case_key(f, true, 3, 2));
  EXPECT_NE(case_key(f, true, 0, 0), case_key(f));
}

TEST(Engine, LongCubeInputsStayApartThroughTheEngine) {
  const std::string stem = "R U F D L B R' U' F' D' L' B' R2 U2 F2 D2 L2 B2 R U ";
  json keys = json::array(), facelets = json::array();
  for (const char* last : {"F", "B"}) {
    json r = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", {{"moves", stem + last}}}, {"kernels", {"scalar"}}});
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    keys.push_back(r["results"][0]["case_key"]);
    facelets.push_back(r["results"][0]["answer"]["facelets"]);
    EXPECT_EQ(r["case_key"], r["results"][0]["case_key"]);
    json v = handle_request({{"action", "validate"}, {"puzzle", "cube"}, {"params", {{"moves", stem + last}}}});
    EXPECT_EQ(v["case_key"], r["case_key"]) << v.dump();
  }
  EXPECT_NE(keys[0], keys[1]);
  EXPECT_NE(facelets[0], facelets[1]);
}

TEST(Engine, ValidateReturnsCanonicalParamsOrTheFieldAtFault) {
  json ok = handle_request({{"action", "validate"}, {"puzzle", "nqueens"}, {"params", {{"n", "12"}}}});
  ASSERT_TRUE(ok["ok"].get<bool>()) << ok.dump();
  EXPECT_EQ(ok["params"], json({{"n", 12}}));
  EXPECT_EQ(ok["case"], "n=12");
  EXPECT_EQ(ok["case_key"], "{\"n\":12}");
  json bad = handle_request({{"action", "validate"}, {"puzzle", "nqueens"}, {"params", {{"n", 32.5}}}});
  ASSERT_FALSE(bad["ok"].get<bool>());
  EXPECT_EQ(bad["field"], "n");
  json batch = handle_request({{"action", "validate"}, {"puzzle", "nqueens"}, {"cases", {{{"n", 8}}, {{"n", 99}}, {{"x", 1}}}}});
  ASSERT_TRUE(batch["ok"].get<bool>()) << batch.dump();
  ASSERT_EQ(batch["cases"].size(), 3u);
  EXPECT_TRUE(batch["cases"][0]["ok"].get<bool>());
  EXPECT_FALSE(batch["cases"][1]["ok"].get<bool>());
  EXPECT_FALSE(batch["cases"][2]["ok"].get<bool>());
  EXPECT_FALSE(handle_request({{"action", "validate"}, {"puzzle", "nqueens"}, {"cases", "n=8"}})["ok"].get<bool>());
}

// validate answers the case's own work unit, the one its records carry (issue 17: chess attack
// cases were announced in the puzzle's "nodes" and then recorded in "lookups").
TEST(Engine, ValidateAnswersTheWorkUnitTheCasesRecordsCarry) {
  const json attacks = {{"mode", "attacks"}, {"piece", "rook"}, {"measure", "throughput"}};
  const json perft = {{"mode", "perft"}, {"fen", "startpos"}, {"depth", 2}};
  for (const auto& [params, unit] : {std::pair{attacks, "lookups"}, std::pair{perft, "nodes"}}) {
    const json v = handle_request({{"action", "validate"}, {"puzzle", "chess"}, {"params", params}});
    ASSERT_TRUE(v["ok"].get<bool>()) << v.dump();
    EXPECT_EQ(v["work_unit"], unit) << params.dump();
    const json batch = handle_request({{"action", "validate"}, {"puzzle", "chess"}, {"cases", {params}}});
    EXPECT_EQ(batch["cases"][0]["work_unit"], unit) << batch.dump();
    const json run = handle_request({{"action", "run"}, {"puzzle", "chess"}, {"params", params}, {"kernels", {"all"}}});
    ASSERT_TRUE(run["ok"].get<bool>()) << run.dump();
    EXPECT_EQ(run["work_unit"], unit);
    ASSERT_FALSE(run["results"].empty());
    for (const json& r : run["results"]) EXPECT_EQ(r["work_unit"], unit) << r["kernel"];
  }
  // A puzzle with one unit keeps it.
  const json q = handle_request({{"action", "validate"}, {"puzzle", "nqueens"}, {"params", {{"n", 8}}}});
  EXPECT_EQ(q["work_unit"], "nodes");
}

TEST(Registry, KernelOrderNamesEveryKernel) {
  // The catalog's kernel_order is how the page checks kernel ids in data from elsewhere (a native
  // report names kernels a wasm build lacks): every registered kernel must be in it.
  for (const auto& p : registry().puzzles())
    for (const auto& k : p->kernels())
      EXPECT_NE(std::find(p->info().kernel_order.begin(), p->info().kernel_order.end(), k->info().id), p->info().kernel_order.end())
          << p->info().id << ": " << k->info().id;
  const json catalog = handle_request({{"action", "catalog"}});
  EXPECT_EQ(catalog["puzzles"][0]["kernel_order"], json(registry().puzzles()[0]->info().kernel_order));
}

TEST(Engine, ValidateTakesADeclaredFileInPlaceOfItsBytes) {
  const std::uint8_t bytes[] = {1, 2, 3};
  const json params = {{"mode", "array"}};
  json real = handle_request({{"action", "validate"}, {"puzzle", "popcount"}, {"params", params}}, Input::file(bytes));
  ASSERT_TRUE(real["ok"].get<bool>()) << real.dump();
  EXPECT_EQ(real["input"]["bytes"], 3);
  json declared = handle_request({{"action", "validate"}, {"puzzle", "popcount"}, {"params", params}, {"input", real["input"]}});
  EXPECT_EQ(declared["case_key"], real["case_key"]) << declared.dump();
  EXPECT_EQ(declared["case"], real["case"]);
  // The batch form, as the page checks a link's records: one declared file, one generated case.
  json batch = handle_request({{"action", "validate"}, {"puzzle", "popcount"}, {"cases", {params, params}}, {"inputs", {real["input"], nullptr}}});
  ASSERT_TRUE(batch["ok"].get<bool>()) << batch.dump();
  EXPECT_EQ(batch["cases"][0]["case_key"], real["case_key"]);
  EXPECT_NE(batch["cases"][1]["case_key"], real["case_key"]);
  EXPECT_FALSE(batch["cases"][1].contains("input"));
  for (const json& bad : {json("abc"), json({{"bytes", 3}}), json({{"bytes", -1}, {"fnv1a64", "0123456789abcdef"}}),
                          json({{"bytes", 3}, {"fnv1a64", "0123456789ABCDEF"}}), json({{"bytes", 3}, {"fnv1a64", "12"}})}) {
    json r = handle_request({{"action", "validate"}, {"puzzle", "popcount"}, {"params", params}, {"input", bad}});
    EXPECT_FALSE(r["ok"].get<bool>()) << bad.dump();
  }
  EXPECT_FALSE(handle_request({{"action", "validate"}, {"puzzle", "popcount"}, {"cases", {params}}, {"inputs", json::array()}})["ok"].get<bool>());
}

TEST(Engine, KnownComparesAnswersWithThePublishedOneOrTheReference) {
  const json request = {{"action", "known"},
                        {"puzzle", "nqueens"},
                        {"cases",
                         {{{"params", {{"n", 8}}}, {"answers", {{{"total", 92}, {"unique", 12}}, {{"total", 999}, {"unique", 12}}}}},
                          {{"params", {{"n", "32.5"}}}, {"answers", json::array()}},
                          {{"params", {{"n", 20}}}, {"answers", {{{"total", 1}, {"unique", 1}}}}}}}};
  json r = handle_request(request);
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  const json& n8 = r["cases"][0];
  EXPECT_EQ(n8["case_key"], "{\"n\":8}");
  EXPECT_EQ(n8["known"]["answer"], json({{"total", 92}, {"unique", 12}}));
  EXPECT_EQ(n8["compared_with"], "known");
  EXPECT_EQ(n8["verdicts"], json({true, false}));
  EXPECT_FALSE(r["cases"][1]["ok"].get<bool>());
  EXPECT_EQ(r["cases"][1]["field"], "n");
  // A case nobody has published an answer for, and no reference given: no verdict at all.
  const json& cube = handle_request({{"action", "known"},
                                     {"puzzle", "cube"},
                                     {"cases",
                                      {{{"params", {{"moves", "R"}}}, {"answers", {{{"facelets", "x"}}}}},
                                       {{"params", {{"moves", "R"}}}, {"answers", {{{"facelets", "x"}}, {{"facelets", "y"}}}}, {"reference", {{"facelets", "y"}}}}}}});
  ASSERT_TRUE(cube["ok"].get<bool>()) << cube.dump();
  EXPECT_TRUE(cube["cases"][0]["known"].is_null());
  EXPECT_TRUE(cube["cases"][0]["compared_with"].is_null());
  EXPECT_EQ(cube["cases"][0]["verdicts"], json::array({nullptr}));
  EXPECT_EQ(cube["cases"][1]["compared_with"], "reference");
  EXPECT_EQ(cube["cases"][1]["verdicts"], json({false, true}));
  // Popcount publishes the generator's count; a declared file is never prepared.
  json pc = handle_request({{"action", "known"},
                            {"puzzle", "popcount"},
                            {"cases",
                             {{{"params", {{"mode", "array"}, {"size", 64}, {"k", 3}}}, {"answers", {{{"bits", 24}}, {{"bits", 25}}}}},
                              {{"params", {{"mode", "array"}}}, {"input", {{"bytes", 5}, {"fnv1a64", "0000000000000001"}}}, {"answers", {{{"bits", 1}}}}}}}});
  ASSERT_TRUE(pc["ok"].get<bool>()) << pc.dump();
  EXPECT_EQ(pc["cases"][0]["verdicts"], json({true, false}));
  EXPECT_TRUE(pc["cases"][1]["known"].is_null());
  EXPECT_EQ(pc["cases"][1]["verdicts"], json::array({nullptr}));
  for (const json& bad : {json("x"), json::array({1}), json::array({{{"params", {{"n", 8}}}, {"answers", "x"}}})}) {
    json b = handle_request({{"action", "known"}, {"puzzle", "nqueens"}, {"cases", bad}});
    EXPECT_TRUE(!b["ok"].get<bool>() || !b["cases"][0]["ok"].get<bool>()) << bad.dump();
  }
}

TEST(Format, NumbersReadTheSameEverywhere) {
  EXPECT_EQ(format_duration_ns(0.4123), "0.412 ns");
  EXPECT_EQ(format_duration_ns(812), "812.0 ns");
  EXPECT_EQ(format_duration_ns(3412), "3.41 µs");
  EXPECT_EQ(format_duration_ns(12.34e6), "12.3 ms");
  EXPECT_EQ(format_duration_ns(1.2044e9), "1.204 s");
  EXPECT_EQ(format_rate(1.234e9), "1.23 G");
  EXPECT_EQ(format_rate(12345), "12.3 k");
  EXPECT_EQ(format_count(1234567), "1,234,567");
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_fixed(3.14159, 2), "3.14");
  EXPECT_EQ(format_percent(1, 8), "12.5%");
  EXPECT_EQ(format_percent(100, 125, 0), "80%");
  EXPECT_EQ(format_percent(1, 0), "–");
  EXPECT_EQ(format_ratio(0.8512), "0.85×");
  EXPECT_EQ(format_ratio(std::nan("")), "–");
  EXPECT_EQ(format_bytes(16384), "16 KiB");
  EXPECT_EQ(format_bytes(64 << 20), "64 MiB");
  EXPECT_EQ(format_bytes(1000), "1000 B");
  EXPECT_EQ(format_answer({{"total", 92}, {"unique", 12}}), "total=92 unique=12");
  EXPECT_EQ(format_verified({{"verified", true}}), "✓");
  EXPECT_EQ(format_verified({{"verified", nullptr}, {"verified_by", kIsTheReference}}), "ref");
  EXPECT_EQ(format_verified({{"verified", nullptr}, {"verified_by", "unchecked: the reference ray-walk/scalar could not run: over its budget"}}), "–");
}

TEST(Params, FlagsTakeBooleansAndTheirSpelling) {
  const ParamSchema schema = {ParamSpec::flag("divide", "per-move counts", false)};
  EXPECT_EQ(validate_params(schema, json::object()).value(), json({{"divide", false}}));
  EXPECT_EQ(validate_params(schema, {{"divide", true}}).value(), json({{"divide", true}}));
  EXPECT_EQ(validate_params(schema, {{"divide", "true"}}).value(), json({{"divide", true}}));
  EXPECT_EQ(validate_params(schema, {{"divide", "false"}}).value(), json({{"divide", false}}));
  for (const json& bad : {json(1), json("yes"), json(nullptr), json::array()}) {
    auto r = validate_params(schema, {{"divide", bad}});
    ASSERT_FALSE(r) << bad.dump();
    EXPECT_EQ(r.error(), "divide must be true or false");
    EXPECT_EQ(r.error_detail().field, "divide");
  }
  EXPECT_EQ(schema_to_json(schema)[0]["kind"], "flag");
}

// ---- workspaces and kernel errors, on a toy puzzle that is never registered -------------------

// Sums 1..n with a table kept in its workspace; counts how often the workspace is made and reset,
// and fails when n is over a limit (the way a real kernel reports a memory cap).
struct Toy {
  struct Case {
    int n = 0;
  };
  struct Answer {
    std::uint64_t sum = 0;
  };
  struct Workspace {
    Workspace() { ++created; }
    std::vector<std::uint64_t> table;
    int resets = 0;
    bool clean = false;
    static inline int created = 0;
  };
  using KernelImpl = int;  // the limit
  static PuzzleInfo info() { return {"toy", "Toy", "sums", "", "additions", "sum", {"sum"}}; }
  static ParamSchema schema() { return {ParamSpec::integer("n", "terms", 0, 1000000, 10)}; }
  static std::vector<NamedCase> cases() { return {{"n=10", {{"n", 10}}}}; }
  static Expected<Case> prepare(const json& params, const Input&) { return Case{params.at("n").get<int>()}; }
  static void reset(Workspace& w, const Case&) {
    ++w.resets;
    w.clean = true;
  }
  static Expected<Result<Answer>> run(int limit, const Case& c, Workspace& w) {
    if (!w.clean) return Error{"called without a reset"};
    w.clean = false;
    if (c.n > limit) return Error{"n is over this kernel's limit of " + std::to_string(limit)};
    w.table.resize(static_cast<std::size_t>(c.n));  // grows on the first call only
    std::uint64_t sum = 0;
    for (int i = 0; i < c.n; ++i) sum += w.table[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(i) + 1;
    return Result<Answer>{{sum}, static_cast<std::uint64_t>(c.n)};
  }
  static json answer_json(const Answer& a) { return {{"sum", a.sum}}; }
  static std::optional<KnownAnswer> known(const Case&) { return std::nullopt; }
  static json illustrate(const Case&) { return nullptr; }
};

TEST(Kernels, EveryCallStartsFromAResetWorkspaceMadeOutsideTiming) {
  TypedPuzzle<Toy> puzzle;
  TypedKernel<Toy> kernel({"sum", Isa::scalar, 0, "sums"}, 1000);
  auto prepared = puzzle.prepare({{"n", 100}});
  ASSERT_TRUE(prepared) << prepared.error();

  auto once = kernel.run(*prepared.value());
  ASSERT_TRUE(once) << once.error();
  EXPECT_EQ(once.value().answer, json({{"sum", 5050}}));

  Toy::Workspace::created = 0;
  auto timeable = kernel.timeable(*prepared.value());
  ASSERT_TRUE(timeable) << timeable.error();
  EXPECT_EQ(Toy::Workspace::created, 1);  // made with the loop, before any timing
  EXPECT_EQ(timeable.value()->work_per_op(), 100u);
  ASSERT_TRUE(timeable.value()->run(7));
  ASSERT_TRUE(timeable.value()->run(5));
  EXPECT_EQ(Toy::Workspace::created, 1);  // reused, never remade
}

TEST(Kernels, ResetsAreCountedPerCall) {
  TypedPuzzle<Toy> puzzle;
  auto prepared = puzzle.prepare({{"n", 10}});
  ASSERT_TRUE(prepared);
  Toy::Workspace w;
  const auto& c = TypedPuzzle<Toy>::unwrap(*prepared.value());
  for (int i = 0; i < 25; ++i) ASSERT_TRUE(call_kernel<Toy>(1000, c, w));
  EXPECT_EQ(w.resets, 25);
}

TEST(Kernels, AKernelErrorIsAValueInRunAndInTiming) {
  TypedPuzzle<Toy> puzzle;
  TypedKernel<Toy> small({"sum", Isa::scalar, 0, "sums"}, 50);
  auto prepared = puzzle.prepare({{"n", 100}});
  ASSERT_TRUE(prepared);
  auto r = small.run(*prepared.value());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "n is over this kernel's limit of 50");
  auto t = small.timeable(*prepared.value());
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error(), "n is over this kernel's limit of 50");
}

}  // namespace
}  // namespace sp

// ---- peers: a line conversation with an external program ---------------------------------------

namespace sp {
namespace {

TEST(Subprocess, TalksLinesWithAProgramAndReportsItsEnd) {
  if (!Subprocess::supported()) GTEST_SKIP() << "no subprocesses in this build";
  const std::string cat = Subprocess::find_program({"/bin/cat", "/usr/bin/cat"});
  ASSERT_FALSE(cat.empty());
  Subprocess p;
  ASSERT_TRUE(p.start(cat));
  ASSERT_TRUE(p.write("position startpos\ngo perft 1\n"));
  EXPECT_EQ(p.read_line(2000).value(), "position startpos");
  EXPECT_EQ(p.read_line(2000).value(), "go perft 1");
  auto silent = p.read_line(50);
  ASSERT_FALSE(silent);
  EXPECT_NE(silent.error().find("wrote nothing for 50 ms"), std::string::npos);
  p.stop();
  EXPECT_FALSE(p.running());

  Subprocess gone;
  ASSERT_TRUE(gone.start(Subprocess::find_program({"/bin/true", "/usr/bin/true"})));
  auto ended = gone.read_line(2000);
  ASSERT_FALSE(ended);
  EXPECT_EQ(ended.error(), "the program ended");
  EXPECT_FALSE(Subprocess().start("/nonexistent/program"));
  EXPECT_EQ(Subprocess::find_program({"/nonexistent/a", "/nonexistent/b"}), "");
}

}  // namespace
}  // namespace sp
