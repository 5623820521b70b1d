// Cephalopod kernels: every kernel this machine runs, on every ISA this build has, against the
// published answers (the 12 official tests, the empty board at every depth, hand-made cases) and
// against the reference on random boards. The same binary runs under qemu-aarch64 for NEON.

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <random>

#include "core/cpu.h"
#include "core/engine.h"
#include "core/registry.h"
#include "core/typed_puzzle.h"
#include "cephalopod_test_cases.h"
#include "puzzles/cephalopod/cephalopod.h"
#include "test_util.h"

namespace sp::cephalopod {
namespace {

// Every registered kernel this CPU runs, called directly (its typed function and a workspace of
// the test's choosing) so that tests can reuse workspaces and shrink their memory caps.
struct TestKernel {
  std::string key;
  KernelFn fn;
  KernelInfo info;
};
std::vector<TestKernel> kernels() {
  std::vector<TestKernel> out;
  for (const auto& k : puzzle().kernels())
    if (k->available()) out.push_back({k->key(), static_cast<const TypedKernel<Cephalopod>&>(*k).impl(), k->info()});
  return out;
}
bool is_reference(const TestKernel& k) { return k.key.rfind("reference/", 0) == 0; }

Answer solve(const TestKernel& k, const Case& c, Workspace& ws) {
  auto r = k.fn(c, ws);
  EXPECT_TRUE(r) << k.key << ": " << (r ? "" : r.error());
  return r ? r.value().answer : Answer{};
}

const json& vectors() {
  static const json doc = test::load_data("cephalopod_vectors.json");
  return doc;
}

TEST(CephalopodKernels, EveryIsaThisBuildHasIsRegistered) {
  std::set<std::string> keys;
  for (const auto& k : puzzle().kernels()) keys.insert(k->key());
  for (const char* k : {"reference/scalar", "swar-bfs/scalar", "swar-bfs-sym/scalar", "dfs-cache/scalar", "layered/scalar"})
    EXPECT_TRUE(keys.count(k)) << k;
#if defined(__x86_64__)
  for (const char* k : {"lanes/sse4.1", "lanes/avx2", "lanes/avx512", "simd-dfs/sse4.1", "simd-dfs/avx2", "layered/sse4.1",
                        "layered/avx2", "layered/avx512"})
    EXPECT_TRUE(keys.count(k)) << k;
#elif defined(__aarch64__)
  for (const char* k : {"lanes/neon", "simd-dfs/neon", "layered/neon"}) EXPECT_TRUE(keys.count(k)) << k;
#endif
  EXPECT_EQ(puzzle().info().reference_kernel, "reference");
  EXPECT_EQ(kernels().front().key, "reference/scalar");
}

TEST(CephalopodKernels, HandMadeCasesDepthZeroAndAFullBoard) {
  for (const auto& k : kernels()) {
    auto ws = std::make_unique<Workspace>();
    for (const auto& t : vectors()["hand_made"]) {
      const Case c = make_case(t["depth"].get<int>(), t["board"].get<std::string>());
      EXPECT_EQ(solve(k, c, *ws).sum, t["expected"].get<std::uint32_t>()) << k.key << " " << t["board"] << " depth " << t["depth"];
    }
  }
}

TestKernel kernel(const std::string& key) {
  for (const auto& k : kernels())
    if (k.key == key) return k;
  ADD_FAILURE() << "no runnable kernel " << key;
  return {};
}

// Kernels that expand a board once for every depth it is reached at (the DFS family) or merge
// boards without symmetry: their sweeps past depth 30 take seconds each (about 90 % of what the
// whole suite took), so `npm test` runs them to depth 30 and the `slow` label (npm run
// test:full) runs the rest. The code those depths exercise (table growth, epoch wraps, the
// memory cap) is what every kernel also runs at depth 40 in WorkspacesSurviveManyCallsAndEpochWraps
// and what the fast kernels sweep here to depth 40.
bool sweeps_slowly(const KernelInfo& k) { return k.id == "swar-bfs" || k.id == "dfs-cache" || k.id == "simd-dfs"; }
constexpr int kQuickSweepDepth = 30;

// The empty board is the heaviest public input: every kernel at every depth (the deep ones only
// outside quick mode, where qemu and the sanitizers make them minutes long), the reference up to
// the depth its memory cap allows. One test per kernel.
void sweep_empty_board(const TestKernel& k, int from_depth, int to_depth) {
  auto ws = std::make_unique<Workspace>();
  for (const auto& t : vectors()["empty_board"]) {
    const int depth = t["depth"].get<int>();
    if (depth < from_depth) continue;
    if (depth > to_depth) break;
    const Answer a = solve(k, make_case(depth, "000000000"), *ws);
    EXPECT_EQ(a.sum, t["expected"].get<std::uint32_t>()) << k.key << " depth " << depth;
    if (is_reference(k)) {
      EXPECT_EQ(a.distinct_finals, t["distinct_finals"].get<std::uint64_t>()) << "depth " << depth;
    }
  }
}

// The sparse bench boards (answers from the reference run once without its memory cap).
void solve_sparse_heavy_boards(const TestKernel& k) {
  auto ws = std::make_unique<Workspace>();
  for (const auto& t : vectors()["sparse_heavy"]["cases"]) {
    const Case c = make_case(t["depth"].get<int>(), t["board"].get<std::string>());
    EXPECT_EQ(solve(k, c, *ws).sum, t["expected"].get<std::uint32_t>()) << k.key << " " << t["board"];
  }
}

class CephalopodKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(CephalopodKernel, EmptyBoardAtEveryDepth) {
  const TestKernel k = kernel(GetParam());
  int deepest = test::quick_mode() ? 12 : 40;
  if (is_reference(k)) deepest = std::min(deepest, 14);
  if (sweeps_slowly(k.info)) deepest = std::min(deepest, kQuickSweepDepth);
  sweep_empty_board(k, 0, deepest);
}

// One test per kernel, so that the heaviest (the reference) is not every other kernel's critical
// path. Under qemu and the sanitizers the reference and the slow kernels skip the four tests past
// depth 24 (tens of seconds each there): the native layer runs all 12 with every kernel, and the
// fast kernels run all 12 everywhere, so the deep code paths are still checked instrumented.
TEST_P(CephalopodKernel, TheTwelveOfficialTests) {
  const TestKernel k = kernel(GetParam());
  const bool trim = test::quick_mode() && (is_reference(k) || sweeps_slowly(k.info));
  ASSERT_EQ(vectors()["official"].size(), 12u);
  auto ws = std::make_unique<Workspace>();  // one workspace for all 12: reuse must not leak state
  for (const auto& t : vectors()["official"]) {
    if (trim && t["depth"].get<int>() > 24) continue;
    const Case c = make_case(t["depth"].get<int>(), t["board"].get<std::string>());
    const Answer a = solve(k, c, *ws);
    EXPECT_EQ(a.sum, t["expected"].get<std::uint32_t>()) << k.key << " test " << t["test"];
    if (is_reference(k)) {
      EXPECT_EQ(a.distinct_finals, t["distinct_finals"].get<std::uint64_t>()) << "test " << t["test"];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, CephalopodKernel, ::testing::ValuesIn(test::runnable_kernel_keys("cephalopod")),
                         test::kernel_param_name);

// The sparse heavy boards for the kernels that take well under a second a board (the reference's
// memory cap keeps it out; the slow kernels are in CephalopodSlowKernel).
class CephalopodFastKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(CephalopodFastKernel, SparseHeavyBoards) {
  if (test::quick_mode()) GTEST_SKIP() << "a million boards per depth: minutes under qemu and sanitizers";
  solve_sparse_heavy_boards(kernel(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Kernels, CephalopodFastKernel,
                         ::testing::ValuesIn(test::runnable_kernel_keys(
                             "cephalopod", [](const KernelInfo& k) { return k.id != "reference" && !sweeps_slowly(k); })),
                         test::kernel_param_name);

// What `npm test` leaves out of the slow kernels' sweeps (see sweeps_slowly).
class CephalopodSlowKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(CephalopodSlowKernel, EmptyBoardPastDepth30) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1";
  sweep_empty_board(kernel(GetParam()), kQuickSweepDepth + 1, 40);
}

TEST_P(CephalopodSlowKernel, SparseHeavyBoards) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1";
  solve_sparse_heavy_boards(kernel(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Kernels, CephalopodSlowKernel,
                         ::testing::ValuesIn(test::runnable_kernel_keys("cephalopod", sweeps_slowly)),
                         test::kernel_param_name);

// At least 300 random boards with 0..8 dice at depths 1..14, every kernel against the reference.
TEST(CephalopodKernels, RandomBoardsAgreeWithTheReference) {
  // Under ASan and qemu (quick mode) 60 boards still take every kernel through every path (the
  // native tree runs all 360); at 120 this one test took 63 s of the sanitize layer.
  const int boards = test::quick_mode() ? 60 : 360;
  std::mt19937 rng(2025);
  std::vector<Case> cases;
  for (int i = 0; i < boards; ++i) {
    const auto d = random_digits(rng, i % 9);
    Case c;
    c.depth = 1 + static_cast<int>(rng() % 14);
    c.digits = d;
    c.board = encode(d);
    cases.push_back(c);
  }
  const auto all = kernels();
  auto ref_ws = std::make_unique<Workspace>();
  std::vector<std::uint32_t> expected;
  for (const Case& c : cases) expected.push_back(solve(all[0], c, *ref_ws).sum);
  for (const auto& k : all) {
    if (is_reference(k)) continue;
    auto ws = std::make_unique<Workspace>();
    int wrong = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const std::uint32_t got = solve(k, cases[i], *ws).sum;
      if (got != expected[i] && wrong++ < 5)
        ADD_FAILURE() << k.key << " " << board_digits(cases[i].digits) << " depth " << cases[i].depth << ": " << got
                      << " != " << expected[i];
    }
    EXPECT_EQ(wrong, 0) << k.key;
  }
}

// More levels than the 31 epochs a level table tags its keys with, across calls on one workspace.
TEST(CephalopodKernels, WorkspacesSurviveManyCallsAndEpochWraps) {
  for (const auto& k : kernels()) {
    if (is_reference(k)) continue;
    auto ws = std::make_unique<Workspace>();
    for (int round = 0; round < 4; ++round) {
      EXPECT_EQ(solve(k, make_case(40, "004024134"), *ws).sum, 521112022u) << k.key;
      EXPECT_EQ(solve(k, make_case(8, "606000615"), *ws).sum, 76092874u) << k.key;
      EXPECT_EQ(solve(k, make_case(11, "000000000"), *ws).sum, 521847116u) << k.key;
    }
  }
}

TEST(CephalopodKernels, AMemoryCapIsAnErrorNotAnAbort) {
  for (const auto& k : kernels()) {
    auto ws = std::make_unique<Workspace>();
    ws->budget.cap = 64 << 10;  // 64 KiB: not even the smallest DFS cache fits
    auto r = k.fn(make_case(18, "000000000"), *ws);
    ASSERT_FALSE(r) << k.key << " fits the empty board at depth 18 in 64 KiB?";
    EXPECT_NE(r.error().find("64 KiB"), std::string::npos) << k.key << ": " << r.error();
    // The same workspace, given room again, still answers.
    ws->budget.cap = kMemoryCap;
    EXPECT_EQ(solve(k, make_case(10, "000000000"), *ws).sum, 193520836u) << k.key;
  }
}

// Boards per depth of a start without symmetry, counted plainly (a set per depth) for comparison.
TEST(CephalopodIllustrate, FrontierSizesOfAnAsymmetricStart) {
  auto ws = std::make_unique<Workspace>();
  for (const char* board : {"051000401", "300362102", "100000020"}) {
    const Case c = make_case(9, board);
    auto profile = level_profile(c, *ws);
    ASSERT_TRUE(profile) << profile.error();
    std::set<Board> level = {c.board};
    for (int d = 0; d <= c.depth; ++d) {
      std::set<Board> classes;
      std::uint64_t full = 0;
      for (Board b : level) {
        classes.insert(canonicalize(b).board);
        full += is_full(b);
      }
      const LevelProfile& p = profile.value()[static_cast<std::size_t>(d)];
      EXPECT_EQ(p.boards, level.size()) << board << " depth " << d;
      EXPECT_EQ(p.classes, classes.size()) << board << " depth " << d;
      EXPECT_EQ(p.full, full) << board << " depth " << d;
      std::set<Board> next;
      for (Board b : level)
        if (!is_full(b)) for_each_child(b, [&](Board x) { next.insert(x); });
      level = std::move(next);
    }
  }
}

TEST(CephalopodIllustrate, FrontierSizesOfTheEmptyBoard) {
  auto ws = std::make_unique<Workspace>();
  const int deepest = test::quick_mode() ? 20 : 40;
  auto profile = level_profile(make_case(deepest, "000000000"), *ws);
  ASSERT_TRUE(profile) << profile.error();
  ASSERT_EQ(profile.value().size(), static_cast<std::size_t>(deepest + 1));
  EXPECT_EQ(profile.value()[0].boards, 1u);
  EXPECT_EQ(profile.value()[1].boards, 9u);
  EXPECT_EQ(profile.value()[1].classes, 3u);  // a corner, an edge, the centre
  for (const auto& t : vectors()["empty_board_frontier"]["levels"]) {
    const int d = t["depth"].get<int>();
    if (d > deepest) break;
    EXPECT_EQ(profile.value()[static_cast<std::size_t>(d)].boards, t["boards"].get<std::uint64_t>()) << d;
    EXPECT_EQ(profile.value()[static_cast<std::size_t>(d)].classes, t["classes"].get<std::uint64_t>()) << d;
  }
}

}  // namespace
}  // namespace sp::cephalopod
