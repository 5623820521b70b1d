#pragma once
// Sliding-piece attacks, one method per struct. Every method answers the same question: the
// squares a rook, bishop or queen on square s attacks when the squares in `occ` are occupied (the
// first blocker in each direction is included, whoever owns it; whether `occ` holds s itself does
// not matter). A method is a "slider" type with
//
//   static Bitboard bishop(Square, Bitboard occ), rook(...), queen(...);
//   static constexpr std::size_t table_bytes();                  // lookup tables it reads, in bytes
//
// and, for set-wise methods (kSetwise = true), the attacks of many sliders at once:
//
//   static Bitboard attacks_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ);
//   static int count_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, Bitboard targets);
//
// (orthogonal = rooks and queens, diagonal = bishops and queens). count_set counts the (slider,
// target) pairs: along one direction the rays of different sliders never overlap (a ray stops at
// the first piece, which is where the next slider's ray would start), so one popcount per
// direction counts moves, not squares.
//
// The move generator (movegen.h) takes the method as a template parameter. The scalar methods
// live here, at baseline (the reference, the magic tables' builder and the tests use them too):
// plain inline code that the kernels' ISA passes inline into their own generators, as they do
// bitboard.h's helpers. hq-simd, the vector Kogge-Stone fills and pext, which name a pass's
// instructions, are in hq_simd.h, kogge_stone_simd.h and kernels.inl.

#include <array>
#include <cstddef>
#include <cstdint>

#include "puzzles/chess/bitboard.h"

namespace sp::chess {

// ---- ray-walk: the readable reference ------------------------------------------------------------

// Steps square by square from s in each direction until the edge or the first occupied square.
struct RayWalk {
  static constexpr bool kSetwise = false;

  static Bitboard walk(Square s, Bitboard occ, int df, int dr) {
    Bitboard attacks = 0;
    for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
      const Bitboard b = square_bb(make_square(f, r));
      attacks |= b;
      if (occ & b) break;
    }
    return attacks;
  }
  static Bitboard rook(Square s, Bitboard occ) {
    return walk(s, occ, 0, 1) | walk(s, occ, 0, -1) | walk(s, occ, 1, 0) | walk(s, occ, -1, 0);
  }
  static Bitboard bishop(Square s, Bitboard occ) {
    return walk(s, occ, 1, 1) | walk(s, occ, -1, 1) | walk(s, occ, 1, -1) | walk(s, occ, -1, -1);
  }
  static Bitboard queen(Square s, Bitboard occ) { return rook(s, occ) | bishop(s, occ); }
  static constexpr std::size_t table_bytes() { return 0; }
};

// ---- hq: Hyperbola Quintessence -------------------------------------------------------------------

namespace detail {
// Rank attacks of a slider on file f of the first rank, for each occupancy of the six inner
// squares b1..g1 (the end squares never change what the slider sees): 8 x 64 bytes.
inline constexpr auto kFirstRankAttacks = [] {
  std::array<std::array<std::uint8_t, 64>, 8> t{};
  for (int f = 0; f < 8; ++f)
    for (int inner = 0; inner < 64; ++inner) {
      const unsigned occ = static_cast<unsigned>(inner) << 1;
      unsigned a = 0;
      for (int g = f + 1; g < 8; ++g) {
        a |= 1u << g;
        if (occ & (1u << g)) break;
      }
      for (int g = f - 1; g >= 0; --g) {
        a |= 1u << g;
        if (occ & (1u << g)) break;
      }
      t[f][inner] = static_cast<std::uint8_t>(a);
    }
  return t;
}();
}  // namespace detail

// Hyperbola Quintessence (Isenberg; the xor form after Peshkov): along one line through the
// slider r, with o the occupied squares of the line, `o - 2r` borrows up to the first blocker
// above r, so `o ^ (o - 2r)` is the ray towards higher squares. The ray towards lower squares is
// the same subtraction on the reversed line, reversed back; opposite rays are disjoint, so
// attacks = ((o - 2r) ^ reverse(reverse(o) - 2 reverse(r))) & line. For a file or a diagonal the
// reversal is a byte swap (one square per byte). Here o excludes r, so `o - 2r` becomes `o - r`.
//
// Ranks: a byte swap does not reverse a rank (all its squares share one byte). The options are a
// full 64-bit bit reversal (ARM RBIT; x86 has none in scalar code), mapping the rank onto a
// diagonal and back (two multiplies), or a first-rank table. The table wins here: one shift, one
// mask and one load of a 512-byte table that stays in L1, against a dozen ALU operations for a
// software bit reversal. hq-simd does ranks by bit reversal, where its ISA has one.
struct Hq {
  static constexpr bool kSetwise = false;

