#pragma once
// The AVX2 family: a 256-bit register as 32 x u8 (U8), 8 x u32 (U32) or 4 x u64 (U64).
// Contract: vector_api.md. Included inside an ISA pass (isa.h: avx2, avx2_gfni for
// Ext = cpu::kGfni); why: families.h.
//
// vpshufb, vpunpck* and vpsadbw work within each 128-bit block: a shuffle table is repeated in
// both blocks (table16), and a shuffle never moves a byte across blocks.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/cpu.h"
#include "simd/families.h"
#include "simd/tables.h"

static_assert(kPass.bits >= 128, "a family header is included inside an ISA pass (simd/isa.h)");
namespace simd {
using namespace ::sp::simd;  // the baseline tables and FamilyInfo
}
namespace simd::avx2 {
namespace {
using ::sp::simd::avx2::kFamily;

template <std::uint32_t Ext = 0>
struct U8;
template <std::uint32_t Ext = 0>
struct U32;
template <std::uint32_t Ext = 0>
struct U64;

template <std::uint32_t Ext>
struct Common {
  static_assert((Ext & ~kFamily.optional) == 0, "AVX2 takes only GFNI as an optional feature");
  using vec = __m256i;
  using u8 = U8<Ext>;
  using u32 = U32<Ext>;
  using u64 = U64<Ext>;
  static constexpr Isa isa = kFamily.isa;
  static constexpr std::uint32_t needs = kFamily.needs | Ext;
  static constexpr std::uint32_t ext = Ext;

  static vec from(vec v) { return v; }
  static vec zero() { return _mm256_setzero_si256(); }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec or_(vec a, vec b) { return _mm256_or_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec andnot(vec a, vec b) { return _mm256_andnot_si256(b, a); }  // a & ~b
  static vec majority(vec a, vec b, vec c) { return or_(and_(a, b), and_(xor_(a, b), c)); }
  static vec xor3(vec a, vec b, vec c) { return xor_(xor_(a, b), c); }
  static vec mand(vec a, vec b) { return and_(a, b); }
  static vec mor(vec a, vec b) { return or_(a, b); }
  static vec mandnot(vec a, vec b) { return andnot(a, b); }
  static vec select(vec m, vec a, vec b) { return _mm256_blendv_epi8(b, a, m); }
  static vec zero_unless(vec m, vec v) { return and_(m, v); }
  static bool any(vec m) { return !_mm256_testz_si256(m, m); }
  static vec ones() { return _mm256_set1_epi32(-1); }
};

template <std::uint32_t Ext>
struct U8 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m256i;
  using mask = __m256i;  // 0xFF / 0x00 bytes
  static constexpr int lanes = 32;

  static vec splat(std::uint8_t x) { return _mm256_set1_epi8(static_cast<char>(x)); }
  static vec load(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static void store(void* p, vec v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
  static vec load_partial(const void* p, std::size_t n) {  // masked loads of bytes need AVX-512BW
    alignas(32) std::uint8_t bytes[32] = {};
    std::memcpy(bytes, p, n);
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes));
  }
  static vec table16(const std::uint8_t* t) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }

  static vec add(vec a, vec b) { return _mm256_add_epi8(a, b); }
  static vec sub(vec a, vec b) { return _mm256_sub_epi8(a, b); }
  static vec min(vec a, vec b) { return _mm256_min_epu8(a, b); }
  static mask eq(vec a, vec b) { return _mm256_cmpeq_epi8(a, b); }
  static mask is_zero(vec a) { return eq(a, C::zero()); }
  static mask nonzero(vec a) { return C::xor_(is_zero(a), C::ones()); }
  static std::uint64_t bits(mask m) { return static_cast<std::uint32_t>(_mm256_movemask_epi8(m)); }
  static int first_set(mask m) { return __builtin_ctz(static_cast<unsigned>(_mm256_movemask_epi8(m))); }
  static bool all_equal(vec a, vec b) { return _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) == -1; }

