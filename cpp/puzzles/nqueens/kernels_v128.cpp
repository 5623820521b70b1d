// The 128-bit kernels, written once against cpp/simd and compiled for whichever 128-bit ISA this
// target has: SSE4.1 (x86), NEON (AArch64) or SIMD128 (the wasm SIMD build).

#include "puzzles/nqueens/nqueens.h"
#include "simd/families.h"
#include "simd/scalar1.h"

#if SP_HAS_V128

SP_V128_BEGIN
#include "simd/v128.h"
#include "puzzles/nqueens/compact.h"
#include "puzzles/nqueens/lanes.h"
#include "puzzles/nqueens/simd_state.h"
#include "simd/multi.h"

namespace sp::nqueens {
namespace {
using Words = simd::v128::U32<>;
Result<Answer> simd_state_v128(const Case& c) { return SimdState<Words>::count(c); }
LaneTotals lanes_v128(int n, const Subtree* s, std::size_t count) {
  return Lockstep<Words>::search(n, s, count);
}
// Batches of 3 x 4 states, one search (measured best for 128-bit on x86; see docs/results.md).
CompactTotals compact_v128(int n, const CompactRun<PlainRules>* runs, int count) {
  return Compact<simd::Multi<Words, 3>>::run_all<1>(n, runs, count);
}
CompactTotals symmetry_v128(int n, const CompactRun<SymmetryRules>* runs, int count) {
  return Compact<simd::Multi<Words, 3>, SymmetryRules>::run_all<1>(n, runs, count);
}
}  // namespace
}  // namespace sp::nqueens
SP_V128_END

namespace sp::nqueens {
namespace {
Result<Answer> simd_lanes_v128(const Case& c) { return count_lanes(c, Words::lanes, &lanes_v128); }
Result<Answer> simd_compact_v128(const Case& c) { return count_compact(c, &compact_v128); }
Result<Answer> simd_symmetry_v128(const Case& c) { return count_symmetry_compact(c, &symmetry_v128); }

SP_REGISTER_KERNEL(NQueens,
                   {"simd-state", Words::isa, Words::needs,
                    "davidad's trick: cols and both diagonals in one 128-bit register"},
                   &simd_state_v128);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-lanes", Words::isa, Words::needs,
                    "4 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish"},
                   &simd_lanes_v128);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-compact", Words::isa, Words::needs,
                    "batches of 3x4 states, children compress-stored into per-row queues"},
                   &simd_compact_v128);
SP_REGISTER_KERNEL(NQueens,
                   {"simd-symmetry", Words::isa, Words::needs,
                    "the symmetry-reduced search as 3x4 compaction batches, solutions weighted by symmetry"},
                   &simd_symmetry_v128);
}  // namespace
}  // namespace sp::nqueens

#endif
