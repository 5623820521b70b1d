#pragma once
// The three search engines (bfs_search.h, dfs_search.h, layered.h), the scalar Tools, and the one
// wrapper that makes an engine on some Tools a kernel.
//
// Relative headers (namespace cephalopod, reaching the baseline puzzle through ::sp::cephalopod):
// each ISA pass compiles them inside its own namespace (kernels.inl, sp::isa_<pass>::cephalopod),
// where a template instantiated on the pass's Tools is compiled for the pass and inlines its vector
// ops; the scalar kernels and the illustration include them at baseline inside namespace sp
// (swar.cpp), which gives sp::cephalopod as before. Nothing here includes a header of its own: the
// puzzle's baseline headers (cephalopod.h) and the standard ones (simd/isa_prelude.h in a pass) are
// in first.

#include "puzzles/cephalopod/bfs_search.h"
#include "puzzles/cephalopod/dfs_search.h"
#include "puzzles/cephalopod/layered.h"
#include "puzzles/cephalopod/scalar_tools.h"

namespace cephalopod {
using namespace ::sp::cephalopod;

template <class Totals>
Totals totals_of(bool (*)(Workspace&, Board, int, Totals&));

// A search engine as a kernel: `search` is bfs_sym_search, dfs_search or layered_search on some
// Tools, each taking (workspace, start board, depth, totals) and false when out of memory. It is a
// template argument, so the kernel calls it directly (the listings follow direct calls from a
// kernel's entry to its hot loop: scripts/build-listings.mjs), and each engine instantiation keeps
// its own symbol. A kernel is one line: search_kernel<bfs_sym_search<Tools>>(c, ws, "its id").
template <auto search>
Expected<Result<Answer>> search_kernel(const Case& c, Workspace& ws, const char* name) {
  if (c.depth == 0 || is_full(c.board)) return no_moves(c);
  decltype(totals_of(search)) t{};
  if (!search(ws, c.board, c.depth, t)) return out_of_memory(name, ws.budget, t.peak);
  Answer a;
  a.sum = t.sum % kHashModulus;
  a.states_expanded = t.expanded;
  return Result<Answer>{a, t.expanded};
}

}  // namespace cephalopod
