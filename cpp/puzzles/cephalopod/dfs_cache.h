#pragma once
// Depth-first search with a cache, in Karang's shape: no recursion, two explicit stacks (the
// children still to visit, as bare words; the frames of the boards being expanded), and a cache
// from (canonical board, turns left) to the 8 per-orientation hash sums of its subtree.
//
// Value of a subtree: V(y, k) = sum over the move sequences of at most k turns from board y of
// the final board's hash (a full board ends a sequence). The cache stores, for a canonical c,
// W(c, k)[g] = V(t_g(c), k) for the 8 transforms g, so any orientation of c is served: a child
// x = t_j^-1(cx) of a frame contributes V(t_g(x), k-1) = W(cx, k-1)[g o t_j^-1] to the frame's
// sum for orientation g (kValueFrom). Leaves (no turn left, or a full board) are worth their
// hash: V(t_g(x), 0) = hash(t_g(x)), summed through per-orientation cell weights.
//
// The cache holds buckets of 4 ways: 64-bit keys (board, turns left, epoch) in one 32-byte line,
// probed by one 256-bit compare in the AVX2 kernel, and their values, 8 x u32 each. A full bucket
// evicts its smallest-depth entry, the cheapest to recompute. The epoch makes every call start
// cold (in O(1)), as a benchmark must.
//
// This header: the search's data (baseline, in Workspace); the search itself is dfs_search.h.

#include <cstdint>

#include "puzzles/cephalopod/board.h"
#include "puzzles/cephalopod/buffer.h"

namespace sp::cephalopod {

inline constexpr int kDfsMaxDepth = 40;

// kValueFrom[j][g] = index of t_g o t_j^-1 (see above).
constexpr std::array<std::array<std::uint8_t, kSymmetries>, kSymmetries> make_value_from() {
  std::array<std::array<std::uint8_t, kSymmetries>, kSymmetries> p{};
  for (int j = 0; j < kSymmetries; ++j)
    for (int g = 0; g < kSymmetries; ++g)
      p[static_cast<std::size_t>(j)][static_cast<std::size_t>(g)] = static_cast<std::uint8_t>(
          kGroup.compose[static_cast<std::size_t>(g)][static_cast<std::size_t>(kGroup.inverse[static_cast<std::size_t>(j)])]);
  return p;
}
inline constexpr auto kValueFrom = make_value_from();

struct alignas(32) Values {
  std::uint32_t v[kSymmetries];
};

struct DfsCache {
  static constexpr int kWays = 4;
  static constexpr int kMinBits = 10;   // 4096 entries, 160 KiB
  static constexpr int kMaxBits = 18;   // 1 Mi entries, 40 MiB

  Buffer<std::uint64_t> keys;   // kWays per bucket
  Buffer<Values> values;        // kWays per bucket
  int bits = 0;
  std::uint64_t epoch = 0;
  std::uint64_t inserts = 0;    // since the last growth: grows when it passes the capacity

  static std::uint64_t key(Board b, int turns_left, std::uint64_t epoch) {
    return std::uint64_t{b} | (std::uint64_t(turns_left) << 27) | (epoch << 33);
  }
  std::uint32_t bucket(Board b, int turns_left) const {
    return ((b ^ (std::uint32_t(turns_left) << 27)) * 0x9E3779B1u) >> (32 - bits);
  }
  // Every call starts cold.
  bool start(Budget& budget) {
    ++epoch;
    inserts = 0;
    return bits ? true : resize(budget, kMinBits);
  }
  bool resize(Budget& budget, int new_bits) {
    Buffer<std::uint64_t> k;
    Buffer<Values> v;
    keys = Buffer<std::uint64_t>();
    values = Buffer<Values>();
    const std::size_t entries = std::size_t{kWays} << new_bits;
    if (!k.grow_to(budget, entries) || !v.grow_to(budget, entries)) return false;
    k.fill_zero();  // epoch 0 is never live
    keys.swap(k);
    values.swap(v);
    bits = new_bits;
    inserts = 0;
    return true;
  }
  // Scalar probe: the way holding `key` in bucket b, or -1.
  int find(std::uint32_t b, std::uint64_t k) const {
    const std::uint64_t* ways = keys.data() + std::size_t{b} * kWays;
    for (int w = 0; w < kWays; ++w)
      if (ways[w] == k) return w;
    return -1;
  }
  // Stores a value: a free way, or the one with the fewest turns left. Grows the cache (which
  // empties it) once it has taken more inserts than it has entries, up to kMaxBits; a growth the
  // budget refuses just keeps the current size.
  void store(Budget& budget, std::uint32_t b, std::uint64_t k, const std::uint32_t* v) {
    if (++inserts > (std::uint64_t{kWays} << bits) && bits < kMaxBits) {
      const int want = bits + 1;
      if (!resize(budget, want)) resize(budget, want - 1);  // the old size always fits again
      b = bucket(static_cast<Board>(k & 0x7FFFFFF), static_cast<int>((k >> 27) & 63));
    }
    std::uint64_t* ways = keys.data() + std::size_t{b} * kWays;
    int victim = 0;
    std::uint64_t victim_turns = ~std::uint64_t{0};
    for (int w = 0; w < kWays; ++w) {
      if ((ways[w] >> 33) != epoch) {
        victim = w;
        break;
      }
      const std::uint64_t turns = (ways[w] >> 27) & 63;
      if (turns < victim_turns) {
        victim_turns = turns;
        victim = w;
      }
    }
    ways[victim] = k;
    std::uint32_t* dst = values[std::size_t{b} * kWays + static_cast<std::size_t>(victim)].v;
    for (int g = 0; g < kSymmetries; ++g) dst[g] = v[g];
  }
};

struct DfsFrame {
  alignas(32) std::uint32_t acc[kSymmetries];  // per-orientation sums of the children so far
  std::uint64_t leaf_border;   // digit sums of the final children so far (spread_border)
  std::uint32_t leaf_centre;
  Board board;          // canonical (the root: the start board as given)
  std::uint8_t turns;   // turns left from this board
  std::uint8_t sym;     // this board is t_sym of the parent's child
  std::uint16_t next;   // next child to visit (index into the child stack)
  std::uint16_t end;    // one past this frame's last child
};

struct DfsState {
  DfsCache cache;
  DfsFrame frames[kDfsMaxDepth + 1];
  Board children[(kDfsMaxDepth + 1) * kMaxChildren + kChildBuffer + 16];  // +16: whole-vector stores
  std::uint64_t lookups = 0, hits = 0;
};

struct DfsTotals {
  std::uint32_t sum = 0;        // V(start, depth), wrapping
  std::uint64_t expanded = 0;   // frames pushed (boards whose moves were generated)
  std::size_t peak = 0;         // always 0: the cache is the search's only table
};

}  // namespace sp::cephalopod

