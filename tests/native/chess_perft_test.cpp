// Chess perft: every kernel on every ISA this build has, against the published counts (the wiki's
// six positions, all 126 lines of perftsuite.epd, Sedlak's edge cases, python-chess's tricky
// positions) and against the independent make-and-test reference; divide lists and sums; the
// published table the puzzle ships; the engine path (params in, verified records out).

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>

#include "core/engine.h"
#include "core/params.h"
#include "core/registry.h"
#include "puzzles/chess/chess.h"
#include "puzzles/chess/reference.h"
#include "test_util.h"

namespace sp::chess {
namespace {

struct EpdLine {
  std::string fen, id;
  std::map<int, std::uint64_t> nodes;  // depth -> count
};

std::vector<EpdLine> load_epd(const std::string& file) {
  std::ifstream in(std::string(SP_TEST_DATA_DIR) + "/" + file);
  std::vector<EpdLine> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    EpdLine e;
    std::stringstream ss(line);
    std::getline(ss, e.fen, ';');
    for (std::string field; std::getline(ss, field, ';');) {
      std::stringstream fs(field);
      std::string tag;
      fs >> tag;
      if (tag == "id") fs >> e.id;
      else if (tag.size() == 2 && tag[0] == 'D') fs >> e.nodes[tag[1] - '0'];
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<const RegisteredKernel*> runnable(bool with_reference) {
  std::vector<const RegisteredKernel*> out;
  for (const RegisteredKernel& k : registered_kernels())
    if (cpu::has(k.info.needs) && (with_reference || k.info.id != "ray-walk")) out.push_back(&k);
  return out;
}

Game game(const std::string& fen) {
  auto g = parse_fen(fen);
  EXPECT_TRUE(g) << fen << ": " << (g ? "" : g.error());
  return g ? g.value() : Game{};
}

// Runs every kernel on the lines' counts up to `max_depth`, keeping the reference to counts
// under `reference_budget` nodes; quick mode (qemu, sanitizers) divides both node limits by 10.
void check_lines(const std::vector<EpdLine>& lines, int max_depth, std::uint64_t node_limit, std::uint64_t reference_budget) {
  const std::uint64_t scale = test::quick_mode() ? 10 : 1;
  for (const RegisteredKernel* k : runnable(true)) {
    const bool reference = k->info.id == "ray-walk";
    for (const EpdLine& line : lines) {
      const Game g = game(line.fen);
      for (const auto& [depth, nodes] : line.nodes) {
        if (depth > max_depth || nodes > node_limit / scale) continue;
        if (reference && nodes > reference_budget / scale) continue;
        EXPECT_EQ(k->impl.perft(g, depth), nodes) << k->info.key() << " " << line.fen << " " << line.id << " depth " << depth;
      }
    }
  }
}

TEST(ChessPerft, PublishedTableMatchesTheDataFiles) {
  std::size_t checked = 0;
  for (const char* file : {"chess_wiki_perft.epd", "perftsuite.epd", "chess_edge_cases.epd"})
    for (const EpdLine& line : load_epd(file)) {
      const std::string canonical = to_fen(game(line.fen));
      for (const auto& [depth, nodes] : line.nodes) {
        if (depth > kMaxDepth) continue;
        const auto published = published_perft(canonical, depth);
        ASSERT_TRUE(published) << file << " " << line.fen << " depth " << depth;
        EXPECT_EQ(*published, nodes) << file << " " << line.fen << " depth " << depth;
        ++checked;
      }
    }
  EXPECT_GT(checked, 800u);
  EXPECT_EQ(published_perft(to_fen(game("startpos")), 9), 2439530234167u);
  // The counters do not change a perft: the key is the first four fields.
  EXPECT_EQ(published_perft(to_fen(game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30")), 3), 8902u);
  EXPECT_FALSE(published_perft(to_fen(game("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), 2));
}

TEST(ChessPerft, WikiPositions) {
  // Every count up to 20 M nodes (startpos d5, kiwipete d4, position 3 d6, position 4 d5, ...);
  // the deeper ones below for the fastest kernel, and in the benchmark.
  check_lines(load_epd("chess_wiki_perft.epd"), kMaxDepth, 20'000'000, 5'000'000);
}

// All 126 lines to depth 4 for every kernel (12.2 M nodes each), also in quick mode; the
// reference to depth 4 natively, to depth 3 in quick mode.
TEST(ChessPerft, PerftsuiteToDepth4) { check_lines(load_epd("perftsuite.epd"), 4, 50'000'000, 5'000'000); }

TEST(ChessPerft, EdgeCases) {
  const std::vector<EpdLine> lines = load_epd("chess_edge_cases.epd");
  EXPECT_EQ(lines.size(), 24u);
  // Sedlak's counts are at depths 4..7, up to 3.8 M nodes.
  check_lines(lines, kMaxDepth, 50'000'000, 5'000'000);
}

// Depth 5 of the whole suite for every fast kernel (383 M nodes each), one test per kernel:
// outside quick mode only.
class ChessPerftKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(ChessPerftKernel, PerftsuiteDepth5) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1";
  const RegisteredKernel* k = nullptr;
  for (const RegisteredKernel* candidate : runnable(false))
    if (candidate->info.key() == GetParam()) k = candidate;
  ASSERT_NE(k, nullptr) << GetParam();
  for (const EpdLine& line : load_epd("perftsuite.epd"))
    if (line.nodes.count(5)) {
      EXPECT_EQ(k->impl.perft(game(line.fen), 5), line.nodes.at(5)) << k->info.key() << " " << line.fen;
    }
}

INSTANTIATE_TEST_SUITE_P(Kernels, ChessPerftKernel,
                         ::testing::ValuesIn(test::runnable_kernel_keys("chess", [](const KernelInfo& k) { return k.id != "ray-walk" && k.isa != Isa::peer; })),
                         test::kernel_param_name);

// Depth 6 of the suite (4.4 G nodes) and the wiki's deeper counts for the fastest kernel this CPU
// runs: outside quick mode only, and labelled `slow` (npm run test:full): it is the native layer's
// longest test (25 s), and depth 5 above already runs every fast kernel's move generator over
// every line of the suite; depth 6 is more nodes through the same code.
TEST(ChessPerftSlow, PerftsuiteDepth6WithTheFastestKernel) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1";
  const RegisteredKernel* fastest = nullptr;
  for (const RegisteredKernel* k : runnable(false))
    if (k->info.id == "pext" || (!fastest && k->info.id == "fancy-magic")) fastest = k;
  ASSERT_NE(fastest, nullptr);
  // The benchmark positions, deeper: startpos d6, kiwipete d5, positions 3..6 at up to
  // 200 M nodes.
  for (const EpdLine& line : load_epd("chess_wiki_perft.epd"))
    for (const auto& [depth, nodes] : line.nodes)
      if (nodes > 20'000'000 && nodes <= 200'000'000) {
        EXPECT_EQ(fastest->impl.perft(game(line.fen), depth), nodes) << fastest->info.key() << " " << line.fen << " depth " << depth;
      }
  for (const EpdLine& line : load_epd("perftsuite.epd"))
    if (line.nodes.count(6)) {
      EXPECT_EQ(fastest->impl.perft(game(line.fen), 6), line.nodes.at(6)) << fastest->info.key() << " " << line.fen;
    }
}

TEST(ChessPerft, DepthZeroIsOneNode) {
  for (const RegisteredKernel* k : runnable(true)) {
    EXPECT_EQ(k->impl.perft(game("startpos"), 0), 1u) << k->info.key();
    DivideEntry out[kMaxMoves];
    EXPECT_EQ(k->impl.divide(game("startpos"), 0, out), 0) << k->info.key();
  }
}

// Divide: the per-move counts sum to the perft, and every kernel's list is the reference's (as
// a set of (move, count) pairs: the generation order differs).
TEST(ChessPerft, DivideSumsAndMatchesTheReference) {
  const std::vector<std::pair<std::string, int>> cases = {
      {"startpos", 3},  {"kiwipete", 3}, {"position3", 4}, {"position4", 3}, {"position5", 3}, {"position6", 3},
      {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4}, {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3},
      {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 2}, {"1b1k4/8/8/1rPpK3/8/8/8/8 w - d6", 3}};
  auto sorted = [](const DivideEntry* e, int n) {
    std::map<std::string, std::uint64_t> m;
    for (int i = 0; i < n; ++i) m[uci(e[i].move)] = e[i].nodes;
    return m;
  };
  for (const auto& [fen, depth] : cases) {
    const Game g = game(fen);
    DivideEntry ref[kMaxMoves];
    const int ref_n = reference_divide(g, depth, ref);
    const auto want = sorted(ref, ref_n);
    ASSERT_EQ(want.size(), static_cast<std::size_t>(ref_n)) << fen << ": a move listed twice";
    for (const RegisteredKernel* k : runnable(true)) {
      DivideEntry got[kMaxMoves];
      const int n = k->impl.divide(g, depth, got);
      std::uint64_t sum = 0;
      for (int i = 0; i < n; ++i) sum += got[i].nodes;
      EXPECT_EQ(sum, k->impl.perft(g, depth)) << k->info.key() << " " << fen;
      EXPECT_EQ(sorted(got, n), want) << k->info.key() << " " << fen;
    }
  }
}

TEST(ChessPerft, PromotionsAndCastlingSpellTheirMovesInUci) {
  DivideEntry out[kMaxMoves];
  const int n = reference_divide(game("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"), 1, out);
  std::set<std::string> moves;
  for (int i = 0; i < n; ++i) moves.insert(uci(out[i].move));
  for (const char* m : {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8n", "e1g1", "e1c1"}) EXPECT_TRUE(moves.count(m)) << m;
}

// Through the engine: params in, a verified record out, for every kernel; divide as a sorted list.
TEST(ChessPerft, EngineRunsEveryKernelAndVerifiesAgainstPublishedCounts) {
  const json response = handle_request({{"action", "run"},
                                        {"puzzle", "chess"},
                                        {"params", {{"fen", "kiwipete"}, {"depth", 3}}}});
  ASSERT_TRUE(response["ok"].get<bool>()) << response.dump();
  EXPECT_EQ(response["known"]["answer"]["nodes"], 97862);
  std::size_t records = 0;
  for (const json& r : response["results"]) {
    EXPECT_EQ(r["answer"]["nodes"], 97862) << r["kernel"];
    EXPECT_EQ(r["verified"], true) << r["kernel"];
    EXPECT_EQ(r["work"], 97862);
    if (r["isa"] != "peer") ++records;  // Stockfish, where installed, is checked the same way
  }
  EXPECT_EQ(records, runnable(true).size());

  const json divided = handle_request({{"action", "run"},
                                       {"puzzle", "chess"},
                                       {"kernels", {"hq"}},
                                       {"params", {{"fen", "startpos"}, {"depth", 2}, {"divide", true}}}});
  ASSERT_TRUE(divided["ok"].get<bool>()) << divided.dump();
  const json& list = divided["results"][0]["answer"]["divide"];
  ASSERT_EQ(list.size(), 20u);
  EXPECT_EQ(list[0]["move"], "a2a3");
  EXPECT_EQ(list[0]["nodes"], 20);
  EXPECT_EQ(divided["results"][0]["answer"]["nodes"], 400);
}

TEST(ChessPerft, ReferenceStaysOutOfHeavyCasesWithAReason) {
  const json heavy = handle_request({{"action", "run"},
                                     {"puzzle", "chess"},
                                     {"kernels", {"ray-walk"}},
                                     {"params", {{"fen", "startpos"}, {"depth", 7}}}});
  ASSERT_TRUE(heavy["ok"].get<bool>()) << heavy.dump();
  EXPECT_TRUE(heavy["results"].empty());
  ASSERT_EQ(heavy["skipped"].size(), 1u);
  EXPECT_NE(heavy["skipped"][0]["reason"].get<std::string>().find("make-and-test reference"), std::string::npos);
  const json light = handle_request({{"action", "run"},
                                     {"puzzle", "chess"},
                                     {"kernels", {"ray-walk"}},
                                     {"params", {{"mode", "attacks"}}}});
  ASSERT_TRUE(light["ok"].get<bool>()) << light.dump();
  EXPECT_EQ(light["results"].size(), 1u) << "lookups are cheap for the reference too";
}

// Without a published count the engine asks the reference; over its budget it declines, with
// the reason, instead of running for hours.
TEST(ChessPerft, UnpublishedDeepCaseIsNotVerifiedByAnHourLongReference) {
  const json r = handle_request({{"action", "run"},
                                 {"puzzle", "chess"},
                                 {"kernels", {"fancy-magic", "ray-walk"}},
                                 {"params", {{"fen", "r3k2r/8/8/8/8/8/8/R3K1NR w Qkq - 0 1"}, {"depth", 5}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_EQ(r["results"].size(), 1u);
  EXPECT_TRUE(r["results"][0]["verified"].is_null());
  // Unchecked, in few enough characters for the page's schema; the skipped list has the reason.
  const std::string by = r["results"][0]["verified_by"].get<std::string>();
  EXPECT_EQ(by.rfind("unchecked: the reference ray-walk/scalar could not run: ", 0), 0u) << by;
  EXPECT_LE(text_length(by), 120u) << by;
  ASSERT_EQ(r["skipped"].size(), 1u);
  EXPECT_NE(r["skipped"][0]["reason"].get<std::string>().find("over its budget"), std::string::npos) << r["skipped"].dump();
}

TEST(ChessPerft, EstimatesAreExactToDepthTwoAndCloseBeyond) {
  EXPECT_EQ(estimated_nodes(game("kiwipete"), 2), 2039);
  const double pos4 = estimated_nodes(game("position4"), 5);
  EXPECT_GT(pos4, 15833292 / 2.0);
  EXPECT_LT(pos4, 15833292 * 2.0);
}

TEST(ChessPerft, BadParamsAreErrorsNotCrashes) {
  const std::vector<std::pair<json, std::string>> bad = {
      {{{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}, "fen: white has no king"},
      {{{"fen", "startpos"}, {"depth", 10}}, "depth must be in 0..9, got 10"},
      {{{"fen", "startpos"}, {"depth", -1}}, "depth must be in 0..9, got -1"},
      {{{"fen", std::string(200, 'p')}}, "fen is too long"},
      {{{"mode", "perftt"}}, "mode must be one of perft, attacks"},
      {{{"mode", "attacks"}, {"piece", "king"}}, "piece must be one of rook, bishop, queen"},
  };
  for (const auto& [params, message] : bad) {
    const json r = handle_request({{"action", "run"}, {"puzzle", "chess"}, {"params", params}});
    ASSERT_FALSE(r["ok"].get<bool>()) << params.dump();
    EXPECT_NE(r["error"].get<std::string>().find(message), std::string::npos) << r["error"] << " want " << message;
  }
}

}  // namespace
}  // namespace sp::chess
