#pragma once
// The scalar kernels: ray-walk (the reference), hq, classical, fancy-magic and Kogge-Stone fills
// one direction at a time, the methods of sliders.h through the legal generator. A relative
// header, compiled in the popcnt ISA pass (kernels.inl): on x86 plain x86-64 plus POPCNT, which
// every x86-64 CPU since 2008 has (without it each leaf count would call a software popcount);
// elsewhere the baseline, which has a popcount instruction.

#include "puzzles/chess/kernel_impl.h"

namespace chess {
using namespace ::sp::chess;

// The table, summaries without their tables (Chess::add_kernel appends them). A template, so a
// pass compiles the kernels only if it registers them.
template <int = 0>
constexpr auto scalar_kernels() {
  using K = PassKernel<Chess>;
  // ray-walk's perft is the reference's make-and-test generator (reference.cpp, baseline code);
  // its attacks loops are compiled here.
  constexpr KernelImpl ray_walk = {&reference_perft,
                                   &reference_divide,
                                   &SliderKernel<RayWalk>::attacks,
                                   &SliderKernel<RayWalk>::lookup,
                                   RayWalk::table_bytes(),
                                   kReferenceNodeBudget};
  return std::array{
      K{"ray-walk",
        "the reference: attacks by walking each ray square by square; perft by a mailbox generator that makes "
        "every pseudo-legal move and keeps it if the king is safe (no bulk counting)",
        ray_walk},
      K{"hq",
        "Hyperbola Quintessence: files and diagonals by (o-2r) ^ bswap(bswap(o)-2bswap(r)), ranks by a 512-byte "
        "first-rank table",
        SliderKernel<Hq>::impl()},
      K{"classical",
        "ray masks per direction, the first blocker by bit scan (forward or reverse), a sentinel bit instead of a "
        "branch",
        SliderKernel<Classical>::impl()},
      K{"fancy-magic", "fancy magic bitboards: attacks[(occ & mask) * magic >> shift], magics verified at start-up",
        SliderKernel<FancyMagic>::impl()},
      K{"kogge-stone",
        "Kogge-Stone occluded fills, one 64-bit direction at a time; set-wise in perft (all sliders of a side at "
        "once, moves counted per direction)",
        SliderKernel<KoggeStone>::impl()},
  };
}

}  // namespace chess
