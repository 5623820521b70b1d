// AVX2 kernels: simd-lanes with 8 lanes (native gather, scatter spilled lane by lane) and
// simd-compact with batches of 2 x 8 states (BMI2 pdep/pext build the compress permutation).

#include "puzzles/nqueens/nqueens.h"
#include "simd/scalar1.h"
#include "simd/target.h"

#if SP_ARCH_X86

SP_TARGET_BEGIN(SP_TARGETS_AVX2)
#include "simd/avx2.h"
#include "puzzles/nqueens/compact.h"
#include "puzzles/nqueens/lanes.h"
#include "simd/multi.h"

namespace sp::nqueens {
namespace {
using Words = simd::avx2::U32<>;
LaneTotals lanes_avx2(int n, const Subtree* s, std::size_t count) {
  return Lockstep<Words>::search(n, s, count);
}
CompactTotals compact_avx2(int n, const CompactRun<PlainRules>* runs, int count) {
  return Compact<simd::Multi<Words, 2>>::run_all<2>(n, runs, count);
}
CompactTotals symmetry_avx2(int n, const CompactRun<SymmetryRules>* runs, int count) {
  return Compact<simd::Multi<Words, 2>, SymmetryRules>::run_all<2>(n, runs, count);
}
}  // namespace
}  // namespace sp::nqueens
SP_TARGET_END

namespace sp::nqueens {
namespace {
Result<Answer> simd_lanes_avx2(const Case& c) { return count_lanes(c, Words::lanes, &lanes_avx2); }
Result<Answer> simd_compact_avx2(const Case& c) { return count_compact(c, &compact_avx2); }
Result<Answer> simd_symmetry_avx2(const Case& c) { return count_symmetry_compact(c, &symmetry_avx2); }

SP_REGISTER_KERNEL(NQueens,
                   {"simd-lanes", Words::isa, Words::needs,
                    "8 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish"},
                   &simd_lanes_avx2);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-compact", Words::isa, Words::needs,
                    "batches of 2x8 states in 2 interleaved searches, compress-stored queues"},
                   &simd_compact_avx2);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-symmetry", Words::isa, Words::needs,
                    "the symmetry-reduced search as 2x8 compaction batches, solutions weighted by symmetry"},
                   &simd_symmetry_avx2);
}  // namespace
}  // namespace sp::nqueens

#endif
