#pragma once
// The AVX-512 family (F, BW, VL, DQ): a 512-bit register as 64 x u8 (U8), 16 x u32 (U32) or
// 8 x u64 (U64). Masks are k-registers. Contract: vector_api.md. Included inside an
// ISA pass (isa.h: avx512, or a pass that adds the optional features in Ext):
//   cpu::kGfni              ",gfni"               U8::affine, U8/U64::reverse_bits in one op
//   cpu::kAvx512bitalg      ",avx512bitalg"       U8::popcount is vpopcntb
//   cpu::kAvx512vpopcntdq   ",avx512vpopcntdq"    U64::popcount is vpopcntq
//   cpu::kAvx512vbmi        ",avx512vbmi"         U8::permute (vpermb: 64-entry lookup)
// Why: families.h.
//
// vpshufb, vpunpck* and vpsadbw work within each 128-bit block, as on AVX2.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "core/cpu.h"
#include "simd/families.h"
#include "simd/tables.h"

// GCC 12 warns about the _mm512_undefined_*() pass-through inside its own unmasked intrinsics
// (GCC PR 105593); the value is never read. For the rest of the including file, as every
// AVX-512 file needs it anyway.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

static_assert(kPass.bits >= 128, "a family header is included inside an ISA pass (simd/isa.h)");
namespace simd {
using namespace ::sp::simd;  // the baseline tables and FamilyInfo
}
namespace simd::avx512 {
namespace {
using ::sp::simd::avx512::kFamily;

template <std::uint32_t Ext = 0>
struct U8;
template <std::uint32_t Ext = 0>
struct U32;
template <std::uint32_t Ext = 0>
struct U64;

template <std::uint32_t Ext>
struct Common {
  static_assert((Ext & ~kFamily.optional) == 0,
                "AVX-512 takes GFNI, VPOPCNTDQ, BITALG and VBMI as optional features");
  using vec = __m512i;
  using u8 = U8<Ext>;
  using u32 = U32<Ext>;
  using u64 = U64<Ext>;
  static constexpr Isa isa = kFamily.isa;
  static constexpr std::uint32_t needs = kFamily.needs | Ext;
  static constexpr std::uint32_t ext = Ext;

