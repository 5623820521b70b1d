#pragma once
// Constant byte tables the families load into registers (data only: no code, no ISA).

#include <cstdint>

namespace sp::simd {

// Bits set in each nibble value: Muła's popcount looks both nibbles of a byte up here.
alignas(16) inline constexpr std::uint8_t kNibblePopcount[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

// Each nibble value with its 4 bits in reverse order, and the same moved to the high nibble: a
// byte's bits reversed are rev(low) << 4 | rev(high), two lookups.
alignas(16) inline constexpr std::uint8_t kNibbleReversed[16] = {0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE,
                                                                 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF};
alignas(16) inline constexpr std::uint8_t kNibbleReversedHigh[16] = {0x00, 0x80, 0x40, 0xC0, 0x20, 0xA0, 0x60, 0xE0,
                                                                     0x10, 0x90, 0x50, 0xD0, 0x30, 0xB0, 0x70, 0xF0};

// The byte shuffle that reverses the bytes of each 64-bit word of a 128-bit block.
alignas(16) inline constexpr std::uint8_t kReverseBytesIn64[16] = {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8};

// The GF(2) 8x8 matrix (one u64) whose affine transform reverses the bits of a byte: output bit k
// reads matrix byte 7 - k, and byte j of this constant is 1 << j, i.e. output bit k <- input bit 7 - k.
inline constexpr std::uint64_t kGfniReverseBits = 0x8040201008040201ull;

}  // namespace sp::simd
