// The scalar SWAR kernels: swar-bfs (every board), swar-bfs-sym (symmetry classes) and
// dfs-cache (Karang's depth-first shape). Moves come from for_each_child (board.h): SWAR on the
// 27-bit word, never decoded.

#include "puzzles/cephalopod/cephalopod.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "simd/prefetch.h"

// The search engines and ScalarTools are relative headers, compiled in each ISA pass under its own
// namespace; here, inside namespace sp, they are sp::cephalopod's at baseline (engines.h; what
// they use is included above, as simd/isa_prelude.h does for a pass).
namespace sp {
#include "puzzles/cephalopod/engines.h"
}  // namespace sp

namespace sp::cephalopod {

// Plain BFS: one entry per distinct board with one wrapping u32 path count (2^30 divides 2^32,
// so the low 30 bits stay exact however large the true count grows).
Expected<Result<Answer>> solve_swar_bfs(const Case& c, Workspace& ws) {
  if (c.depth == 0 || is_full(c.board)) return no_moves(c);
  Level<1>* cur = &ws.plain[0];
  Level<1>* next = &ws.plain[1];
  cur->clear();
  if (!cur->reserve(ws.budget, 1)) return out_of_memory("swar-bfs", ws.budget, 1);
  bool added = false;
  *cur->counts(cur->find_or_add(c.board, added)) = 1;

  std::uint32_t sum = 0;
  std::uint64_t expanded = 0;
  for (int turn = 1; turn <= c.depth; ++turn) {
    const bool last = turn == c.depth;
    next->clear();
    for (std::uint32_t i = 0; i < cur->size(); ++i) {
      const Board b = cur->key(i);
      const std::uint32_t paths = *cur->counts(i);
      ++expanded;
      if (last) {  // every child is final
        std::uint32_t hashes = 0;
        for_each_child(b, [&](Board x) { hashes += hash(x); });
        sum += paths * hashes;
        continue;
      }
      if (!next->reserve(ws.budget, kMaxChildren)) return out_of_memory("swar-bfs", ws.budget, next->size());
      for_each_child(b, [&](Board x) {
        if (is_full(x)) {  // the game is over: final whatever the depth
          sum += paths * hash(x);
          return;
        }
        std::uint32_t* count = next->counts(next->find_or_add(x, added));
        *count = added ? paths : *count + paths;
      });
    }
    std::swap(cur, next);
  }
  Answer a;
  a.sum = sum % kHashModulus;
  a.states_expanded = expanded;
  return Result<Answer>{a, expanded};
}

Expected<Result<Answer>> solve_swar_bfs_sym(const Case& c, Workspace& ws) {
  return search_kernel<bfs_sym_search<ScalarTools>>(c, ws, "swar-bfs-sym");
}
Expected<Result<Answer>> solve_dfs_cache(const Case& c, Workspace& ws) {
  return search_kernel<dfs_search<ScalarTools>>(c, ws, "dfs-cache");
}
Expected<Result<Answer>> solve_layered(const Case& c, Workspace& ws) {
  return search_kernel<layered_search<ScalarTools>>(c, ws, "layered");
}

Expected<LayerProfile> layer_profile(const Case& c, Workspace& ws, std::uint64_t max_boards) {
  LayerProfile p;
  if (c.depth == 0 || is_full(c.board)) return p;  // no move: no layer is expanded
  LayeredTotals t;
  t.stats = &p.layers;
  t.max_expanded = max_boards;
  if (!layered_search<ScalarTools>(ws, c.board, c.depth, t)) return out_of_memory("layers", ws.budget, t.peak);
  p.boards = t.expanded;
  p.complete = t.complete;
  return p;
}

SP_REGISTER_KERNEL(Cephalopod,
                   {"swar-bfs", Isa::scalar, 0, "27-bit words, SWAR moves, every board merged per depth in a flat table", "bfs"},
                   &solve_swar_bfs);
SP_REGISTER_KERNEL(Cephalopod,
                   {"swar-bfs-sym", Isa::scalar, 0,
                    "symmetry classes: the smallest of 8 images, 8 path counts per class, re-oriented per child", "bfs"},
                   &solve_swar_bfs_sym);
SP_REGISTER_KERNEL(Cephalopod,
                   {"dfs-cache", Isa::scalar, 0,
                    "Karang's shape: explicit stacks, a (class, turns left) cache of 8 oriented hash sums", "dfs"},
                   &solve_dfs_cache);
SP_REGISTER_KERNEL(Cephalopod,
                   {"layered", Isa::scalar, 0,
                    "each class expanded once, in (pip sum, pips - dice) layers; a band of 8 counts per possible capture count", "layered"},
                   &solve_layered);

}  // namespace sp::cephalopod
