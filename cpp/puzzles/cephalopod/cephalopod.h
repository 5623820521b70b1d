#pragma once
// Cephalopod (CodinGame Spring Challenge 2025): from a 3x3 dice board, play every move sequence
// of up to `depth` turns (a full board ends a game early) and sum the final boards' 9-digit
// hashes, one per sequence, mod 2^30. Rules: board.h (in SWAR form) and reference.cpp (in words).
//
// Kernels:
//   reference     decoded boards, one std::map per depth (slow on purpose)
//   swar-bfs      27-bit words, SWAR moves, boards merged per depth in a flat table, u32 counts
//   swar-bfs-sym  the same over symmetry classes, 8 per-orientation counts per class
//   dfs-cache     depth first with explicit stacks and a (class, depth) cache of hash sums
//   simd-dfs      dfs-cache with vector move generation, canonical form and cache probe
//   lanes         BFS-sym with each level expanded one board per 32-bit lane
//   layered       each class expanded once, in (pip sum, pips - dice) layers with a band of
//                 counts per possible number of captures (layered_table.h, layered.h)
//
// Answer JSON: {"sum": N} plus, where a kernel counts them, "states_expanded" (boards or classes
// whose moves it generated: the harness's work unit) and "distinct_finals" (distinct final boards;
// the reference only). Kernels agree on "sum"; the rest depends on the kernel.
//
// illustrate() JSON (the page draws it on every edit, so it is bounded: see kProfileClasses):
//   {"digits": [9 ints, row-major], "board": "060222161", "depth": d,
//    "word": <the 27-bit board word>, "word_hex": "0x0...",
//    "cells": [{"cell": 0..8 row-major, "row", "col", "value", "position": spiral 0..8,
//               "shift": bit offset of its 3 bits in the word}],
//    "levels": [{"depth": d, "boards": distinct boards after exactly d turns (full ones included),
//                "classes": the same up to the 8 symmetries, "full": boards among them that are full}],
//    "levels_complete": true if "levels" reaches the case's depth; false if the profile stopped at
//                       its work cap (the last level listed is the deepest computed),
//    "layers": [{"pips": P, "m": pips - dice, "width": counts per board (one per capture count),
//                "first_depth": depth of its first count, "boards": boards the layered kernel
//                expands in it (once each), "states": (board, depth) pairs among them}], in the
//                order the kernel takes them, layers without boards left out,
//    "layers_complete": false if the layers stopped at the same work cap, "layer_boards" and
//    "layer_states": their totals}

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/typed_puzzle.h"
#include "puzzles/cephalopod/board.h"
#include "puzzles/cephalopod/buffer.h"
#include "puzzles/cephalopod/bfs_sym.h"
#include "puzzles/cephalopod/dfs_cache.h"
#include "puzzles/cephalopod/layered_table.h"
#include "puzzles/cephalopod/level_table.h"

namespace sp::cephalopod {

inline constexpr int kMaxDepth = 40;

struct Case {
  int depth = 0;
  std::array<int, kCells> digits{};  // row-major, 0..6
  Board board = 0;                   // the same board in the spiral word
};

struct Answer {
  std::uint32_t sum = 0;               // mod 2^30
  std::uint64_t states_expanded = 0;
  std::uint64_t distinct_finals = 0;   // 0: not counted by this kernel
};

// Scratch for every kernel (each uses its own part), sized on first use under one byte budget.
struct Workspace {
  Workspace() {
    for (auto& l : plain) l.attach(&index);
    for (auto& l : sym) l.attach(&index);
  }
  Workspace(const Workspace&) = delete;  // buffers point at the budget
  Workspace& operator=(const Workspace&) = delete;

