// Fancy magic and PEXT tables: the relevant-occupancy masks, the magic numbers (found offline by
// find_magic with the seeds below, verified here as the tables are filled), and the attack sets.

#include <vector>

#include "puzzles/chess/magic_constants.h"
#include "puzzles/chess/sliders.h"

namespace sp::chess {

MagicTables g_magic;
#if defined(__x86_64__) || defined(_M_X64)
MagicTables g_pext;
#endif

namespace {

constexpr std::size_t kEntries = kMagicEntries;  // sliders.h

Bitboard g_magic_attacks[kEntries];
#if defined(__x86_64__) || defined(_M_X64)
Bitboard g_pext_attacks[kEntries];
#endif

Bitboard slow_attacks(Square s, bool bishop, Bitboard occ) {
  return bishop ? RayWalk::bishop(s, occ) : RayWalk::rook(s, occ);
}

// xorshift64*: a fixed sequence per seed on every platform.
struct XorShift {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ull;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// All subsets of `mask` with their attack sets, in carry-rippler order. That order is also the
// PEXT order: the n-th subset visited is the one whose bits, compressed, read n.
struct Subsets {
  std::vector<Bitboard> occupancy, attacks;
  Subsets(Square s, bool bishop) {
    const Bitboard mask = relevant_mask(s, bishop);
    Bitboard sub = 0;
    do {
      occupancy.push_back(sub);
      attacks.push_back(slow_attacks(s, bishop, sub));
      sub = (sub - mask) & mask;
    } while (sub);
  }
};

// Fills `slots` (2^bits entries) through `magic`; false at the first slot two different attack
// sets want.
bool fill_with_magic(const Subsets& sub, Bitboard magic, unsigned shift, Bitboard* slots,
                     std::vector<std::uint8_t>& used) {
  used.assign(std::size_t{1} << (64 - shift), 0);
  for (std::size_t i = 0; i < sub.occupancy.size(); ++i) {
    const std::size_t idx = static_cast<std::size_t>((sub.occupancy[i] * magic) >> shift);
    if (used[idx] && slots[idx] != sub.attacks[i]) return false;
    used[idx] = 1;
    slots[idx] = sub.attacks[i];
  }
  return true;
}

void build(bool bishop, Bitboard*& next_slot, MagicEntry* entries,
           [[maybe_unused]] Bitboard*& next_pext_slot, [[maybe_unused]] MagicEntry* pext_entries) {
  std::vector<std::uint8_t> used;
  for (Square s = 0; s < 64; ++s) {
    const Subsets sub(s, bishop);
    const Bitboard mask = relevant_mask(s, bishop);
    const unsigned shift = 64 - static_cast<unsigned>(popcount(mask));
    Bitboard magic = bishop ? kBishopMagics[s] : kRookMagics[s];
    // Only a corrupted constant fails here; the search then finds a replacement in milliseconds.
    for (std::uint64_t seed = kMagicSeed; !fill_with_magic(sub, magic, shift, next_slot, used) && seed < kMagicSeed + 64; ++seed)
      magic = find_magic(s, bishop, seed, 1 << 20);
    entries[s] = {mask, magic, next_slot, shift};
    next_slot += std::size_t{1} << (64 - shift);
#if defined(__x86_64__) || defined(_M_X64)
    pext_entries[s] = {mask, 0, next_pext_slot, shift};
    for (std::size_t i = 0; i < sub.attacks.size(); ++i) next_pext_slot[i] = sub.attacks[i];
    next_pext_slot += sub.attacks.size();
#endif
  }
}

}  // namespace

Bitboard relevant_mask(Square s, bool bishop) {
  const Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
  return slow_attacks(s, bishop, 0) & ~edges;
}

bool magic_is_valid(Square s, bool bishop, Bitboard magic) {
  const Subsets sub(s, bishop);
  const unsigned shift = 64 - static_cast<unsigned>(popcount(relevant_mask(s, bishop)));
  std::vector<Bitboard> slots(std::size_t{1} << (64 - shift));
  std::vector<std::uint8_t> used;
  return fill_with_magic(sub, magic, shift, slots.data(), used);
}

Bitboard find_magic(Square s, bool bishop, std::uint64_t seed, int tries) {
  const Subsets sub(s, bishop);
  const Bitboard mask = relevant_mask(s, bishop);
  const unsigned shift = 64 - static_cast<unsigned>(popcount(mask));
  std::vector<Bitboard> slots(std::size_t{1} << (64 - shift));
  std::vector<std::uint8_t> used;
  XorShift rng{seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(s) + (bishop ? 64 : 0) + 1};
  for (int t = 0; t < tries; ++t) {
    const Bitboard magic = rng.sparse();
    // A magic must spread the mask's bits into the top byte; few candidates that do not are good.
    if (popcount((mask * magic) & 0xFF00000000000000ull) < 6) continue;
    if (fill_with_magic(sub, magic, shift, slots.data(), used)) return magic;
  }
  return 0;
}

namespace {
// The tables are built while the program starts: this object's constructor runs during the dynamic
// initialisation of this file, after the zero-initialised tables above exist and before main() (and
// before a wasm module's first call), so no kernel, test or binding can read them unbuilt, in any
// order. Nothing reads them from another file's static initialiser (the registrations only record
// kernels). It costs about 5 ms at start-up.
struct TablesBuiltAtStartup {
  TablesBuiltAtStartup() {
    Bitboard* slot = g_magic_attacks;
    Bitboard* pext_slot = nullptr;
    MagicEntry* pext_rook = nullptr;
    MagicEntry* pext_bishop = nullptr;
#if defined(__x86_64__) || defined(_M_X64)
    pext_slot = g_pext_attacks;
    pext_rook = g_pext.rook;
    pext_bishop = g_pext.bishop;
#endif
    build(false, slot, g_magic.rook, pext_slot, pext_rook);
    build(true, slot, g_magic.bishop, pext_slot, pext_bishop);
  }
} const tables_built_at_startup;
}  // namespace

static_assert(magic_table_bytes() == sizeof(g_magic_attacks) + sizeof(MagicTables));

}  // namespace sp::chess
