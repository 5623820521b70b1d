#pragma once
// The SSE4.1 family: a 128-bit register as 16 x u8 (U8), 4 x u32 (U32) or 2 x u64 (U64).
// Contract: vector_api.md. Included inside an ISA pass (isa.h: sse41, sse41_gfni for
// Ext = cpu::kGfni); why: families.h.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/cpu.h"
#include "simd/compress_lut.h"
#include "simd/families.h"
#include "simd/tables.h"

static_assert(kPass.bits >= 128, "a family header is included inside an ISA pass (simd/isa.h)");
namespace simd {
using namespace ::sp::simd;  // the baseline tables and FamilyInfo
}
namespace simd::sse41 {
namespace {
using ::sp::simd::sse41::kFamily;

template <std::uint32_t Ext = 0>
struct U8;
template <std::uint32_t Ext = 0>
struct U32;
template <std::uint32_t Ext = 0>
struct U64;

// What the three lane types share: the register, bitwise logic, the labels.
template <std::uint32_t Ext>
struct Common {
  static_assert((Ext & ~kFamily.optional) == 0, "SSE4.1 takes only GFNI as an optional feature");
  using vec = __m128i;
  using u8 = U8<Ext>;
  using u32 = U32<Ext>;
  using u64 = U64<Ext>;
  static constexpr Isa isa = kFamily.isa;
  static constexpr std::uint32_t needs = kFamily.needs | Ext;
  static constexpr std::uint32_t ext = Ext;

  static vec from(vec v) { return v; }  // another lane type's register, reinterpreted
  static vec zero() { return _mm_setzero_si128(); }
  static vec and_(vec a, vec b) { return _mm_and_si128(a, b); }
  static vec or_(vec a, vec b) { return _mm_or_si128(a, b); }
  static vec xor_(vec a, vec b) { return _mm_xor_si128(a, b); }
  static vec andnot(vec a, vec b) { return _mm_andnot_si128(b, a); }  // a & ~b (pandn negates its first operand)
  static vec majority(vec a, vec b, vec c) { return or_(and_(a, b), and_(xor_(a, b), c)); }
  static vec xor3(vec a, vec b, vec c) { return xor_(xor_(a, b), c); }
  // Vector masks (all-ones lanes) are vectors: mask logic is bitwise logic.
  static vec mand(vec a, vec b) { return and_(a, b); }
  static vec mor(vec a, vec b) { return or_(a, b); }
  static vec mandnot(vec a, vec b) { return andnot(a, b); }
  static vec select(vec m, vec a, vec b) { return _mm_blendv_epi8(b, a, m); }
  static vec zero_unless(vec m, vec v) { return and_(m, v); }
  static bool any(vec m) { return !_mm_testz_si128(m, m); }
};

template <std::uint32_t Ext>
struct U8 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m128i;
  using mask = __m128i;  // 0xFF / 0x00 bytes
  static constexpr int lanes = 16;

  static vec splat(std::uint8_t x) { return _mm_set1_epi8(static_cast<char>(x)); }
  static vec load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store(void* p, vec v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  static vec load_partial(const void* p, std::size_t n) {  // no masked load before AVX-512
    alignas(16) std::uint8_t bytes[16] = {};
    std::memcpy(bytes, p, n);
    return _mm_load_si128(reinterpret_cast<const __m128i*>(bytes));
  }
  static vec table16(const std::uint8_t* t) { return load(t); }

  static vec add(vec a, vec b) { return _mm_add_epi8(a, b); }
  static vec sub(vec a, vec b) { return _mm_sub_epi8(a, b); }
  static vec min(vec a, vec b) { return _mm_min_epu8(a, b); }
  static mask eq(vec a, vec b) { return _mm_cmpeq_epi8(a, b); }
  static mask is_zero(vec a) { return eq(a, C::zero()); }
  static mask nonzero(vec a) { return _mm_xor_si128(is_zero(a), _mm_set1_epi32(-1)); }
  static std::uint64_t bits(mask m) { return static_cast<std::uint32_t>(_mm_movemask_epi8(m)); }
  static int first_set(mask m) { return __builtin_ctz(static_cast<unsigned>(_mm_movemask_epi8(m))); }
  static bool all_equal(vec a, vec b) { return _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) == 0xFFFF; }

