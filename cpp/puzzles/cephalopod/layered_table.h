#pragma once
// The data of the `layered` kernel (the search itself: layered.h). The game graph is acyclic and
// layered: with P = pip sum and m = P - (number of dice), placing a 1 goes from layer (P, m) to
// (P + 1, m) and a capture of j dice to (P, m + j - 1). Every path to a board in layer (P, m)
// made P - P0 placements of a 1 and c captures, so its depth is d = (P - P0) + c with
// c in [ceil((m - m0) / 3), m - m0] (a capture adds 1 to 3 to m). Processing the layers in
// (P, m) order, each canonical board is expanded once, holding a band of counts (one per possible
// c, each the 8 per-orientation counts of bfs_sym.h) instead of being expanded once per depth.
// Derivation and measurements: docs/results.md (Cephalopod).
//
// Only depths d <= D - 1 are stored: a board at depth D - 1 adds its children's hashes at once
// (no table entry for depth D), and a full child is final at any depth (summed, never stored).

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "puzzles/cephalopod/board.h"
#include "puzzles/cephalopod/buffer.h"
#include "puzzles/cephalopod/level_table.h"

namespace sp::cephalopod {

inline constexpr int kMaxPips = kCells * kMaxValue;  // 54
inline constexpr int kMaxM = kMaxPips - kCells;      // 45: a board of nine 6s
inline constexpr int kLayerRow = kMaxM + 4;          // m + 3 stays in a row

constexpr int pip_sum(Board b) {
  int s = 0;
  for (int p = 0; p < kCells; ++p) s += field(b, p);
  return s;
}
// Dice on the board: its fields that are not 0 (a SWAR popcount of the zero mask: plain x86-64
// has no popcnt instruction, and the builtin would be a library call per child).
constexpr int dice_count(Board b) {
  std::uint32_t z = zmask(b);
  z = z - ((z >> 1) & 0x55555555u);
  z = (z & 0x33333333u) + ((z >> 2) & 0x33333333u);
  z = (z + (z >> 4)) & 0x0F0F0F0Fu;
  return kCells - static_cast<int>((z * 0x01010101u) >> 24);
}

// Which layers a (start, depth) case has and how wide their bands are.
struct LayerGeometry {
  int p0 = 0, m0 = 0, depth = 0;

  static constexpr LayerGeometry of(Board start, int depth) {
    const int p = pip_sum(start);
    return {p, p - dice_count(start), depth};
  }
  // Fewest captures that reach m (each adds at most 3 to m).
  int cmin(int m) const { return (m - m0 + 2) / 3; }
  // Most captures a stored board of layer (P, m) can have made: at most m - m0, and its depth
  // (P - P0) + c at most D - 1.
  int cmax(int pips, int m) const { return std::min(m - m0, depth - 1 - (pips - p0)); }
  // Band width: counts per board; 0 or less means no stored board of this layer is reachable.
  int width(int pips, int m) const { return cmax(pips, m) - cmin(m) + 1; }
  int depth_of(int pips, int m, int slot) const { return pips - p0 + cmin(m) + slot; }
};

// Freed tables' buffers, kept for the next layer: a layer lives for a few hundred microseconds,
// and memory taken from and given back to the system costs page faults on every reuse. The
// budget counts what the pool holds, so the peak is what the layers needed at once plus what
// waits here; a refusal first empties the pool and tries again.
template <class T>
class BufferPool {
 public:
  bool take(Budget& budget, std::size_t n, Buffer<T>& out) {
    int best = -1;
    for (int i = 0; i < count_; ++i)
      if (free_[i].size() >= n && (best < 0 || free_[i].size() < free_[best].size())) best = i;
    if (best >= 0) {
      out.swap(free_[best]);
      free_[best].swap(free_[--count_]);
      return true;
    }
    if (out.grow_to(budget, n)) return true;
    clear();
    return out.grow_to(budget, n);
  }
  void give(Buffer<T>& b) {
    if (!b.data()) return;
    if (count_ == kSlots) {  // full: the smallest goes back to the system
      int smallest = 0;
      for (int i = 1; i < count_; ++i)
        if (free_[i].size() < free_[smallest].size()) smallest = i;
      if (free_[smallest].size() >= b.size()) {
        Buffer<T> drop;
        drop.swap(b);
        return;
      }
      Buffer<T> drop;
      drop.swap(free_[smallest]);
      free_[smallest].swap(b);
      return;
    }
    free_[count_++].swap(b);
  }
  void clear() {
    for (int i = 0; i < count_; ++i) {
      Buffer<T> drop;
      drop.swap(free_[i]);
    }
    count_ = 0;
  }

