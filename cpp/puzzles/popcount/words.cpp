// The portable single-word variants of the chess-programming study, each one 64-bit word in, its
// set bits out, applied a word at a time by count_words. (The builtin is in builtin.h: on x86 it
// needs its own instruction set, the popcnt ISA pass.)

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"

namespace sp {
#include "puzzles/popcount/word_loop.h"  // a relative header: here sp::popcount::count_words
}  // namespace sp

namespace sp::popcount {
namespace {

// Hacker's Delight 5-2: 2-bit sums, 4-bit sums, byte sums, then the multiply adds all eight bytes
// into the top one. Constant time, twelve operations.
unsigned swar_shift(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  SP_POPCOUNT_OPAQUE(x);  // measured as written, not as i64.popcnt / cnt
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<unsigned>((x * 0x0101010101010101ull) >> 56);
}

// Wegner / Kernighan: clearing the lowest set bit once per set bit. Time grows with the count, and
// the loop exit is a branch the predictor must guess.
unsigned sparse(std::uint64_t x) {
  unsigned n = 0;
  while (x) {
    x &= x - 1;
    SP_POPCOUNT_OPAQUE(x);  // a loop, not the popcount idiom compilers replace it with
    ++n;
  }
  return n;
}

// `pattern` repeated every `period` bits from bit 0.
constexpr std::uint64_t every(int period, std::uint64_t pattern) {
  std::uint64_t m = 0;
  for (int shift = 0; shift < 64; shift += period) m |= pattern << shift;
  return m;
}

// HAKMEM item 169 (Gosper, 1972) widened to 64 bits. A 3-bit field t holds t - t/2 - t/4 set bits;
// neighbouring fields are added into 6-bit, then 12-bit fields; the sum of the 12-bit fields is
// the number modulo 4095 (2^12 = 1 mod 4095). The 32-bit original casts out 63, which cannot hold
// a count of 63 or 64.
unsigned hackmem(std::uint64_t x) {
  constexpr std::uint64_t kTrio = every(3, 0b011), kSix = every(6, 0b000111), kTwelve = every(12, 0x3F);
  std::uint64_t n = (x >> 1) & kTrio;
  x -= n;
  n = (n >> 1) & kTrio;
  x -= n;
  x = (x + (x >> 3)) & kSix;
  x = (x + (x >> 6)) & kTwelve;
  return static_cast<unsigned>(x % 4095);
}

constexpr std::array<std::uint8_t, 256> kTable8 = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned i = 1; i < 256; ++i) t[i] = static_cast<std::uint8_t>((i & 1) + t[i >> 1]);
  return t;
}();

unsigned table8(std::uint64_t x) {
  return kTable8[x & 0xFF] + kTable8[(x >> 8) & 0xFF] + kTable8[(x >> 16) & 0xFF] +
         kTable8[(x >> 24) & 0xFF] + kTable8[(x >> 32) & 0xFF] + kTable8[(x >> 40) & 0xFF] +
         kTable8[(x >> 48) & 0xFF] + kTable8[x >> 56];
}

// 65,536 byte entries: 64 KiB of table, more than most L1 data caches. Built at start-up rather
// than as a constant, to keep 64 KiB out of the binaries and the wasm files.
struct Table16 {
  std::uint8_t count[1 << 16];
  Table16() {
    for (unsigned i = 0; i < (1u << 16); ++i) count[i] = static_cast<std::uint8_t>(kTable8[i & 0xFF] + kTable8[i >> 8]);
  }
};
const Table16 kTable16;

unsigned table16(std::uint64_t x) {
  return kTable16.count[x & 0xFFFF] + kTable16.count[(x >> 16) & 0xFFFF] +
         kTable16.count[(x >> 32) & 0xFFFF] + kTable16.count[x >> 48];
}

SP_POPCOUNT_KERNEL(Family::word,
                   {"swar-shift", Isa::scalar, 0,
                    "shift-and-add SWAR: 2-, 4- and 8-bit sums, one multiply adds the bytes (constant time)"},
                   &count_words<swar_shift>);
SP_POPCOUNT_KERNEL(Family::word,
                   {"sparse", Isa::scalar, 0, "Kernighan's loop: x &= x - 1 once per set bit"},
                   &count_words<sparse>);
SP_POPCOUNT_KERNEL(Family::word,
                   {"hackmem", Isa::scalar, 0, "HAKMEM 169 in 64 bits: 3-bit sums, then casting out 4095"},
                   &count_words<hackmem>);
SP_POPCOUNT_KERNEL(Family::word,
                   {"table8", Isa::scalar, 0, "eight lookups in a 256-entry table"},
                   &count_words<table8>);
SP_POPCOUNT_KERNEL(Family::word,
                   {"table16", Isa::scalar, 0, "four lookups in a 65,536-entry table (64 KiB: cache misses)"},
                   &count_words<table16>);

}  // namespace
}  // namespace sp::popcount
