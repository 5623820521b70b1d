// Included after a playground user's cube source, inside its ISA pass (docs/playground.md):
// registers the driver over the user's `Ops` as the cube's kernel `yours`.
namespace playground {
using Puzzle = ::sp::cube::Cube;
inline ::sp::Result<::sp::cube::Answer> run_yours(const ::sp::cube::Case& c, const ::sp::cube::Output& out) {
  return cube::Driver<Ops>::run(c, out);
}
constexpr std::array kKernels{::sp::PassKernel<Puzzle>{"yours", "your kernel (the playground)", &run_yours}};
}  // namespace playground