  static Bitboard line(Square s, Bitboard occ, Bitboard mask) {
    const Bitboard r = square_bb(s);
    Bitboard forward = occ & mask;
    Bitboard reverse = byte_swap(forward);
    forward -= r;
    reverse -= byte_swap(r);
    return (forward ^ byte_swap(reverse)) & mask;
  }
  static Bitboard rank(Square s, Bitboard occ) {
    const int shift = s & 56;
    return Bitboard{detail::kFirstRankAttacks[s & 7][(occ >> (shift + 1)) & 63]} << shift;
  }
  static Bitboard bishop(Square s, Bitboard occ) {
    return line(s, occ, kLineMasks[s].diagonal) | line(s, occ, kLineMasks[s].anti_diagonal);
  }
  static Bitboard rook(Square s, Bitboard occ) { return line(s, occ, kLineMasks[s].file) | rank(s, occ); }
  static Bitboard queen(Square s, Bitboard occ) { return bishop(s, occ) | rook(s, occ); }
  static constexpr std::size_t table_bytes() { return sizeof(kLineMasks) + sizeof(detail::kFirstRankAttacks); }
};

// ---- classical: ray masks and a bit scan ----------------------------------------------------------

// Each direction's ray to the edge, minus the ray beyond the first blocker. Rays towards higher
// squares find their blocker with a forward scan, the others with a reverse scan. A sentinel bit
// (h8 for the upward rays, a1 for the downward ones) stands in for "no blocker": the ray beyond
// it is empty, so there is no branch.
struct Classical {
  static constexpr bool kSetwise = false;

  static Bitboard up(Square s, Bitboard occ, int dir) {
    const Bitboard ray = kRays[dir][s];
    return ray ^ kRays[dir][lsb((ray & occ) | square_bb(63))];
  }
  static Bitboard down(Square s, Bitboard occ, int dir) {
    const Bitboard ray = kRays[dir][s];
    return ray ^ kRays[dir][msb((ray & occ) | square_bb(0))];
  }
  static Bitboard rook(Square s, Bitboard occ) {
    return up(s, occ, kRayN) | up(s, occ, kRayE) | down(s, occ, kRayS) | down(s, occ, kRayW);
  }
  static Bitboard bishop(Square s, Bitboard occ) {
    return up(s, occ, kRayNE) | up(s, occ, kRayNW) | down(s, occ, kRaySE) | down(s, occ, kRaySW);
  }
  static Bitboard queen(Square s, Bitboard occ) { return rook(s, occ) | bishop(s, occ); }
  static constexpr std::size_t table_bytes() { return sizeof(kRays); }
};

// ---- fancy magic -----------------------------------------------------------------------------------

// Per square: the relevant occupancy (the lines without the edge squares), and where its attack
// sets start in the shared table. Fancy magic indexes with ((occ & mask) * magic) >> shift; PEXT
// indexes with pext(occ, mask) and the same entry counts.
struct MagicEntry {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
};

struct MagicTables {
  MagicEntry rook[64];
  MagicEntry bishop[64];
};

// Built while the program starts (magic.cpp), so they are never seen unbuilt, whatever runs first:
// the magic numbers (constants found offline by find_magic below) are verified while the table is
// filled, and a bad one would be searched again.
extern MagicTables g_magic;
#if defined(__x86_64__) || defined(_M_X64)
extern MagicTables g_pext;  // same entries, filled in PEXT order; magic fields unused
#endif
// Attack sets per table: the sum over squares of 2^(relevant bits), 102,400 for rooks and 5,248
// for bishops (the same for fancy magic and PEXT: both index densely by the relevant occupancy).
inline constexpr std::size_t kMagicRookEntries = 102400;
inline constexpr std::size_t kMagicBishopEntries = 5248;
inline constexpr std::size_t kMagicEntries = kMagicRookEntries + kMagicBishopEntries;
// Attack sets + per-square entries.
constexpr std::size_t magic_table_bytes() { return kMagicEntries * sizeof(Bitboard) + sizeof(MagicTables); }

