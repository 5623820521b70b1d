// Full 8-fold symmetry reduction: count each equivalence class once and weight it by its size
// (2, 4 or 8), which gives the unique count directly. The shape follows Takaken's well-known
// method; the canonical test is ours.
//
// Canonical form: the lexicographically smallest image (queen columns read row by row). Its
// row-0 queen sits at b = the smallest distance of any edge queen from its nearest corner, and no
// other edge queen is closer than b to a corner. The search only enumerates boards with that
// property, which prunes most of the tree before any comparison:
//  * corner case (b = 0, a queen at (0,0)): such classes always have 8 members, exactly two with
//    a queen at (0,0), mirror images across the main diagonal. Keep the one whose row-1 queen
//    column is smaller than its column-1 queen row: "rows above `bound1` may not use column 1";
//  * otherwise, for b = 1, 2, ... (b < n-1-b): row 0 at column b; the side columns 0 and n-1 are
//    forbidden in rows < b and rows > n-1-b (so by row n-1-b both must be used); the last row's
//    queen keeps at least b squares from both corners.
// Each edge-case board found is then compared with its 7 images; it counts only if none is
// smaller, and the images equal to it (a quarter or half turn) tell the class size.

#include <bit>

#include "puzzles/nqueens/nqueens.h"

namespace sp::nqueens {
namespace {

struct SymmetrySearch {
  int n;
  std::uint32_t full;
  std::uint64_t classes2 = 0, classes4 = 0, classes8 = 0, nodes = 0;
  int col_of_row[kMaxN] = {};
  int row_of_col[kMaxN] = {};

  // Every search below looks one row ahead: a child with no free square is counted as a node but
  // never entered, and the last row (one free square at most) is finished in its parent. Most
  // nodes of an N-queens tree are such dead ends, so this saves most calls.

  // Corner case: a queen at (0,0), counted as a class of 8 without any comparison.
  void corner(int y, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, std::uint32_t avail, int bound1) {
    while (avail) {
      const std::uint32_t bit = avail & (0u - avail);
      avail ^= bit;
      ++nodes;
      const std::uint32_t c = cols | bit, l = (ld | bit) << 1, r = (rd | bit) >> 1;
      std::uint32_t next = full & ~(c | l | r);
      if (y + 1 < bound1) next &= ~2u;  // column 1's queen must lie below row bound1
      if (!next) continue;
      if (y + 1 == n - 1) {
        ++nodes;
        ++classes8;
        continue;
      }
      corner(y + 1, c, l, r, next, bound1);
    }
  }

  struct EdgeBounds {
    int bound2;                     // n-1-b: the last row allowed to hold a side-column queen
    std::uint32_t side;             // columns 0 and n-1
    std::uint32_t forbid[kMaxN];    // per row: the sides above row b, the corners' b squares in the last row
  };

  // The free squares of row y, after the bounds.
  std::uint32_t restrict(int y, std::uint32_t cols, std::uint32_t avail, const EdgeBounds& e) const {
    avail &= ~e.forbid[y];
    if (y == e.bound2) {
      // No side queen may come after this row: both side columns are used by now or one is now.
      const std::uint32_t used = cols & e.side;
      if (used == 0) return 0;
      if (used != e.side) avail &= e.side;
    }
    return avail;
  }

  // Only the queen's bit is kept per row while searching; the board is spelled out for classify().
  std::uint32_t queen[kMaxN] = {};

  void edge(int y, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, std::uint32_t avail, const EdgeBounds& e) {
    while (avail) {
      const std::uint32_t bit = avail & (0u - avail);
      avail ^= bit;
      ++nodes;
      queen[y] = bit;
      const std::uint32_t c = cols | bit, l = (ld | bit) << 1, r = (rd | bit) >> 1;
      const std::uint32_t next = restrict(y + 1, c, full & ~(c | l | r), e);
      if (!next) continue;
      if (y + 1 == n - 1) {
        ++nodes;
        queen[n - 1] = next;
        classify();
        continue;
      }
      edge(y + 1, c, l, r, next, e);
    }
  }