  // pshufb: bit 7 set -> 0, else table[idx & 15]. Callers keep idx in 0..15 or >= 0x80.
  static vec shuffle(vec table, vec idx) { return _mm_shuffle_epi8(table, idx); }
  static vec low_nibbles(vec v) { return _mm_and_si128(v, _mm_set1_epi8(0x0F)); }
  // No byte shift on x86: shift 16-bit lanes, then mask off what crossed in from the next byte.
  static vec high_nibbles(vec v) { return _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F)); }
  // No byte popcount before AVX-512 BITALG: Muła's nibble lookup.
  static vec popcount(vec v) {
    const vec table = table16(kNibblePopcount);
    return add(shuffle(table, low_nibbles(v)), shuffle(table, high_nibbles(v)));
  }
  static vec reverse_bits(vec v) {
    if constexpr ((Ext & cpu::kGfni) != 0) {
      return _mm_gf2p8affine_epi64_epi8(v, _mm_set1_epi64x(static_cast<long long>(kGfniReverseBits)), 0);
    } else {
      return C::or_(shuffle(table16(kNibbleReversedHigh), low_nibbles(v)),
                    shuffle(table16(kNibbleReversed), high_nibbles(v)));
    }
  }
  // psadbw against zero sums each 8-byte half into a u64.
  static __m128i add_byte_sums(__m128i acc, vec v) { return _mm_add_epi64(acc, _mm_sad_epu8(v, _mm_setzero_si128())); }
  static vec unpacklo64(vec a, vec b) { return _mm_unpacklo_epi64(a, b); }
  static vec unpackhi64(vec a, vec b) { return _mm_unpackhi_epi64(a, b); }
  template <std::uint8_t b = 0>
  static vec affine(vec x, vec matrix) {
    static_assert((Ext & cpu::kGfni) != 0, "affine needs U8<cpu::kGfni> (and a region with gfni)");
    return _mm_gf2p8affine_epi64_epi8(x, matrix, b);
  }
};

template <std::uint32_t Ext>
struct U32 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m128i;
  using mask = __m128i;  // all-ones lanes
  static constexpr int lanes = 4;
  static constexpr bool has_lane_shifts = false;
  static constexpr bool has_variable_shifts = false;  // no vpsllvd before AVX2

  static vec splat(std::uint32_t x) { return _mm_set1_epi32(static_cast<int>(x)); }
  static vec setr(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    return _mm_setr_epi32(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c), static_cast<int>(d));
  }
  static vec load(const std::uint32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static void store(std::uint32_t* p, vec v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  template <int i>
  static std::uint32_t get(vec v) { return static_cast<std::uint32_t>(_mm_extract_epi32(v, i)); }
  template <int i>
  static vec set(vec v, std::uint32_t x) { return _mm_insert_epi32(v, static_cast<int>(x), i); }
  static std::uint32_t first(vec v) { return static_cast<std::uint32_t>(_mm_cvtsi128_si32(v)); }
  template <int i>
  static vec broadcast(vec v) { return _mm_shuffle_epi32(v, i * 0x55); }

  static vec add(vec a, vec b) { return _mm_add_epi32(a, b); }
  static vec sub(vec a, vec b) { return _mm_sub_epi32(a, b); }
  static vec min(vec a, vec b) { return _mm_min_epu32(a, b); }
  template <int k> static vec shl(vec a) { return _mm_slli_epi32(a, k); }
  template <int k> static vec shr(vec a) { return _mm_srli_epi32(a, k); }
  static vec lowest_bit(vec a) { return _mm_and_si128(a, _mm_sub_epi32(_mm_setzero_si128(), a)); }
  static std::uint32_t reduce_min(vec v) {
    v = min(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
    return first(min(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1))));
  }

  static mask eq(vec a, vec b) { return _mm_cmpeq_epi32(a, b); }
  static mask is_zero(vec a) { return _mm_cmpeq_epi32(a, _mm_setzero_si128()); }
  static mask nonzero(vec a) { return _mm_xor_si128(is_zero(a), _mm_set1_epi32(-1)); }
  static vec increment_where(vec v, mask m) { return _mm_sub_epi32(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return _mm_add_epi32(v, _mm_and_si128(m, x)); }
  static unsigned bits(mask m) { return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(m))); }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }
  static int count(mask m) { return popcount4(bits(m)); }
  static mask first_n(int k) { return _mm_cmpgt_epi32(splat(static_cast<std::uint32_t>(k)), setr(0, 1, 2, 3)); }

  // No gather/scatter before AVX2: four scalar accesses, indices taken from the register.
  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    const vec i = C::select(m, idx, safe_idx);
    const vec g = setr(base[get<0>(i)], base[get<1>(i)], base[get<2>(i)], base[get<3>(i)]);
    return C::select(m, g, src);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    const vec i = C::select(m, idx, dummy_idx);
    base[get<0>(i)] = get<0>(val);
    base[get<1>(i)] = get<1>(val);
    base[get<2>(i)] = get<2>(val);
    base[get<3>(i)] = get<3>(val);
  }

  // Cephalopod's ops (vector_api.md, "Hash tables and dot products").
  static constexpr bool has_permute = false;  // no lane permute by a run-time index before AVX2
  static vec mul_lo(vec a, vec b) { return _mm_mullo_epi32(a, b); }
  static vec shr_n(vec a, int n) { return _mm_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static std::uint32_t reduce_add(vec v) {
    v = add(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
    return first(add(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1))));
  }
  static bool any_nonzero(vec v) { return !_mm_testz_si128(v, v); }
  template <int N>
  static unsigned match(const std::uint32_t* p, std::uint32_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  // Compress-store: pshufb with a 16-entry table (compress_lut.h).
  using plan = __m128i;
  static plan compress_plan(mask m) { return _mm_load_si128(reinterpret_cast<const __m128i*>(kCompress4[bits(m)].idx)); }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, _mm_shuffle_epi8(v, p)); }

  // 128-bit extras (davidad's kernel).
  template <int k> static vec lanes_down(vec v) { return _mm_srli_si128(v, 4 * k); }
  template <bool l0, bool l1, bool l2, bool l3>
  static vec blend(vec a, vec b) {
    // pblendw picks 16-bit words: two mask bits per 32-bit lane.
    constexpr int m = (l0 ? 0x03 : 0) | (l1 ? 0x0c : 0) | (l2 ? 0x30 : 0) | (l3 ? 0xc0 : 0);
    return _mm_blend_epi16(a, b, m);
  }
};

