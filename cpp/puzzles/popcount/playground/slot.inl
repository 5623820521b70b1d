// Included after a playground user's source, inside its ISA pass (cmake/playground.cmake,
// docs/playground.md): registers the user's `kernel` as popcount's array kernel `yours`.
namespace playground {
using Puzzle = ::sp::popcount::Popcount;
constexpr std::array kKernels{
    ::sp::PassKernel<Puzzle>{"yours", "your kernel (the playground)", {&kernel}, "array"}};
}  // namespace playground
