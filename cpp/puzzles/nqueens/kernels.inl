// The N-queens SIMD kernels, written once and compiled in every pass of passes.cmake (cpp/simd/
// isa.h): sse41, avx2 and avx512 on x86-64, neon on AArch64, wasm in the SIMD128 build. `family`
// is the pass's vector family; the widths below are the only thing that differs between ISAs.

#include "simd/multi.h"
#include "simd/scalar1.h"
#include "puzzles/nqueens/compact.h"
#include "puzzles/nqueens/lanes.h"
#include "puzzles/nqueens/simd_state.h"

namespace nqueens {
using namespace ::sp::nqueens;
using Puzzle = NQueens;

namespace {
using Words = family::U32<kPass.ext>;
constexpr bool kIs128 = kPass.bits == 128;

// Register groups per step, measured per width (docs/results.md, N-queens): a step is one long
// dependency chain, and a second group lets the core overlap two. AVX-512's 16 lanes gain from a
// second group in the lockstep search; 128-bit compaction from three groups of one search, the
// wider ones from two groups in two interleaved searches.
constexpr int kLaneGroups = kPass.bits == 512 ? 2 : 1;
constexpr int kCompactGroups = kIs128 ? 3 : 2;
constexpr int kCompactSearches = kIs128 ? 1 : 2;
using LaneVector = std::conditional_t<kLaneGroups == 1, Words, simd::Multi<Words, kLaneGroups>>;
using CompactVector = simd::Multi<Words, kCompactGroups>;

LaneTotals lanes(int n, const Subtree* s, std::size_t count) { return Lockstep<LaneVector>::search(n, s, count); }
CompactTotals compact(int n, const CompactRun<PlainRules>* runs, int count) {
  return Compact<CompactVector>::run_all<kCompactSearches>(n, runs, count);
}
CompactTotals symmetry(int n, const CompactRun<SymmetryRules>* runs, int count) {
  return Compact<CompactVector, SymmetryRules>::run_all<kCompactSearches>(n, runs, count);
}

Result<Answer> simd_lanes(const Case& c) { return count_lanes(c, LaneVector::lanes, &lanes); }
Result<Answer> simd_compact(const Case& c) { return count_compact(c, &compact); }
Result<Answer> simd_symmetry(const Case& c) { return count_symmetry_compact(c, &symmetry); }
// davidad's trick needs exactly three words in one register: 128-bit passes only.
template <class W>
Result<Answer> simd_state(const Case& c) { return SimdState<W>::count(c); }

// Summaries in the pass's own numbers (lanes per group, groups, and how a compress store is made).
constexpr const char* kLanesSummary[] = {
    "4 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish",
    "8 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish",
    "2x16 searches in lockstep lanes (per-lane stacks), refilled as subtrees finish"};
constexpr const char* kCompactSummary[] = {
    "batches of 3x4 states, children compress-stored into per-row queues",
    "batches of 2x8 states in 2 interleaved searches, compress-stored queues",
    "batches of 2x16 states in 2 interleaved searches, vpcompressd queues"};
constexpr const char* kSymmetrySummary[] = {
    "the symmetry-reduced search as 3x4 compaction batches, solutions weighted by symmetry",
    "the symmetry-reduced search as 2x8 compaction batches, solutions weighted by symmetry",
    "the symmetry-reduced search as 2x16 compaction batches, solutions weighted by symmetry"};
constexpr int kWidth = kPass.bits == 128 ? 0 : kPass.bits == 256 ? 1 : 2;

template <class W>
constexpr auto make_kernels() {
  const PassKernel<Puzzle> lanes_k{"simd-lanes", kLanesSummary[kWidth], &simd_lanes};
  const PassKernel<Puzzle> compact_k{"simd-compact", kCompactSummary[kWidth], &simd_compact};
  const PassKernel<Puzzle> symmetry_k{"simd-symmetry", kSymmetrySummary[kWidth], &simd_symmetry};
  if constexpr (W::lanes == 4 && kIs128) {
    const PassKernel<Puzzle> state_k{"simd-state", "davidad's trick: cols and both diagonals in one 128-bit register",
                                     &simd_state<W>};
    return std::array{state_k, lanes_k, compact_k, symmetry_k};
  } else {
    return std::array{lanes_k, compact_k, symmetry_k};
  }
}
}  // namespace

constexpr auto kKernels = make_kernels<Words>();
}  // namespace nqueens
