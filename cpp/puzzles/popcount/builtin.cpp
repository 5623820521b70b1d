// std::popcount, one word at a time (`builtin`, a word variant) and unrolled over an array
// (`scalar-builtin`, the array reference). It is the hardware instruction wherever the target has
// one: x86 POPCNT (compiled for it here and gated on it at run time: plain x86-64 has no POPCNT,
// and there std::popcount is a call to libgcc's SWAR routine, i.e. swar-shift plus a call), AArch64
// `cnt` + `addv` on a NEON register, and wasm `i64.popcnt` (V8 emits POPCNT where the CPU has it).

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"
#include "simd/target.h"

// On x86 this region may use POPCNT (gate: cpu::kPopcnt). POPCNT is a scalar instruction with its
// own CPUID bit (Nehalem and Barcelona on; not part of SSE4.1), so these kernels say isa scalar.
SP_TARGET_BEGIN("popcnt")
#include "puzzles/popcount/word_loop.h"

namespace sp::popcount {
namespace {

unsigned builtin(std::uint64_t x) { return static_cast<unsigned>(std::popcount(x)); }

std::uint64_t builtin_words(const std::uint8_t* data, std::size_t size) { return count_words<builtin>(data, size); }

// Four independent sums, so each word's add does not wait for the previous word's.
std::uint64_t scalar_builtin(const std::uint8_t* data, std::size_t size) {
  std::uint64_t sum[4] = {};
  std::size_t i = 0;
  for (; i + 32 <= size; i += 32) {
    for (int j = 0; j < 4; ++j) {
      std::uint64_t w;
      std::memcpy(&w, data + i + 8 * j, 8);
      SP_POPCOUNT_OPAQUE(w);  // scalar, as named: the wasm SIMD build would vectorise it badly
      sum[j] += static_cast<std::uint64_t>(std::popcount(w));
    }
  }
  for (; i + 8 <= size; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    SP_POPCOUNT_OPAQUE(w);
    sum[0] += static_cast<std::uint64_t>(std::popcount(w));
  }
  if (i < size) {
    std::uint64_t w = 0;
    std::memcpy(&w, data + i, size - i);
    sum[1] += static_cast<std::uint64_t>(std::popcount(w));
  }
  return sum[0] + sum[1] + sum[2] + sum[3];
}

}  // namespace
}  // namespace sp::popcount
SP_TARGET_END

namespace sp::popcount {
namespace {

#if SP_ARCH_X86
constexpr std::uint32_t kBuiltinNeeds = cpu::kPopcnt;
constexpr const char* kInstruction = "the POPCNT instruction";
#elif SP_ARCH_NEON
constexpr std::uint32_t kBuiltinNeeds = 0;
constexpr const char* kInstruction = "cnt + addv on a NEON register";
#elif defined(__wasm__)
constexpr std::uint32_t kBuiltinNeeds = 0;
constexpr const char* kInstruction = "i64.popcnt";
#else
constexpr std::uint32_t kBuiltinNeeds = 0;
constexpr const char* kInstruction = "whatever this compiler emits";
#endif

SP_POPCOUNT_KERNEL(Family::word,
                   {"builtin", Isa::scalar, kBuiltinNeeds, std::string("std::popcount: ") + kInstruction},
                   &builtin_words);
SP_POPCOUNT_KERNEL(Family::array,
                   {"scalar-builtin", Isa::scalar, kBuiltinNeeds,
                    std::string("std::popcount (") + kInstruction +
                        ") over 8-byte words, four independent sums (reference)"},
                   &scalar_builtin);

}  // namespace
}  // namespace sp::popcount
