// The 16 x u8 layer (cpp/simd/u8x16.h) against plain scalar meaning, on whatever 128-bit ISA this
// build has: SSE4.1 natively, NEON under qemu-aarch64. (The wasm flavour is exercised by the
// puzzles' wasm tests.)

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <random>

#include "simd/u8x16.h"

#if SP_HAS_V128

namespace sp::simd {
namespace {

using Bytes16 = std::array<std::uint8_t, 16>;
using V = U8x16;

SP_V128_BEGIN
// Each op runs on vectors loaded from arrays and stored back, inside the ISA's target region.
template <class F>
Bytes16 apply2(const Bytes16& a, const Bytes16& b, F f) {
  Bytes16 out;
  V::store(out.data(), f(V::load(a.data()), V::load(b.data())));
  return out;
}
Bytes16 add(const Bytes16& a, const Bytes16& b) { return apply2(a, b, [](auto x, auto y) { return V::add(x, y); }); }
Bytes16 sub(const Bytes16& a, const Bytes16& b) { return apply2(a, b, [](auto x, auto y) { return V::sub(x, y); }); }
Bytes16 min(const Bytes16& a, const Bytes16& b) { return apply2(a, b, [](auto x, auto y) { return V::min(x, y); }); }
Bytes16 andnot(const Bytes16& a, const Bytes16& b) { return apply2(a, b, [](auto x, auto y) { return V::andnot(x, y); }); }
Bytes16 eq(const Bytes16& a, const Bytes16& b) { return apply2(a, b, [](auto x, auto y) { return V::eq(x, y); }); }
Bytes16 shuffle(const Bytes16& t, const Bytes16& i) { return apply2(t, i, [](auto x, auto y) { return V::shuffle(x, y); }); }
Bytes16 nibbles(const Bytes16& a, bool high) {
  Bytes16 out;
  V::store(out.data(), high ? V::high_nibbles(V::load(a.data())) : V::low_nibbles(V::load(a.data())));
  return out;
}
Bytes16 popcount(const Bytes16& a) {
  Bytes16 out;
  V::store(out.data(), V::popcount(V::load(a.data())));
  return out;
}
bool all_equal(const Bytes16& a, const Bytes16& b) { return V::all_equal(V::load(a.data()), V::load(b.data())); }
std::uint64_t byte_sum(const Bytes16* v, int n) {
  auto acc = V::wide_zero();
  for (int i = 0; i < n; ++i) acc = V::add_byte_sums(acc, V::load(v[i].data()));
  return V::reduce(acc);
}
SP_V128_END

Bytes16 random_bytes(std::mt19937& rng) {
  Bytes16 b;
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

class Bytes128 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cpu::has(V::needs)) GTEST_SKIP() << "no 128-bit ISA on this CPU";
  }
  std::mt19937 rng{12345};
};

TEST_F(Bytes128, ArithmeticWrapsPerByte) {
  for (int t = 0; t < 200; ++t) {
    Bytes16 a = random_bytes(rng), b = random_bytes(rng);
    Bytes16 s = add(a, b), d = sub(a, b), m = min(a, b), n = andnot(a, b), e = eq(a, a);
    for (int i = 0; i < 16; ++i) {
      EXPECT_EQ(s[i], static_cast<std::uint8_t>(a[i] + b[i]));
      EXPECT_EQ(d[i], static_cast<std::uint8_t>(a[i] - b[i]));
      EXPECT_EQ(m[i], std::min(a[i], b[i]));
      EXPECT_EQ(n[i], static_cast<std::uint8_t>(a[i] & ~b[i]));
      EXPECT_EQ(e[i], 0xFF);
    }
    EXPECT_TRUE(all_equal(a, a));
    Bytes16 c = a;
    c[t % 16] ^= 1;
    EXPECT_FALSE(all_equal(a, c));
  }
}

TEST_F(Bytes128, ShuffleAgreesOnTheCommonIndexSet) {
  // Indices 0..15 pick; 0x80..0xFF zero. 16..127 differ across ISAs and are never used.
  for (int t = 0; t < 200; ++t) {
    Bytes16 table = random_bytes(rng), idx = random_bytes(rng);
    for (auto& i : idx) i = (i & 0x80) ? i : static_cast<std::uint8_t>(i & 0x0F);
    Bytes16 r = shuffle(table, idx);
    for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], idx[i] >= 0x80 ? 0 : table[idx[i]]) << "lane " << i;
  }
}

TEST_F(Bytes128, NibblesAndPopcount) {
  for (int t = 0; t < 200; ++t) {
    Bytes16 a = random_bytes(rng);
    Bytes16 lo = nibbles(a, false), hi = nibbles(a, true), p = popcount(a);
    for (int i = 0; i < 16; ++i) {
      EXPECT_EQ(lo[i], a[i] & 0x0F);
      EXPECT_EQ(hi[i], a[i] >> 4);
      EXPECT_EQ(p[i], std::popcount(a[i]));
    }
  }
}

TEST_F(Bytes128, ByteSumsDoNotOverflow) {
  std::vector<Bytes16> all_ff(1000);
  for (auto& v : all_ff) v.fill(0xFF);
  EXPECT_EQ(byte_sum(all_ff.data(), 1000), 1000u * 16u * 255u);
  Bytes16 r = random_bytes(rng);
  std::uint64_t expect = 0;
  for (auto x : r) expect += x;
  EXPECT_EQ(byte_sum(&r, 1), expect);
}

}  // namespace
}  // namespace sp::simd

#endif
