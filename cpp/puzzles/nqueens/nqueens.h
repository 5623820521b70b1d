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
// The stream-compaction search (compact.h) needs no split: it starts from the root branches.
using CompactSearchFn = LaneTotals (*)(int n);
Result<Answer> count_compact(const Case& c, CompactSearchFn search);

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
  static Expected<Case> prepare(const json& params, Bytes input);
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
