// The Cephalopod vector kernels, written once and compiled in every pass of passes.cmake
// (cpp/simd/isa.h): sse41, avx2 and avx512 on x86-64, neon on AArch64, wasm in the SIMD128 build.
//   lanes     one BFS level (bfs_search.h), one board per 32-bit lane (lanes.h): 4, 8 or 16 per
//             vector; children merged by Merge (merge.h)
//   layered   (P, m) layers (layered.h), a layer's blocks expanded and merged as in lanes
//   simd-dfs  the depth-first search (dfs_search.h) with SimdDfs (simd_dfs.h); 128- and 256-bit
//             passes only
// What differs between passes is widths: the pass's own U32 for the vector of parents; where a
// slot's 8 counts (and the DFS's 8 images) live, one 256-bit register from AVX2 up (the AVX-512
// pass too) or two 128-bit ones; and the DFS's 4-lane move generator, SSE4.1's on x86 (VEX-encoded
// in the AVX2 pass).

#if SP_ARCH_X86
#include "simd/avx2.h"   // 8 lanes: counts and images in the avx2 and avx512 passes (unused in sse41)
#include "simd/sse41.h"  // 4 lanes: the DFS's move generator in the sse41 and avx2 passes
#endif
#include "puzzles/cephalopod/engines.h"
#include "puzzles/cephalopod/lanes.h"
#include "puzzles/cephalopod/merge.h"
#include "puzzles/cephalopod/simd_dfs.h"

namespace cephalopod {
using namespace ::sp::cephalopod;
using Puzzle = Cephalopod;

namespace {
using Parents = family::U32<>;
#if SP_ARCH_X86
using Counts = std::conditional_t<kPass.bits >= 256, simd::avx2::U32<>, family::U32<>>;
using Quad = simd::sse41::U32<>;
#else
using Counts = family::U32<>;
using Quad = family::U32<>;
#endif
using Lanes = LaneTools<Parents, Merge<Counts, Parents>>;
using Dfs = SimdDfs<Counts, Quad, typename Counts::u64>;

Expected<Result<Answer>> lanes_kernel(const Case& c, Workspace& ws) { return search_kernel<bfs_sym_search<Lanes>>(c, ws, "lanes"); }
Expected<Result<Answer>> layered_kernel(const Case& c, Workspace& ws) {
  return search_kernel<layered_search<Lanes>>(c, ws, "layered");
}
// A template, so that the AVX-512 pass, which has no simd-dfs, does not compile one.
template <class Tools>
Expected<Result<Answer>> simd_dfs_kernel(const Case& c, Workspace& ws) { return search_kernel<dfs_search<Tools>>(c, ws, "simd-dfs"); }

constexpr int kWidth = kPass.bits == 128 ? 0 : kPass.bits == 256 ? 1 : 2;
constexpr const char* kLanesSummary[] = {
    "one BFS level, 4 boards per vector: 31 compress-stores of moves; 2-compare bucket probe, counts by 4 byte shuffles",
    "one BFS level, 8 boards per vector; 8-key bucket probe and 8 counts re-oriented by one vpermd",
    "one BFS level, 16 boards per vector, vpcompressd pushes; merge as in the AVX2 kernel"};
constexpr const char* kDfsSummary[] = {
    "dfs-cache with 4 corners / 4 edges per vector, 8 images in 2 registers, 2-compare bucket probe",
    "dfs-cache with the 8 images in one register (variable shifts), 4 x u64 bucket in one compare"};
constexpr const char* kLayeredSummary[] = {
    "(P, m) layers, each class expanded once; 4 boards per vector, bucket probe and count bands as in lanes",
    "(P, m) layers, each class expanded once; 8 boards per vector, bucket probe and count bands by vpermd",
    "(P, m) layers, each class expanded once; 16 boards per vector, merge as in the AVX2 kernel"};

template <int kBits>
constexpr auto make_kernels() {
  const PassKernel<Puzzle> lanes_k{"lanes", kLanesSummary[kWidth], &lanes_kernel, "bfs"};
  const PassKernel<Puzzle> layered_k{"layered", kLayeredSummary[kWidth], &layered_kernel, "layered"};
  if constexpr (kBits <= 256) {
    const PassKernel<Puzzle> dfs_k{"simd-dfs", kDfsSummary[kWidth], &simd_dfs_kernel<Dfs>, "dfs"};
    return std::array{lanes_k, dfs_k, layered_k};
  } else {
    return std::array{lanes_k, layered_k};
  }
}
}  // namespace

constexpr auto kKernels = make_kernels<kPass.bits>();
}  // namespace cephalopod