  Budget budget;
  Index index;  // shared by the two levels of whichever BFS runs
  Level<1> plain[2];
  Level<kSymmetries> sym[2];
  Buffer<BfsBlock> block;  // one, allocated on first use (too big for a stack)
  DfsState dfs;
  Buffer<std::uint32_t> children;  // lanes: a block's children, then their canonical forms
  Buffer<std::uint32_t> parents;   // lanes: each child's parent
  Buffer<std::uint8_t> syms;       // lanes: each child's symmetry
  LayeredSpace layered;            // layered: its tables (and `block`)
};

using KernelFn = Expected<Result<Answer>> (*)(const Case&, Workspace&);

// Parsing (cephalopod.cpp): the board as 9 digits, "060/222/161" or "0 6 0 2 2 2 1 6 1", and
// the contest's stdin (depth line, then three rows).
Expected<std::array<int, kCells>> parse_board(std::string_view text);
std::string board_digits(const std::array<int, kCells>& digits);
struct ContestInput {
  int depth;
  std::array<int, kCells> digits;
};
Expected<ContestInput> parse_contest(std::string_view text);

// The answer when no move is played: the start board's own hash.
Result<Answer> no_moves(const Case& c);
// "name: the search needs more than 64 MiB of tables (one depth reached N boards)".
Error out_of_memory(const char* what, const Budget& budget, std::size_t boards);
std::string format_bytes(std::size_t bytes);

// Whether the map-based reference can take the case (its size, estimated from the frontier
// profile below); if not, why. Its applies() and the kernel itself ask, so the engine's
// verification gives up at once instead of after the reference reached its limit.
bool reference_takes(const Case& c, std::string& why_not);

// Per-depth frontier sizes (classes only, no counts), for the illustration and for the
// reference's applies(). Stops after the level where the classes seen so far pass max_classes.
struct LevelProfile {
  int depth;
  std::uint64_t boards, classes, full;
};
Expected<std::vector<LevelProfile>> level_profile(const Case& c, Workspace& ws,
                                                  std::uint64_t max_classes = ~std::uint64_t{0});
// The illustration's work cap: about as much as the heaviest official test (a few ms natively).
inline constexpr std::uint64_t kProfileClasses = 400'000;

// The layered kernel's (P, m) layers for a case (layered.h, scalar; swar.cpp), stopping after the layer
// where the boards expanded pass max_boards.
struct LayerProfile {
  std::vector<LayerStats> layers;
  std::uint64_t boards = 0;  // expanded, over the layers listed
  bool complete = true;      // false: stopped at max_boards
};
Expected<LayerProfile> layer_profile(const Case& c, Workspace& ws, std::uint64_t max_boards = ~std::uint64_t{0});
// The illustration's cap on it: past the heaviest official test (97,826 classes), under the
// heavy cases (about half a million), so an edit redraws in well under a second in wasm.
inline constexpr std::uint64_t kLayerProfileBoards = 150'000;

// The rules as the reference applies them: every move of a board (row-major digits).
std::vector<std::array<int, kCells>> reference_moves(const std::array<int, kCells>& board);

// The scalar kernels (reference.cpp, swar.cpp). The vector ones are kernels.inl, compiled once per
// ISA pass (passes.cmake) and registered from there.
Expected<Result<Answer>> solve_reference(const Case& c, Workspace& ws);
Expected<Result<Answer>> solve_swar_bfs(const Case& c, Workspace& ws);
Expected<Result<Answer>> solve_swar_bfs_sym(const Case& c, Workspace& ws);
Expected<Result<Answer>> solve_dfs_cache(const Case& c, Workspace& ws);
Expected<Result<Answer>> solve_layered(const Case& c, Workspace& ws);

// The registry's view of the puzzle.
struct Cephalopod {
  using Case = cephalopod::Case;
  using Answer = cephalopod::Answer;
  using Workspace = cephalopod::Workspace;
  using KernelImpl = KernelFn;

  static PuzzleInfo info();
  static ParamSchema schema();
  static std::vector<NamedCase> cases();
  static Expected<json> canonical_params(const json& params, const Input& input);
  static Expected<Case> prepare(const json& params, const Input& input);
  static Expected<Result<Answer>> run(KernelImpl impl, const Case& c, Workspace& ws) { return impl(c, ws); }
  static json answer_json(const Answer& a);
  static std::optional<KnownAnswer> known(const Case&) { return std::nullopt; }  // no answers in code
  static json illustrate(const Case& c);
  static bool applies(const KernelInfo& kernel, const Case& c, std::string& why_not);
  static bool same_answer(const json& a, const json& b);
  static Expected<json> parse_contest_input(std::string_view text);
  static std::string contest_output(const json& answer);
  static json summarize(const json& records);
};

}  // namespace sp::cephalopod
