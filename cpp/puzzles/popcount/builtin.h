#pragma once
// std::popcount, one word at a time (`builtin`, a word variant) and unrolled over an array
// (`scalar-builtin`, the array reference). It is the hardware instruction wherever the target has
// one: x86 POPCNT (compiled for it in the popcnt ISA pass and gated on it at run time: plain x86-64
// has no POPCNT, and there std::popcount is a call to libgcc's SWAR routine, i.e. swar-shift plus a
// call), AArch64 `cnt` + `addv` on a NEON register, and wasm `i64.popcnt` (V8 emits POPCNT where
// the CPU has it). POPCNT is a scalar instruction with its own CPUID bit (Nehalem and Barcelona
// on; not part of SSE4.1), so these kernels say isa scalar.
//
// A relative header (namespace popcount), included by kernels.inl in the popcnt pass
// (sp::isa_popcnt::popcount): on x86 it needs POPCNT; elsewhere the pass needs nothing.

#include "puzzles/popcount/word_loop.h"

namespace popcount {
using namespace ::sp::popcount;

#if SP_ARCH_X86
#define SP_POPCOUNT_INSTRUCTION "the POPCNT instruction"
#elif SP_ARCH_NEON
#define SP_POPCOUNT_INSTRUCTION "cnt + addv on a NEON register"
#elif defined(__wasm__)
#define SP_POPCOUNT_INSTRUCTION "i64.popcnt"
#else
#define SP_POPCOUNT_INSTRUCTION "whatever this compiler emits"
#endif

inline unsigned builtin(std::uint64_t x) { return static_cast<unsigned>(std::popcount(x)); }

inline std::uint64_t builtin_words(const std::uint8_t* data, std::size_t size) {
  return count_words<builtin>(data, size);
}

// Four independent sums, so each word's add does not wait for the previous word's.
inline std::uint64_t scalar_builtin(const std::uint8_t* data, std::size_t size) {
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

inline constexpr std::array<PassKernel<Popcount>, 2> kBuiltinKernels{{
    {"builtin", "std::popcount: " SP_POPCOUNT_INSTRUCTION, {&builtin_words}, "word"},
    {"scalar-builtin",
     "std::popcount (" SP_POPCOUNT_INSTRUCTION ") over 8-byte words, four independent sums (reference)",
     {&scalar_builtin},
     "array"},
}};

}  // namespace popcount
