// Included after a playground user's N-queens source, inside its ISA pass (docs/playground.md):
// registers the user's `kernel` as kernel `yours`. The unique count comes from the user's total
// by Burnside's lemma, as in our mirror-halved kernels; the work is not counted (nodes are the
// search's own business), so the row has times but no per-node rate.
namespace playground {
using Puzzle = ::sp::nqueens::NQueens;
inline ::sp::Result<::sp::nqueens::Answer> run_yours(const ::sp::nqueens::Case& c) {
  const std::uint64_t total = kernel(c.n);
  return {{total, ::sp::nqueens::unique_by_burnside(c.n, total)}, 0};
}
constexpr std::array kKernels{::sp::PassKernel<Puzzle>{"yours", "your kernel (the playground)", &run_yours}};
}  // namespace playground
