#pragma once
// N-queens: count all solutions and the unique ones (up to rotation and reflection), N = 1..20.
//
// Board state is Richards/Somers' three bitmasks for the next row: `cols` (columns taken), `ld`
// (diagonals moving left: shifted <<1 per row), `rd` (diagonals moving right: >>1 per row); free
// squares are `full & ~(cols | ld | rd)`. Bit i is column i. 32-bit words cover N <= 20 with room:
// bits shifted past bit 19 are off the board and never read again.
//
// Every kernel except `symmetry` counts totals with Somers' mirror halving and derives the unique
// count by Burnside's lemma from two tiny searches (see unique_by_burnside); `symmetry` counts
// equivalence classes directly. Work units are nodes: queens placed by the search, so all
// mirror-halved kernels report exactly the same node count for the same N.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/typed_puzzle.h"

namespace sp::nqueens {

inline constexpr int kMinN = 1;
inline constexpr int kMaxN = 20;

struct Case {
  int n = 8;
};

struct Answer {
  std::uint64_t total = 0;
  std::uint64_t unique = 0;
};

using KernelFn = Result<Answer> (*)(const Case&);

inline std::uint32_t full_mask(int n) { return (1u << n) - 1u; }

// Mirror halving (Somers): put the row-0 queen in the left half and count each solution twice
// (its mirror image has the row-0 queen in the right half). For odd N the middle column is its own
// mirror, so there the row-1 queen goes in the left half instead.
struct RootBranch {
  std::uint32_t first;           // row-0 queen bit
  std::uint32_t second_allowed;  // columns the row-1 queen may use
  std::uint32_t weight;          // solutions found under this branch count this many times
};
struct RootBranches {
  RootBranch items[kMaxN / 2 + 1];
  int count = 0;
  const RootBranch* begin() const { return items; }
  const RootBranch* end() const { return items + count; }
};
RootBranches root_branches(int n);

// Burnside: #classes = (1/8) * sum over the 8 symmetries of the solutions each one fixes. No
// solution (N > 1) is fixed by a reflection, and the 90 and 270 degree rotations fix the same
// ones, so unique = (total + 2*F90 + F180) / 8. F90 and F180 come from searches that place
// whole symmetric orbits of 4 or 2 queens at a time: about the square root of the full search.
struct RotationFixed {
  std::uint64_t f90 = 0;   // solutions unchanged by a quarter turn
  std::uint64_t f180 = 0;  // solutions unchanged by a half turn
};
RotationFixed rotation_fixed(int n);
std::uint64_t unique_by_burnside(int n, std::uint64_t total);

// Independent subtrees for data-parallel kernels: the mirror-halved tree cut at the shallowest
// depth that yields at least `min_subtrees` subtrees. Solutions and nodes above the cut are
// counted here.
struct Subtree {
  std::uint32_t cols, ld, rd, weight;
};
struct Split {
  std::vector<Subtree> subtrees;
  std::uint64_t total_above = 0;  // weighted solutions completed above the cut
  std::uint64_t nodes_above = 0;
};
Split split_tree(int n, std::size_t min_subtrees);

// Data-parallel kernels: split the tree, hand the subtrees to an ISA-specific lockstep search,
// add what the split counted above the cut, and derive the unique count.
struct LaneTotals {
  std::uint64_t total = 0;  // weighted solutions
  std::uint64_t nodes = 0;
};
using LaneSearchFn = LaneTotals (*)(int n, const Subtree* subtrees, std::size_t count);
Result<Answer> count_lanes(const Case& c, int lanes, LaneSearchFn search);
// The stream-compaction engine (compact.h) runs a list of "runs": a start state plus row rules.
// The rules live here, at baseline, so that every ISA pass shares one copy of their (scalar,
// inline) code, which the passes' compilers inline.
struct CompactTotals {
  std::uint64_t solutions = 0;  // PlainRules: solutions; SymmetryRules: the sum of 840/m
  std::uint64_t nodes = 0;
};

// The plain mirror-halved search: no row constraints; every solution counts once (the caller
// doubles for the mirror).
struct PlainRules {
  int n = 0;
  static constexpr bool kRowHooks = false;
  std::uint32_t forbid(int /*row*/) const { return 0; }
};

// The symmetry-reduced search (symmetry.cpp explains the bounds), one run per bound:
//  - corner run (bound1): queens at (0,0) and (1,bound1); rows 2..bound1-1 may not use column 1.
//    Each class found has 8 members and is met exactly once: weight 840 (8 x 105).
//  - edge run (b): row-0 queen at column b; no side-column queen in rows < b or > n-1-b (so by
//    row n-1-b both sides are used, or one is placed there); the last row's queen at least b from
//    both corners.
// symmetry.cpp compares each edge-run solution with its 7 images, which needs the whole board; a
// compacted state has no board. Instead each solution S is weighted by 1/m(S), m(S) = the number
// of the square's 8 flags (an edge plus one of its corners) whose edge queen sits at distance
// exactly b. The 8 symmetries act simply transitively on the flags, so the images of S this run
// meets are exactly those that map such a flag to the top-left one: S's class is met
// m(S)/|Stab(S)| times and contributes 1/|Stab(S)| in all. Summed over classes that is T/8 (a
// class has 8/|Stab| members), so T = 8 x the weighted count; integer weights over
// 840 = lcm(1..8) make it T = (sum of 840/m) / 105. The unique count then comes from Burnside.
// m(S) = 1 (the row-0 queen) + side queens placed in row b or row n-1-b (counted as they are
// placed, in bits 24 and up of `cols`) + [the last queen in column b or n-1-b].
struct SymmetryRules {
  static constexpr bool kRowHooks = true;
  static constexpr int kCounterShift = 24;
  static constexpr std::uint32_t kWeightDenominator = 840;  // lcm(1..8)
  int n = 0;
  int bound1 = 0;  // corner run: column-1 queen below this row (0 for edge runs)
  int b = 0;       // edge run: the bound (0 for corner runs)
  std::uint32_t side = 0;
  std::uint32_t last_forbidden = 0;
  std::uint32_t edge_ends = 0;  // columns b and n-1-b

