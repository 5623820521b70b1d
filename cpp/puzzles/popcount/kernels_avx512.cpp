// The array kernels on AVX-512BW (64-byte vectors): nibble-lookup, harley-seal (each carry-save
// output one vpternlog) and memory-read. byte-popcnt (BITALG) and vpopcntdq (VPOPCNTDQ) need
// more than this file's region enables: kernels_bitalg.cpp, kernels_vpopcntdq.cpp.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512)
#include "simd/avx512.h"
#include "puzzles/popcount/array_kernels.h"

namespace sp::popcount {
namespace {
using Bytes = simd::avx512::U8<>;
using Kernels = ArrayKernels<Bytes>;
std::uint64_t nibble_lookup_avx512(const std::uint8_t* p, std::size_t n) { return Kernels::nibble_lookup(p, n); }
std::uint64_t harley_seal_avx512(const std::uint8_t* p, std::size_t n) { return Kernels::harley_seal(p, n); }
std::uint64_t memory_read_avx512(const std::uint8_t* p, std::size_t n) { return Kernels::sum_bytes(p, n); }
}  // namespace
}  // namespace sp::popcount
SP_TARGET_END

namespace sp::popcount {
namespace {
SP_POPCOUNT_KERNEL(Family::array,
                   {"nibble-lookup", Bytes::isa, Bytes::needs,
                    "Muła's nibble lookup (AVX-512BW vpshufb), byte counters widened by vpsadbw"},
                   &nibble_lookup_avx512);
SP_POPCOUNT_KERNEL(Family::array,
                   {"harley-seal", Bytes::isa, Bytes::needs,
                    "carry-save adders over 16 vectors (one vpternlog per output), one lookup popcount per 16 vectors"},
                   &harley_seal_avx512);
SP_POPCOUNT_KERNEL(Family::read,
                   {"memory-read", Bytes::isa, Bytes::needs,
                    "the read alone: every byte summed (vpsadbw), no bit counting"},
                   &memory_read_avx512);
}  // namespace
}  // namespace sp::popcount

#endif
