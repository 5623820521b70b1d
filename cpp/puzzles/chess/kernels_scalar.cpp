// The scalar kernels: ray-walk (the reference), hq, classical, fancy-magic and Kogge-Stone fills
// one direction at a time. On x86 they are compiled for plain x86-64 plus POPCNT (every x86-64
// CPU since 2008 has it; without it each leaf count would call a software popcount), and need it.

#include "puzzles/chess/chess.h"
#include "puzzles/chess/reference.h"
#include "puzzles/chess/sliders.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN("popcnt")
#endif
#include "puzzles/chess/kernel_impl.h"

namespace sp::chess {
namespace {
struct ScalarFile;
template <class S>
using Scalar = SliderKernel<S, ScalarFile>;

constexpr KernelImpl kRayWalk = {&reference_perft, &reference_divide, &Scalar<RayWalk>::attacks,
                                 &Scalar<RayWalk>::lookup, &Scalar<RayWalk>::table_bytes,
                                 kReferenceNodeBudget};
constexpr KernelImpl kHq = Scalar<Hq>::impl();
constexpr KernelImpl kClassical = Scalar<Classical>::impl();
constexpr KernelImpl kFancyMagic = Scalar<FancyMagic>::impl();
constexpr KernelImpl kKoggeStone = Scalar<KoggeStone>::impl();
}  // namespace
}  // namespace sp::chess

#if SP_ARCH_X86
SP_TARGET_END
#endif

namespace sp::chess {
namespace {
#if SP_ARCH_X86
constexpr std::uint32_t kNeeds = cpu::kPopcnt;
#else
constexpr std::uint32_t kNeeds = 0;
#endif

SP_CHESS_KERNEL({"ray-walk", Isa::scalar, kNeeds,
                    "the reference: attacks by walking each ray square by square; perft by a "
                    "mailbox generator that makes every pseudo-legal move and keeps it if the king "
                    "is safe (no bulk counting); no tables"},
                   kRayWalk);
SP_CHESS_KERNEL({"hq", Isa::scalar, kNeeds,
                    "Hyperbola Quintessence: files and diagonals by (o-2r) ^ bswap(bswap(o)-2bswap(r)), "
                    "ranks by a 512-byte first-rank table; tables " + table_bytes_text(Hq::table_bytes())},
                   kHq);
SP_CHESS_KERNEL({"classical", Isa::scalar, kNeeds,
                    "ray masks per direction, the first blocker by bit scan (forward or reverse), a "
                    "sentinel bit instead of a branch; tables " + table_bytes_text(Classical::table_bytes())},
                   kClassical);
SP_CHESS_KERNEL({"fancy-magic", Isa::scalar, kNeeds,
                    "fancy magic bitboards: attacks[(occ & mask) * magic >> shift], magics verified at "
                    "start-up; tables " + table_bytes_text(FancyMagic::table_bytes())},
                   kFancyMagic);
SP_CHESS_KERNEL({"kogge-stone", Isa::scalar, kNeeds,
                    "Kogge-Stone occluded fills, one 64-bit direction at a time; set-wise in perft "
                    "(all sliders of a side at once, moves counted per direction); no tables"},
                   kKoggeStone);
}  // namespace
}  // namespace sp::chess
