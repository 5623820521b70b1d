#include "puzzles/nqueens/nqueens.h"

#include <array>
#include <bit>

namespace sp::nqueens {
namespace {

// OEIS A000170 and A002562, N = 0..20 (N = 0 unused: the puzzle starts at 1).
constexpr std::array<Answer, kMaxN + 1> kPublished{{
    {1, 1},
    {1, 1},
    {0, 0},
    {0, 0},
    {2, 1},
    {10, 2},
    {4, 1},
    {40, 6},
    {92, 12},
    {352, 46},
    {724, 92},
    {2680, 341},
    {14200, 1787},
    {73712, 9233},
    {365596, 45752},
    {2279184, 285053},
    {14772512, 1846955},
    {95815104, 11977939},
    {666090624, 83263591},
    {4968057848, 621012754},
    {39029188884, 4878666808},
}};

// Solutions unchanged by a half turn: queens come in pairs (r, c) / (n-1-r, n-1-c), so choose the
// top half of the rows and the bottom half follows; for odd N the centre square must be a queen.
// Diagonals are tracked by absolute index (d1 = r + c, d2 = r - c + n - 1). The trick that keeps
// it a plain bitmask search: on such a board the column set and both diagonal sets are symmetric
// themselves (each pair contributes k and 2n-2-k), so a pair is legal as soon as its first queen's
// column and diagonals are free and the pair does not attack itself.
struct HalfTurnSearch {
  int n;
  std::uint32_t full;

  std::uint64_t count(int r, std::uint32_t cols, std::uint64_t d1, std::uint64_t d2) const {
    if (r == n / 2) {
      if (n % 2 == 0) return 1;
      const int m = n / 2;  // the centre square (m, m): column m, d1 = 2m, d2 = n-1
      return !((cols >> m) & 1u) && !((d1 >> (2 * m)) & 1u) && !((d2 >> (n - 1)) & 1u);
    }
    // Column c: free column, free d1 bit r+c, free d2 bit r-c+n-1 = (n-1-r)+... read through the
    // set's symmetry as bit (n-1-r)+c; and not the pair's own column / d1 / d2 (c = n-1-c,
    // c = n-1-r, c = r).
    std::uint32_t self = (1u << (n - 1 - r)) | (1u << r);
    if (n % 2) self |= 1u << (n / 2);
    std::uint32_t avail = full & ~cols & ~static_cast<std::uint32_t>(d1 >> r) &
                          ~static_cast<std::uint32_t>(d2 >> (n - 1 - r)) & ~self;
    std::uint64_t found = 0;
    while (avail) {
      const int c = std::countr_zero(avail);
      avail &= avail - 1;
      const std::uint32_t pair_cols = (1u << c) | (1u << (n - 1 - c));
      const std::uint64_t pair_d1 = (1ull << (r + c)) | (1ull << (2 * n - 2 - r - c));
      const std::uint64_t pair_d2 = (1ull << (r - c + n - 1)) | (1ull << (c - r + n - 1));
      found += count(r + 1, cols | pair_cols, d1 | pair_d1, d2 | pair_d2);
    }
    return found;
  }
};

// Solutions unchanged by a quarter turn: every queen brings its orbit (r,c) -> (c, n-1-r) ->
// (n-1-r, n-1-c) -> (n-1-c, r). Fill the first empty row, trying each column, placing the whole
// orbit; the state (rows, columns, diagonals) is four words passed by value.
struct QuarterTurnSearch {
  int n;

  struct State {
    std::uint32_t rows = 0, cols = 0;
    std::uint64_t d1 = 0, d2 = 0;
    // Adds a queen at (r, c); false if its row, column or a diagonal is taken.
    bool place(int r, int c, int n) {
      const std::uint64_t a1 = 1ull << (r + c), a2 = 1ull << (r - c + n - 1);
      if (((rows >> r) & 1u) || ((cols >> c) & 1u) || (d1 & a1) || (d2 & a2)) return false;
      rows |= 1u << r;
      cols |= 1u << c;
      d1 |= a1;
      d2 |= a2;
      return true;
    }
  };

