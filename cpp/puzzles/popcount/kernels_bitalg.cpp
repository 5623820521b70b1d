// byte-popcnt on AVX-512 BITALG: VPOPCNTB counts each byte outright, where the other x86 paths
// need Muła's lookup. Its own file: array_kernels.h takes its instruction set from the region it
// is included in, and this one adds BITALG to AVX-512.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",avx512bitalg")
#include "simd/avx512.h"
#include "puzzles/popcount/array_kernels.h"

namespace sp::popcount {
namespace {
using Bytes = simd::avx512::U8<cpu::kAvx512bitalg>;  // popcount is vpopcntb
std::uint64_t byte_popcnt_bitalg(const std::uint8_t* p, std::size_t n) { return ArrayKernels<Bytes>::byte_popcnt(p, n); }
}  // namespace
}  // namespace sp::popcount
SP_TARGET_END

namespace sp::popcount {
namespace {
SP_POPCOUNT_KERNEL(Family::array,
                   {"byte-popcnt", Bytes::isa, Bytes::needs,
                    "byte popcount: AVX-512 BITALG vpopcntb, byte counters widened by vpsadbw"},
                   &byte_popcnt_bitalg);
}  // namespace
}  // namespace sp::popcount

#endif
