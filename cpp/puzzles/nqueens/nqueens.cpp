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
// Diagonals are tracked by absolute index: d1 = r + c, d2 = r - c + n - 1.
struct HalfTurnSearch {
  int n;
  std::uint64_t count = 0;

  void search(int r, std::uint32_t cols, std::uint64_t d1, std::uint64_t d2) {
    if (r == n / 2) {
      if (n % 2 == 0) {
        ++count;
      } else {
        int m = n / 2;
        if (!((cols >> m) & 1u) && !((d1 >> (2 * m)) & 1u) && !((d2 >> (n - 1)) & 1u)) ++count;
      }
      return;
    }
    const int r2 = n - 1 - r;
    for (int c = 0; c < n; ++c) {
      const int c2 = n - 1 - c;
      // The pair would attack itself: same column (centre column), same anti-diagonal, or the
      // same diagonal.
      if (c == c2 || r + c == n - 1 || r == c) continue;
      if ((cols >> c) & 1u || (cols >> c2) & 1u) continue;
      const std::uint64_t a1 = 1ull << (r + c), b1 = 1ull << (r2 + c2);
      const std::uint64_t a2 = 1ull << (r - c + n - 1), b2 = 1ull << (r2 - c2 + n - 1);
      if ((d1 & (a1 | b1)) || (d2 & (a2 | b2))) continue;
      search(r + 1, cols | (1u << c) | (1u << c2), d1 | a1 | b1, d2 | a2 | b2);
    }
  }
};

// Solutions unchanged by a quarter turn: every queen brings its orbit (r,c) -> (c, n-1-r) ->
// (n-1-r, n-1-c) -> (n-1-c, r). Take the first empty row, try each column, place the whole orbit.
struct QuarterTurnSearch {
  int n;
  std::uint64_t count = 0;
  std::array<int, kMaxN> col_of_row{};
  std::uint32_t cols = 0;
  std::uint64_t d1 = 0, d2 = 0;

  bool place(int r, int c) {
    if (col_of_row[r] == c) return true;  // already placed as part of this orbit
    if (col_of_row[r] >= 0 || ((cols >> c) & 1u)) return false;
    const std::uint64_t a1 = 1ull << (r + c), a2 = 1ull << (r - c + n - 1);
    if ((d1 & a1) || (d2 & a2)) return false;
    col_of_row[r] = c;
    cols |= 1u << c;
    d1 |= a1;
    d2 |= a2;
    return true;
  }

  void search(int r) {
    while (r < n && col_of_row[r] >= 0) ++r;
    if (r == n) {
      ++count;
      return;
    }
    for (int c = 0; c < n; ++c) {
      auto saved_rows = col_of_row;
      auto saved = std::array<std::uint64_t, 3>{cols, d1, d2};
      if (place(r, c) && place(c, n - 1 - r) && place(n - 1 - r, n - 1 - c) && place(n - 1 - c, r))
        search(r + 1);
      col_of_row = saved_rows;
      cols = static_cast<std::uint32_t>(saved[0]);
      d1 = saved[1];
      d2 = saved[2];
    }
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
  HalfTurnSearch half{n};
  half.search(0, 0, 0, 0);
  f.f180 = half.count;
  if (n % 4 == 0 || n % 4 == 1) {  // an orbit of 4 queens per 4 rows, plus the centre for odd N
    QuarterTurnSearch quarter{n};
    quarter.col_of_row.fill(-1);
    quarter.search(0);
    f.f90 = quarter.count;
  }
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

Result<Answer> count_compact(const Case& c, CompactSearchFn search) {
  if (c.n == 1) return {{1, 1}, 1};
  const LaneTotals t = search(c.n);
  const std::uint64_t total = 2 * t.total;  // every root branch weighs 2 (mirror halving)
  return {{total, unique_by_burnside(c.n, total)}, t.nodes};
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
      {"bitmask-recursive", "bitmask-stack", "simd-state", "simd-lanes", "simd-compact", "symmetry"},
      "",  // no input file
  };
}

ParamSchema NQueens::schema() {
  return {ParamSpec::integer("n", "board size N (N x N board, N queens)", kMinN, kMaxN, 8)};
}

std::vector<NamedCase> NQueens::cases() {
  return {{"n=8", {{"n", 8}}}, {"n=12", {{"n", 12}}}, {"n=14", {{"n", 14}}}, {"n=16", {{"n", 16}}}};
}

Expected<Case> NQueens::prepare(const json& params, Bytes input) {
  if (!input.empty()) return Error{"nqueens takes no input file"};
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