// A deterministic search for a fancy magic of square s (sparse random candidates from a seeded
// xorshift); returns 0 if none is found within `tries`. Exposed so the tests can show the shipped
// constants are what it finds and that they are valid.
Bitboard find_magic(Square s, bool bishop, std::uint64_t seed, int tries);
// Whether `magic` maps every occupancy subset of s's mask to a slot without a conflicting attack set.
bool magic_is_valid(Square s, bool bishop, Bitboard magic);
Bitboard relevant_mask(Square s, bool bishop);

struct FancyMagic {
  static constexpr bool kSetwise = false;

  static Bitboard lookup(const MagicEntry& e, Bitboard occ) {
    return e.attacks[((occ & e.mask) * e.magic) >> e.shift];
  }
  static Bitboard rook(Square s, Bitboard occ) { return lookup(g_magic.rook[s], occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return lookup(g_magic.bishop[s], occ); }
  static Bitboard queen(Square s, Bitboard occ) { return rook(s, occ) | bishop(s, occ); }
  static constexpr std::size_t table_bytes() { return magic_table_bytes(); }
};

// ---- Kogge-Stone: parallel prefix fills, set-wise -------------------------------------------------

// The occluded fill of Kogge and Stone's parallel prefix adder: three doubling steps spread the
// generators (sliders) through the propagators (empty squares) in one direction; one more step
// gives the attacks, blockers included. Rotations plus a per-direction mask of the squares a step
// may land on (no wrap across the board edge) give all eight directions one shape, which is what
// the vector versions put in lanes.
namespace detail {
struct FillDirection {
  int rotate;          // left rotation by 8*dr + df, mod 64
  Bitboard land_mask;  // squares a one-step move in this direction can land on
};
// Order: the four orthogonal directions, then the four diagonal ones (vector lanes follow it).
inline constexpr std::array<FillDirection, 8> kFillDirections = {{
    {8, ~kRank1},                    // north
    {56, ~kRank8},                   // south
    {1, ~kFileA},                    // east
    {63, ~kFileH},                   // west
    {9, ~kRank1 & ~kFileA},          // north-east
    {7, ~kRank1 & ~kFileH},          // north-west
    {57, ~kRank8 & ~kFileA},         // south-east
    {55, ~kRank8 & ~kFileH},         // south-west
}};
constexpr Bitboard rotl(Bitboard b, int r) { return (b << r) | (b >> ((64 - r) & 63)); }
}  // namespace detail

struct KoggeStone {
  static constexpr bool kSetwise = true;

  static Bitboard fill_attacks(Bitboard gen, Bitboard empty, int dir) {
    const int r = detail::kFillDirections[dir].rotate;
    const Bitboard land = detail::kFillDirections[dir].land_mask;
    Bitboard pro = empty & land;
    gen |= pro & detail::rotl(gen, r);
    pro &= detail::rotl(pro, r);
    gen |= pro & detail::rotl(gen, 2 * r & 63);
    pro &= detail::rotl(pro, 2 * r & 63);
    gen |= pro & detail::rotl(gen, 4 * r & 63);
    return detail::rotl(gen, r) & land;
  }
  static Bitboard attacks_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ) {
    Bitboard a = 0;
    for (int d = 0; d < 4; ++d) a |= fill_attacks(orthogonal, ~occ, d);
    for (int d = 4; d < 8; ++d) a |= fill_attacks(diagonal, ~occ, d);
    return a;
  }
  static int count_set(Bitboard orthogonal, Bitboard diagonal, Bitboard occ, Bitboard targets) {
    int n = 0;
    for (int d = 0; d < 4; ++d) n += popcount(fill_attacks(orthogonal, ~occ, d) & targets);
    for (int d = 4; d < 8; ++d) n += popcount(fill_attacks(diagonal, ~occ, d) & targets);
    return n;
  }
  static Bitboard rook(Square s, Bitboard occ) { return attacks_set(square_bb(s), 0, occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return attacks_set(0, square_bb(s), occ); }
  static Bitboard queen(Square s, Bitboard occ) { return attacks_set(square_bb(s), square_bb(s), occ); }
  static constexpr std::size_t table_bytes() { return 0; }
};

}  // namespace sp::chess
