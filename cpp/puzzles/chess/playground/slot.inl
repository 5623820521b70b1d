// Included after a playground user's chess source, inside its ISA pass (docs/playground.md):
// registers the legal move generator over the user's `Sliders` as chess's kernel `yours`, in both
// modes (perft and divide by movegen.h, the attacks loops by kernel_impl.h), exactly as
// kernels.inl registers each slider method of ours: SliderKernel<Slider>::impl().
namespace playground {
using Puzzle = ::sp::chess::Chess;

// The three lookups the slot asks for. Checked here, with one sentence, so that a missing or
// misspelt one is a single error in the glue, not a dozen from inside the move generator.
template <class S>
constexpr bool kHasSliders = requires(Square s, Bitboard occ) {
  requires std::is_convertible_v<decltype(S::rook(s, occ)), Bitboard>;
  requires std::is_convertible_v<decltype(S::bishop(s, occ)), Bitboard>;
  requires std::is_convertible_v<decltype(S::queen(s, occ)), Bitboard>;
};
static_assert(kHasSliders<Sliders>,
              "struct Sliders needs static Bitboard rook(Square, Bitboard occ), bishop(Square, Bitboard occ) and "
              "queen(Square, Bitboard occ)");

// What Sliders may leave out (sliders.h lists a slider's members). kSetwise: false, so perft
// looks up one slider at a time; with true, Sliders also needs attacks_set and count_set, as
// our Kogge-Stone kernels have. table_bytes(): 0, so the kernel's summary says "no tables".
template <class S>
constexpr bool setwise() {
  if constexpr (requires { S::kSetwise; }) return static_cast<bool>(S::kSetwise);
  else return false;
}
template <class S>
struct SlotSliders : S {
  static constexpr bool kSetwise = setwise<S>();
  static constexpr std::size_t table_bytes() {
    if constexpr (requires { S::table_bytes(); }) return S::table_bytes();
    else return 0;
  }
};

template <class S>
constexpr ::sp::chess::KernelImpl yours_impl() {
  if constexpr (kHasSliders<S>) return chess::SliderKernel<SlotSliders<S>>::impl();
  else return {};  // the static_assert above has said why
}
constexpr std::array kKernels{::sp::PassKernel<Puzzle>{"yours", "your kernel (the playground)", yours_impl<Sliders>()}};
}  // namespace playground
