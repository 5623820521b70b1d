#pragma once
// One BFS level: the distinct boards reached after d turns, each with its path counts, merged in
// a flat open-addressing index. No node allocation anywhere: memory comes in a few Buffers that
// grow by doubling, under the workspace's byte budget.
//
// Dense part: keys[i] and counts[i * kCounts ..] in insertion order, so the next level streams
// through them. Index: buckets of 8 tagged keys and the 8 dense positions they map to, one
// 64-byte cache line, probed from the key's home bucket onwards (one vector compare per bucket
// in the SIMD kernels). A key is tagged with the level's epoch in its top 5 bits (boards use 27),
// so a new level empties the index by bumping the epoch; only every 31st level clears memory.
// Within an epoch keys fill a bucket from lane 0, so the first lane without a live tag is free.

#include <cstdint>
#include <cstring>

#include "puzzles/cephalopod/board.h"
#include "puzzles/cephalopod/buffer.h"

namespace sp::cephalopod {

struct alignas(64) Bucket {
  std::uint32_t key[8];
  std::uint32_t index[8];
};
static_assert(sizeof(Bucket) == 64);

inline constexpr int kEpochShift = 27;
inline constexpr std::size_t kKeySlack = 16;  // whole-vector loads past the last key
inline constexpr std::uint32_t kEpochs = 31;  // tags 1..31; 0 is never a live tag

// Fibonacci hashing: the board's bits spread over the index bits. Canonical boards are small
// numbers with many zero fields, so the multiply matters.
inline std::uint32_t home_bucket(Board b, int shift) { return (b * 0x9E3779B1u) >> shift; }

// The index: shared by the two levels of a BFS, since only the level being built is probed (the
// previous one is read through its dense arrays). A new level invalidates it with a new epoch.
class Index {
 public:
  void clear() {
    if (++epoch_ > kEpochs) {
      buckets_.fill_zero();
      epoch_ = 1;
    }
  }
  std::uint32_t epoch() const { return epoch_; }
  int bits() const { return bits_; }
  Bucket* buckets() { return buckets_.data(); }
  // Room for `entries` keys at a load under 5/8 (buckets hold 8). A growth starts empty: the
  // caller re-inserts its live keys.
  bool fits(std::size_t entries) const { return entries <= buckets_.size() * 5; }
  bool grow(Budget& budget, std::size_t entries) {
    std::size_t buckets = buckets_.size() ? buckets_.size() : 64;
    while (entries > buckets * 5) buckets *= 2;
    Buffer<Bucket> fresh;
    if (!fresh.grow_to(budget, buckets)) return false;
    fresh.fill_zero();
    buckets_.swap(fresh);
    bits_ = 0;
    while ((std::size_t{1} << bits_) < buckets) ++bits_;
    if (epoch_ == 0) epoch_ = 1;
    return true;
  }

