#pragma once
// The array kernels, written once against a byte type V of the pass's vector family (family::U8:
// SSE4.1, AVX2, AVX-512, NEON, SIMD128; in the avx512_bitalg pass U8<cpu::kAvx512bitalg>, whose
// popcount is vpopcntb). Byte counters widen into V::u64 sums; the carry-save adders use
// V::majority and V::xor3 (one vpternlog each on AVX-512, BSL or bitselect on NEON and wasm).
// A relative header included by kernels.inl inside each ISA pass (sp::isa_<pass>::popcount), so
// every pass compiles its own instantiations for its own instruction set. Includes nothing: the
// standard headers and simd/tables.h come from isa_prelude.h.

namespace popcount {
using namespace ::sp::popcount;

template <class V>
struct ArrayKernels {
  using vec = typename V::vec;
  using Sums = typename V::u64;  // u64 lanes: the widened byte sums
  using wide = typename Sums::vec;
  static constexpr std::size_t kBytes = sizeof(vec);

  // Carry-save adder: high = majority(a, b, c) (the carry), low = a ^ b ^ c (the sum).
  static void csa(vec& high, vec& low, vec a, vec b, vec c) {
    high = V::majority(a, b, c);
    low = V::xor3(a, b, c);
  }

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
    const vec table = V::table16(::sp::simd::kNibblePopcount);
    wide total = Sums::zero();
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
    return Sums::reduce_add(V::add_byte_sums(total, acc));
  }

  static std::uint64_t nibble_lookup(const std::uint8_t* p, std::size_t n) { return sum_byte_counts<true>(p, n); }
  static std::uint64_t byte_popcnt(const std::uint8_t* p, std::size_t n) { return sum_byte_counts<false>(p, n); }

  static std::uint64_t bits_of(vec v) { return Sums::reduce_add(V::add_byte_sums(Sums::zero(), V::popcount(v))); }

  // Harley-Seal (Muła, Kurz, Lemire 2018): 16 vectors per step go through a tree of carry-save
  // adders into running bit-sliced counters ones, twos, fours, eights; only the carries out of
  // the eights (the sixteens) are counted, one byte popcount per 16 vectors. The counters are
  // counted once at the end, weighted 8, 4, 2, 1; what is left (< 16 vectors) by byte counts.
  static std::uint64_t harley_seal(const std::uint8_t* p, std::size_t n) {
    vec ones = V::zero(), twos = V::zero(), fours = V::zero(), eights = V::zero();
    wide sixteens_total = Sums::zero();
    std::size_t i = 0;
    for (; n - i >= 16 * kBytes; i += 16 * kBytes) {
      const std::uint8_t* q = p + i;
      vec twos_a, twos_b, fours_a, fours_b, eights_a, eights_b, sixteens;
      csa(twos_a, ones, ones, V::load(q + 0 * kBytes), V::load(q + 1 * kBytes));
      csa(twos_b, ones, ones, V::load(q + 2 * kBytes), V::load(q + 3 * kBytes));
      csa(fours_a, twos, twos, twos_a, twos_b);
      csa(twos_a, ones, ones, V::load(q + 4 * kBytes), V::load(q + 5 * kBytes));
      csa(twos_b, ones, ones, V::load(q + 6 * kBytes), V::load(q + 7 * kBytes));
      csa(fours_b, twos, twos, twos_a, twos_b);
      csa(eights_a, fours, fours, fours_a, fours_b);
      csa(twos_a, ones, ones, V::load(q + 8 * kBytes), V::load(q + 9 * kBytes));
      csa(twos_b, ones, ones, V::load(q + 10 * kBytes), V::load(q + 11 * kBytes));
      csa(fours_a, twos, twos, twos_a, twos_b);
      csa(twos_a, ones, ones, V::load(q + 12 * kBytes), V::load(q + 13 * kBytes));
      csa(twos_b, ones, ones, V::load(q + 14 * kBytes), V::load(q + 15 * kBytes));
      csa(fours_b, twos, twos, twos_a, twos_b);
      csa(eights_b, fours, fours, fours_a, fours_b);
      csa(sixteens, eights, eights, eights_a, eights_b);
      sixteens_total = V::add_byte_sums(sixteens_total, V::popcount(sixteens));
    }
    return 16 * Sums::reduce_add(sixteens_total) + 8 * bits_of(eights) + 4 * bits_of(fours) + 2 * bits_of(twos) +
           bits_of(ones) + byte_popcnt(p + i, n - i);
  }

  // The memory-read ceiling: every byte loaded and summed (psadbw, uadalp or extadd_pairwise),
  // four independent sums, no bit counting.
  static std::uint64_t sum_bytes(const std::uint8_t* p, std::size_t n) {
    wide sums[4] = {Sums::zero(), Sums::zero(), Sums::zero(), Sums::zero()};
    std::size_t i = 0;
    for (; n - i >= 4 * kBytes; i += 4 * kBytes)
      for (std::size_t g = 0; g < 4; ++g) sums[g] = V::add_byte_sums(sums[g], V::load(p + i + g * kBytes));
    for (; n - i >= kBytes; i += kBytes) sums[0] = V::add_byte_sums(sums[0], V::load(p + i));
    if (i < n) sums[1] = V::add_byte_sums(sums[1], V::load_partial(p + i, n - i));
    return Sums::reduce_add(sums[0]) + Sums::reduce_add(sums[1]) + Sums::reduce_add(sums[2]) + Sums::reduce_add(sums[3]);
  }
};

}  // namespace popcount
