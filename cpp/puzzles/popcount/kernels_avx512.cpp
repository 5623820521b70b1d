// The array kernels on AVX-512 (64-byte vectors): nibble-lookup, harley-seal (each carry-save
// output one vpternlog) and memory-read on AVX-512BW, and vpopcntdq: VPOPCNTQ counts each 64-bit
// lane outright (Ice Lake and Zen 4 on), four independent sums as in libpopcnt.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"
#include "puzzles/popcount/u8x64_avx512.h"
#include "simd/target.h"

#if SP_ARCH_X86
// GCC 12 warns about the _mm512_undefined_*() pass-through inside its own unmasked intrinsics
// (GCC PR 105593); the value is never read.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

SP_TARGET_BEGIN(SP_TARGETS_AVX512)
#include "puzzles/popcount/array_kernels.h"

namespace sp::popcount {
namespace {
using Kernels = ArrayKernels<Avx512Bytes>;
std::uint64_t nibble_lookup_avx512(const std::uint8_t* p, std::size_t n) { return Kernels::nibble_lookup(p, n); }
std::uint64_t harley_seal_avx512(const std::uint8_t* p, std::size_t n) { return Kernels::harley_seal(p, n); }
std::uint64_t memory_read_avx512(const std::uint8_t* p, std::size_t n) { return Kernels::sum_bytes(p, n); }
}  // namespace
}  // namespace sp::popcount
SP_TARGET_END

SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",avx512vpopcntdq")
namespace sp::popcount {
namespace {
std::uint64_t vpopcntdq(const std::uint8_t* p, std::size_t n) {
  __m512i sums[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
  std::size_t i = 0;
  for (; n - i >= 256; i += 256)
    for (std::size_t g = 0; g < 4; ++g)
      sums[g] = _mm512_add_epi64(sums[g], _mm512_popcnt_epi64(_mm512_loadu_si512(p + i + 64 * g)));
  for (; n - i >= 64; i += 64) sums[0] = _mm512_add_epi64(sums[0], _mm512_popcnt_epi64(_mm512_loadu_si512(p + i)));
  if (i < n) {  // a masked load: bytes outside the mask are not read (no fault) and come back zero
    const __m512i last = _mm512_maskz_loadu_epi8((std::uint64_t{1} << (n - i)) - 1, p + i);
    sums[1] = _mm512_add_epi64(sums[1], _mm512_popcnt_epi64(last));
  }
  const __m512i total = _mm512_add_epi64(_mm512_add_epi64(sums[0], sums[1]), _mm512_add_epi64(sums[2], sums[3]));
  return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(total));
}
}  // namespace
}  // namespace sp::popcount
SP_TARGET_END

namespace sp::popcount {
namespace {
SP_POPCOUNT_KERNEL(Family::array,
                   {"nibble-lookup", Avx512Bytes::isa, Avx512Bytes::needs,
                    "Muła's nibble lookup (AVX-512BW vpshufb), byte counters widened by vpsadbw"},
                   &nibble_lookup_avx512);
SP_POPCOUNT_KERNEL(Family::array,
                   {"harley-seal", Avx512Bytes::isa, Avx512Bytes::needs,
                    "carry-save adders over 16 vectors (one vpternlog per output), one lookup popcount per 16 vectors"},
                   &harley_seal_avx512);
SP_POPCOUNT_KERNEL(Family::array,
                   {"vpopcntdq", Isa::avx512, cpu::kNeedsAvx512 | cpu::kAvx512vpopcntdq,
                    "VPOPCNTQ: the bits of each 64-bit lane, four independent sums (libpopcnt's kernel)"},
                   &vpopcntdq);
SP_POPCOUNT_KERNEL(Family::read,
                   {"memory-read", Avx512Bytes::isa, Avx512Bytes::needs,
                    "the read alone: every byte summed (vpsadbw), no bit counting"},
                   &memory_read_avx512);
}  // namespace
}  // namespace sp::popcount

#endif
