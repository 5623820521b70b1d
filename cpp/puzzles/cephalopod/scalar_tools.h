#pragma once
// The scalar (SWAR) building blocks of the search engines in bfs_search.h, dfs_search.h and
// layered.h. Vector kernels derive from ScalarTools and replace what pays. A relative header, as
// bfs_search.h says: compiled in each ISA pass that derives from it, and at baseline for the
// scalar kernels.

#include "puzzles/cephalopod/bfs_search.h"

namespace cephalopod {
using namespace ::sp::cephalopod;

struct ScalarTools : BoardAtATime<ScalarTools> {
  static int children(Board b, Board* out) { return write_children(b, out); }
  static Canonical canonicalize(Board x) { return ::sp::cephalopod::canonicalize(x); }

  // DFS: the cache probe, and a child's 8 values re-oriented into the frame's sums.
  static int find(const DfsCache& cache, std::uint32_t bucket, std::uint64_t key) { return cache.find(bucket, key); }
  static void add_values(std::uint32_t* acc, const std::uint32_t* w, int j) {
    const auto& from = kValueFrom[static_cast<std::size_t>(j)];
    for (int g = 0; g < kSymmetries; ++g) acc[g] += w[from[static_cast<std::size_t>(g)]];
  }
  // acc[g] += hash(t_g) of the digit sums (border: one byte per position, see spread_border).
  static void add_digits(std::uint32_t* acc, std::uint64_t border, std::uint32_t centre) {
    for (int p = 0; p < kCells; ++p) {
      const std::uint32_t digits = p == kCentre ? centre : static_cast<std::uint32_t>((border >> (8 * p)) & 0xFF);
      if (!digits) continue;
      for (int g = 0; g < kSymmetries; ++g) acc[g] += digits * kOrientWeight[static_cast<std::size_t>(p)][static_cast<std::size_t>(g)];
    }
  }

  // BFS (and layered.h): the index probe, and child slot k (+)= parent slot kCountFrom[j][k].
  static std::uint32_t find_or_add(Level<kSymmetries>& level, Board b, std::uint32_t /*home*/, bool& added) {
    return level.find_or_add(b, added);
  }
  static std::uint32_t find_or_add(TableCursor& c, Board b, std::uint32_t home, bool& added) {
    return probe_or_add(c, b, home, added);
  }
  static void set_counts(std::uint32_t* dst, const std::uint32_t* src, int j) {
    const auto& from = kCountFrom[static_cast<std::size_t>(j)];
    for (int k = 0; k < kSymmetries; ++k) dst[k] = src[from[static_cast<std::size_t>(k)]];
  }
  static void add_counts(std::uint32_t* dst, const std::uint32_t* src, int j) {
    const auto& from = kCountFrom[static_cast<std::size_t>(j)];
    for (int k = 0; k < kSymmetries; ++k) dst[k] += src[from[static_cast<std::size_t>(k)]];
  }
  // layered.h: `slots` consecutive count slots of a band, each re-oriented by j, added (or
  // written).
  // Bit w set: slot w of the band has a path (some of its 8 counts is not 0).
  static std::uint32_t nonzero_slots(const std::uint32_t* band, int slots) {
    std::uint32_t live = 0;
    for (int w = 0; w < slots; ++w) {
      std::uint32_t any = 0;
      for (int k = 0; k < kSymmetries; ++k) any |= band[w * kSymmetries + k];
      live |= std::uint32_t{any != 0} << w;
    }
    return live;
  }
  static void add_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) {
    for (int w = 0; w < slots; ++w) add_counts(dst + w * kSymmetries, src + w * kSymmetries, j);
  }
  static void set_band(std::uint32_t* dst, const std::uint32_t* src, int slots, int j) {
    for (int w = 0; w < slots; ++w) set_counts(dst + w * kSymmetries, src + w * kSymmetries, j);
  }
  // Final boards of one parent, from their digit sums: sum over g of counts[g] * hash(t_g(x)).
  static std::uint64_t spread(Board x) { return spread_border(x); }
  static std::uint32_t parent_final(const std::uint32_t* counts, std::uint64_t border, std::uint32_t centre) {
    std::uint32_t h[kSymmetries] = {};
    add_digits(h, border, centre);
    std::uint32_t sum = 0;
    for (int g = 0; g < kSymmetries; ++g) sum += counts[g] * h[g];
    return sum;
  }
};

}  // namespace cephalopod
