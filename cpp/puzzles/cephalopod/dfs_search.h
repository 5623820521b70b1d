#pragma once
// The depth-first search with a cache (dfs_cache.h has its data and the idea), over a Tools policy
// (scalar SWAR in scalar_tools.h, vectors in simd_dfs.h). A relative header, compiled where it is
// instantiated, as bfs_search.h says.
//
// The Tools:
//   static int children(Board b, Board* out);          // every move of a non-full b; out has
//                                                       // room for kChildBuffer + 16 words
//   static Canonical canonicalize(Board x);
//   static int find(const DfsCache&, std::uint32_t bucket, std::uint64_t key);  // way or -1
//   static void add_values(std::uint32_t* acc, const std::uint32_t* w, int j);  // acc[g] += w[kValueFrom[j][g]]
//   static void add_digits(std::uint32_t* acc, std::uint64_t border, std::uint32_t centre);
//       acc[g] += sum over cells p of digits_p * kOrientWeight[p][g]: the final children of a
//       frame only add their digits per cell while it runs (spread_border), weighted once here

namespace cephalopod {
using namespace ::sp::cephalopod;

// Needs depth >= 1 and a start board that is not full. False if the cache cannot be allocated.
template <class Tools>
bool dfs_search(Workspace& ws, Board start, int depth, DfsTotals& out) {
  DfsState& st = ws.dfs;
  Budget& budget = ws.budget;
  DfsCache& cache = st.cache;
  if (!cache.start(budget)) return false;
  DfsFrame* f = st.frames;
  for (auto& a : f->acc) a = 0;
  f->leaf_border = 0;
  f->leaf_centre = 0;
  f->board = start;
  f->turns = static_cast<std::uint8_t>(depth);
  f->sym = 0;
  f->next = 0;
  f->end = static_cast<std::uint16_t>(Tools::children(start, st.children));
  std::uint64_t expanded = 1;
  for (;;) {
    if (f->next == f->end) {
      if (f->leaf_border | f->leaf_centre) Tools::add_digits(f->acc, f->leaf_border, f->leaf_centre);
      if (f == st.frames) break;
      cache.store(budget, cache.bucket(f->board, f->turns), DfsCache::key(f->board, f->turns, cache.epoch), f->acc);
      DfsFrame* parent = f - 1;
      Tools::add_values(parent->acc, f->acc, f->sym);
      f = parent;
      continue;
    }
    const Board x = st.children[f->next++];
    const int left = f->turns - 1;
    if (left == 0 || is_full(x)) {
      f->leaf_border += spread_border(x);
      f->leaf_centre += x >> 24;
      continue;
    }
    const Canonical cx = Tools::canonicalize(x);
    const std::uint32_t b = cache.bucket(cx.board, left);
    const int way = Tools::find(cache, b, DfsCache::key(cx.board, left, cache.epoch));
    if (way >= 0) {
      Tools::add_values(f->acc, cache.values[std::size_t{b} * DfsCache::kWays + static_cast<std::size_t>(way)].v, cx.sym);
      continue;
    }
    DfsFrame* child = f + 1;
    for (auto& a : child->acc) a = 0;
    child->leaf_border = 0;
    child->leaf_centre = 0;
    child->board = cx.board;
    child->turns = static_cast<std::uint8_t>(left);
    child->sym = static_cast<std::uint8_t>(cx.sym);
    child->next = f->end;
    child->end = static_cast<std::uint16_t>(f->end + Tools::children(cx.board, st.children + f->end));
    f = child;
    ++expanded;
  }
  out.sum = f->acc[0];
  out.expanded = expanded;
  return true;
}

}  // namespace cephalopod
