// Muła's nibble lookup, as our nibble-lookup kernel does it: each byte's set bits are the sum of
// two lookups in a 16-entry table (one per nibble), accumulated in byte counters that are widened
// into 64-bit sums before they can overflow.
std::uint64_t kernel(const std::uint8_t* data, std::size_t size) {
#if SP_PASS_HAS_FAMILY
  using V = family::U8<kPass.ext>;  // this pass's byte vector
  using Sums = V::u64;              // the same register as 64-bit lanes
  constexpr std::size_t kBytes = sizeof(V::vec);
  const V::vec table = V::table16(::sp::simd::kNibblePopcount);
  const auto bits_per_byte = [&](V::vec v) {
    return V::add(V::shuffle(table, V::low_nibbles(v)), V::shuffle(table, V::high_nibbles(v)));
  };
  Sums::vec total = Sums::zero();
  std::size_t i = 0;
  while (size - i >= kBytes) {
    // A byte counter grows by at most 8 a vector: 31 vectors fit (248 <= 255).
    V::vec counts = V::zero();
    for (int k = 0; k < 31 && size - i >= kBytes; ++k, i += kBytes)
      counts = V::add(counts, bits_per_byte(V::load(data + i)));
    total = V::add_byte_sums(total, counts);
  }
  if (i < size) total = V::add_byte_sums(total, bits_per_byte(V::load_partial(data + i, size - i)));
  return Sums::reduce_add(total);
#else
  // Scalar builds: eight bytes at a time.
  std::uint64_t bits = 0;
  std::size_t i = 0;
  for (; size - i >= 8; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, data + i, 8);
    bits += static_cast<std::uint64_t>(std::popcount(word));
  }
  for (; i < size; ++i) bits += static_cast<std::uint64_t>(std::popcount(data[i]));
  return bits;
#endif
}