 private:
  Buffer<Bucket> buckets_;
  std::uint32_t epoch_ = 0;
  int bits_ = 0;
};

// A table's index and dense arrays as plain locals, for merge loops: stores through Bucket and
// count pointers could alias a table's own members, so a loop that reads them from the table
// reloads them after every store. Level (below) and the layered kernel's tables (layered_table.h)
// hand out cursors; the probes (probe_or_add here, probe_by_lanes in merge.h) work on them.
struct TableCursor {
  Bucket* buckets;
  Board* keys;
  std::uint32_t* counts;
  std::uint32_t bucket_mask;
  std::uint32_t epoch;
  std::uint32_t size;
};

// The dense position of board b (home: its home bucket), appending it to keys (counts
// uninitialised) if new. The table must have room (its reserve()).
inline std::uint32_t probe_or_add(TableCursor& c, Board b, std::uint32_t home, bool& added) {
  const std::uint32_t tagged = b | (c.epoch << kEpochShift);
  for (std::uint32_t i = home;; i = (i + 1) & c.bucket_mask) {
    Bucket& k = c.buckets[i];
    for (int lane = 0; lane < 8; ++lane) {
      if (k.key[lane] == tagged) {
        added = false;
        return k.index[lane];
      }
      if ((k.key[lane] >> kEpochShift) != c.epoch) {  // free: live keys fill a bucket from lane 0
        k.key[lane] = tagged;
        k.index[lane] = c.size;
        c.keys[c.size] = b;
        added = true;
        return c.size++;
      }
    }
  }
}

// Re-inserts a key known to be absent (a growing index takes its live keys again).
inline void place_key(Bucket* buckets, std::uint32_t bucket_mask, std::uint32_t epoch, std::uint32_t home, Board b,
                      std::uint32_t index) {
  for (std::uint32_t i = home;; i = (i + 1) & bucket_mask) {
    Bucket& k = buckets[i];
    for (int lane = 0; lane < 8; ++lane)
      if ((k.key[lane] >> kEpochShift) != epoch) {
        k.key[lane] = b | (epoch << kEpochShift);
        k.index[lane] = index;
        return;
      }
  }
}

template <int kCounts>
class Level {
 public:
  static constexpr int counts_per_entry = kCounts;

  void attach(Index* index) { index_ = index; }

  std::uint32_t size() const { return size_; }
  Board key(std::uint32_t i) const { return keys_[i]; }
  const Board* keys() const { return keys_.data(); }  // readable up to size() + kKeySlack
  std::uint32_t* counts(std::uint32_t i) { return counts_.data() + std::size_t{i} * kCounts; }
  const std::uint32_t* counts(std::uint32_t i) const { return counts_.data() + std::size_t{i} * kCounts; }

  // Empties the level, and the shared index for it (O(1) but for the periodic clear).
  void clear() {
    size_ = 0;
    index_->clear();
  }

  // Room for `extra` more entries without growing inside the caller's loop. False when the
  // budget is exhausted.
  bool reserve(Budget& budget, std::uint32_t extra) {
    const std::size_t need = std::size_t{size_} + extra;
    if (need > capacity_) {
      // Grow by half: the biggest levels (a million boards) sit near the memory cap.
      std::size_t cap = capacity_ ? capacity_ : 1024;
      while (cap < need) cap += cap / 2;
      if (cap > (std::size_t{1} << 27)) return false;  // more boards than 27 bits can spell
      if (!keys_.grow_to(budget, cap + kKeySlack, size_) || !counts_.grow_to(budget, cap * kCounts, std::size_t{size_} * kCounts))
        return false;
      capacity_ = static_cast<std::uint32_t>(cap);
    }
    if (!index_->fits(need)) {
      if (!index_->grow(budget, need)) return false;
      for (std::uint32_t i = 0; i < size_; ++i) place(keys_[i], i);
    }
    return true;
  }

  // The dense position of board b, appending it (counts uninitialised) if new.
  std::uint32_t find_or_add(Board b, bool& added) {
    TableCursor c = cursor();
    const std::uint32_t index = probe_or_add(c, b, home_bucket(b, shift()), added);
    commit(c);
    return index;
  }

  int shift() const { return 32 - index_->bits(); }

  // The index and dense arrays as plain locals (TableCursor): take a cursor, merge, then commit()
  // the new size.
  using Cursor = TableCursor;
  Cursor cursor() {
    return {index_->buckets(), keys_.data(), counts_.data(), (1u << index_->bits()) - 1u, index_->epoch(), size_};
  }
  void commit(const Cursor& c) { size_ = c.size; }

 private:
  void place(Board b, std::uint32_t index) {
    place_key(index_->buckets(), (1u << index_->bits()) - 1u, index_->epoch(), home_bucket(b, 32 - index_->bits()), b, index);
  }

  Index* index_ = nullptr;
  Buffer<Board> keys_;
  Buffer<std::uint32_t> counts_;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
};

}  // namespace sp::cephalopod