  static vec from(vec v) { return v; }
  static vec zero() { return _mm512_setzero_si512(); }
  static vec and_(vec a, vec b) { return _mm512_and_si512(a, b); }
  static vec or_(vec a, vec b) { return _mm512_or_si512(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static vec andnot(vec a, vec b) { return _mm512_andnot_si512(b, a); }  // a & ~b
  // vpternlog evaluates any 3-input truth table: 0xE8 is majority, 0x96 three-way xor.
  static vec majority(vec a, vec b, vec c) { return _mm512_ternarylogic_epi64(a, b, c, 0xE8); }
  static vec xor3(vec a, vec b, vec c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
};

template <std::uint32_t Ext>
struct U8 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m512i;
  using mask = __mmask64;
  static constexpr int lanes = 64;

  static vec splat(std::uint8_t x) { return _mm512_set1_epi8(static_cast<char>(x)); }
  static vec load(const void* p) { return _mm512_loadu_si512(p); }
  static void store(void* p, vec v) { _mm512_storeu_si512(p, v); }
  // A masked load: bytes outside the mask are not read (no fault) and come back zero.
  static vec load_partial(const void* p, std::size_t n) { return _mm512_maskz_loadu_epi8(_bzhi_u64(~0ull, static_cast<unsigned>(n)), p); }
  static vec table16(const std::uint8_t* t) {
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }

  static vec add(vec a, vec b) { return _mm512_add_epi8(a, b); }
  static vec sub(vec a, vec b) { return _mm512_sub_epi8(a, b); }
  static vec min(vec a, vec b) { return _mm512_min_epu8(a, b); }
  static mask eq(vec a, vec b) { return _mm512_cmpeq_epi8_mask(a, b); }
  static mask is_zero(vec a) { return _mm512_testn_epi8_mask(a, a); }
  static mask nonzero(vec a) { return _mm512_test_epi8_mask(a, a); }
  static mask mand(mask a, mask b) { return a & b; }
  static mask mor(mask a, mask b) { return a | b; }
  static mask mandnot(mask a, mask b) { return a & ~b; }
  static vec select(mask m, vec a, vec b) { return _mm512_mask_blend_epi8(m, b, a); }
  static vec zero_unless(mask m, vec v) { return _mm512_maskz_mov_epi8(m, v); }
  static bool any(mask m) { return m != 0; }
  static std::uint64_t bits(mask m) { return m; }
  static int first_set(mask m) { return __builtin_ctzll(m); }
  static bool all_equal(vec a, vec b) { return _mm512_cmpneq_epi8_mask(a, b) == 0; }

  static vec shuffle(vec table, vec idx) { return _mm512_shuffle_epi8(table, idx); }
  static vec low_nibbles(vec v) { return C::and_(v, splat(0x0F)); }
  static vec high_nibbles(vec v) { return C::and_(_mm512_srli_epi16(v, 4), splat(0x0F)); }
  static vec popcount(vec v) {
    if constexpr ((Ext & cpu::kAvx512bitalg) != 0) {
      return _mm512_popcnt_epi8(v);
    } else {  // Muła's lookup
      const vec table = table16(kNibblePopcount);
      return add(shuffle(table, low_nibbles(v)), shuffle(table, high_nibbles(v)));
    }
  }
  static vec reverse_bits(vec v) {
    if constexpr ((Ext & cpu::kGfni) != 0) {
      return _mm512_gf2p8affine_epi64_epi8(v, _mm512_set1_epi64(static_cast<long long>(kGfniReverseBits)), 0);
    } else {
      return C::or_(shuffle(table16(kNibbleReversedHigh), low_nibbles(v)),
                    shuffle(table16(kNibbleReversed), high_nibbles(v)));
    }
  }
  static __m512i add_byte_sums(__m512i acc, vec v) {
    return _mm512_add_epi64(acc, _mm512_sad_epu8(v, _mm512_setzero_si512()));
  }
  static vec unpacklo64(vec a, vec b) { return _mm512_unpacklo_epi64(a, b); }
  static vec unpackhi64(vec a, vec b) { return _mm512_unpackhi_epi64(a, b); }
  template <std::uint8_t b = 0>
  static vec affine(vec x, vec matrix) {
    static_assert((Ext & cpu::kGfni) != 0, "affine needs U8<cpu::kGfni> (and a region with gfni)");
    return _mm512_gf2p8affine_epi64_epi8(x, matrix, b);
  }
  // vpermb: r[i] = table[idx[i] & 63], across the whole register.
  static vec permute(vec table, vec idx) {
    static_assert((Ext & cpu::kAvx512vbmi) != 0, "permute needs U8<cpu::kAvx512vbmi> (and a region with avx512vbmi)");
    return _mm512_permutexvar_epi8(idx, table);
  }
};

template <std::uint32_t Ext>
struct U32 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m512i;
  using mask = __mmask16;
  static constexpr int lanes = 16;
  static constexpr bool has_lane_shifts = false;  // shl_var does it with a vector of counts
  static constexpr bool has_variable_shifts = true;

  static vec splat(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static vec load(const std::uint32_t* p) { return _mm512_loadu_si512(p); }
  static void store(std::uint32_t* p, vec v) { _mm512_storeu_si512(p, v); }
  template <int i>
  static std::uint32_t get(vec v) {
    return static_cast<std::uint32_t>(_mm_extract_epi32(_mm512_extracti32x4_epi32(v, i / 4), i % 4));
  }
  template <int i>
  static vec set(vec v, std::uint32_t x) { return _mm512_mask_set1_epi32(v, static_cast<mask>(1u << i), static_cast<int>(x)); }
  static std::uint32_t first(vec v) { return static_cast<std::uint32_t>(_mm512_cvtsi512_si32(v)); }
  template <int i>
  static vec broadcast(vec v) { return _mm512_permutexvar_epi32(_mm512_set1_epi32(i), v); }

  static vec add(vec a, vec b) { return _mm512_add_epi32(a, b); }
  static vec sub(vec a, vec b) { return _mm512_sub_epi32(a, b); }
  static vec min(vec a, vec b) { return _mm512_min_epu32(a, b); }
  template <int k> static vec shl(vec a) { return _mm512_slli_epi32(a, k); }
  template <int k> static vec shr(vec a) { return _mm512_srli_epi32(a, k); }
  static vec shl_var(vec a, vec counts) { return _mm512_sllv_epi32(a, counts); }
  static vec shr_var(vec a, vec counts) { return _mm512_srlv_epi32(a, counts); }
  static vec lowest_bit(vec a) { return _mm512_and_si512(a, _mm512_sub_epi32(_mm512_setzero_si512(), a)); }
  static std::uint32_t reduce_min(vec v) { return static_cast<std::uint32_t>(_mm512_reduce_min_epu32(v)); }

  static mask eq(vec a, vec b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static mask is_zero(vec a) { return _mm512_testn_epi32_mask(a, a); }
  static mask nonzero(vec a) { return _mm512_test_epi32_mask(a, a); }
  static mask mand(mask a, mask b) { return static_cast<mask>(a & b); }
  static mask mandnot(mask a, mask b) { return static_cast<mask>(a & ~b); }
  static mask mor(mask a, mask b) { return static_cast<mask>(a | b); }
  static vec select(mask m, vec a, vec b) { return _mm512_mask_blend_epi32(m, b, a); }
  static vec zero_unless(mask m, vec v) { return _mm512_maskz_mov_epi32(m, v); }
  static vec increment_where(vec v, mask m) { return _mm512_mask_add_epi32(v, m, v, _mm512_set1_epi32(1)); }
  static vec add_where(vec v, mask m, vec x) { return _mm512_mask_add_epi32(v, m, v, x); }
  static bool any(mask m) { return m != 0; }
  static unsigned bits(mask m) { return m; }
  static int first_set(mask m) { return __builtin_ctz(m); }
  static int count(mask m) { return static_cast<int>(_mm_popcnt_u32(m)); }
  static mask first_n(int k) { return static_cast<mask>(_bzhi_u32(0xFFFFu, static_cast<unsigned>(k))); }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec /*safe_idx*/) {
    return _mm512_mask_i32gather_epi32(src, m, idx, base, 4);
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec /*dummy_idx*/) {
    _mm512_mask_i32scatter_epi32(base, m, idx, val, 4);
  }

  // Cephalopod's ops (vector_api.md, "Hash tables and dot products").
  static constexpr bool has_permute = true;
  static vec permute(vec table, vec idx) { return _mm512_permutexvar_epi32(idx, table); }
  static vec mul_lo(vec a, vec b) { return _mm512_mullo_epi32(a, b); }
  static vec shr_n(vec a, int n) { return _mm512_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static std::uint32_t reduce_add(vec v) { return static_cast<std::uint32_t>(_mm512_reduce_add_epi32(v)); }
  static bool any_nonzero(vec v) { return _mm512_test_epi32_mask(v, v) != 0; }
  template <int N>
  static unsigned match(const std::uint32_t* p, std::uint32_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  // Compress-store: vpcompressd to a register, then a plain store (the memory form is slow on
  // Zen 4).
  using plan = __mmask16;
  static plan compress_plan(mask m) { return m; }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, _mm512_maskz_compress_epi32(p, v)); }
};

template <std::uint32_t Ext>
struct U64 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m512i;
  using mask = __mmask8;
  static constexpr int lanes = 8;

  static vec splat(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
  static vec load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
  static void store(std::uint64_t* p, vec v) { _mm512_storeu_si512(p, v); }
  template <int i>
  static std::uint64_t get(vec v) {
    return static_cast<std::uint64_t>(_mm_extract_epi64(_mm512_extracti64x2_epi64(v, i / 2), i % 2));
  }
  template <int i>
  static vec set(vec v, std::uint64_t x) { return _mm512_mask_set1_epi64(v, static_cast<mask>(1u << i), static_cast<long long>(x)); }

  static vec add(vec a, vec b) { return _mm512_add_epi64(a, b); }
  static vec sub(vec a, vec b) { return _mm512_sub_epi64(a, b); }
  template <int k> static vec shl(vec a) { return _mm512_slli_epi64(a, k); }
  template <int k> static vec shr(vec a) { return _mm512_srli_epi64(a, k); }
  static mask eq(vec a, vec b) { return _mm512_cmpeq_epi64_mask(a, b); }
  static mask is_zero(vec a) { return _mm512_testn_epi64_mask(a, a); }
  static mask nonzero(vec a) { return _mm512_test_epi64_mask(a, a); }
  static mask mand(mask a, mask b) { return static_cast<mask>(a & b); }
  static mask mandnot(mask a, mask b) { return static_cast<mask>(a & ~b); }
  static mask mor(mask a, mask b) { return static_cast<mask>(a | b); }
  static vec select(mask m, vec a, vec b) { return _mm512_mask_blend_epi64(m, b, a); }
  static vec zero_unless(mask m, vec v) { return _mm512_maskz_mov_epi64(m, v); }
  static bool any(mask m) { return m != 0; }
  static unsigned bits(mask m) { return m; }
  static int first_set(mask m) { return __builtin_ctz(m); }

  // Cephalopod's bucket probe (vector_api.md, "Hash tables and dot products").
  template <int N>
  static unsigned match(const std::uint64_t* p, std::uint64_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  static vec reverse_bytes(vec v) { return _mm512_shuffle_epi8(v, U8<Ext>::table16(kReverseBytesIn64)); }
  static vec reverse_bits(vec v) { return reverse_bytes(U8<Ext>::reverse_bits(v)); }
  static vec popcount(vec v) {
    if constexpr ((Ext & cpu::kAvx512vpopcntdq) != 0) return _mm512_popcnt_epi64(v);
    else return _mm512_sad_epu8(U8<Ext>::popcount(v), _mm512_setzero_si512());
  }
  // Not _mm512_reduce_add_epi64: GCC writes it as signed long long additions, undefined (and
  // flagged by UBSan) when the sum wraps. The same three halvings on vectors wrap as u64 should.
  static std::uint64_t reduce_add(vec v) {
    const __m256i s4 = _mm256_add_epi64(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    const __m128i s2 = _mm_add_epi64(_mm256_castsi256_si128(s4), _mm256_extracti128_si256(s4, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(s2)) + static_cast<std::uint64_t>(_mm_extract_epi64(s2, 1));
  }

  // Lanes from scalars, an or across lanes, per-lane shifts and rotates (chess: hq-simd,
  // Kogge-Stone fills). Counts 0..64 for the shifts (64 gives 0), 0..63 for rotl_var.
  static vec setr(std::uint64_t x0, std::uint64_t x1, std::uint64_t x2, std::uint64_t x3, std::uint64_t x4,
                  std::uint64_t x5, std::uint64_t x6, std::uint64_t x7) {
    return _mm512_setr_epi64(static_cast<long long>(x0), static_cast<long long>(x1), static_cast<long long>(x2),
                             static_cast<long long>(x3), static_cast<long long>(x4), static_cast<long long>(x5),
                             static_cast<long long>(x6), static_cast<long long>(x7));
  }
  static std::uint64_t reduce_or(vec v) { return static_cast<std::uint64_t>(_mm512_reduce_or_epi64(v)); }
  // a | (b & c) in one vpternlogq (GCC may otherwise pair the and with another and).
  static vec or_and(vec a, vec b, vec c) { return _mm512_ternarylogic_epi64(a, b, c, 0xF8); }
  static constexpr bool has_variable_shifts = true;
  static vec shl_var(vec a, vec counts) { return _mm512_sllv_epi64(a, counts); }
  static vec shr_var(vec a, vec counts) { return _mm512_srlv_epi64(a, counts); }
  static vec rotl_var(vec a, vec counts) { return _mm512_rolv_epi64(a, counts); }
};

}  // namespace
}  // namespace simd::avx512
