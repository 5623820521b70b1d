// The array kernels on the 128-bit family (simd::v128::U8), compiled for whichever 128-bit ISA
// this target has: SSE4.1 (x86), NEON (AArch64) or SIMD128 (the wasm SIMD build). Per ISA, the
// same source is:
//   nibble-lookup  pshufb / tbl / i8x16.swizzle on the nibbles, widened by psadbw / uadalp /
//                  extadd_pairwise (the pshufb-lookup/sse4.1 and simd128-lookup)
//   byte-popcnt    the ISA's byte popcount: vcntq_u8 (the neon-cnt), i8x16.popcnt (its
//                  simd128-popcnt); SSE has none, so there it is the lookup again, which is also
//                  exactly what V8 emits for i8x16.popcnt on x86: the fair native twin
//   harley-seal    carry-save adders, one byte popcount per 16 vectors
//   memory-read    the read alone: every byte summed

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/popcount/popcount.h"
#include "simd/families.h"

#if SP_HAS_V128

SP_V128_BEGIN
#include "simd/v128.h"
#include "puzzles/popcount/array_kernels.h"

namespace sp::popcount {
namespace {

using Bytes = simd::v128::U8<>;
using Kernels = ArrayKernels<Bytes>;

std::uint64_t nibble_lookup_v128(const std::uint8_t* p, std::size_t n) { return Kernels::nibble_lookup(p, n); }
std::uint64_t byte_popcnt_v128(const std::uint8_t* p, std::size_t n) { return Kernels::byte_popcnt(p, n); }
std::uint64_t harley_seal_v128(const std::uint8_t* p, std::size_t n) { return Kernels::harley_seal(p, n); }
std::uint64_t memory_read_v128(const std::uint8_t* p, std::size_t n) { return Kernels::sum_bytes(p, n); }

}  // namespace
}  // namespace sp::popcount
SP_V128_END

namespace sp::popcount {
namespace {

#if SP_ARCH_X86
constexpr const char* kShuffle = "pshufb";
constexpr const char* kWiden = "psadbw";
constexpr const char* kBytePopcount = "Muła's lookup (SSE has no byte popcount; V8 emits the same for i8x16.popcnt)";
constexpr const char* kMajority = "and/or";
#elif SP_ARCH_NEON
constexpr const char* kShuffle = "tbl";
constexpr const char* kWiden = "uadalp";
constexpr const char* kBytePopcount = "vcntq_u8 (cnt)";
constexpr const char* kMajority = "BSL";
#else
constexpr const char* kShuffle = "i8x16.swizzle";
constexpr const char* kWiden = "extadd_pairwise";
constexpr const char* kBytePopcount = "i8x16.popcnt";
constexpr const char* kMajority = "v128.bitselect";
#endif

SP_POPCOUNT_KERNEL(Family::array,
                   {"nibble-lookup", Bytes::isa, Bytes::needs,
                    std::string("Muła's nibble lookup (") + kShuffle + "), byte counters widened by " + kWiden},
                   &nibble_lookup_v128);
SP_POPCOUNT_KERNEL(Family::array,
                   {"byte-popcnt", Bytes::isa, Bytes::needs,
                    std::string("byte popcount: ") + kBytePopcount + ", byte counters widened by " + kWiden},
                   &byte_popcnt_v128);
SP_POPCOUNT_KERNEL(Family::array,
                   {"harley-seal", Bytes::isa, Bytes::needs,
                    std::string("carry-save adders over 16 vectors (majority: ") + kMajority +
                        "), one byte popcount per 16 vectors"},
                   &harley_seal_v128);
SP_POPCOUNT_KERNEL(Family::read,
                   {"memory-read", Bytes::isa, Bytes::needs,
                    std::string("the read alone: every byte summed (") + kWiden + "), no bit counting"},
                   &memory_read_v128);

}  // namespace
}  // namespace sp::popcount

#endif
