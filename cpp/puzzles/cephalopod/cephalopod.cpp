#include "puzzles/cephalopod/cephalopod.h"

#include "puzzles/cephalopod/scalar_tools.h"

namespace sp::cephalopod {

Result<Answer> no_moves(const Case& c) {
  Answer a;
  a.sum = hash(c.board) % kHashModulus;
  return {a, 0};
}

std::string format_bytes(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (std::size_t{1} << 10) && bytes % (std::size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

Error out_of_memory(const char* what, const Budget& budget, std::size_t boards) {
  std::string msg = std::string(what) + ": the search needs more than " + format_bytes(budget.cap) + " of tables";
  if (boards) msg += " (one depth reached " + std::to_string(boards) + " boards)";
  return Error{msg};
}

// Classes only: a Level with no counts. Boards per level are the classes' orbit sizes summed
// (8 / the number of symmetries that fix the board).
Expected<std::vector<LevelProfile>> level_profile(const Case& c, Workspace& ws) {
  auto orbit = [](Board b) {
    int fixed = 0;
    const Board t = transpose(b);
    for (int k = 0; k < kSymmetries; ++k) fixed += rotate(k < 4 ? b : t, k & 3) == b;
    return static_cast<std::uint64_t>(kSymmetries / fixed);
  };
  std::vector<LevelProfile> out;
  Level<kSymmetries>* cur = &ws.sym[0];
  Level<kSymmetries>* next = &ws.sym[1];
  cur->clear();
  if (!cur->reserve(ws.budget, 1)) return out_of_memory("illustrate", ws.budget, 1);
  bool added = false;
  cur->find_or_add(canonicalize(c.board).board, added);
  for (int d = 0;; ++d) {
    LevelProfile p{d, 0, cur->size(), 0};
    for (std::uint32_t i = 0; i < cur->size(); ++i) {
      const std::uint64_t n = orbit(cur->key(i));
      p.boards += n;
      if (is_full(cur->key(i))) p.full += n;
    }
    out.push_back(p);
    if (d == c.depth) break;
    next->clear();
    for (std::uint32_t i = 0; i < cur->size(); ++i) {
      const Board b = cur->key(i);
      if (is_full(b)) continue;
      if (!next->reserve(ws.budget, kMaxChildren)) return out_of_memory("illustrate", ws.budget, next->size());
      for_each_child(b, [&](Board x) { next->find_or_add(canonicalize(x).board, added); });
    }
    std::swap(cur, next);
  }
  return out;
}

}  // namespace sp::cephalopod