  // Compares the board with one image, row by row: <0 if the image is smaller, 0 if equal.
  template <class Image>
  int compare_with(Image image) const {
    for (int r = 0; r < n; ++r) {
      const int v = image(r);
      if (v != col_of_row[r]) return v < col_of_row[r] ? -1 : 1;
    }
    return 0;
  }

  void classify() {
    for (int r = 0; r < n; ++r) {
      const int c = std::countr_zero(queen[r]);
      col_of_row[r] = c;
      row_of_col[c] = r;
    }
    const int m = n - 1;
    const int* col = col_of_row;
    const int* row = row_of_col;
    // Reflections never fix a solution, so they only need to be "not smaller".
    if (compare_with([&](int r) { return m - col[r]; }) < 0) return;      // mirror left-right
    if (compare_with([&](int r) { return col[m - r]; }) < 0) return;      // mirror up-down
    if (compare_with([&](int r) { return row[r]; }) < 0) return;          // main diagonal
    if (compare_with([&](int r) { return m - row[m - r]; }) < 0) return;  // anti-diagonal
    const int quarter = compare_with([&](int r) { return m - row[r]; });  // clockwise turn
    if (quarter < 0) return;
    const int half = compare_with([&](int r) { return m - col[m - r]; });
    if (half < 0) return;
    if (compare_with([&](int r) { return row[m - r]; }) < 0) return;      // counter-clockwise
    if (quarter == 0) ++classes2;
    else if (half == 0) ++classes4;
    else ++classes8;
  }
};

}  // namespace

Result<Answer> count_symmetry(const Case& c) {
  const int n = c.n;
  if (n == 1) return {{1, 1}, 1};
  SymmetrySearch s{n, full_mask(n)};

  // Queen at (0,0); the row-1 queen at column bound1 (column 1 is attacked, n-1 cannot be
  // smaller than the column-1 queen's row).
  ++s.nodes;
  for (int bound1 = 2; bound1 <= n - 2; ++bound1) {
    const std::uint32_t bit = 1u << bound1;
    ++s.nodes;
    const std::uint32_t cols = 1u | bit, ld = (2u | bit) << 1, rd = bit >> 1;
    std::uint32_t avail = s.full & ~(cols | ld | rd);
    if (2 < bound1) avail &= ~2u;
    if (n == 3 || !avail) continue;
    if (n == 4) {  // row 2 is already the last row
      s.nodes += std::popcount(avail);
      s.classes8 += std::popcount(avail);
      continue;
    }
    s.corner(2, cols, ld, rd, avail, bound1);
  }

  const std::uint32_t side = 1u | (1u << (n - 1));
  std::uint32_t last_forbidden = side;
  for (int b = 1; b < n - 1 - b; ++b) {
    const std::uint32_t bit = 1u << b;
    ++s.nodes;
    s.queen[0] = bit;
    SymmetrySearch::EdgeBounds e{n - 1 - b, side, {}};
    for (int y = 1; y < b; ++y) e.forbid[y] = side;
    e.forbid[n - 1] = last_forbidden;
    const std::uint32_t avail = s.restrict(1, bit, s.full & ~(bit | (bit << 1) | (bit >> 1)), e);
    if (avail) s.edge(1, bit, bit << 1, bit >> 1, avail, e);
    last_forbidden |= (last_forbidden >> 1 | last_forbidden << 1) & s.full;
  }

  const std::uint64_t unique = s.classes2 + s.classes4 + s.classes8;
  const std::uint64_t total = 2 * s.classes2 + 4 * s.classes4 + 8 * s.classes8;
  return {{total, unique}, s.nodes};
}

SP_REGISTER_KERNEL(NQueens,
                   {"symmetry", Isa::scalar, 0,
                    "8-fold symmetry reduction: each class searched once, weighted by its size"},
                   &count_symmetry);

}  // namespace sp::nqueens
