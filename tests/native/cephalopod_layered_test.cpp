// What is specific to the `layered` Cephalopod kernel (layered_table.h, layered.h): the layer
// geometry (bounds and band width) against every (board, depth) state a plain depth-first walk
// finds, its per-layer figures (what the page draws) against that walk, and every ISA of it
// against the reference on random boards. The shared kernel tests (cephalopod_kernels_test.cpp)
// cover it as every other kernel: the official tests, the empty board to depth 40, the sparse
// heavy boards, workspace reuse and the memory cap.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <set>

#include "core/registry.h"
#include "core/typed_puzzle.h"
#include "cephalopod_test_cases.h"
#include "puzzles/cephalopod/cephalopod.h"
#include "test_util.h"

namespace sp::cephalopod {
namespace {

// The states the layered kernel stores, found plainly: every (canonical board, depth) with
// depth <= D - 1 and the board not full, by a depth-first walk over (board, depth) with a set.
struct Walk {
  std::set<std::pair<Board, int>> states;
  void visit(Board b, int d, int depth) {
    if (d == depth || is_full(b)) return;
    if (!states.insert({canonicalize(b).board, d}).second) return;  // its children are the images' children, turned
    for_each_child(b, [&](Board x) { visit(x, d + 1, depth); });
  }
};

struct LayerFigures {
  std::set<Board> boards;
  std::uint64_t states = 0;
  int min_depth = 1 << 30, max_depth = -1;
};
std::map<std::pair<int, int>, LayerFigures> walk_layers(const Case& c) {
  Walk w;
  w.visit(c.board, 0, c.depth);
  std::map<std::pair<int, int>, LayerFigures> layers;
  for (const auto& [b, d] : w.states) {
    LayerFigures& f = layers[{pip_sum(b), pip_sum(b) - dice_count(b)}];
    f.boards.insert(b);
    ++f.states;
    f.min_depth = std::min(f.min_depth, d);
    f.max_depth = std::max(f.max_depth, d);
  }
  return layers;
}

TEST(CephalopodLayered, SwarPipSumAndDiceCount) {
  for (const char* board : {"000000000", "060222161", "666666666", "100000020", "605040302"}) {
    const Case c = make_case(1, board);
    int pips = 0, dice = 0;
    for (int v : c.digits) {
      pips += v;
      dice += v != 0;
    }
    EXPECT_EQ(pip_sum(c.board), pips) << board;
    EXPECT_EQ(dice_count(c.board), dice) << board;
  }
}

// Layer (P, m) holds depths (P - P0) + c with c from ceil((m - m0) / 3) to m - m0, cut at D - 1.
TEST(CephalopodLayered, GeometryOfTheEmptyBoardAtDepth40) {
  const LayerGeometry g = LayerGeometry::of(0, 40);
  EXPECT_EQ(g.p0, 0);
  EXPECT_EQ(g.m0, 0);
  EXPECT_EQ(g.width(0, 0), 1);          // the start: no capture yet
  EXPECT_EQ(g.cmin(7), 3);              // m = 7 needs three captures at least (3 + 3 + 1)
  EXPECT_EQ(g.cmax(10, 7), 7);          // ... and at most seven (one die each)
  EXPECT_EQ(g.width(10, 7), 5);
  EXPECT_EQ(g.width(36, 12), 40 - 1 - 36 - 4 + 1);  // cut by the depth: c <= 3
  EXPECT_LE(g.width(39, 0), 1);         // (P - P0) = 39: depth 39 = D - 1 with no capture
  EXPECT_LE(g.width(40, 0), 0);         // depth 40 is never stored
  EXPECT_EQ(g.depth_of(10, 7, 0), 13);
  const LayerGeometry h = LayerGeometry::of(make_case(20, "060222161").board, 20);
  EXPECT_EQ(h.p0, 6 + 2 + 2 + 2 + 1 + 6 + 1);
  EXPECT_EQ(h.m0, h.p0 - 7);
}

// Every state the walk finds lies in its layer's band, the band within the geometry's bound, and
// the kernel's layers are exactly the walk's: the same boards and (board, depth) states per (P, m).
void expect_layers_match_the_walk(const Case& c) {
  const auto walked = walk_layers(c);
  auto ws = std::make_unique<Workspace>();
  auto profile = layer_profile(c, *ws);
  ASSERT_TRUE(profile) << profile.error();
  ASSERT_TRUE(profile.value().complete);
  const LayerGeometry g = LayerGeometry::of(c.board, c.depth);
  std::uint64_t expanded = 0;
  std::set<std::pair<int, int>> listed;
  int previous = -1;
  for (const LayerStats& s : profile.value().layers) {
    const std::string where = board_digits(c.digits) + " d" + std::to_string(c.depth) + " layer (" + std::to_string(s.pips) +
                              ", " + std::to_string(s.m) + ")";
    EXPECT_GT(s.pips * 64 + s.m, previous) << where << ": layers in (P, m) order";
    previous = s.pips * 64 + s.m;
    // The band a layer holds lies within the geometry's bound.
    EXPECT_GE(s.width, 1) << where;
    EXPECT_GE(s.first_depth, g.depth_of(s.pips, s.m, 0)) << where;
    EXPECT_LE(s.first_depth + s.width - 1, g.depth_of(s.pips, s.m, g.width(s.pips, s.m) - 1)) << where;
    expanded += s.boards;
    listed.insert({s.pips, s.m});
    const auto it = walked.find({s.pips, s.m});
    if (it == walked.end()) {  // a layer opened for children that never came
      EXPECT_EQ(s.boards, 0u) << where;
      continue;
    }
    EXPECT_EQ(s.boards, it->second.boards.size()) << where;
    EXPECT_EQ(s.states, it->second.states) << where;
    EXPECT_GE(it->second.min_depth, s.first_depth) << where;
    EXPECT_LE(it->second.max_depth, s.first_depth + s.width - 1) << where;
  }
  for (const auto& [layer, f] : walked) EXPECT_TRUE(listed.count(layer)) << "layer (" << layer.first << ", " << layer.second << ") missing";
  EXPECT_EQ(expanded, profile.value().boards);
}

TEST(CephalopodLayered, LayersMatchADepthFirstWalk) {
  for (const auto& [depth, board] : std::vector<std::pair<int, std::string>>{
           {1, "616101616"}, {8, "606000615"}, {20, "060222161"}, {20, "506450064"}, {12, "300362102"},
           {10, "604202400"}, {9, "051000401"}, {9, "100352100"}, {12, "000000000"}, {16, "100000020"}})
    expect_layers_match_the_walk(make_case(depth, board));
}

TEST(CephalopodLayeredSlow, LayersMatchADepthFirstWalkDeeper) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1";
  for (const auto& [depth, board] : std::vector<std::pair<int, std::string>>{{20, "000000000"}, {24, "300362102"}, {22, "100001020"}})
    expect_layers_match_the_walk(make_case(depth, board));
}

// The band on the heaviest case: the widest band (counts per board) and the largest layer stay
// small, and each board is expanded once: 502,266 classes for the empty board at depth 40
// (speed-anchors.md §1.2), less the full boards and those first reached at depth 40.
TEST(CephalopodLayered, BandsAndLayersOfTheEmptyBoardAtDepth40) {
  if (test::quick_mode()) GTEST_SKIP() << "SP_QUICK_TESTS=1: half a million boards";
  auto ws = std::make_unique<Workspace>();
  auto profile = layer_profile(make_case(40, "000000000"), *ws);
  ASSERT_TRUE(profile) << profile.error();
  int widest = 0;
  std::uint32_t largest = 0;
  std::uint64_t states = 0;
  for (const LayerStats& s : profile.value().layers) {
    if (s.boards) widest = std::max(widest, s.width);
    largest = std::max(largest, s.boards);
    states += s.states;
  }
  // The slots with paths span at most 9 captures here (the issue); a band also holds what every
  // parent layer could send, one more.
  EXPECT_LE(widest, 10);
  EXPECT_LT(largest, 25'000u);
  EXPECT_LT(profile.value().boards, 502'266u);
  EXPECT_GT(profile.value().boards, 400'000u);
  EXPECT_GT(states, 2 * profile.value().boards);  // what a depth BFS would expand instead
}

// Every ISA of the kernel against the reference, on random boards the reference can take.
TEST(CephalopodLayered, RandomBoardsAgreeWithTheReferenceOnEveryIsa) {
  KernelFn reference = nullptr;
  std::vector<std::pair<std::string, KernelFn>> layered;
  for (const auto& k : puzzle().kernels()) {
    if (!k->available()) continue;
    const KernelFn fn = static_cast<const TypedKernel<Cephalopod>&>(*k).impl();
    if (k->info().id == "reference") reference = fn;
    if (k->info().id == "layered") layered.push_back({k->key(), fn});
  }
  ASSERT_TRUE(reference);
  ASSERT_FALSE(layered.empty());
  const int boards = test::quick_mode() ? 100 : 320;
  std::mt19937 rng(1812);
  auto ref_ws = std::make_unique<Workspace>();
  std::vector<std::unique_ptr<Workspace>> spaces;
  for (std::size_t i = 0; i < layered.size(); ++i) spaces.push_back(std::make_unique<Workspace>());
  int checked = 0;
  for (int i = 0; i < boards; ++i) {
    const int dice = static_cast<int>(rng() % 9);
    const auto d = random_digits(rng, dice);
    Case c;
    c.depth = 1 + static_cast<int>(rng() % 12);  // deeper: the reference takes seconds a case
    c.digits = d;
    c.board = encode(d);
    std::string why;
    if (!reference_takes(c, why)) continue;
    auto expected = reference(c, *ref_ws);
    ASSERT_TRUE(expected) << expected.error();
    ++checked;
    for (std::size_t k = 0; k < layered.size(); ++k) {
      auto got = layered[k].second(c, *spaces[k]);
      ASSERT_TRUE(got) << layered[k].first << ": " << got.error();
      EXPECT_EQ(got.value().answer.sum, expected.value().answer.sum)
          << layered[k].first << " " << board_digits(d) << " depth " << c.depth;
    }
  }
  EXPECT_GE(checked, test::quick_mode() ? 90 : 300);
}

}  // namespace
}  // namespace sp::cephalopod
