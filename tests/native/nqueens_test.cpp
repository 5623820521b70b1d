// N-queens: every kernel this machine can run, on every ISA this build has, against the
// published counts and against the reference.

#include <gtest/gtest.h>

#include <set>

#include "core/engine.h"
#include "core/registry.h"
#include "puzzles/nqueens/nqueens.h"
#include "test_util.h"

namespace sp::nqueens {
namespace {

const Puzzle& puzzle() { return *registry().find("nqueens"); }

struct Published {
  std::uint64_t total, unique;
};

std::map<int, Published> published_from_file() {
  std::map<int, Published> out;
  json doc = test::load_data("nqueens_oeis.json");
  for (const auto& row : doc["counts"])
    out[row["n"].get<int>()] = {row["total"].get<std::uint64_t>(), row["unique"].get<std::uint64_t>()};
  return out;
}

std::vector<const Kernel*> available_kernels() {
  std::vector<const Kernel*> out;
  for (const auto& k : puzzle().kernels())
    if (k->available()) out.push_back(k.get());
  return out;
}

TEST(NQueens, TestVectorsCoverOneToTwenty) {
  auto p = published_from_file();
  for (int n = 1; n <= 20; ++n) ASSERT_TRUE(p.count(n)) << n;
  EXPECT_EQ(p[8].total, 92u);
  EXPECT_EQ(p[8].unique, 12u);
}

TEST(NQueens, ProductTableMatchesPublishedVectors) {
  auto p = published_from_file();
  for (int n = 1; n <= 20; ++n) {
    auto mine = published(n);
    ASSERT_TRUE(mine) << n;
    EXPECT_EQ(mine->total, p[n].total) << "N=" << n;
    EXPECT_EQ(mine->unique, p[n].unique) << "N=" << n;
  }
  EXPECT_FALSE(published(0));
  EXPECT_FALSE(published(21));
}

TEST(NQueens, EveryIsaThisBuildHasIsRegistered) {
  std::set<std::string> keys;
  for (const auto& k : puzzle().kernels()) keys.insert(k->key());
  for (const char* k : {"bitmask-recursive/scalar", "bitmask-stack/scalar", "symmetry/scalar"})
    EXPECT_TRUE(keys.count(k)) << k;
#if defined(__x86_64__)
  for (const char* k : {"simd-state/sse4.1", "simd-lanes/sse4.1", "simd-lanes/avx2", "simd-lanes/avx512",
                        "simd-compact/sse4.1", "simd-compact/avx2", "simd-compact/avx512", "simd-symmetry/sse4.1",
                        "simd-symmetry/avx2", "simd-symmetry/avx512"})
    EXPECT_TRUE(keys.count(k)) << k;
#elif defined(__aarch64__)
  for (const char* k : {"simd-state/neon", "simd-lanes/neon", "simd-compact/neon", "simd-symmetry/neon"})
    EXPECT_TRUE(keys.count(k)) << k;
#endif
}

// The core requirement: every kernel on every ISA matches A000170 / A002562, N = 1..14.
TEST(NQueens, EveryKernelMatchesPublishedCountsUpTo14) {
  auto p = published_from_file();
  for (const Kernel* k : available_kernels()) {
    for (int n = 1; n <= 14; ++n) {
      auto c = puzzle().prepare({{"n", n}});
      ASSERT_TRUE(c) << c.error();
      Outcome o = k->run(*c.value()).value();
      EXPECT_EQ(o.answer["total"].get<std::uint64_t>(), p[n].total) << k->key() << " N=" << n;
      EXPECT_EQ(o.answer["unique"].get<std::uint64_t>(), p[n].unique) << k->key() << " N=" << n;
      EXPECT_GT(o.work, 0u) << k->key() << " N=" << n;
    }
  }
}

// Under qemu and the sanitizers up to 12: N = 13 and 14 are about 25x the work of all the smaller
// boards together, and the native layer runs them with every kernel.
TEST(NQueens, EveryKernelMatchesReferenceUpTo14) {
  const Kernel* ref = puzzle().reference();
  ASSERT_NE(ref, nullptr);
  EXPECT_EQ(ref->info().isa, Isa::scalar);
  const int largest = test::quick_mode() ? 12 : 14;
  for (int n = 1; n <= largest; ++n) {
    auto c = puzzle().prepare({{"n", n}});
    json expected = ref->run(*c.value()).value().answer;
    for (const Kernel* k : available_kernels())
      EXPECT_EQ(k->run(*c.value()).value().answer, expected) << k->key() << " N=" << n;
  }
}

// Larger boards for the fast kernels (skipped under qemu and sanitizers), one test per kernel.
bool fast_at_16(const KernelInfo& k) {
  const bool vector_or_symmetric = k.id.find("symmetry") != std::string::npos || k.id.rfind("simd-", 0) == 0;
  return vector_or_symmetric && k.id != "simd-state";  // simd-state is as slow as the reference
}

class NQueensFastKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(NQueensFastKernel, MatchesPublishedCountsAt15And16) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1";
  auto p = published_from_file();
  const Kernel* k = test::find_kernel_by_key("nqueens", GetParam());
  ASSERT_NE(k, nullptr) << GetParam();
  for (int n : {15, 16}) {
    auto c = puzzle().prepare({{"n", n}});
    Outcome o = k->run(*c.value()).value();
    EXPECT_EQ(o.answer["total"].get<std::uint64_t>(), p[n].total) << k->key() << " N=" << n;
    EXPECT_EQ(o.answer["unique"].get<std::uint64_t>(), p[n].unique) << k->key() << " N=" << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, NQueensFastKernel, ::testing::ValuesIn(test::runnable_kernel_keys("nqueens", fast_at_16)),
                         test::kernel_param_name);

// Kernels that walk the same tree must place exactly as many queens: a check on the engines'
// bookkeeping (split + lanes + scalar tail, queues + last-row counting) that counts alone would
// miss. The mirror-halved kernels share the reference's tree; the symmetry kernels share theirs.
TEST(NQueens, KernelsOnTheSameTreeVisitTheSameNodes) {
  for (int n = 1; n <= 13; ++n) {
    auto c = puzzle().prepare({{"n", n}});
    const std::uint64_t mirror_nodes = puzzle().reference()->run(*c.value()).value().work;
    const std::uint64_t symmetry_nodes = count_symmetry(Case{n}).work;
    for (const Kernel* k : available_kernels()) {
      const bool symmetric = k->info().id.find("symmetry") != std::string::npos;
      EXPECT_EQ(k->run(*c.value()).value().work, symmetric ? symmetry_nodes : mirror_nodes) << k->key() << " N=" << n;
    }
  }
}

TEST(NQueens, SymmetryKernelVisitsFarFewerNodes) {
  auto c = puzzle().prepare({{"n", 12}});
  std::uint64_t ref_nodes = puzzle().reference()->run(*c.value()).value().work;
  std::uint64_t sym_nodes = count_symmetry(Case{12}).work;
  EXPECT_LT(sym_nodes * 2, ref_nodes);  // on top of mirror halving: ~2.3x fewer (Takaken)
}

TEST(NQueens, RotationFixedPointsAreConsistentWithClassSizes) {
  // N=4: the two solutions map to each other... and each is fixed by the quarter turn.
  EXPECT_EQ(rotation_fixed(4).f90, 2u);
  EXPECT_EQ(rotation_fixed(4).f180, 2u);
  // N=8: 11 classes of 8 and one class of 4 (fixed by the half turn only): 92 = 88 + 4.
  EXPECT_EQ(rotation_fixed(8).f90, 0u);
  EXPECT_EQ(rotation_fixed(8).f180, 4u);
  // N = 2, 3 (mod 4) boards have no quarter-turn solutions.
  for (int n : {6, 7, 10, 11, 14}) EXPECT_EQ(rotation_fixed(n).f90, 0u) << n;
  auto p = published_from_file();
  for (int n = 1; n <= 20; ++n) EXPECT_EQ(unique_by_burnside(n, p[n].total), p[n].unique) << n;
}

TEST(NQueens, RootBranchesHalveTheFirstRow) {
  for (int n = 2; n <= 20; ++n) {
    auto b = root_branches(n);
    EXPECT_EQ(b.count, n / 2 + n % 2) << n;
    for (const auto& r : b) EXPECT_EQ(r.weight, 2u);
  }
  EXPECT_EQ(root_branches(1).count, 1);
  EXPECT_EQ(root_branches(1).items[0].weight, 1u);
}

TEST(NQueens, SplitCountsEverythingOnce) {
  // Whatever the cut depth, above + below must give the published total.
  auto p = published_from_file();
  for (int n = 1; n <= 11; ++n) {
    for (std::size_t min_subtrees : {1u, 16u, 1000u}) {
      Split s = split_tree(n, min_subtrees);
      std::uint64_t total = s.total_above;
      for (const Subtree& t : s.subtrees) {
        Case c{n};
        // Finish each subtree with a plain DFS.
        struct Dfs {
          std::uint32_t full;
          std::uint64_t go(std::uint32_t cols, std::uint32_t ld, std::uint32_t rd) {
            if (cols == full) return 1;
            std::uint64_t k = 0;
            for (std::uint32_t a = full & ~(cols | ld | rd); a; a &= a - 1) {
              std::uint32_t b = a & (0u - a);
              k += go(cols | b, (ld | b) << 1, (rd | b) >> 1);
            }
            return k;
          }
        } dfs{full_mask(c.n)};
        total += t.weight * dfs.go(t.cols, t.ld, t.rd);
      }
      EXPECT_EQ(total, p[n].total) << "N=" << n << " min_subtrees=" << min_subtrees;
    }
  }
}

TEST(NQueens, FirstSolutionIsAValidBoard) {
  for (int n = 1; n <= 20; ++n) {
    auto s = first_solution(n);
    if (n == 2 || n == 3) {
      EXPECT_TRUE(s.empty()) << n;
      continue;
    }
    ASSERT_EQ(static_cast<int>(s.size()), n);
    for (int r = 0; r < n; ++r)
      for (int q = r + 1; q < n; ++q) {
        EXPECT_NE(s[r], s[q]) << "N=" << n;
        EXPECT_NE(std::abs(s[r] - s[q]), q - r) << "N=" << n;
      }
  }
  EXPECT_EQ(first_solution(8), (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));
}

TEST(NQueens, RunRequestReportsVerifiedResults) {
  json r = handle_request({{"action", "run"}, {"puzzle", "nqueens"}, {"params", {{"n", 8}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["case"], "n=8");
  EXPECT_EQ(r["known"]["answer"]["total"], 92);
  EXPECT_EQ(r["illustration"]["solution"].size(), 8u);
  ASSERT_FALSE(r["results"].empty());
  for (const auto& rec : r["results"]) {
    EXPECT_EQ(rec["answer"]["total"], 92) << rec.dump();
    EXPECT_EQ(rec["answer"]["unique"], 12) << rec.dump();
    EXPECT_EQ(rec["verified"], true) << rec.dump();
    EXPECT_EQ(rec["verified_by"], "OEIS A000170, A002562");
    EXPECT_EQ(rec["work_unit"], "nodes");
  }
}

TEST(NQueens, TimedRunCarriesTheHarnessFields) {
  json r = handle_request({{"action", "run"},
                           {"puzzle", "nqueens"},
                           {"params", {{"n", 6}}},
                           {"kernels", {"bitmask-stack"}},
                           {"time", true},
                           {"harness", {{"min_samples", 3}, {"min_sample_ms", 1}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_EQ(r["results"].size(), 1u);
  const json& t = r["results"][0]["timing"];
  EXPECT_EQ(t["samples"], 3);
  EXPECT_GT(t["median_ns"].get<double>(), 0);
  EXPECT_LE(t["min_ns"].get<double>(), t["median_ns"].get<double>());
  EXPECT_GT(t["units_per_second"].get<double>(), 0);
  EXPECT_GE(t["reps_per_sample"].get<std::uint64_t>(), 1u);
}

// The reference loop (core/harness.h, point 5) takes a round in every pass, beside the kernels:
// every record of a request carries the same rounds of it, as many as its own.
TEST(NQueens, TimedRunTimesTheReferenceLoopInEveryPass) {
  json r = handle_request({{"action", "run"},
                           {"puzzle", "nqueens"},
                           {"params", {{"n", 6}}},
                           {"kernels", {"bitmask-stack", "bitmask-recursive"}},
                           {"time", true},
                           {"harness", {{"rounds", 4}, {"batch_ms", 1}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_EQ(r["results"].size(), 2u);
  const json& reference = r["results"][0]["timing"]["reference_ns"];
  ASSERT_EQ(reference.size(), 4u);
  for (const json& x : reference) EXPECT_GT(x.get<double>(), 0);
  EXPECT_EQ(r["results"][1]["timing"]["reference_ns"], reference);
  // A session's requests each report their own rounds, the reference's too.
  for (int request = 0; request < 2; ++request) {
    json s = handle_request({{"action", "run"},
                             {"puzzle", "nqueens"},
                             {"params", {{"n", 6}}},
                             {"kernels", {"bitmask-stack"}},
                             {"time", true},
                             {"session", "reference-test"},
                             {"harness", {{"rounds", 1}, {"batch_ms", 1}}}});
    ASSERT_TRUE(s["ok"].get<bool>()) << s.dump();
    EXPECT_EQ(s["results"][0]["timing"]["round_ns"].size(), 1u);
    EXPECT_EQ(s["results"][0]["timing"]["reference_ns"].size(), 1u);
  }
}

TEST(NQueens, BadParamsAreErrorsNotCrashes) {
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"n", 0}}, "n must be in 1..20, got 0"},
      {{{"n", 21}}, "n must be in 1..20, got 21"},
      {{{"n", -5}}, "n must be in 1..20, got -5"},
      {{{"n", "abc"}}, "n must be an integer in 1..20, got 'abc'"},
      {{{"n", "12x"}}, "n must be an integer in 1..20, got '12x'"},
      {{{"n", ""}}, "n must be an integer in 1..20, got ''"},
      {{{"n", 8.5}}, "n must be a whole number in 1..20, got 8.5"},
      {{{"n", 1e300}}, "n must be a whole number in 1..20"},
      {{{"n", "99999999999999999999999"}}, "n must be an integer in 1..20"},
      {{{"n", 18446744073709551615ull}}, "huge number"},
      {{{"n", nullptr}}, "n must be an integer in 1..20"},
      {{{"n", json::array({8})}}, "n must be an integer in 1..20"},
      {{{"m", 8}}, "unknown parameter 'm' (known: n)"},
      {{{"__proto__", {{"n", 1}}}}, "unknown parameter '__proto__'"},
      {json::array({8}), "params must be an object"},
      {json("n=8"), "params must be an object"},
  };
  for (const auto& [params, message] : cases) {
    auto c = puzzle().prepare(params);
    ASSERT_FALSE(c) << params.dump();
    EXPECT_NE(c.error().find(message), std::string::npos) << c.error() << " for " << params.dump();
  }
  // Strings are accepted for integers (the CLI passes strings), with the same bounds.
  auto ok = puzzle().prepare({{"n", "12"}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok.value()->params["n"], 12);
  EXPECT_EQ(puzzle().prepare(json()).value()->params["n"], 8);  // default
}

}  // namespace
}  // namespace sp::nqueens
