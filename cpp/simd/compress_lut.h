#pragma once
// Byte-shuffle tables that compress the selected 32-bit lanes of a 128-bit vector to the front,
// for pshufb (SSE4.1), tbl (NEON) and i8x16.swizzle (wasm). Index bytes are 0..15 for kept
// bytes and 0x80 for the rest: the one encoding all three instructions agree on (0x80 zeroes).

#include <array>
#include <cstdint>

namespace sp::simd {

struct alignas(16) ByteShuffle16 {
  std::uint8_t idx[16];
};

constexpr std::array<ByteShuffle16, 16> make_compress4_lut() {
  std::array<ByteShuffle16, 16> lut{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned b = 0;
    for (unsigned lane = 0; lane < 4; ++lane)
      if (m & (1u << lane))
        for (unsigned k = 0; k < 4; ++k) lut[m].idx[b++] = static_cast<std::uint8_t>(4 * lane + k);
    while (b < 16) lut[m].idx[b++] = 0x80;
  }
  return lut;
}

inline constexpr std::array<ByteShuffle16, 16> kCompress4 = make_compress4_lut();

// popcount of a 4-bit mask without a popcnt instruction: nibble k of the constant is popcount(k).
constexpr int popcount4(unsigned m) { return static_cast<int>((0x4332322132212110ull >> (4 * m)) & 0xF); }

}  // namespace sp::simd
