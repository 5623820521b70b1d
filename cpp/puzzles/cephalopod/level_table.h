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

template <int kCounts>
class Level {
 public:
  static constexpr int counts_per_entry = kCounts;

  std::uint32_t size() const { return size_; }
  Board key(std::uint32_t i) const { return keys_[i]; }
  const Board* keys() const { return keys_.data(); }  // readable up to size() + kKeySlack
  std::uint32_t* counts(std::uint32_t i) { return counts_.data() + std::size_t{i} * kCounts; }
  const std::uint32_t* counts(std::uint32_t i) const { return counts_.data() + std::size_t{i} * kCounts; }
  std::uint32_t capacity() const { return capacity_; }

  // Empties the level and its index (O(1) but for the periodic clear).
  void clear() {
    size_ = 0;
    if (++epoch_ > kEpochs) {
      buckets_.fill_zero();
      epoch_ = 1;
    }
  }

  // Room for `extra` more entries without growing inside the caller's loop. False when the
  // budget is exhausted.
  bool reserve(Budget& budget, std::uint32_t extra) {
    const std::size_t need = std::size_t{size_} + extra;
    if (need <= capacity_ && need <= max_entries_) return true;
    std::size_t cap = capacity_ ? capacity_ : 1024;
    while (cap < need) cap *= 2;
    if (cap > (std::size_t{1} << 27)) return false;  // more boards than the 27-bit space allows
    if (cap > capacity_) {
      if (!keys_.grow_to(budget, cap + kKeySlack, size_) || !counts_.grow_to(budget, cap * kCounts, std::size_t{size_} * kCounts))
        return false;
      capacity_ = static_cast<std::uint32_t>(cap);
    }
    // The index keeps its load under 5/8.
    std::size_t buckets = std::size_t{1} << index_bits_;
    if (!buckets_.size()) buckets = 64;
    while (need > buckets * 5) buckets *= 2;
    if (buckets != buckets_.size()) {
      Buffer<Bucket> fresh;
      if (!fresh.grow_to(budget, buckets)) return false;
      fresh.fill_zero();
      buckets_.swap(fresh);
      fresh = Buffer<Bucket>();
      index_bits_ = 0;
      while ((std::size_t{1} << index_bits_) < buckets) ++index_bits_;
      if (epoch_ == 0) epoch_ = 1;
      for (std::uint32_t i = 0; i < size_; ++i) place(keys_[i], i);
    }
    max_entries_ = static_cast<std::uint32_t>(buckets * 5);
    return true;
  }

  // The dense position of board b, appending it (counts uninitialised) if new.
  std::uint32_t find_or_add(Board b, bool& added) {
    const std::uint32_t tagged = b | (epoch_ << kEpochShift);
    std::uint32_t i = home_bucket(b, shift());
    for (;;) {
      Bucket& k = buckets_[i];
      for (int lane = 0; lane < 8; ++lane) {
        if (k.key[lane] == tagged) {
          added = false;
          return k.index[lane];
        }
        if ((k.key[lane] >> kEpochShift) != epoch_) {  // free: no live key beyond this lane
          k.key[lane] = tagged;
          k.index[lane] = size_;
          keys_[size_] = b;
          added = true;
          return size_++;
        }
      }
      i = (i + 1) & bucket_mask();
    }
  }

  // The index and dense arrays as plain locals, for merge loops: stores through Bucket and count
  // pointers could alias the Level's own members, so a loop that reads them from `this` reloads
  // them after every store. Take a cursor, merge, then commit() the new size.
  struct Cursor {
    Bucket* buckets;
    Board* keys;
    std::uint32_t* counts;
    std::uint32_t bucket_mask;
    std::uint32_t epoch;
    std::uint32_t size;
  };
  Cursor cursor() { return {buckets_.data(), keys_.data(), counts_.data(), bucket_mask(), epoch_, size_}; }
  void commit(const Cursor& c) { size_ = c.size; }

  // For the SIMD kernels' own probes.
  Bucket* buckets() { return buckets_.data(); }
  std::uint32_t epoch() const { return epoch_; }
  int shift() const { return 32 - index_bits_; }
  std::uint32_t bucket_mask() const { return (1u << index_bits_) - 1u; }
  std::uint32_t append(Board b) {
    keys_[size_] = b;
    return size_++;
  }
  std::size_t bytes() const {
    return keys_.size() * 4 + counts_.size() * 4 + buckets_.size() * sizeof(Bucket);
  }

 private:
  void place(Board b, std::uint32_t index) {
    const std::uint32_t tagged = b | (epoch_ << kEpochShift);
    std::uint32_t i = home_bucket(b, shift());
    for (;;) {
      Bucket& k = buckets_[i];
      for (int lane = 0; lane < 8; ++lane)
        if ((k.key[lane] >> kEpochShift) != epoch_) {
          k.key[lane] = tagged;
          k.index[lane] = index;
          return;
        }
      i = (i + 1) & bucket_mask();
    }
  }

  Buffer<Board> keys_;
  Buffer<std::uint32_t> counts_;
  Buffer<Bucket> buckets_;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
  std::uint32_t max_entries_ = 0;
  std::uint32_t epoch_ = 0;
  int index_bits_ = 0;
};

}  // namespace sp::cephalopod