 private:
  static constexpr int kSlots = 2 * kLayerRow;
  Buffer<T> free_[kSlots];
  int count_ = 0;
};

struct LayerPools {
  BufferPool<Bucket> buckets;
  BufferPool<Board> keys;
  BufferPool<std::uint32_t> counts;
};

// One layer: canonical boards in insertion order (keys), `width` x 8 counts each (slot w holds
// the paths with lowest_capture() + w captures), and an index of 8-key buckets like a BFS
// level's (one epoch: a table's index is zeroed when it is taken). The band starts as the first
// parent layer needs it and widens when another needs more (a copy, once per parent layer at
// most): narrower than LayerGeometry's bound, whose ends few boards reach.
class LayerTable {
 public:
  bool live() const { return live_; }
  std::uint32_t size() const { return size_; }
  int width() const { return width_; }
  int lowest_capture() const { return clo_; }
  const Board* keys() const { return keys_.data(); }  // readable up to size() + kKeySlack
  std::uint32_t* counts(std::uint32_t i) { return counts_.data() + std::size_t{i} * stride(); }
  const std::uint32_t* counts(std::uint32_t i) const { return counts_.data() + std::size_t{i} * stride(); }
  std::size_t stride() const { return std::size_t(width_) * kSymmetries; }
  int shift() const { return 32 - bits_; }

  // hint: boards expected (the size this layer reached last time), so that it rarely grows.
  void open(std::uint32_t hint) {
    live_ = true;
    width_ = 0;
    clo_ = 0;
    size_ = capacity_ = 0;
    bits_ = 0;
    hint_ = hint;
  }
  // Back to the pools: the layer is done.
  void close(LayerPools& pools) {
    pools.buckets.give(buckets_);
    pools.keys.give(keys_);
    pools.counts.give(counts_);
    live_ = false;
    size_ = capacity_ = 0;
  }

  // Slots for captures lo..hi at least. False when the budget says no.
  bool cover(Budget& budget, LayerPools& pools, int lo, int hi) {
    const int new_lo = width_ ? std::min(lo, clo_) : lo, new_hi = width_ ? std::max(hi, clo_ + width_ - 1) : hi;
    if (width_ && new_lo == clo_ && new_hi == clo_ + width_ - 1) return true;
    if (size_ == 0) {  // no board yet: the next reserve() sizes the counts
      pools.counts.give(counts_);
      capacity_ = 0;
      clo_ = new_lo;
      width_ = new_hi - new_lo + 1;
      return true;
    }
    const std::size_t old_stride = stride();
    const std::size_t new_stride = std::size_t(new_hi - new_lo + 1) * kSymmetries;
    const std::size_t at = std::size_t(clo_ - new_lo) * kSymmetries;
    Buffer<std::uint32_t> counts;
    if (!pools.counts.take(budget, std::size_t{capacity_} * new_stride, counts)) return false;
    for (std::uint32_t i = 0; i < size_; ++i) {
      std::uint32_t* to = counts.data() + i * new_stride;
      std::memset(to, 0, new_stride * sizeof(std::uint32_t));
      std::memcpy(to + at, counts_.data() + i * old_stride, old_stride * sizeof(std::uint32_t));
    }
    pools.counts.give(counts_);
    counts_.swap(counts);
    clo_ = new_lo;
    width_ = new_hi - new_lo + 1;
    capacity_ = static_cast<std::uint32_t>(std::min(keys_.size() - kKeySlack, counts_.size() / stride()));
    return true;
  }

