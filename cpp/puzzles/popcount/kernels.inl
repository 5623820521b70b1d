// The popcount kernels, written once and compiled in every pass of passes.cmake (cpp/simd/isa.h):
//   popcnt            builtin, scalar-builtin: std::popcount compiled with POPCNT (builtin.h)
//   sse41 avx2 avx512 nibble-lookup, harley-seal, memory-read (array_kernels.h), and byte-popcnt
//   neon wasm         where the family's byte popcount is the 128-bit one (SSE4.1: the lookup again)
//   avx512_bitalg     byte-popcnt with vpopcntb (family::U8<kAvx512bitalg>)
//   avx512_vpopcntdq  vpopcntdq: vpopcntq per 64-bit lane (family::U64<kAvx512vpopcntdq>)
// Each kernel's group is its mode ("word", "array", "read"); Popcount::add_kernel turns it into
// the kernel's Family. What differs between ISAs is only which kernels a pass has and the
// instruction names in the summaries.

// The scalar pass (popcnt) has no `family`, so which half of this file a pass compiles is a
// preprocessor choice.
#if !SP_PASS_HAS_FAMILY

#include "puzzles/popcount/builtin.h"

namespace popcount {
using Puzzle = Popcount;
constexpr auto kKernels = kBuiltinKernels;
}  // namespace popcount

#else

#include "puzzles/popcount/array_kernels.h"

namespace popcount {
using namespace ::sp::popcount;
using Puzzle = Popcount;

namespace {
using Bytes = family::U8<kPass.ext>;
using Kernels = ArrayKernels<Bytes>;

std::uint64_t nibble_lookup(const std::uint8_t* p, std::size_t n) { return Kernels::nibble_lookup(p, n); }
std::uint64_t byte_popcnt(const std::uint8_t* p, std::size_t n) { return Kernels::byte_popcnt(p, n); }
std::uint64_t harley_seal(const std::uint8_t* p, std::size_t n) { return Kernels::harley_seal(p, n); }
std::uint64_t memory_read(const std::uint8_t* p, std::size_t n) { return Kernels::sum_bytes(p, n); }

// vpopcntq counts each 64-bit lane outright (Ice Lake and Zen 4 on): four independent sums, as
// in libpopcnt. Only the avx512_vpopcntdq pass instantiates it.
template <class Words>
std::uint64_t lane_popcnt(const std::uint8_t* p, std::size_t n) {
  using Lanes = typename Words::u8;
  constexpr std::size_t kBytes = sizeof(typename Words::vec);
  const auto count_at = [](const std::uint8_t* q) { return Words::popcount(Words::from(Lanes::load(q))); };
  typename Words::vec sums[4] = {Words::zero(), Words::zero(), Words::zero(), Words::zero()};
  std::size_t i = 0;
  for (; n - i >= 4 * kBytes; i += 4 * kBytes)
    for (std::size_t g = 0; g < 4; ++g) sums[g] = Words::add(sums[g], count_at(p + i + kBytes * g));
  for (; n - i >= kBytes; i += kBytes) sums[0] = Words::add(sums[0], count_at(p + i));
  if (i < n) {  // a masked load: the bytes past the end are neither read nor counted
    sums[1] = Words::add(sums[1], Words::popcount(Words::from(Lanes::load_partial(p + i, n - i))));
  }
  return Words::reduce_add(Words::add(Words::add(sums[0], sums[1]), Words::add(sums[2], sums[3])));
}

// The pass's instruction names, for the summaries: SSE4.1, AVX2, AVX-512BW, NEON, SIMD128.
constexpr const char* by_isa(const char* sse41, const char* avx2, const char* avx512, const char* neon,
                             const char* wasm) {
  switch (kPass.isa) {
    case Isa::sse41: return sse41;
    case Isa::avx2: return avx2;
    case Isa::avx512: return avx512;
    case Isa::neon: return neon;
    default: return wasm;
  }
}

constexpr auto make_kernels() {
  using K = PassKernel<Puzzle>;
  if constexpr ((kPass.ext & cpu::kAvx512vpopcntdq) != 0) {
    return std::array{K{"vpopcntdq",
                        "VPOPCNTQ: the bits of each 64-bit lane, four independent sums (libpopcnt's kernel)",
                        {&lane_popcnt<family::U64<kPass.ext>>}, "array"}};
  } else if constexpr ((kPass.ext & cpu::kAvx512bitalg) != 0) {
    return std::array{K{"byte-popcnt", "byte popcount: AVX-512 BITALG vpopcntb, byte counters widened by vpsadbw",
                        {&byte_popcnt}, "array"}};
  } else {
    const K nibble{"nibble-lookup",
                   by_isa("Muła's nibble lookup (pshufb), byte counters widened by psadbw",
                          "Muła's nibble lookup (vpshufb), byte counters widened by vpsadbw",
                          "Muła's nibble lookup (AVX-512BW vpshufb), byte counters widened by vpsadbw",
                          "Muła's nibble lookup (tbl), byte counters widened by uadalp",
                          "Muła's nibble lookup (i8x16.swizzle), byte counters widened by extadd_pairwise"),
                   {&nibble_lookup}, "array"};
    const K harley{"harley-seal",
                   by_isa("carry-save adders over 16 vectors (majority: and/or), one byte popcount per 16 vectors",
                          "carry-save adders over 16 vectors (majority: and/or), one lookup popcount per 16 vectors",
                          "carry-save adders over 16 vectors (one vpternlog per output), one lookup popcount per 16 "
                          "vectors",
                          "carry-save adders over 16 vectors (majority: BSL), one byte popcount per 16 vectors",
                          "carry-save adders over 16 vectors (majority: v128.bitselect), one byte popcount per 16 "
                          "vectors"),
                   {&harley_seal}, "array"};
    const K read{"memory-read",
                 by_isa("the read alone: every byte summed (psadbw), no bit counting",
                        "the read alone: every byte summed (vpsadbw), no bit counting",
                        "the read alone: every byte summed (vpsadbw), no bit counting",
                        "the read alone: every byte summed (uadalp), no bit counting",
                        "the read alone: every byte summed (extadd_pairwise), no bit counting"),
                 {&memory_read}, "read"};
    // byte-popcnt on the 128-bit passes: the family's byte popcount (NEON cnt, i8x16.popcnt; on
    // SSE4.1 Muła's lookup, which is also what V8 emits for i8x16.popcnt on x86: the fair native
    // twin). AVX2 and AVX-512BW have no byte popcount: there it would be nibble-lookup again.
    if constexpr (kPass.bits == 128) {
      const K bytes{"byte-popcnt",
                    by_isa("byte popcount: Muła's lookup (SSE has no byte popcount; V8 emits the same for "
                           "i8x16.popcnt), byte counters widened by psadbw",
                           "", "", "byte popcount: vcntq_u8 (cnt), byte counters widened by uadalp",
                           "byte popcount: i8x16.popcnt, byte counters widened by extadd_pairwise"),
                    {&byte_popcnt}, "array"};
      return std::array{nibble, bytes, harley, read};
    } else {
      return std::array{nibble, harley, read};
    }
  }
}
}  // namespace

constexpr auto kKernels = make_kernels();
}  // namespace popcount

#endif