template <std::uint32_t Ext>
struct U64 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m128i;
  using mask = __m128i;  // all-ones lanes
  static constexpr int lanes = 2;

  static vec splat(std::uint64_t x) { return _mm_set1_epi64x(static_cast<long long>(x)); }
  static vec load(const std::uint64_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static void store(std::uint64_t* p, vec v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  template <int i>
  static std::uint64_t get(vec v) { return static_cast<std::uint64_t>(_mm_extract_epi64(v, i)); }
  template <int i>
  static vec set(vec v, std::uint64_t x) { return _mm_insert_epi64(v, static_cast<long long>(x), i); }

  static vec add(vec a, vec b) { return _mm_add_epi64(a, b); }
  static vec sub(vec a, vec b) { return _mm_sub_epi64(a, b); }
  template <int k> static vec shl(vec a) { return _mm_slli_epi64(a, k); }
  template <int k> static vec shr(vec a) { return _mm_srli_epi64(a, k); }
  static mask eq(vec a, vec b) { return _mm_cmpeq_epi64(a, b); }
  static mask is_zero(vec a) { return eq(a, C::zero()); }
  static mask nonzero(vec a) { return _mm_xor_si128(is_zero(a), _mm_set1_epi32(-1)); }
  static unsigned bits(mask m) { return static_cast<unsigned>(_mm_movemask_pd(_mm_castsi128_pd(m))); }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }

  // Cephalopod's bucket probe (vector_api.md, "Hash tables and dot products").
  template <int N>
  static unsigned match(const std::uint64_t* p, std::uint64_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  static vec reverse_bytes(vec v) { return _mm_shuffle_epi8(v, U8<Ext>::table16(kReverseBytesIn64)); }
  static vec reverse_bits(vec v) { return reverse_bytes(U8<Ext>::reverse_bits(v)); }
  static vec popcount(vec v) { return _mm_sad_epu8(U8<Ext>::popcount(v), _mm_setzero_si128()); }
  static std::uint64_t reduce_add(vec v) { return get<0>(v) + get<1>(v); }

  // Lanes from scalars, an or across lanes (chess: hq-simd, Kogge-Stone fills). SSE4.1 has no
  // per-lane 64-bit shifts (vpsllvq is AVX2).
  static vec setr(std::uint64_t x0, std::uint64_t x1) {
    return _mm_set_epi64x(static_cast<long long>(x1), static_cast<long long>(x0));
  }
  static std::uint64_t reduce_or(vec v) {
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_or_si128(v, _mm_unpackhi_epi64(v, v))));
  }
  static vec or_and(vec a, vec b, vec c) { return _mm_or_si128(a, _mm_and_si128(b, c)); }  // a | (b & c)
  static constexpr bool has_variable_shifts = false;
};

}  // namespace
}  // namespace simd::sse41
