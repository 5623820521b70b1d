// Included before a playground user's chess source, inside its ISA pass: the legal move
// generator and the attacks loops over a slider method (kernel_impl.h, which includes movegen.h),
// as kernels.inl has them. The baseline helpers (square_bb, byte_swap, kLineMasks, and our scalar
// methods of sliders.h: Hq, Classical, RayWalk, ...) come with chess.h, above the pass.
#include "puzzles/chess/kernel_impl.h"