  static vec shuffle(vec table, vec idx) { return _mm256_shuffle_epi8(table, idx); }
  static vec low_nibbles(vec v) { return C::and_(v, splat(0x0F)); }
  static vec high_nibbles(vec v) { return C::and_(_mm256_srli_epi16(v, 4), splat(0x0F)); }
  static vec popcount(vec v) {  // Muła's lookup: AVX2 has no byte popcount
    const vec table = table16(kNibblePopcount);
    return add(shuffle(table, low_nibbles(v)), shuffle(table, high_nibbles(v)));
  }
  static vec reverse_bits(vec v) {
    if constexpr ((Ext & cpu::kGfni) != 0) {
      return _mm256_gf2p8affine_epi64_epi8(v, _mm256_set1_epi64x(static_cast<long long>(kGfniReverseBits)), 0);
    } else {
      return C::or_(shuffle(table16(kNibbleReversedHigh), low_nibbles(v)),
                    shuffle(table16(kNibbleReversed), high_nibbles(v)));
    }
  }
  static __m256i add_byte_sums(__m256i acc, vec v) {
    return _mm256_add_epi64(acc, _mm256_sad_epu8(v, _mm256_setzero_si256()));
  }
  static vec unpacklo64(vec a, vec b) { return _mm256_unpacklo_epi64(a, b); }
  static vec unpackhi64(vec a, vec b) { return _mm256_unpackhi_epi64(a, b); }
  template <std::uint8_t b = 0>
  static vec affine(vec x, vec matrix) {
    static_assert((Ext & cpu::kGfni) != 0, "affine needs U8<cpu::kGfni> (and a region with gfni)");
    return _mm256_gf2p8affine_epi64_epi8(x, matrix, b);
  }
};

template <std::uint32_t Ext>
struct U32 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m256i;
  using mask = __m256i;  // all-ones lanes
  static constexpr int lanes = 8;
  static constexpr bool has_lane_shifts = false;  // shl_var does it with a vector of counts
  static constexpr bool has_variable_shifts = true;

  static vec splat(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static vec load(const std::uint32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(std::uint32_t* p, vec v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  template <int i>
  static std::uint32_t get(vec v) { return static_cast<std::uint32_t>(_mm256_extract_epi32(v, i)); }
  template <int i>
  static vec set(vec v, std::uint32_t x) { return _mm256_insert_epi32(v, static_cast<int>(x), i); }
  static std::uint32_t first(vec v) { return static_cast<std::uint32_t>(_mm256_cvtsi256_si32(v)); }
  template <int i>
  static vec broadcast(vec v) { return _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(i)); }

  static vec add(vec a, vec b) { return _mm256_add_epi32(a, b); }
  static vec sub(vec a, vec b) { return _mm256_sub_epi32(a, b); }
  static vec min(vec a, vec b) { return _mm256_min_epu32(a, b); }
  template <int k> static vec shl(vec a) { return _mm256_slli_epi32(a, k); }
  template <int k> static vec shr(vec a) { return _mm256_srli_epi32(a, k); }
  static vec shl_var(vec a, vec counts) { return _mm256_sllv_epi32(a, counts); }
  static vec shr_var(vec a, vec counts) { return _mm256_srlv_epi32(a, counts); }
  static vec lowest_bit(vec a) { return _mm256_and_si256(a, _mm256_sub_epi32(_mm256_setzero_si256(), a)); }
  static std::uint32_t reduce_min(vec v) {
    __m128i m = _mm_min_epu32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)))));
  }

  static mask eq(vec a, vec b) { return _mm256_cmpeq_epi32(a, b); }
  static mask is_zero(vec a) { return _mm256_cmpeq_epi32(a, _mm256_setzero_si256()); }
  static mask nonzero(vec a) { return _mm256_xor_si256(is_zero(a), C::ones()); }
  static vec increment_where(vec v, mask m) { return _mm256_sub_epi32(v, m); }  // m lanes are -1
  static vec add_where(vec v, mask m, vec x) { return _mm256_add_epi32(v, _mm256_and_si256(m, x)); }
  static unsigned bits(mask m) { return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m))); }
  static int first_set(mask m) { return __builtin_ctz(bits(m)); }
  static int count(mask m) { return _mm_popcnt_u32(bits(m)); }
  static mask first_n(int k) {
    return _mm256_cmpgt_epi32(splat(static_cast<std::uint32_t>(k)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  }

  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec /*safe_idx*/) {
    return _mm256_mask_i32gather_epi32(src, reinterpret_cast<const int*>(base), idx, m, 4);
  }
  // AVX2 has gather but no scatter: spill indices and values, store lane by lane.
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    alignas(32) std::uint32_t i[8];
    alignas(32) std::uint32_t v[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(i), C::select(m, idx, dummy_idx));
    _mm256_store_si256(reinterpret_cast<__m256i*>(v), val);
    for (int k = 0; k < 8; ++k) base[i[k]] = v[k];
  }

  // Cephalopod's ops (vector_api.md, "Hash tables and dot products").
  static constexpr bool has_permute = true;
  static vec permute(vec table, vec idx) { return _mm256_permutevar8x32_epi32(table, idx); }
  static vec mul_lo(vec a, vec b) { return _mm256_mullo_epi32(a, b); }
  static vec shr_n(vec a, int n) { return _mm256_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static std::uint32_t reduce_add(vec v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)))));
  }
  static bool any_nonzero(vec v) { return !_mm256_testz_si256(v, v); }
  template <int N>
  static unsigned match(const std::uint32_t* p, std::uint32_t x) {
    static_assert(N % lanes == 0 && N <= 32, "whole registers");
    const vec k = splat(x);
    unsigned m = 0;
    for (int r = 0; r < N; r += lanes) m |= bits(eq(load(p + r), k)) << r;
    return m;
  }

  // Compress-store: BMI2 turns the 8 mask bits into a vpermd index vector with no table: pdep
  // spreads them to bytes, pext picks the kept lane numbers out of 0x0706050403020100.
  using plan = __m256i;
  static plan compress_plan(mask m) {
    const std::uint64_t keep = _pdep_u64(bits(m), 0x0101010101010101ull) * 0xFF;
    const std::uint64_t ids = _pext_u64(0x0706050403020100ull, keep);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(ids)));
  }
  static void store_compressed(std::uint32_t* dst, vec v, plan p) { store(dst, _mm256_permutevar8x32_epi32(v, p)); }
};

