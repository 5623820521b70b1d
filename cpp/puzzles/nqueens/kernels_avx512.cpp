// AVX-512 kernels: simd-lanes with 2 x 16 lanes (k-register masks, native gather and scatter)
// and simd-compact with batches of 2 x 16 states (vpcompressd).

#include "puzzles/nqueens/nqueens.h"
#include "simd/scalar1.h"
#include "simd/v512_avx512.h"

#if SP_ARCH_X86
// GCC 12 warns about the _mm512_undefined_*() pass-through inside its own unmasked intrinsics
// (GCC PR 105593); the value is never read.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

SP_TARGET_BEGIN(SP_TARGETS_AVX512)
#include "puzzles/nqueens/compact.h"
#include "puzzles/nqueens/lanes.h"
#include "simd/multi.h"

namespace sp::nqueens {
namespace {
// Two register groups: a step is one long dependency chain, two let the core overlap them.
LaneTotals lanes_avx512(int n, const Subtree* s, std::size_t count) {
  return Lockstep<simd::Multi<simd::Avx512x16, 2>>::search(n, s, count);
}
CompactTotals compact_avx512(int n, const CompactRun<PlainRules>* runs, int count) {
  return Compact<simd::Multi<simd::Avx512x16, 2>>::run_all<2>(n, runs, count);
}
CompactTotals symmetry_avx512(int n, const CompactRun<SymmetryRules>* runs, int count) {
  return Compact<simd::Multi<simd::Avx512x16, 2>, SymmetryRules>::run_all<2>(n, runs, count);
}
}  // namespace
}  // namespace sp::nqueens
SP_TARGET_END

namespace sp::nqueens {
namespace {
Result<Answer> simd_lanes_avx512(const Case& c) {
  return count_lanes(c, simd::Multi<simd::Avx512x16, 2>::lanes, &lanes_avx512);
}
Result<Answer> simd_compact_avx512(const Case& c) { return count_compact(c, &compact_avx512); }
Result<Answer> simd_symmetry_avx512(const Case& c) { return count_symmetry_compact(c, &symmetry_avx512); }

SP_REGISTER_KERNEL(NQueens,
                   {"simd-lanes", simd::Avx512x16::isa, simd::Avx512x16::needs,
                    "2x16 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish"},
                   &simd_lanes_avx512);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-compact", simd::Avx512x16::isa, simd::Avx512x16::needs,
                    "batches of 2x16 states in 2 interleaved searches, vpcompressd queues"},
                   &simd_compact_avx512);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-symmetry", simd::Avx512x16::isa, simd::Avx512x16::needs,
                    "the symmetry-reduced search as 2x16 compaction batches, solutions weighted by symmetry"},
                   &simd_symmetry_avx512);
}  // namespace
}  // namespace sp::nqueens

#endif
