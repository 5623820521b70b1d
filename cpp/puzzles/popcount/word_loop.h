#pragma once
// The word sweep's loop: a variant applied to one 64-bit word at a time, as a chess engine calls
// it. A relative header (namespace popcount, no absolute sp::): a template takes its instruction
// set from where it is defined, and a loop compiled without POPCNT could not inline a variant
// compiled with it, so each user compiles its own copy where its variants are:
//   - builtin.h, in the popcnt ISA pass (sp::isa_popcnt::popcount::count_words);
//   - words.cpp at baseline (sp::popcount::count_words), included inside `namespace sp {`.
// Includes nothing: <cstring> and popcount.h come first (isa_prelude.h and the includer).

namespace popcount {
using namespace ::sp::popcount;

template <unsigned (*Count)(std::uint64_t)>
std::uint64_t count_words(const std::uint8_t* data, std::size_t size) {
  std::uint64_t total = 0;
  const std::size_t words = size / 8;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint64_t w;
    std::memcpy(&w, data + 8 * i, 8);  // any alignment; a plain load where the data is aligned
    SP_POPCOUNT_OPAQUE(w);             // one word at a time: no vectorising across words
    total += Count(w);
  }
  if (size % 8) {  // the last partial word, zero-filled
    std::uint64_t w = 0;
    std::memcpy(&w, data + 8 * words, size % 8);
    total += Count(w);
  }
  return total;
}

}  // namespace popcount
