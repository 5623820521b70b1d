// The scalar bitmask kernels: Somers' recursion (the reference) and the same search with an
// explicit stack, the structure of davidad's assembly.

#include "puzzles/nqueens/nqueens.h"

namespace sp::nqueens {
namespace {

struct Recursive {
  std::uint32_t full;
  std::uint64_t nodes = 0;

  // Solutions below a row whose free squares are `avail`.
  std::uint64_t solve(std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, std::uint32_t avail) {
    std::uint64_t found = 0;
    while (avail) {
      const std::uint32_t bit = avail & (0u - avail);  // lowest free square
      avail ^= bit;
      ++nodes;
      const std::uint32_t c = cols | bit;
      if (c == full) {
        ++found;
        continue;
      }
      const std::uint32_t l = (ld | bit) << 1, r = (rd | bit) >> 1;
      found += solve(c, l, r, full & ~(c | l | r));
    }
    return found;
  }
};

}  // namespace

Result<Answer> count_recursive(const Case& c) {
  Recursive search{full_mask(c.n)};
  std::uint64_t total = 0;
  for (const RootBranch& b : root_branches(c.n)) {
    ++search.nodes;
    if (b.first == search.full) {  // N = 1: the first queen completes the board
      total += b.weight;
      continue;
    }
    const std::uint32_t ld = b.first << 1, rd = b.first >> 1;
    const std::uint32_t avail = search.full & ~(b.first | ld | rd) & b.second_allowed;
    total += b.weight * search.solve(b.first, ld, rd, avail);
  }
  return {{total, unique_by_burnside(c.n, total)}, search.nodes};
}

Result<Answer> count_stack(const Case& c) {
  const std::uint32_t full = full_mask(c.n);
  struct Frame {
    std::uint32_t cols, ld, rd, avail;
  };
  Frame stack[kMaxN + 1];
  std::uint64_t total = 0, nodes = 0;
  for (const RootBranch& b : root_branches(c.n)) {
    ++nodes;
    if (b.first == full) {
      total += b.weight;
      continue;
    }
    std::uint32_t cols = b.first, ld = b.first << 1, rd = b.first >> 1;
    std::uint32_t avail = full & ~(cols | ld | rd) & b.second_allowed;
    std::uint64_t found = 0;
    int sp = 0;
    for (;;) {
      if (avail == 0) {  // row exhausted: back to the parent row
        if (sp == 0) break;
        const Frame& f = stack[--sp];
        cols = f.cols;
        ld = f.ld;
        rd = f.rd;
        avail = f.avail;
        continue;
      }
      const std::uint32_t bit = avail & (0u - avail);
      avail ^= bit;
      ++nodes;
      const std::uint32_t next_cols = cols | bit;
      if (next_cols == full) {
        ++found;
        continue;
      }
      stack[sp++] = {cols, ld, rd, avail};
      cols = next_cols;
      ld = (ld | bit) << 1;
      rd = (rd | bit) >> 1;
      avail = full & ~(cols | ld | rd);
    }
    total += b.weight * found;
  }
  return {{total, unique_by_burnside(c.n, total)}, nodes};
}

SP_REGISTER_KERNEL(NQueens,
                   {"bitmask-recursive", Isa::scalar, 0,
                    "Somers-style recursive bitmask backtracking with mirror halving (reference)"},
                   &count_recursive);
SP_REGISTER_KERNEL(NQueens,
                   {"bitmask-stack", Isa::scalar, 0,
                    "the same search with an explicit stack and no recursion (davidad's structure)"},
                   &count_stack);

}  // namespace sp::nqueens
