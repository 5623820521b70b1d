// AVX-512 kernels: simd-lanes with 2 x 16 lanes (k-register masks, native gather and scatter)
// and simd-compact with batches of 2 x 16 states (vpcompressd).

#include "puzzles/nqueens/nqueens.h"
#include "simd/scalar1.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512)
#include "simd/avx512.h"
#include "puzzles/nqueens/compact.h"
#include "puzzles/nqueens/lanes.h"
#include "simd/multi.h"

namespace sp::nqueens {
namespace {
using Words = simd::avx512::U32<>;
// Two register groups: a step is one long dependency chain, two let the core overlap them.
LaneTotals lanes_avx512(int n, const Subtree* s, std::size_t count) {
  return Lockstep<simd::Multi<Words, 2>>::search(n, s, count);
}
CompactTotals compact_avx512(int n, const CompactRun<PlainRules>* runs, int count) {
  return Compact<simd::Multi<Words, 2>>::run_all<2>(n, runs, count);
}
CompactTotals symmetry_avx512(int n, const CompactRun<SymmetryRules>* runs, int count) {
  return Compact<simd::Multi<Words, 2>, SymmetryRules>::run_all<2>(n, runs, count);
}
}  // namespace
}  // namespace sp::nqueens
SP_TARGET_END

namespace sp::nqueens {
namespace {
Result<Answer> simd_lanes_avx512(const Case& c) {
  return count_lanes(c, simd::Multi<Words, 2>::lanes, &lanes_avx512);
}
Result<Answer> simd_compact_avx512(const Case& c) { return count_compact(c, &compact_avx512); }
Result<Answer> simd_symmetry_avx512(const Case& c) { return count_symmetry_compact(c, &symmetry_avx512); }

SP_REGISTER_KERNEL(NQueens,
                   {"simd-lanes", Words::isa, Words::needs,
                    "2x16 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish"},
                   &simd_lanes_avx512);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-compact", Words::isa, Words::needs,
                    "batches of 2x16 states in 2 interleaved searches, vpcompressd queues"},
                   &simd_compact_avx512);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-symmetry", Words::isa, Words::needs,
                    "the symmetry-reduced search as 2x16 compaction batches, solutions weighted by symmetry"},
                   &simd_symmetry_avx512);
}  // namespace
}  // namespace sp::nqueens

#endif
