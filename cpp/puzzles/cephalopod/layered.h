#pragma once
// `layered`: the search over (P, m) layers (layered_table.h), each canonical board expanded once.
// The block passes come from the BFS Tools (bfs_search.h: BoardAtATime for the scalar kernel,
// LaneTools for the vector ones): expand_children, canonicalize_block, find_or_add on a cursor,
// nonzero_slots, add_band / set_band (a band's counts re-oriented), spread and parent_final
// (scalar_tools.h, merge.h). For a layer, per block of parents:
//   1. children, tagged with their parent (full ones apart: final at any depth, weighted by the
//      sum of the parent's slots);
//   2. if the band reaches depth D - 1: that slot's paths end on the children, summed from their
//      digits per parent (one dot product per parent, as the BFS's last turn);
//   3. if any slot is below D - 1: canonical forms, then each child into its layer, (P + 1, m)
//      for a 1 and (P, m + j - 1) for a capture of j dice, with the parent's own slots that
//      hold paths re-oriented into the slot one capture on (capture) or the same (a 1).
// A relative header, as bfs_search.h says: compiled in each ISA pass (a template on the pass's
// Tools, so it inlines them) and at baseline for the scalar kernel and the illustration.

namespace cephalopod {
using namespace ::sp::cephalopod;

// A destination layer whose counts pass this many bytes gets its count lines prefetched during
// the probe; below it they sit in L2 (1 MiB on Zen 5), and the prefetch cost more than it saved.
inline constexpr std::size_t kCachedCounts = std::size_t{256} << 10;

struct LayeredTotals {
  std::uint32_t sum = 0;        // wrapping: mod 2^32, the answer is its low 30 bits
  std::uint64_t expanded = 0;   // boards whose moves were generated, each once
  std::uint32_t peak = 0;       // most boards in one layer (for the out-of-memory message)
  bool complete = true;         // false: stopped at max_expanded (stats only)
  // Asked by the illustration (layer_profile), not by the kernels: each layer's figures appended
  // here (costs a pass over its counts), and a stop after the layer where `expanded` passes
  // max_expanded (complete = false, the sum then partial).
  std::vector<LayerStats>* stats = nullptr;
  std::uint64_t max_expanded = ~std::uint64_t{0};
};

// Needs depth >= 1 and a start board that is not full. False: out of memory (out.peak: the
// largest layer so far; 0 if not even the block could be allocated).
template <class Tools>
bool layered_search(Workspace& ws, Board start, int depth, LayeredTotals& out) {
  if (!ws.block.grow_to(ws.budget, 1)) return false;
  LayeredSpace& space = ws.layered;
  BfsBlock& blk = ws.block[0];
  Budget& budget = ws.budget;
  std::vector<LayerStats>* const stats = out.stats;
  const std::uint64_t max_expanded = out.max_expanded;
  const LayerGeometry g = LayerGeometry::of(start, depth);
  LayerTable* cur = space.rows[0];
  LayerTable* next = space.rows[1];
  for (int m = 0; m < kLayerRow; ++m) {  // a call that failed may have left layers open
    cur[m].close(space.pools);
    next[m].close(space.pools);
  }
  {
    LayerTable& first = cur[g.m0];
    first.open(1);
    if (!first.cover(budget, space.pools, 0, 0) || !first.reserve(budget, space.pools, 1)) return false;
    const Canonical c0 = ::sp::cephalopod::canonicalize(start);
    TableCursor c = first.cursor();
    bool added = false;
    const std::uint32_t i = Tools::find_or_add(c, c0.board, home_bucket(c0.board, first.shift()), added);
    first.commit(c);
    std::uint32_t* counts = first.counts(i);
    for (std::size_t k = 0; k < first.stride(); ++k) counts[k] = 0;
    counts[kGroup.inverse[static_cast<std::size_t>(c0.sym)]] = 1;  // no capture yet
  }

  alignas(64) std::uint32_t total[kSymmetries];
  std::uint64_t border[kBlockParents];
  std::uint32_t centre[kBlockParents];
  std::uint8_t dest_of[kBlockChildren];  // 0: (P + 1, m), j - 1: (P, m + j - 1)

  for (int pips = g.p0; pips <= kMaxPips && pips - g.p0 <= depth; ++pips) {
    for (int m = g.m0; m <= kMaxM; ++m) {
      LayerTable& layer = cur[m];
      if (!layer.live()) continue;
      const std::uint32_t boards = layer.size();
      const int width = layer.width();
      const int dice = pips - m;
      // The slots that hold paths: [lo, hi] of the band.
      int lo = width, hi = -1;
      for (int w = 0; w < width; ++w) {
        std::uint32_t any = 0;
        for (std::uint32_t i = 0; i < boards; ++i) {
          const std::uint32_t* s = layer.counts(i) + w * kSymmetries;
          for (int k = 0; k < kSymmetries; ++k) any |= s[k];
          if (any) break;
        }
        if (any) {
          lo = std::min(lo, w);
          hi = w;
        }
      }
      if (stats) {
        std::uint64_t states = 0;
        for (std::uint32_t i = 0; i < boards; ++i)
          for (int w = 0; w < width; ++w) {
            const std::uint32_t* s = layer.counts(i) + w * kSymmetries;
            std::uint32_t any = 0;
            for (int k = 0; k < kSymmetries; ++k) any |= s[k];
            states += any != 0;
          }
        stats->push_back({pips, m, width, pips - g.p0 + layer.lowest_capture(), boards, states});
      }
      out.expanded += boards;
      out.peak = std::max(out.peak, boards);
      space.last_size[pips][m] = boards;
      if (hi < 0) {  // no board, or no paths
        layer.close(space.pools);
        continue;
      }
      // The slot at depth D - 1, if the paths reach it, ends its paths on the children; slots
      // [lo, top] go on into the children's layers.
      const int clo = layer.lowest_capture();
      const bool has_last = pips - g.p0 + clo + hi == depth - 1;
      const int top = has_last ? hi - 1 : hi;
      const bool growing = top >= lo;

      // The layers this one's children go to (only those its dice allow), their bands widened
      // to take captures clo + lo .. clo + top (+ 1 for a capture), and where a source slot w
      // lands in each: w + shift.
      LayerTable* dest[4] = {dice <= kCells - 2 ? &next[m] : nullptr, dice >= 2 ? &cur[m + 1] : nullptr,
                             dice >= 3 ? &cur[m + 2] : nullptr, dice >= 4 ? &cur[m + 3] : nullptr};
      int shift[4] = {0, 0, 0, 0};
      if (growing)
        for (int d = 0; d < 4; ++d) {
          if (!dest[d]) continue;
          const int capture = d == 0 ? 0 : 1;
          if (!dest[d]->live()) dest[d]->open(space.last_size[d == 0 ? pips + 1 : pips][m + d]);
          if (!dest[d]->cover(budget, space.pools, clo + lo + capture, clo + top + capture)) return false;
          shift[d] = clo + capture - dest[d]->lowest_capture();
        }

      for (std::uint32_t first = 0; first < boards; first += kBlockParents) {
        const std::uint32_t stop = std::min<std::uint32_t>(boards, first + kBlockParents);
        blk.first = first;
        // The next block's parent bands, fetched into L2 while this block works: the layer was
        // written as a destination a while ago (L3 or memory by now), and the first read of each
        // parent's band (nonzero_slots below) waited on it, about 12 % of the search on empty d40
        // (perf, cpu-clock). Into L2, not L1: a block's own traffic would evict them from L1.
        {
          const std::uint32_t ahead = std::min<std::uint32_t>(boards, stop + kBlockParents);
          const std::size_t bytes = std::size_t(hi - lo + 1) * kSymmetries * sizeof(std::uint32_t);
          for (std::uint32_t i = stop; i < ahead; ++i) {
            const char* band = reinterpret_cast<const char*>(layer.counts(i) + lo * kSymmetries);
            for (std::size_t b = 0; b < bytes; b += 64) prefetch_to_l2(band + b);
            prefetch_to_l2(band + bytes - 1);
          }
        }
        Tools::expand_children(layer.keys(), first, stop, blk);
        // Full children: final whatever the depth, so every slot's paths count.
        for (int k = 0; k < blk.nfinals; ++k) {
          const std::uint32_t* counts = layer.counts(first + (blk.finals[k] >> 27));
          for (int s = 0; s < kSymmetries; ++s) total[s] = 0;
          for (int w = lo; w <= hi; ++w)
            for (int s = 0; s < kSymmetries; ++s) total[s] += counts[w * kSymmetries + s];
          const Board x = blk.finals[k] & kAll;
          out.sum += Tools::parent_final(total, Tools::spread(x), x >> 24);
        }
        if (has_last) {
          for (std::uint32_t p = 0; p < stop - first; ++p) border[p] = centre[p] = 0;
          for (int k = 0; k < blk.size; ++k) {
            const Board x = blk.kids[k] & kAll;
            const std::uint32_t p = blk.kids[k] >> 27;
            border[p] += Tools::spread(x);
            centre[p] += x >> 24;
          }
          for (std::uint32_t i = first; i < stop; ++i)
            out.sum += Tools::parent_final(layer.counts(i) + hi * kSymmetries, border[i - first], centre[i - first]);
        }
        if (!growing || blk.size == 0) continue;
        // Each parent's own slots with paths within [lo, top]: its children take those only
        // (the layer's band is the union over its boards; one board's paths span fewer slots,
        // about 5 of 7 on the empty board at depth 40). A parent with none (its paths all end at
        // depth D - 1) has children with no paths to store: left out, they would be expanded
        // for nothing (and theirs in turn).
        std::uint8_t own_first[kBlockParents], own_slots[kBlockParents];  // from lo; 0: none
        std::uint32_t grows = 0;
        for (std::uint32_t i = first; i < stop; ++i) {
          const std::uint32_t live = Tools::nonzero_slots(layer.counts(i) + lo * kSymmetries, top - lo + 1);
          const int a = live ? __builtin_ctz(live) : 0, b = live ? 31 - __builtin_clz(live) : -1;
          own_first[i - first] = static_cast<std::uint8_t>(a);
          own_slots[i - first] = static_cast<std::uint8_t>(b - a + 1);
          grows |= std::uint32_t{live != 0} << (i - first);
        }
        if (grows != (stop - first == 32 ? ~0u : (1u << (stop - first)) - 1u)) {
          int kept = 0;
          for (int k = 0; k < blk.size; ++k)
            if (grows >> (blk.kids[k] >> 27) & 1u) {
              blk.kids[kept] = blk.kids[k];
              blk.parent[kept] = blk.parent[k];
              ++kept;
            }
          blk.size = kept;
          if (kept == 0) continue;
        }

        // Each child's layer from its dice (a 1 adds one die, a capture of j removes j - 1; the
        // dice are the same in every orientation), and room for exactly the children each takes.
        const int n = blk.size;
        std::uint32_t per_dest[4] = {0, 0, 0, 0};
        for (int k = 0; k < n; ++k) {
          const int d = dice - dice_count(blk.kids[k]);  // j - 1 for a capture, -1 for a 1
          const int dd = d < 0 ? 0 : d;
          dest_of[k] = static_cast<std::uint8_t>(dd);
          ++per_dest[dd];
        }
        for (int d = 0; d < 4; ++d)
          if (per_dest[d] && !dest[d]->reserve(budget, space.pools, per_dest[d])) return false;
        Tools::canonicalize_block(blk, 0);  // blk.slot: the full 32-bit hash, shifted per layer below

        // Probe, and for a board already there in a large layer (kCachedCounts), prefetch the
        // count lines its parent's slots will take: the count loop below then finds them in cache.
        TableCursor cursors[4];
        int shifts[4];
        bool far[4];  // counts past what the L2 cache holds: worth a prefetch
        std::size_t strides[4], band_at[4];  // counts per board; where slot lo lands, in counts
        for (int d = 0; d < 4; ++d)
          if (dest[d]) {
            cursors[d] = dest[d]->cursor();
            shifts[d] = dest[d]->shift();
            strides[d] = dest[d]->stride();
            band_at[d] = std::size_t(shift[d] + lo) * kSymmetries;
            far[d] = std::size_t{cursors[d].size} * strides[d] * sizeof(std::uint32_t) > kCachedCounts;
          }
        for (int k = 0; k < n; ++k) blk.slot[k] >>= shifts[dest_of[k]];
        constexpr int kAhead = 16;  // probes in flight
        for (int k = 0; k < std::min(n, kAhead); ++k) prefetch_for_write(cursors[dest_of[k]].buckets + blk.slot[k]);
        for (int k = 0; k < n; ++k) {
          if (k + kAhead < n) prefetch_for_write(cursors[dest_of[k + kAhead]].buckets + blk.slot[k + kAhead]);
          bool added = false;
          const int d = dest_of[k];
          TableCursor& c = cursors[d];
          const std::uint32_t slot = Tools::find_or_add(c, blk.kids[k], blk.slot[k], added);
          blk.slot[k] = slot | (added ? kAdded : 0);
          if (!added && far[d]) {
            const std::uint32_t p = blk.parent[k] - first;
            const char* line =
                reinterpret_cast<const char*>(c.counts + std::size_t{slot} * strides[d] + band_at[d] + own_first[p] * kSymmetries);
            const std::size_t bytes = std::size_t{own_slots[p]} * kSymmetries * sizeof(std::uint32_t);
            for (std::size_t b = 0; b < bytes; b += 64) prefetch_for_write(line + b);
            prefetch_for_write(line + bytes - 1);
          }
        }
        for (int d = 0; d < 4; ++d)
          if (dest[d]) dest[d]->commit(cursors[d]);

        // Counts: the parent's slot w goes to slot w + shift of the child's layer, re-oriented.
        // A new board's slots are written, not added to, and its other slots zeroed.
        for (int k = 0; k < n; ++k) {
          const int d = dest_of[k];
          const std::uint32_t slot = blk.slot[k];
          const std::uint32_t p = blk.parent[k] - first;
          const std::size_t at = band_at[d] + own_first[p] * kSymmetries;  // counts before the parent's slots
          const int count = own_slots[p];
          std::uint32_t* dst = cursors[d].counts + std::size_t{slot & ~kAdded} * strides[d];
          const std::uint32_t* src = layer.counts(blk.parent[k]) + (lo + own_first[p]) * kSymmetries;
          const int sym = static_cast<int>(blk.sym[k]);
          if (slot & kAdded) {
            const std::size_t end = at + std::size_t(count) * kSymmetries;
            for (std::size_t s = 0; s < at; s += kSymmetries) std::memset(dst + s, 0, kSymmetries * sizeof(std::uint32_t));
            for (std::size_t s = end; s < strides[d]; s += kSymmetries) std::memset(dst + s, 0, kSymmetries * sizeof(std::uint32_t));
            Tools::set_band(dst + at, src, count, sym);
          } else {
            Tools::add_band(dst + at, src, count, sym);
          }
        }
      }
      layer.close(space.pools);
      if (out.expanded > max_expanded) {
        out.complete = false;
        return true;
      }
    }
    std::swap(cur, next);
  }
  return true;
}

}  // namespace cephalopod
