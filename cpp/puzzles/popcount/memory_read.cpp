// memory-read on scalar code: the read ceiling for the builds without vectors (wasm baseline) and
// the scalar baseline elsewhere. Its vector versions are in kernels.inl.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"

namespace sp::popcount {
namespace {

// Sums the bytes of each 8-byte word in four 16-bit lanes ((w & 0x00FF...) + ((w >> 8) & ...),
// at most 510 per word), so a batch of 128 words cannot overflow a lane (128 x 510 < 65536).
std::uint64_t memory_read_scalar(const std::uint8_t* data, std::size_t size) {
  constexpr std::uint64_t kLowBytes = 0x00FF00FF00FF00FFull;
  std::uint64_t total = 0;
  std::size_t i = 0;
  while (size - i >= 8) {
    const std::size_t end = i + 8 * std::min<std::size_t>(128, (size - i) / 8);
    std::uint64_t lanes = 0;
    for (; i < end; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, data + i, 8);
      SP_POPCOUNT_OPAQUE(w);  // scalar, as named: the wasm SIMD build would vectorise it
      lanes += (w & kLowBytes) + ((w >> 8) & kLowBytes);
    }
    total += (lanes & 0xFFFF) + ((lanes >> 16) & 0xFFFF) + ((lanes >> 32) & 0xFFFF) + (lanes >> 48);
  }
  if (i < size) {  // the last partial word, zero-filled
    std::uint64_t w = 0;
    std::memcpy(&w, data + i, size - i);
    const std::uint64_t lanes = (w & kLowBytes) + ((w >> 8) & kLowBytes);
    total += (lanes & 0xFFFF) + ((lanes >> 16) & 0xFFFF) + ((lanes >> 32) & 0xFFFF) + (lanes >> 48);
  }
  return total;
}

SP_POPCOUNT_KERNEL(Family::read,
                   {"memory-read", Isa::scalar, 0, "the read alone: every byte summed, 8 at a time in 16-bit lanes"},
                   &memory_read_scalar);

}  // namespace
}  // namespace sp::popcount