  std::uint64_t count(const State& s) const {
    const std::uint32_t empty = ~s.rows & full_mask(n);
    if (!empty) return 1;
    const int r = std::countr_zero(empty);
    std::uint64_t found = 0;
    for (std::uint32_t avail = full_mask(n) & ~s.cols; avail; avail &= avail - 1) {
      const int c = std::countr_zero(avail);
      State t = s;
      // The four squares of an orbit are distinct except for the centre square of an odd board,
      // which is its own orbit.
      const bool centre = r == c && 2 * r == n - 1;
      const bool ok = centre ? t.place(r, c, n)
                             : t.place(r, c, n) && t.place(c, n - 1 - r, n) && t.place(n - 1 - r, n - 1 - c, n) &&
                                   t.place(n - 1 - c, r, n);
      if (ok) found += count(t);
    }
    return found;
  }
};

}  // namespace

RootBranches root_branches(int n) {
  const std::uint32_t full = full_mask(n);
  RootBranches out;
  if (n == 1) {
    out.items[out.count++] = {1u, 0u, 1u};
    return out;
  }
  for (int c = 0; c < n / 2; ++c) out.items[out.count++] = {1u << c, full, 2u};
  if (n % 2) out.items[out.count++] = {1u << (n / 2), (1u << (n / 2)) - 1u, 2u};
  return out;
}

RotationFixed rotation_fixed(int n) {
  if (n == 1) return {1, 1};
  RotationFixed f;
  f.f180 = HalfTurnSearch{n, full_mask(n)}.count(0, 0, 0, 0);
  if (n % 4 == 0 || n % 4 == 1)  // an orbit of 4 queens per 4 rows, plus the centre for odd N
    f.f90 = QuarterTurnSearch{n}.count({});
  return f;
}

std::uint64_t unique_by_burnside(int n, std::uint64_t total) {
  if (n == 1) return total;  // the single-square board is fixed by all 8 symmetries
  RotationFixed f = rotation_fixed(n);
  return (total + 2 * f.f90 + f.f180) / 8;
}

Split split_tree(int n, std::size_t min_subtrees) {
  Split split;
  const std::uint32_t full = full_mask(n);
  std::vector<Subtree> frontier;
  // Rows 0 and 1 are always expanded here, because row 1's restriction (odd N) is not part of
  // the (cols, ld, rd) state a subtree carries.
  for (const RootBranch& b : root_branches(n)) {
    ++split.nodes_above;
    if (n == 1) {
      split.total_above += b.weight;
      continue;
    }
    std::uint32_t avail = full & ~(b.first | (b.first << 1) | (b.first >> 1)) & b.second_allowed;
    while (avail) {
      std::uint32_t bit = avail & (0u - avail);
      avail ^= bit;
      ++split.nodes_above;
      Subtree s{b.first | bit, ((b.first << 1) | bit) << 1, ((b.first >> 1) | bit) >> 1, b.weight};
      if (s.cols == full) {
        split.total_above += b.weight;
      } else if (full & ~(s.cols | s.ld | s.rd)) {
        frontier.push_back(s);
      }
    }
  }
  while (!frontier.empty() && frontier.size() < min_subtrees) {
    std::vector<Subtree> next;
    for (const Subtree& s : frontier) {
      std::uint32_t avail = full & ~(s.cols | s.ld | s.rd);
      while (avail) {
        std::uint32_t bit = avail & (0u - avail);
        avail ^= bit;
        ++split.nodes_above;
        Subtree c{s.cols | bit, (s.ld | bit) << 1, (s.rd | bit) >> 1, s.weight};
        if (c.cols == full) {
          split.total_above += s.weight;
        } else if (full & ~(c.cols | c.ld | c.rd)) {
          next.push_back(c);
        }
      }
    }
    frontier = std::move(next);
  }
  split.subtrees = std::move(frontier);
  return split;
}

Result<Answer> count_lanes(const Case& c, int lanes, LaneSearchFn search) {
  // Enough subtrees that the last, partly empty vector of work is a small share of the total.
  const Split split = split_tree(c.n, static_cast<std::size_t>(32 * lanes));
  const LaneTotals below = search(c.n, split.subtrees.data(), split.subtrees.size());
  const std::uint64_t total = split.total_above + below.total;
  return {{total, unique_by_burnside(c.n, total)}, split.nodes_above + below.nodes};
}

std::vector<CompactRun<PlainRules>> plain_runs(int n, std::uint64_t& nodes_above) {
  const std::uint32_t full = full_mask(n);
  std::vector<CompactRun<PlainRules>> runs;
  for (const RootBranch& b : root_branches(n)) {
    ++nodes_above;
    const std::uint32_t ld = b.first << 1, rd = b.first >> 1;
    runs.push_back({PlainRules{n}, 1, b.first, ld, rd, full & ~(b.first | ld | rd) & b.second_allowed});
  }
  return runs;
}

std::vector<CompactRun<SymmetryRules>> symmetry_runs(int n, std::uint64_t& nodes_above) {
  const std::uint32_t full = full_mask(n);
  const std::uint32_t side = 1u | (1u << (n - 1));
  std::vector<CompactRun<SymmetryRules>> runs;
  // Edge runs first, b = 1 (the biggest) onwards.
  std::uint32_t last_forbidden = side;
  for (int b = 1; b < n - 1 - b; ++b) {
    ++nodes_above;
    const std::uint32_t bit = 1u << b;
    SymmetryRules rules{n, 0, b, side, last_forbidden, bit | (1u << (n - 1 - b))};
    const std::uint32_t ld = bit << 1, rd = bit >> 1;
    runs.push_back({rules, 1, bit, ld, rd, full & ~(bit | ld | rd) & ~rules.forbid(1)});
    last_forbidden |= (last_forbidden >> 1 | last_forbidden << 1) & full;
  }
  // Corner runs: queen at (0,0), the row-1 queen at column bound1.
  if (n >= 2) ++nodes_above;
  for (int bound1 = 2; bound1 <= n - 2; ++bound1) {
    ++nodes_above;
    const std::uint32_t bit = 1u << bound1;
    SymmetryRules rules{n, bound1, 0, side, 0, 0};
    const std::uint32_t cols = 1u | bit, ld = (2u | bit) << 1, rd = bit >> 1;
    runs.push_back({rules, 2, cols, ld, rd, full & ~(cols | ld | rd) & ~rules.forbid(2)});
  }
  return runs;
}

Result<Answer> count_compact(const Case& c, CompactSearchFn search) {
  if (c.n <= 2) return count_recursive(c);  // boards too small for a queue of rows
  std::uint64_t nodes = 0;
  const auto runs = plain_runs(c.n, nodes);
  const CompactTotals t = search(c.n, runs.data(), static_cast<int>(runs.size()));
  const std::uint64_t total = 2 * t.solutions;  // every root branch weighs 2 (mirror halving)
  return {{total, unique_by_burnside(c.n, total)}, nodes + t.nodes};
}

Result<Answer> count_symmetry_compact(const Case& c, SymmetrySearchFn search) {
  if (c.n <= 3) return count_symmetry(c);  // boards too small for a queue of rows
  std::uint64_t nodes = 0;
  const auto runs = symmetry_runs(c.n, nodes);
  const CompactTotals t = search(c.n, runs.data(), static_cast<int>(runs.size()));
  // t.solutions = sum over solutions of 840/m, and T = 8 x sum of 1/m (see SymmetryRules).
  const std::uint64_t total = t.solutions / (SymmetryRules::kWeightDenominator / 8);
  return {{total, unique_by_burnside(c.n, total)}, nodes + t.nodes};
}

std::vector<int> first_solution(int n) {
  std::vector<int> cols_of_rows;
  const std::uint32_t full = full_mask(n);
  // Iterative DFS, lowest column first, stops at the first complete board.
  std::vector<std::uint32_t> avail_stack;
  std::uint32_t cols = 0, ld = 0, rd = 0;
  std::vector<std::array<std::uint32_t, 3>> states;
  std::uint32_t avail = full;
  for (;;) {
    if (avail == 0) {
      if (states.empty()) return {};
      auto st = states.back();
      states.pop_back();
      cols = st[0];
      ld = st[1];
      rd = st[2];
      avail = avail_stack.back();
      avail_stack.pop_back();
      cols_of_rows.pop_back();
      continue;
    }
    std::uint32_t bit = avail & (0u - avail);
    avail ^= bit;
    cols_of_rows.push_back(std::countr_zero(bit));
    if ((cols | bit) == full) return cols_of_rows;
    states.push_back({cols, ld, rd});
    avail_stack.push_back(avail);
    cols |= bit;
    ld = (ld | bit) << 1;
    rd = (rd | bit) >> 1;
    avail = full & ~(cols | ld | rd);
  }
}

std::optional<Answer> published(int n) {
  if (n < kMinN || n > kMaxN) return std::nullopt;
  return kPublished[static_cast<std::size_t>(n)];
}

PuzzleInfo NQueens::info() {
  return {
      "nqueens",
      "N-queens",
      "Count every way to place N non-attacking queens on an N x N board, and the unique ones up "
      "to rotation and reflection. Bitmask backtracking, davidad's three attack words in one "
      "128-bit register, lockstep SIMD lanes, and full symmetry reduction.",
      "https://davidad.github.io/blog/2014/02/25/overkilling-the-8-queens-problem/",
      "nodes",
      "bitmask-recursive",
      {"bitmask-recursive", "bitmask-stack", "simd-state", "simd-lanes", "simd-compact", "symmetry",
       "simd-symmetry"},
      "",  // no input file
  };
}

ParamSchema NQueens::schema() {
  return {ParamSpec::integer("n", "board size N (N x N board, N queens)", kMinN, kMaxN, 8)};
}

std::vector<NamedCase> NQueens::cases() {
  return {{"n=8", {{"n", 8}}}, {"n=12", {{"n", 12}}}, {"n=14", {{"n", 14}}}, {"n=16", {{"n", 16}}}};
}

Expected<Case> NQueens::prepare(const json& params, const Input& /*input: none; the engine checks*/) {
  return Case{params.at("n").get<int>()};
}

std::optional<KnownAnswer> NQueens::known(const Case& c) {
  auto p = published(c.n);
  if (!p) return std::nullopt;
  return KnownAnswer{answer_json(*p), "OEIS A000170, A002562"};
}

json NQueens::illustrate(const Case& c) {
  auto s = first_solution(c.n);
  if (s.empty()) return {{"n", c.n}, {"solution", nullptr}};
  return {{"n", c.n}, {"solution", s}};
}

}  // namespace sp::nqueens