  // Room for `extra` more boards. False when the budget says no.
  bool reserve(Budget& budget, LayerPools& pools, std::uint32_t extra) {
    const std::size_t need = std::size_t{size_} + extra;
    if (need > capacity_) {
      // Twice as large: each growth copies the counts (a layer's largest array).
      std::size_t cap = std::max<std::size_t>(capacity_ ? 2 * std::size_t{capacity_} : std::max<std::uint32_t>(256, hint_), need);
      if (cap > (std::size_t{1} << 27)) return false;
      Buffer<Board> keys;
      Buffer<std::uint32_t> counts;
      if (!pools.keys.take(budget, cap + kKeySlack, keys) || !pools.counts.take(budget, cap * stride(), counts)) {
        pools.keys.give(keys);
        return false;
      }
      if (size_) {
        std::memcpy(keys.data(), keys_.data(), size_ * sizeof(Board));
        std::memcpy(counts.data(), counts_.data(), size_ * stride() * sizeof(std::uint32_t));
      }
      pools.keys.give(keys_);
      pools.counts.give(counts_);
      keys_.swap(keys);
      counts_.swap(counts);
      capacity_ = static_cast<std::uint32_t>(std::min(keys_.size() - kKeySlack, counts_.size() / stride()));
    }
    if (need > (std::size_t{1} << bits_) * 5 || bits_ == 0) {  // load under 5/8, as a BFS level
      int bits = std::max(bits_, 3);
      while (std::max<std::size_t>(need, bits_ ? 0 : hint_) > (std::size_t{1} << bits) * 5) ++bits;
      Buffer<Bucket> fresh;
      if (!pools.buckets.take(budget, std::size_t{1} << bits, fresh)) return false;
      std::memset(static_cast<void*>(fresh.data()), 0, sizeof(Bucket) << bits);
      pools.buckets.give(buckets_);
      buckets_.swap(fresh);
      bits_ = bits;
      for (std::uint32_t i = 0; i < size_; ++i)
        place_key(buckets_.data(), (1u << bits_) - 1u, kEpoch, home_bucket(keys_[i], shift()), keys_[i], i);
    }
    return true;
  }

  TableCursor cursor() { return {buckets_.data(), keys_.data(), counts_.data(), (1u << bits_) - 1u, kEpoch, size_}; }
  void commit(const TableCursor& c) { size_ = c.size; }

 private:
  static constexpr std::uint32_t kEpoch = 1;  // every index is zeroed when taken
  Buffer<Bucket> buckets_;
  Buffer<Board> keys_;
  Buffer<std::uint32_t> counts_;
  std::uint32_t size_ = 0, capacity_ = 0;
  std::uint32_t hint_ = 0;
  int bits_ = 0, width_ = 0, clo_ = 0;
  bool live_ = false;
};

// Per-layer figures, for the tests and the page's illustration.
struct LayerStats {
  int pips, m;              // the layer
  int width;                // band width: counts per board (at most LayerGeometry::width)
  int first_depth;          // depth of slot 0
  std::uint32_t boards;     // canonical boards expanded
  std::uint64_t states;     // (board, depth) pairs with paths: what a depth BFS expands
};

// The kernel's part of the workspace: two rows of layers (this P and the next), and the pools.
struct LayeredSpace {
  LayerTable rows[2][kLayerRow];
  LayerPools pools;
  // Boards each layer held in the last call: the next call's tables start that large (a bench
  // repeats a case; any other case just grows its tables as needed).
  std::uint32_t last_size[kMaxPips + 2][kLayerRow] = {};
};

}  // namespace sp::cephalopod
