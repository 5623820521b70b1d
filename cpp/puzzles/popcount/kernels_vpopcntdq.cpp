// vpopcntdq on AVX-512 VPOPCNTDQ: VPOPCNTQ counts each 64-bit lane outright (Ice Lake and Zen 4
// on), four independent sums as in libpopcnt. Its own file: its region adds VPOPCNTDQ to
// AVX-512, and the other AVX-512 kernels must not be compiled with it.

#include <cstddef>
#include <cstdint>

#include "puzzles/popcount/popcount.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",avx512vpopcntdq")
#include "simd/avx512.h"

namespace sp::popcount {
namespace {
using Words = simd::avx512::U64<cpu::kAvx512vpopcntdq>;  // popcount is vpopcntq
using Bytes = Words::u8;

Words::vec count_at(const std::uint8_t* p) { return Words::popcount(Words::from(Bytes::load(p))); }

std::uint64_t vpopcntdq(const std::uint8_t* p, std::size_t n) {
  Words::vec sums[4] = {Words::zero(), Words::zero(), Words::zero(), Words::zero()};
  std::size_t i = 0;
  for (; n - i >= 256; i += 256)
    for (std::size_t g = 0; g < 4; ++g) sums[g] = Words::add(sums[g], count_at(p + i + 64 * g));
  for (; n - i >= 64; i += 64) sums[0] = Words::add(sums[0], count_at(p + i));
  if (i < n) {  // a masked load: the bytes past the end are neither read nor counted
    sums[1] = Words::add(sums[1], Words::popcount(Words::from(Bytes::load_partial(p + i, n - i))));
  }
  return Words::reduce_add(Words::add(Words::add(sums[0], sums[1]), Words::add(sums[2], sums[3])));
}
}  // namespace
}  // namespace sp::popcount
SP_TARGET_END

namespace sp::popcount {
namespace {
SP_POPCOUNT_KERNEL(Family::array,
                   {"vpopcntdq", Words::isa, Words::needs,
                    "VPOPCNTQ: the bits of each 64-bit lane, four independent sums (libpopcnt's kernel)"},
                   &vpopcntdq);
}  // namespace
}  // namespace sp::popcount

#endif
