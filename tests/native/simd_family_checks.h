#pragma once
// Every op of the vector families (cpp/simd/vector_api.md) against its plain scalar meaning.
//
// Two halves, because vector code must run inside its family's target region and nothing else
// may (target.h):
//   simd_family_probe.h   included INSIDE the region after a family header: runs one op on
//                         vectors loaded from an Io and stores what it gives back. Plain arrays
//                         only, no library code.
//   this file             baseline code: makes inputs, computes what each op must give, compares.
// The same pair runs under GoogleTest for x86 and NEON (simd_<family>_test.cpp) and as a plain
// program for wasm SIMD128 (tests/wasm/simd_family_test.cpp, run by Vitest in Node).

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#define SP_SIMD_FAMILY_CHECKS 1

namespace sp::simd::test {

// (op, lane bytes: which lane type it belongs to)
#define SP_SIMD_TEST_OPS(X)                                                                           \
  X(u8_zero, 1) X(u8_splat, 1) X(u8_load_partial, 1) X(u8_table16, 1) X(u8_add, 1) X(u8_sub, 1)      \
  X(u8_min, 1) X(u8_and, 1) X(u8_or, 1) X(u8_xor, 1) X(u8_andnot, 1) X(u8_majority, 1) X(u8_xor3, 1) \
  X(u8_eq, 1) X(u8_is_zero, 1) X(u8_nonzero, 1) X(u8_mask_logic, 1) X(u8_select, 1)                  \
  X(u8_zero_unless, 1) X(u8_any, 1) X(u8_first_set, 1) X(u8_all_equal, 1) X(u8_shuffle, 1)           \
  X(u8_low_nibbles, 1) X(u8_high_nibbles, 1) X(u8_popcount, 1) X(u8_reverse_bits, 1)                 \
  X(u8_byte_sums, 1) X(u8_unpacklo64, 1) X(u8_unpackhi64, 1) X(u8_affine, 1) X(u8_permute, 1)        \
  X(u32_zero, 4) X(u32_splat, 4) X(u32_get, 4) X(u32_set, 4) X(u32_first, 4) X(u32_broadcast, 4)     \
  X(u32_add, 4) X(u32_sub, 4) X(u32_min, 4) X(u32_and, 4) X(u32_or, 4) X(u32_xor, 4)                \
  X(u32_andnot, 4) X(u32_majority, 4) X(u32_xor3, 4) X(u32_shl, 4) X(u32_shr, 4) X(u32_shl_var, 4)   \
  X(u32_shr_var, 4) X(u32_lowest_bit, 4) X(u32_reduce_min, 4) X(u32_eq, 4) X(u32_is_zero, 4)        \
  X(u32_nonzero, 4) X(u32_mask_logic, 4) X(u32_select, 4) X(u32_zero_unless, 4) X(u32_any, 4)       \
  X(u32_first_set, 4) X(u32_increment_where, 4) X(u32_add_where, 4) X(u32_count, 4)                 \
  X(u32_first_n, 4) X(u32_gather_where, 4) X(u32_scatter_where, 4) X(u32_compress, 4)               \
  X(u32_setr, 4) X(u32_lanes_down, 4) X(u32_blend, 4) X(u32_shift_lanes, 4)                         \
  X(u32_match, 4) X(u32_mul_lo, 4) X(u32_shr_n, 4) X(u32_reduce_add, 4) X(u32_any_nonzero, 4)        \
  X(u32_permute, 4)                                                                                   \
  X(u64_zero, 8) X(u64_splat, 8) X(u64_get, 8) X(u64_set, 8) X(u64_add, 8) X(u64_sub, 8)             \
  X(u64_and, 8) X(u64_or, 8) X(u64_xor, 8) X(u64_andnot, 8) X(u64_majority, 8) X(u64_xor3, 8)       \
  X(u64_shl, 8) X(u64_shr, 8) X(u64_eq, 8) X(u64_is_zero, 8) X(u64_nonzero, 8) X(u64_mask_logic, 8) \
  X(u64_select, 8) X(u64_zero_unless, 8) X(u64_any, 8) X(u64_first_set, 8) X(u64_reverse_bytes, 8)  \
  X(u64_reverse_bits, 8) X(u64_popcount, 8) X(u64_reduce_add, 8) X(u64_from_u8, 8)                 \
  X(u64_setr, 8) X(u64_reduce_or, 8) X(u64_or_and, 8) X(u64_shl_var, 8) X(u64_shr_var, 8)           \
  X(u64_rotl_var, 8) X(u64_match, 8)

enum class Op : int {
#define SP_SIMD_TEST_ENUM(op, lane) op,
  SP_SIMD_TEST_OPS(SP_SIMD_TEST_ENUM)
#undef SP_SIMD_TEST_ENUM
};

struct OpInfo {
  Op op;
  const char* name;
  int lane_bytes;
};
inline constexpr OpInfo kOps[] = {
#define SP_SIMD_TEST_INFO(op, lane) {Op::op, #op, lane},
    SP_SIMD_TEST_OPS(SP_SIMD_TEST_INFO)
#undef SP_SIMD_TEST_INFO
};

// Constants the probe bakes into template arguments; `k` in an Io picks one of them.
inline constexpr int kShiftCounts[] = {0, 1, 7, 31};     // u32 shl<k>, shr<k> (and u64, plus 63)
inline constexpr int kShiftCounts64[] = {0, 1, 31, 63};
inline constexpr std::uint64_t kScatterDummy = 64;       // dummy_idx = 64 + lane: the spare words
inline constexpr int kMatchMax = 32;                     // match<N>: N = (k + 1) * lanes <= 32

// One op's inputs and outputs: three vectors of bytes, scalars, a table for gather and scatter.
struct Io {
  alignas(64) std::uint8_t a[64], b[64], c[64];
  alignas(64) std::uint8_t out[64 + 64];  // compress-stores write up to one vector past the kept lanes
  alignas(64) std::uint32_t table[64 + 16];  // gather/scatter: 64 words and one spare per lane; U32 match's words
  alignas(64) std::uint64_t words[kMatchMax] = {};  // U64 match's words
  std::uint64_t s = 0;  // a scalar operand (splat, set, n of load_partial and first_n)
  int k = 0;            // a constant's index (shift counts, lane numbers, blend patterns)
  std::uint64_t r = 0;  // a scalar result
  bool done = false;    // false: the family has no such op (the probe says which)
};

// What the family under test is: the probe's traits.
struct Traits {
  int bytes;                 // register width
  bool gfni, vbmi;           // optional ops present
  bool variable_shifts;      // U32::shl_var / shr_var
  bool lane_shifts;          // U32::shift_lanes (NEON)
  bool v128_extras;          // setr, lanes_down, blend (128-bit families)
  bool u64_variable_shifts;  // U64::shl_var / shr_var / rotl_var
  bool permute32;            // U32::permute (has_permute)
};

template <class T>
T lane(const std::uint8_t* p, int i) {
  T v;
  std::memcpy(&v, p + i * sizeof(T), sizeof(T));
  return v;
}
template <class T>
void put(std::uint8_t* p, int i, T v) {
  std::memcpy(p + i * sizeof(T), &v, sizeof(T));
}

inline bool available(Op op, const Traits& t) {
  switch (op) {
    case Op::u8_affine: return t.gfni;
    case Op::u8_permute: return t.vbmi;
    case Op::u32_shl_var:
    case Op::u32_shr_var: return t.variable_shifts;
    case Op::u32_shift_lanes: return t.lane_shifts;
    case Op::u32_setr:
    case Op::u32_lanes_down:
    case Op::u32_blend: return t.v128_extras;
    case Op::u32_permute: return t.permute32;
    case Op::u64_shl_var:
    case Op::u64_shr_var:
    case Op::u64_rotl_var: return t.u64_variable_shifts;
    default: return true;
  }
}

// GF(2) affine transform of one byte by one matrix (a u64): bit k = parity(matrix byte 7-k & x) ^ b bit k.
inline std::uint8_t affine_byte(std::uint8_t x, std::uint64_t matrix, std::uint8_t b) {
  std::uint8_t r = 0;
  for (int k = 0; k < 8; ++k) {
    const std::uint8_t row = static_cast<std::uint8_t>(matrix >> (8 * (7 - k)));
    r |= static_cast<std::uint8_t>((std::popcount(static_cast<unsigned>(row & x)) & 1) << k);
  }
  return static_cast<std::uint8_t>(r ^ b);
}
inline constexpr std::uint8_t kAffineConstant = 0x5A;  // the probe's b in affine<b>

inline std::uint8_t reverse8(std::uint8_t x) {
  std::uint8_t r = 0;
  for (int i = 0; i < 8; ++i) r |= static_cast<std::uint8_t>(((x >> i) & 1) << (7 - i));
  return r;
}

// What op must give on `in`, written into `want` (out and/or r). `cmp_bytes` is how many bytes of
// out are defined (compress-store leaves the rest unspecified); scalar ops set `scalar`.
struct Expected {
  std::uint8_t out[64 + 64] = {};
  std::uint32_t table[64 + 16] = {};
  std::uint64_t r = 0;
  int cmp_bytes = 0;    // bytes of out to compare
  bool scalar = false;  // compare r
  bool table_out = false;  // compare the table (scatter)
};

// Lane-wise helpers over the register width.
template <class T, class F>
void map1(const Io& in, int bytes, Expected& e, F f) {
  for (int i = 0; i < bytes / int(sizeof(T)); ++i) put<T>(e.out, i, static_cast<T>(f(lane<T>(in.a, i), i)));
  e.cmp_bytes = bytes;
}
template <class T, class F>
void map2(const Io& in, int bytes, Expected& e, F f) {
  for (int i = 0; i < bytes / int(sizeof(T)); ++i)
    put<T>(e.out, i, static_cast<T>(f(lane<T>(in.a, i), lane<T>(in.b, i))));
  e.cmp_bytes = bytes;
}
template <class T, class F>
void map3(const Io& in, int bytes, Expected& e, F f) {
  for (int i = 0; i < bytes / int(sizeof(T)); ++i)
    put<T>(e.out, i, static_cast<T>(f(lane<T>(in.a, i), lane<T>(in.b, i), lane<T>(in.c, i))));
  e.cmp_bytes = bytes;
}
template <class T, class F>
std::uint64_t mask_of(const Io& in, int bytes, F pred) {  // bit i = pred(lane i of a, b, c)
  std::uint64_t m = 0;
  for (int i = 0; i < bytes / int(sizeof(T)); ++i)
    if (pred(lane<T>(in.a, i), lane<T>(in.b, i), lane<T>(in.c, i))) m |= std::uint64_t{1} << i;
  return m;
}
template <class T>
void bits_result(Expected& e, std::uint64_t m) {
  e.r = m;
  e.scalar = true;
}

// The probe's fixed mask arguments, the same for every lane type:
//   eq      lanes where a == b          is_zero / nonzero    of a
//   logic   bits(mor(mand(eq(a, b), nonzero(c)), mandnot(eq(b, c), is_zero(a))))
//   select(eq(a, b), c, a)   zero_unless(eq(a, b), c)   any / first_set of eq(a, b)
template <class T>
bool expect_common(Op op, const Io& in, int bytes, Expected& e, int offset) {
  using u = T;
  const int n = bytes / int(sizeof(T));
  const auto eqm = mask_of<T>(in, bytes, [](u a, u b, u) { return a == b; });
  switch (offset) {
    case 0: for (int i = 0; i < n; ++i) put<T>(e.out, i, T{0}); e.cmp_bytes = bytes; return true;  // zero
    case 1: for (int i = 0; i < n; ++i) put<T>(e.out, i, static_cast<T>(in.s)); e.cmp_bytes = bytes; return true;  // splat
    case 2: map2<T>(in, bytes, e, [](u a, u b) { return a + b; }); return true;
    case 3: map2<T>(in, bytes, e, [](u a, u b) { return a - b; }); return true;
    case 4: map2<T>(in, bytes, e, [](u a, u b) { return a & b; }); return true;
    case 5: map2<T>(in, bytes, e, [](u a, u b) { return a | b; }); return true;
    case 6: map2<T>(in, bytes, e, [](u a, u b) { return a ^ b; }); return true;
    case 7: map2<T>(in, bytes, e, [](u a, u b) { return a & ~b; }); return true;
    case 8: map3<T>(in, bytes, e, [](u a, u b, u c) { return (a & b) | (a & c) | (b & c); }); return true;
    case 9: map3<T>(in, bytes, e, [](u a, u b, u c) { return a ^ b ^ c; }); return true;
    case 10: bits_result<T>(e, eqm); return true;
    case 11: bits_result<T>(e, mask_of<T>(in, bytes, [](u a, u, u) { return a == 0; })); return true;
    case 12: bits_result<T>(e, mask_of<T>(in, bytes, [](u a, u, u) { return a != 0; })); return true;
    case 13:
      bits_result<T>(e, mask_of<T>(in, bytes, [](u a, u b, u c) { return (a == b && c != 0) || (a != 0 && b == c); }));
      return true;
    case 14: map3<T>(in, bytes, e, [](u a, u b, u c) { return a == b ? c : a; }); return true;
    case 15: map3<T>(in, bytes, e, [](u a, u b, u c) { return a == b ? c : u{0}; }); return true;
    case 16: e.r = eqm != 0; e.scalar = true; return true;
    case 17: e.r = eqm ? static_cast<std::uint64_t>(std::countr_zero(eqm)) : 0; e.scalar = true; return true;
  }
  (void)op;
  return false;
}

inline Expected expect(Op op, const Io& in, const Traits& t) {
  Expected e;
  const int bytes = t.bytes;
  using u8 = std::uint8_t;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  switch (op) {
    // Common ops, by lane type.
#define SP_COMMON(prefix, T, base)                                                                  \
  case Op::prefix##_zero: expect_common<T>(op, in, bytes, e, 0); break;                            \
  case Op::prefix##_splat: expect_common<T>(op, in, bytes, e, 1); break;                           \
  case Op::prefix##_add: expect_common<T>(op, in, bytes, e, 2); break;                             \
  case Op::prefix##_sub: expect_common<T>(op, in, bytes, e, 3); break;                             \
  case Op::prefix##_and: expect_common<T>(op, in, bytes, e, 4); break;                             \
  case Op::prefix##_or: expect_common<T>(op, in, bytes, e, 5); break;                              \
  case Op::prefix##_xor: expect_common<T>(op, in, bytes, e, 6); break;                             \
  case Op::prefix##_andnot: expect_common<T>(op, in, bytes, e, 7); break;                          \
  case Op::prefix##_majority: expect_common<T>(op, in, bytes, e, 8); break;                        \
  case Op::prefix##_xor3: expect_common<T>(op, in, bytes, e, 9); break;                            \
  case Op::prefix##_eq: expect_common<T>(op, in, bytes, e, 10); break;                             \
  case Op::prefix##_is_zero: expect_common<T>(op, in, bytes, e, 11); break;                        \
  case Op::prefix##_nonzero: expect_common<T>(op, in, bytes, e, 12); break;                        \
  case Op::prefix##_mask_logic: expect_common<T>(op, in, bytes, e, 13); break;                     \
  case Op::prefix##_select: expect_common<T>(op, in, bytes, e, 14); break;                         \
  case Op::prefix##_zero_unless: expect_common<T>(op, in, bytes, e, 15); break;                    \
  case Op::prefix##_any: expect_common<T>(op, in, bytes, e, 16); break;                            \
  case Op::prefix##_first_set: expect_common<T>(op, in, bytes, e, 17); break;
    SP_COMMON(u8, u8, 0)
    SP_COMMON(u32, u32, 0)
    SP_COMMON(u64, u64, 0)
#undef SP_COMMON

    // Bytes.
    case Op::u8_load_partial:
      for (int i = 0; i < bytes; ++i) e.out[i] = i < static_cast<int>(in.s) ? in.a[i] : 0;
      e.cmp_bytes = bytes;
      break;
    case Op::u8_table16:
      for (int i = 0; i < bytes; ++i) e.out[i] = in.a[i % 16];
      e.cmp_bytes = bytes;
      break;
    case Op::u8_min: map2<u8>(in, bytes, e, [](u8 a, u8 b) { return std::min(a, b); }); break;
    case Op::u8_all_equal: e.r = std::memcmp(in.a, in.b, static_cast<std::size_t>(bytes)) == 0; e.scalar = true; break;
    case Op::u8_shuffle:  // table a, indices b (0..15 or >= 0x80), within each 128-bit block
      for (int i = 0; i < bytes; ++i) e.out[i] = in.b[i] >= 0x80 ? 0 : in.a[(i & ~15) + in.b[i]];
      e.cmp_bytes = bytes;
      break;
    case Op::u8_low_nibbles: map1<u8>(in, bytes, e, [](u8 a, int) { return a & 0x0F; }); break;
    case Op::u8_high_nibbles: map1<u8>(in, bytes, e, [](u8 a, int) { return a >> 4; }); break;
    case Op::u8_popcount: map1<u8>(in, bytes, e, [](u8 a, int) { return std::popcount(a); }); break;
    case Op::u8_reverse_bits: map1<u8>(in, bytes, e, [](u8 a, int) { return reverse8(a); }); break;
    case Op::u8_byte_sums: {  // reduce_add(add_byte_sums(add_byte_sums(zero, a), b)): only the total is portable
      u64 sum = 0;
      for (int i = 0; i < bytes; ++i) sum += u64{in.a[i]} + in.b[i];
      e.r = sum;
      e.scalar = true;
      break;
    }
    case Op::u8_unpacklo64:
    case Op::u8_unpackhi64: {
      const int half = op == Op::u8_unpackhi64 ? 1 : 0;
      for (int blk = 0; blk < bytes / 16; ++blk) {
        put<u64>(e.out, 2 * blk, lane<u64>(in.a, 2 * blk + half));
        put<u64>(e.out, 2 * blk + 1, lane<u64>(in.b, 2 * blk + half));
      }
      e.cmp_bytes = bytes;
      break;
    }
    case Op::u8_affine:  // affine<kAffineConstant>(a, b): each byte of a by its qword's matrix in b
      for (int i = 0; i < bytes; ++i) e.out[i] = affine_byte(in.a[i], lane<u64>(in.b, i / 8), kAffineConstant);
      e.cmp_bytes = bytes;
      break;
    case Op::u8_permute:  // permute(table a, idx b)
      for (int i = 0; i < bytes; ++i) e.out[i] = in.a[in.b[i] & 63];
      e.cmp_bytes = bytes;
      break;

    // u32 lanes.
    case Op::u32_get: e.r = lane<u32>(in.a, in.k); e.scalar = true; break;
    case Op::u32_set:
      map1<u32>(in, bytes, e, [&](u32 a, int i) { return i == in.k ? static_cast<u32>(in.s) : a; });
      break;
    case Op::u32_first: e.r = lane<u32>(in.a, 0); e.scalar = true; break;
    case Op::u32_broadcast: map1<u32>(in, bytes, e, [&](u32, int) { return lane<u32>(in.a, in.k); }); break;
    case Op::u32_min: map2<u32>(in, bytes, e, [](u32 a, u32 b) { return std::min(a, b); }); break;
    case Op::u32_shl: map1<u32>(in, bytes, e, [&](u32 a, int) { return a << kShiftCounts[in.k]; }); break;
    case Op::u32_shr: map1<u32>(in, bytes, e, [&](u32 a, int) { return a >> kShiftCounts[in.k]; }); break;
    case Op::u32_shl_var:  // counts in b: 0..32, 32 shifts everything out
      map2<u32>(in, bytes, e, [](u32 a, u32 b) { return b >= 32 ? 0u : a << b; });
      break;
    case Op::u32_shr_var: map2<u32>(in, bytes, e, [](u32 a, u32 b) { return b >= 32 ? 0u : a >> b; }); break;
    case Op::u32_lowest_bit: map1<u32>(in, bytes, e, [](u32 a, int) { return a & (0u - a); }); break;
    case Op::u32_reduce_min: {
      u32 m = ~0u;
      for (int i = 0; i < bytes / 4; ++i) m = std::min(m, lane<u32>(in.a, i));
      e.r = m;
      e.scalar = true;
      break;
    }
    case Op::u32_increment_where: map3<u32>(in, bytes, e, [](u32 a, u32 b, u32 c) { return a == b ? c + 1 : c; }); break;
    case Op::u32_add_where: map3<u32>(in, bytes, e, [](u32 a, u32 b, u32 c) { return a == b ? c + a : c; }); break;
    case Op::u32_count: e.r = static_cast<u64>(std::popcount(mask_of<u32>(in, bytes, [](u32 a, u32 b, u32) { return a == b; }))); e.scalar = true; break;
    case Op::u32_first_n: e.r = in.s >= 64 ? ~u64{0} : (u64{1} << in.s) - 1; e.r &= (u64{1} << (bytes / 4)) - 1; e.scalar = true; break;
    case Op::u32_gather_where:  // eq(a, b) ? table[c & 63] : a
      map3<u32>(in, bytes, e, [&](u32 a, u32 b, u32 c) { return a == b ? in.table[c & 63] : a; });
      break;
    case Op::u32_scatter_where: {  // table[eq(a, b) ? (i * 7 + k) % 64 : dummy] = c
      std::memcpy(e.table, in.table, sizeof(e.table));
      for (int i = 0; i < bytes / 4; ++i)
        if (lane<u32>(in.a, i) == lane<u32>(in.b, i)) e.table[(i * 7 + in.k) % 64] = lane<u32>(in.c, i);
      e.table_out = true;
      break;
    }
    case Op::u32_compress: {  // store_compressed(out, c, compress_plan(eq(a, b))): kept lanes, packed
      int at = 0;
      for (int i = 0; i < bytes / 4; ++i)
        if (lane<u32>(in.a, i) == lane<u32>(in.b, i)) put<u32>(e.out, at++, lane<u32>(in.c, i));
      e.cmp_bytes = 4 * at;
      break;
    }
    case Op::u32_setr:
      for (int i = 0; i < 4; ++i) put<u32>(e.out, i, lane<u32>(in.a, i));
      e.cmp_bytes = 16;
      break;
    case Op::u32_lanes_down:  // k = 1..3
      for (int i = 0; i < 4; ++i) put<u32>(e.out, i, i + in.k < 4 ? lane<u32>(in.a, i + in.k) : 0u);
      e.cmp_bytes = 16;
      break;
    case Op::u32_blend:  // pattern bits of k: take b where set
      map2<u32>(in, bytes, e, [&, i = 0](u32 a, u32 b) mutable { return (in.k >> i++) & 1 ? b : a; });
      break;
    case Op::u32_shift_lanes:  // shift_lanes<0, -1, 1, 3>
      map1<u32>(in, bytes, e, [](u32 a, int i) { return i == 0 ? a : i == 1 ? a >> 1 : i == 2 ? a << 1 : a << 3; });
      break;
    case Op::u32_match: {  // match<(k + 1) * lanes>(table, s): bit r where table[r] == s
      const int n = (in.k + 1) * (bytes / 4);
      for (int r = 0; r < n; ++r)
        if (in.table[r] == static_cast<u32>(in.s)) e.r |= u64{1} << r;
      e.scalar = true;
      break;
    }
    case Op::u32_mul_lo: map2<u32>(in, bytes, e, [](u32 a, u32 b) { return static_cast<u32>(u64{a} * b); }); break;
    case Op::u32_shr_n: map1<u32>(in, bytes, e, [&](u32 a, int) { return a >> in.s; }); break;  // s: 0..31
    case Op::u32_reduce_add: {
      u32 s = 0;
      for (int i = 0; i < bytes / 4; ++i) s += lane<u32>(in.a, i);
      e.r = s;
      e.scalar = true;
      break;
    }
    case Op::u32_any_nonzero:
      e.r = mask_of<u32>(in, bytes, [](u32 a, u32, u32) { return a != 0; }) != 0;
      e.scalar = true;
      break;
    case Op::u32_permute:  // permute(table a, idx b), b in 0..lanes-1: a[b[i]] across the register
      map2<u32>(in, bytes, e, [&](u32, u32 b) { return lane<u32>(in.a, static_cast<int>(b)); });
      break;

    // u64 lanes.
    case Op::u64_get: e.r = lane<u64>(in.a, in.k); e.scalar = true; break;
    case Op::u64_set: map1<u64>(in, bytes, e, [&](u64 a, int i) { return i == in.k ? in.s : a; }); break;
    case Op::u64_shl: map1<u64>(in, bytes, e, [&](u64 a, int) { return a << kShiftCounts64[in.k]; }); break;
    case Op::u64_shr: map1<u64>(in, bytes, e, [&](u64 a, int) { return a >> kShiftCounts64[in.k]; }); break;
    case Op::u64_reverse_bytes: map1<u64>(in, bytes, e, [](u64 a, int) { return __builtin_bswap64(a); }); break;
    case Op::u64_reverse_bits:
      map1<u64>(in, bytes, e, [](u64 a, int) {
        u64 r = 0;
        for (int i = 0; i < 64; ++i) r |= ((a >> i) & 1) << (63 - i);
        return r;
      });
      break;
    case Op::u64_popcount: map1<u64>(in, bytes, e, [](u64 a, int) { return std::popcount(a); }); break;
    case Op::u64_reduce_add: {
      u64 s = 0;
      for (int i = 0; i < bytes / 8; ++i) s += lane<u64>(in.a, i);
      e.r = s;
      e.scalar = true;
      break;
    }
    case Op::u64_from_u8:  // U64::from(U8::add(a, b)) == the byte sums seen as u64 lanes
      map2<u8>(in, bytes, e, [](u8 a, u8 b) { return a + b; });
      break;
    case Op::u64_setr: map1<u64>(in, bytes, e, [](u64 a, int) { return a; }); break;  // setr(a's lanes as scalars)
    case Op::u64_reduce_or: {
      u64 s = 0;
      for (int i = 0; i < bytes / 8; ++i) s |= lane<u64>(in.a, i);
      e.r = s;
      e.scalar = true;
      break;
    }
    case Op::u64_or_and: map3<u64>(in, bytes, e, [](u64 a, u64 b, u64 c) { return a | (b & c); }); break;
    case Op::u64_shl_var:  // counts in b: 0..64, 64 shifts everything out
      map2<u64>(in, bytes, e, [](u64 a, u64 b) { return b >= 64 ? u64{0} : a << b; });
      break;
    case Op::u64_shr_var: map2<u64>(in, bytes, e, [](u64 a, u64 b) { return b >= 64 ? u64{0} : a >> b; }); break;
    case Op::u64_rotl_var:  // counts in b: 0..63
      map2<u64>(in, bytes, e, [](u64 a, u64 b) { return std::rotl(a, static_cast<int>(b)); });
      break;
    case Op::u64_match: {  // match<(k + 1) * lanes>(words, s): bit r where words[r] == s
      const int n = (in.k + 1) * (bytes / 8);
      for (int r = 0; r < n; ++r)
        if (in.words[r] == in.s) e.r |= u64{1} << r;
      e.scalar = true;
      break;
    }
    default: break;
  }
  return e;
}

// Inputs that make masks interesting: equal lanes, zero lanes, all-ones lanes, and for the
// ops with index rules, valid indices only.
inline void fill_inputs(Op op, int lane_bytes, const Traits& t, std::mt19937_64& rng, int round, Io& io) {
  for (int i = 0; i < 64; ++i) {
    io.a[i] = static_cast<std::uint8_t>(rng());
    io.b[i] = static_cast<std::uint8_t>(rng());
    io.c[i] = static_cast<std::uint8_t>(rng());
  }
  const int lanes = t.bytes / lane_bytes;
  for (int i = 0; i < lanes; ++i) {  // per lane: maybe b = a, c = b, a = 0, or a = all ones
    const std::uint64_t pick = rng();
    std::uint8_t* a = io.a + i * lane_bytes;
    std::uint8_t* b = io.b + i * lane_bytes;
    std::uint8_t* c = io.c + i * lane_bytes;
    if (pick & 1) std::memcpy(b, a, static_cast<std::size_t>(lane_bytes));
    if (pick & 2) std::memcpy(c, b, static_cast<std::size_t>(lane_bytes));
    if ((pick & 12) == 4) std::memset(a, 0, static_cast<std::size_t>(lane_bytes));
    if ((pick & 12) == 8) std::memset(a, 0xFF, static_cast<std::size_t>(lane_bytes));
    if ((pick & 48) == 16) std::memset(c, 0, static_cast<std::size_t>(lane_bytes));
  }
  if (round == 1) std::memcpy(io.b, io.a, 64);  // all equal
  if (round == 2) std::memset(io.a, 0, 64);     // all zero
  for (auto& w : io.table) w = static_cast<std::uint32_t>(rng());
  io.s = rng();
  io.k = 0;
  switch (op) {
    case Op::u8_splat: io.s &= 0xFF; break;
    case Op::u32_splat: io.s &= 0xFFFFFFFF; break;
    case Op::u32_set: io.s &= 0xFFFFFFFF; [[fallthrough]];
    case Op::u32_get:
    case Op::u32_broadcast: io.k = static_cast<int>(rng() % static_cast<std::uint64_t>(t.bytes / 4)); break;
    case Op::u64_get:
    case Op::u64_set: io.k = static_cast<int>(rng() % static_cast<std::uint64_t>(t.bytes / 8)); break;
    case Op::u8_load_partial: io.s = round < 2 ? static_cast<std::uint64_t>(round * t.bytes) : rng() % static_cast<std::uint64_t>(t.bytes + 1); break;
    case Op::u32_first_n: io.s = rng() % static_cast<std::uint64_t>(t.bytes / 4 + 1); break;
    case Op::u32_shl:
    case Op::u32_shr: io.k = static_cast<int>(rng() % 4); break;
    case Op::u64_shl:
    case Op::u64_shr: io.k = static_cast<int>(rng() % 4); break;
    case Op::u32_lanes_down: io.k = 1 + static_cast<int>(rng() % 3); break;
    case Op::u32_blend: io.k = static_cast<int>(rng() % 16); break;
    case Op::u32_scatter_where: io.k = static_cast<int>(rng() % 64); break;
    case Op::u8_shuffle:  // indices 0..15, or 0x80.. for zero: the set pshufb, tbl and swizzle agree on
      for (int i = 0; i < 64; ++i) io.b[i] = (io.b[i] & 0x80) ? io.b[i] : static_cast<std::uint8_t>(io.b[i] & 0x0F);
      break;
    case Op::u32_shl_var:
    case Op::u32_shr_var:
      for (int i = 0; i < 16; ++i) put<std::uint32_t>(io.b, i, static_cast<std::uint32_t>(rng() % 33));
      break;
    case Op::u32_shr_n: io.s = rng() % 32; break;
    case Op::u32_permute:  // lane indices in range: what vpermd (8 lanes) and vpermd zmm (16) agree on
      for (int i = 0; i < 16; ++i) put<std::uint32_t>(io.b, i, static_cast<std::uint32_t>(rng() % static_cast<std::uint64_t>(lanes)));
      break;
    case Op::u32_any_nonzero:  // mostly zero registers, some with one bit set somewhere
      if (round % 2 == 0) {
        std::memset(io.a, 0, 64);
        if (round % 4 == 0) io.a[rng() % static_cast<std::uint64_t>(t.bytes)] = static_cast<std::uint8_t>(1u << (rng() % 8));
      }
      break;
    case Op::u64_reduce_or:  // sparse lanes, so that the or of 8 random lanes is not all ones
      for (int i = 0; i < 8; ++i)
        put<std::uint64_t>(io.a, i, lane<std::uint64_t>(io.a, i) & rng() & rng() & rng() & rng());
      break;
    case Op::u64_shl_var:
    case Op::u64_shr_var:
    case Op::u64_rotl_var: {  // counts in b: 0..64 (0..63 for rotl), edges often
      const std::uint64_t top = op == Op::u64_rotl_var ? 63 : 64;
      for (int i = 0; i < 8; ++i) {
        const std::uint64_t r = rng();
        const std::uint64_t edges[4] = {0, 1, top - 1, top};
        put<std::uint64_t>(io.b, i, (r & 3) == 0 ? edges[(r >> 2) & 3] : (r >> 4) % (top + 1));
      }
      break;
    }
    case Op::u32_match:
    case Op::u64_match: {  // words equal to s, near misses (one bit off), others; N picked by k
      if (op == Op::u32_match) io.s &= 0xFFFFFFFF;
      io.k = static_cast<int>(rng() % static_cast<std::uint64_t>(kMatchMax / lanes));
      for (int r = 0; r < kMatchMax; ++r) {
        const std::uint64_t pick = rng() % 4;
        const int width = op == Op::u32_match ? 32 : 64;
        std::uint64_t w = pick == 0 ? io.s : pick == 1 ? io.s ^ (std::uint64_t{1} << (rng() % static_cast<std::uint64_t>(width))) : rng();
        if (round == 1) w = io.s;  // every word matches
        if (op == Op::u32_match) io.table[r] = static_cast<std::uint32_t>(w);
        else io.words[r] = w;
      }
      break;
    }
    case Op::u8_all_equal:
      if (round % 3 == 0) {  // equal but for one byte somewhere in the register
        std::memcpy(io.b, io.a, 64);
        io.b[rng() % static_cast<std::uint64_t>(t.bytes)] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
      }
      break;
    default: break;
  }
}

struct Failure {
  std::string op;
  std::string what;
};

// Runs every op of lane type `lane_bytes` (0: all) `rounds` times through `run` (the probe).
// Returns the failures: the first round that failed, per op.
template <class Run>
std::vector<Failure> check_ops(Run run, const Traits& t, int lane_bytes, int rounds) {
  std::vector<Failure> fails;
  std::mt19937_64 rng(20261122);
  for (const OpInfo& info : kOps) {
    if (lane_bytes && info.lane_bytes != lane_bytes) continue;
    const bool want_op = available(info.op, t);
    for (int round = 0; round < rounds; ++round) {
      Io io;
      fill_inputs(info.op, info.lane_bytes, t, rng, round, io);
      Io before = io;
      std::memset(io.out, 0xCC, sizeof(io.out));
      run(info.op, io);
      if (io.done != want_op) {
        fails.push_back({info.name, want_op ? "the family lacks this op" : "the probe ran an op the family should not have"});
        break;
      }
      if (!want_op) break;
      const Expected e = expect(info.op, before, t);
      std::string what;
      for (int i = 0; i < e.cmp_bytes && what.empty(); ++i)
        if (io.out[i] != e.out[i])
          what = "byte " + std::to_string(i) + ": got " + std::to_string(io.out[i]) + ", want " + std::to_string(e.out[i]);
      if (e.scalar && what.empty() && io.r != e.r)
        what = "result: got " + std::to_string(io.r) + ", want " + std::to_string(e.r);
      if (e.table_out && what.empty())
        for (int i = 0; i < 64 && what.empty(); ++i)
          if (io.table[i] != e.table[i])
            what = "table word " + std::to_string(i) + ": got " + std::to_string(io.table[i]) + ", want " +
                   std::to_string(e.table[i]);
      if (!e.scalar && !e.table_out && e.cmp_bytes == 0 && info.op != Op::u32_compress)
        what = "no expectation (test bug)";
      if (!what.empty()) {
        fails.push_back({info.name, "round " + std::to_string(round) + ", " + what});
        break;
      }
    }
  }
  return fails;
}

}  // namespace sp::simd::test
