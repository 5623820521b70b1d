#pragma once
// The array kernels, written once against a byte-vector ops struct V: the 128-bit layer
// (cpp/simd/u8x16.h, through the adapter in kernels_v128.cpp) or the 256- and 512-bit structs in
// this folder. Besides the u8x16.h contract (zero load add and_ or_ xor_ shuffle low_nibbles
// high_nibbles popcount wide_zero add_byte_sums reduce), V provides:
//   table16(t)          the 16-byte table t in every 128-bit lane (what shuffle looks up)
//   load_partial(p, n)  n < sizeof(vec) bytes from p, the rest zero; never reads past p + n
//   csa(h, l, a, b, c)  carry-save adder: h = majority(a, b, c), l = a ^ b ^ c
// Include inside the target region of V. Every V is a file-local type of one ISA file, so each
// instantiation is compiled for exactly one instruction set.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "puzzles/popcount/popcount.h"

namespace sp::popcount {

template <class V>
struct ArrayKernels {
  using vec = typename V::vec;
  using wide = typename V::wide;
  static constexpr std::size_t kBytes = sizeof(vec);

  // Muła's lookup: the bits of each byte from its two nibbles, each looked up in a 16-entry table.
  static vec nibble_counts(vec v, vec table) {
    return V::add(V::shuffle(table, V::low_nibbles(v)), V::shuffle(table, V::high_nibbles(v)));
  }

  template <bool kLookup>
  static vec byte_counts(vec v, vec table) {
    if constexpr (kLookup) return nibble_counts(v, table);
    else return V::popcount(v);
  }

  // The bits of the whole buffer from per-byte counts. A byte counter grows by at most 8 per
  // vector, so each of four counters adds 31 vectors (248 <= 255) before it is widened into the
  // u64 sums (psadbw, uadalp or extadd_pairwise: the costly step, once per 124 vectors).
  template <bool kLookup>
  static std::uint64_t sum_byte_counts(const std::uint8_t* p, std::size_t n) {
    constexpr std::size_t kGroup = 4, kRounds = 31;
    const vec table = V::table16(kNibbleCounts);
    wide total = V::wide_zero();
    std::size_t i = 0;
    while (n - i >= kGroup * kBytes) {
      vec acc[kGroup] = {V::zero(), V::zero(), V::zero(), V::zero()};
      const std::size_t rounds = std::min(kRounds, (n - i) / (kGroup * kBytes));
      for (std::size_t r = 0; r < rounds; ++r, i += kGroup * kBytes)
        for (std::size_t g = 0; g < kGroup; ++g)
          acc[g] = V::add(acc[g], byte_counts<kLookup>(V::load(p + i + g * kBytes), table));
      for (std::size_t g = 0; g < kGroup; ++g) total = V::add_byte_sums(total, acc[g]);
    }
    // Up to three whole vectors and the partial one: at most 4 x 8 per byte.
    vec acc = V::zero();
    for (; n - i >= kBytes; i += kBytes) acc = V::add(acc, byte_counts<kLookup>(V::load(p + i), table));
    if (i < n) acc = V::add(acc, byte_counts<kLookup>(V::load_partial(p + i, n - i), table));
    return V::reduce(V::add_byte_sums(total, acc));
  }

  static std::uint64_t nibble_lookup(const std::uint8_t* p, std::size_t n) { return sum_byte_counts<true>(p, n); }
  static std::uint64_t byte_popcnt(const std::uint8_t* p, std::size_t n) { return sum_byte_counts<false>(p, n); }

  static std::uint64_t bits_of(vec v) { return V::reduce(V::add_byte_sums(V::wide_zero(), V::popcount(v))); }

  // Harley-Seal (Muła, Kurz, Lemire 2018): 16 vectors per step go through a tree of carry-save
  // adders into running bit-sliced counters ones, twos, fours, eights; only the carries out of
  // the eights (the sixteens) are counted, one byte popcount per 16 vectors. The counters are
  // counted once at the end, weighted 8, 4, 2, 1; what is left (< 16 vectors) by byte counts.
  static std::uint64_t harley_seal(const std::uint8_t* p, std::size_t n) {
    vec ones = V::zero(), twos = V::zero(), fours = V::zero(), eights = V::zero();
    wide sixteens_total = V::wide_zero();
    std::size_t i = 0;
    for (; n - i >= 16 * kBytes; i += 16 * kBytes) {
      const std::uint8_t* q = p + i;
      vec twos_a, twos_b, fours_a, fours_b, eights_a, eights_b, sixteens;
      V::csa(twos_a, ones, ones, V::load(q + 0 * kBytes), V::load(q + 1 * kBytes));
      V::csa(twos_b, ones, ones, V::load(q + 2 * kBytes), V::load(q + 3 * kBytes));
      V::csa(fours_a, twos, twos, twos_a, twos_b);
      V::csa(twos_a, ones, ones, V::load(q + 4 * kBytes), V::load(q + 5 * kBytes));
      V::csa(twos_b, ones, ones, V::load(q + 6 * kBytes), V::load(q + 7 * kBytes));
      V::csa(fours_b, twos, twos, twos_a, twos_b);
      V::csa(eights_a, fours, fours, fours_a, fours_b);
      V::csa(twos_a, ones, ones, V::load(q + 8 * kBytes), V::load(q + 9 * kBytes));
      V::csa(twos_b, ones, ones, V::load(q + 10 * kBytes), V::load(q + 11 * kBytes));
      V::csa(fours_a, twos, twos, twos_a, twos_b);
      V::csa(twos_a, ones, ones, V::load(q + 12 * kBytes), V::load(q + 13 * kBytes));
      V::csa(twos_b, ones, ones, V::load(q + 14 * kBytes), V::load(q + 15 * kBytes));
      V::csa(fours_b, twos, twos, twos_a, twos_b);
      V::csa(eights_b, fours, fours, fours_a, fours_b);
      V::csa(sixteens, eights, eights, eights_a, eights_b);
      sixteens_total = V::add_byte_sums(sixteens_total, V::popcount(sixteens));
    }
    return 16 * V::reduce(sixteens_total) + 8 * bits_of(eights) + 4 * bits_of(fours) + 2 * bits_of(twos) +
           bits_of(ones) + byte_popcnt(p + i, n - i);
  }

  // The memory-read ceiling: every byte loaded and summed (psadbw, uadalp or extadd_pairwise),
  // four independent sums, no bit counting.
  static std::uint64_t sum_bytes(const std::uint8_t* p, std::size_t n) {
    wide sums[4] = {V::wide_zero(), V::wide_zero(), V::wide_zero(), V::wide_zero()};
    std::size_t i = 0;
    for (; n - i >= 4 * kBytes; i += 4 * kBytes)
      for (std::size_t g = 0; g < 4; ++g) sums[g] = V::add_byte_sums(sums[g], V::load(p + i + g * kBytes));
    for (; n - i >= kBytes; i += kBytes) sums[0] = V::add_byte_sums(sums[0], V::load(p + i));
    if (i < n) sums[1] = V::add_byte_sums(sums[1], V::load_partial(p + i, n - i));
    return V::reduce(sums[0]) + V::reduce(sums[1]) + V::reduce(sums[2]) + V::reduce(sums[3]);
  }
};

}  // namespace sp::popcount
