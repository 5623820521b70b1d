// Included after a playground user's Cephalopod source, inside its ISA pass (docs/playground.md):
// registers the depth-first search over our simd-dfs tools with the user's `Moves::children` in
// place of our move generator as Cephalopod's kernel `yours`, exactly as kernels.inl registers
// simd-dfs: search_kernel<dfs_search<Tools>>.
namespace playground {
using Puzzle = ::sp::cephalopod::Cephalopod;

// The one function the slot asks for. Checked here, with one sentence, so that a missing or
// misspelt one is a single error in the glue, not a dozen from inside dfs_search.h.
template <class M>
constexpr bool kHasChildren = requires(Board b, Board* out) {
  requires std::is_convertible_v<decltype(M::children(b, out)), int>;
};
static_assert(kHasChildren<Moves>, "struct Moves needs static int children(Board b, Board* out): every move of b written to out, and how many");

namespace {  // as kernels.inl's: the family's types live in an anonymous namespace
// The slot's passes are 128-bit, where kernels.inl's Counts and Quad are both the family's 4-lane
// U32: this is its Dfs there.
static_assert(kPass.bits == 128, "the Cephalopod slot is built in 128-bit passes only");
using Dfs = cephalopod::SimdDfs<family::U32<>, family::U32<>, family::U32<>::u64>;

template <class M>
struct SlotDfs : Dfs {
  // At most kMaxChildren: a count past it is a wrong answer (✗), not frames running off the
  // search's child stack.
  static int children(Board b, Board* out) {
    const int n = M::children(b, out);
    return n < 0 ? 0 : n > kMaxChildren ? kMaxChildren : n;
  }
};

template <class M>
Expected<Result<Answer>> run_yours(const Case& c, Workspace& ws) {
  return cephalopod::search_kernel<cephalopod::dfs_search<SlotDfs<M>>>(c, ws, "yours");
}
template <class M>
constexpr KernelFn yours_fn() {
  if constexpr (kHasChildren<M>) return &run_yours<M>;
  else return nullptr;  // the static_assert above has said why
}
}  // namespace

constexpr std::array kKernels{::sp::PassKernel<Puzzle>{"yours", "your kernel (the playground)", yours_fn<Moves>(), "dfs"}};
}  // namespace playground
