// Included before a playground user's Cephalopod source, inside its ISA pass: the depth-first
// search with a cache and our simd-dfs tools (simd_dfs.h: canonical forms, the cache's probes and
// sums), as kernels.inl has them. board.h's SWAR helpers come with cephalopod.h, above the pass.
#include "puzzles/cephalopod/engines.h"
#include "puzzles/cephalopod/simd_dfs.h"