  std::uint32_t forbid(int row) const {
    std::uint32_t f = 0;
    if (bound1 && row >= 2 && row < bound1) f |= 2u;
    if (b && row < b) f |= side;
    if (b && row == n - 1) f |= last_forbidden;
    return f;
  }
};

template <class Rules>
struct CompactRun {
  Rules rules;
  int row;  // the row the start state fills next
  std::uint32_t cols, ld, rd, avail;
};

// Plain: one run per root branch. Returns the nodes placed on the way (the row-0 queens).
std::vector<CompactRun<PlainRules>> plain_runs(int n, std::uint64_t& nodes_above);
// Symmetry: the corner runs and the edge runs, largest first.
std::vector<CompactRun<SymmetryRules>> symmetry_runs(int n, std::uint64_t& nodes_above);

using CompactSearchFn = CompactTotals (*)(int n, const CompactRun<PlainRules>* runs, int count);
using SymmetrySearchFn = CompactTotals (*)(int n, const CompactRun<SymmetryRules>* runs, int count);
Result<Answer> count_compact(const Case& c, CompactSearchFn search);
Result<Answer> count_symmetry_compact(const Case& c, SymmetrySearchFn search);

// The lexicographically first solution (column of the queen in each row), for the board drawing.
std::vector<int> first_solution(int n);

// Published counts: OEIS A000170 (total) and A002562 (unique), index N.
std::optional<Answer> published(int n);

struct NQueens {
  using Case = nqueens::Case;
  using Answer = nqueens::Answer;
  using KernelImpl = KernelFn;

  static PuzzleInfo info();
  static ParamSchema schema();
  static std::vector<NamedCase> cases();
  static Expected<Case> prepare(const json& params, const Input& input);
  static Result<Answer> run(KernelImpl impl, const Case& c) { return impl(c); }
  static json answer_json(const Answer& a) { return {{"total", a.total}, {"unique", a.unique}}; }
  static std::optional<KnownAnswer> known(const Case& c);
  static json illustrate(const Case& c);
};

// Scalar kernels (also the building blocks and the reference for the tests).
Result<Answer> count_recursive(const Case& c);
Result<Answer> count_stack(const Case& c);
Result<Answer> count_symmetry(const Case& c);

}  // namespace sp::nqueens