template <std::uint32_t Ext>
struct U64 : Common<Ext> {
  using C = Common<Ext>;
  using vec = __m256i;
  using mask = __m256i;  // all-ones lanes
  static constexpr int lanes = 4;

  static vec splat(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  static vec load(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(std::uint64_t* p, vec v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  template <int i>
  static std::uint64_t get(vec v) { return static_cast<std::uint64_t>(_mm256_extract_epi64(v, i)); }
  template <int i>
  static vec set(vec v, std::uint64_t x) { return _mm256_insert_epi64(v, static_cast<long long>(x), i); }

  static vec add(vec a, vec b) { return _mm256_add_epi64(a, b); }
  static vec sub(vec a, vec b) { return _mm256_sub_epi64(a, b); }
  template <int k> static vec shl(vec a) { return _mm256_slli_epi64(a, k); }
  template <int k> static vec shr(vec a) { return _mm256_srli_epi64(a, k); }
  static mask eq(vec a, vec b) { return _mm256_cmpeq_epi64(a, b); }
  static mask is_zero(vec a) { return eq(a, C::zero()); }
  static mask nonzero(vec a) { return _mm256_xor_si256(is_zero(a), C::ones()); }
  static unsigned bits(mask m) { return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(m))); }
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

  static vec reverse_bytes(vec v) { return _mm256_shuffle_epi8(v, U8<Ext>::table16(kReverseBytesIn64)); }
  static vec reverse_bits(vec v) { return reverse_bytes(U8<Ext>::reverse_bits(v)); }
  static vec popcount(vec v) { return _mm256_sad_epu8(U8<Ext>::popcount(v), _mm256_setzero_si256()); }
  static std::uint64_t reduce_add(vec v) {
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(s)) + static_cast<std::uint64_t>(_mm_extract_epi64(s, 1));
  }

  // Lanes from scalars, an or across lanes, per-lane shifts and rotates (chess: hq-simd,
  // Kogge-Stone fills). Counts 0..64 for the shifts (64 gives 0), 0..63 for rotl_var, which AVX2
  // emulates (vpsllvq + vpsrlvq + vpor; AVX-512 has vprolvq).
  static vec setr(std::uint64_t x0, std::uint64_t x1, std::uint64_t x2, std::uint64_t x3) {
    return _mm256_setr_epi64x(static_cast<long long>(x0), static_cast<long long>(x1), static_cast<long long>(x2),
                              static_cast<long long>(x3));
  }
  static std::uint64_t reduce_or(vec v) {
    const __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x))));
  }
  static vec or_and(vec a, vec b, vec c) { return _mm256_or_si256(a, _mm256_and_si256(b, c)); }  // a | (b & c)
  static constexpr bool has_variable_shifts = true;
  static vec shl_var(vec a, vec counts) { return _mm256_sllv_epi64(a, counts); }
  static vec shr_var(vec a, vec counts) { return _mm256_srlv_epi64(a, counts); }
  static vec rotl_var(vec a, vec counts) {
    return _mm256_or_si256(shl_var(a, counts), shr_var(a, _mm256_sub_epi64(_mm256_set1_epi64x(64), counts)));
  }
};

}  // namespace
}  // namespace simd::avx2
