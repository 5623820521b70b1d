#pragma once
// Bitboard basics, in the style of Stockfish's bitboard.h: one 64-bit word per set of squares,
// square a1 = bit 0, b1 = bit 1, ..., h8 = bit 63 (little-endian rank-file mapping), small pure
// functions, and tables computed at compile time.
//
// Everything here is plain (non-template) inline code or constexpr data, and this header is
// baseline code, included above the kernels' ISA passes (chess.h; cpp/simd/isa.h): kernels
// compiled for other instruction sets inline these helpers into their own code (a baseline helper
// may be inlined into an AVX2 caller, not the other way round), so no ISA-specific copy of a
// shared function can reach a baseline caller.

#include <array>
#include <cstdint>
#include <type_traits>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace sp::chess {

using Bitboard = std::uint64_t;
using Square = int;  // 0..63; a1 = 0, h1 = 7, a8 = 56, h8 = 63

enum Color : int { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return static_cast<Color>(c ^ 1); }

inline constexpr int kNoSquare = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

inline constexpr Bitboard kFileA = 0x0101010101010101ull;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFull;
inline constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }

// Population count, lowest set bit, and "pop the lowest bit". The builtins, not <bit>: these are
// inlined into kernels compiled with POPCNT/BMI, and a builtin expands with the caller's ISA.
inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lsb(Bitboard b) { return __builtin_ctzll(b); }  // b != 0
inline Square msb(Bitboard b) { return 63 ^ __builtin_clzll(b); }  // b != 0
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
// wasm has no 64-bit byte swap: LLVM spells __builtin_bswap64 as about 15 shifts, masks and ors,
// where x86 has `bswap` and ARM `rev`. With SIMD128 one byte shuffle of a vector register does it
// (V8 emits a move in, a pshufb / tbl and a move out); Hyperbola Quintessence swaps three times per
// line, so this is most of the scalar kernel's cost in wasm.
constexpr Bitboard byte_swap(Bitboard b) {
#if defined(__wasm_simd128__)
  if (!std::is_constant_evaluated()) {
    const v128_t v = wasm_i64x2_splat(static_cast<std::int64_t>(b));
    return static_cast<Bitboard>(wasm_i64x2_extract_lane(wasm_i8x16_shuffle(v, v, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8), 0));
  }
#endif
  return __builtin_bswap64(b);
}

// The eight compass directions as square offsets.
enum Direction : int {
  kNorth = 8, kSouth = -8, kEast = 1, kWest = -1,
  kNorthEast = 9, kNorthWest = 7, kSouthEast = -7, kSouthWest = -9,
};
inline constexpr std::array<Direction, 4> kOrthogonal = {kNorth, kSouth, kEast, kWest};
inline constexpr std::array<Direction, 4> kDiagonal = {kNorthEast, kNorthWest, kSouthEast, kSouthWest};

// Moves every square of b one step in direction d; squares that would leave the board (or wrap
// around to the other edge) vanish.
constexpr Bitboard shift(Bitboard b, Direction d) {
  switch (d) {
    case kNorth: return b << 8;
    case kSouth: return b >> 8;
    case kEast: return (b & ~kFileH) << 1;
    case kWest: return (b & ~kFileA) >> 1;
    case kNorthEast: return (b & ~kFileH) << 9;
    case kNorthWest: return (b & ~kFileA) << 7;
    case kSouthEast: return (b & ~kFileH) >> 7;
    case kSouthWest: return (b & ~kFileA) >> 9;
  }
  return 0;
}

// "Forward" for a colour: north for white, south for black.
constexpr Direction up(Color c) { return c == kWhite ? kNorth : kSouth; }
constexpr Direction up_east(Color c) { return c == kWhite ? kNorthEast : kSouthEast; }
constexpr Direction up_west(Color c) { return c == kWhite ? kNorthWest : kSouthWest; }
// The rank a pawn of colour c promotes on, and the rank its double push lands on, as seen from c.
constexpr int relative_rank(Color c, int rank) { return c == kWhite ? rank : 7 - rank; }
constexpr Bitboard relative_rank_bb(Color c, int rank) { return rank_bb(relative_rank(c, rank)); }

// Squares attacked by the pawns in b (all of them at once).
constexpr Bitboard pawn_attacks(Color c, Bitboard b) { return shift(b, up_east(c)) | shift(b, up_west(c)); }

namespace detail {

constexpr bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Steps (df, dr) from s, if they stay on the board.
template <std::size_t N>
constexpr Bitboard leaper(Square s, const int (&steps)[N][2]) {
  Bitboard b = 0;
  for (const auto& st : steps) {
    const int f = file_of(s) + st[0], r = rank_of(s) + st[1];
    if (on_board(f, r)) b |= square_bb(make_square(f, r));
  }
  return b;
}

constexpr int kKnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

constexpr int file_step(Direction d) { return d == kEast || d == kNorthEast || d == kSouthEast ? 1 : d == kWest || d == kNorthWest || d == kSouthWest ? -1 : 0; }
constexpr int rank_step(Direction d) { return d == kNorth || d == kNorthEast || d == kNorthWest ? 1 : d == kSouth || d == kSouthEast || d == kSouthWest ? -1 : 0; }

// The squares from s (exclusive) to the edge in direction d, on an empty board.
constexpr Bitboard ray(Square s, Direction d) {
  Bitboard b = 0;
  for (int f = file_of(s) + file_step(d), r = rank_of(s) + rank_step(d); on_board(f, r);
       f += file_step(d), r += rank_step(d))
    b |= square_bb(make_square(f, r));
  return b;
}

template <class F>
constexpr std::array<Bitboard, 64> per_square(F f) {
  std::array<Bitboard, 64> t{};
  for (Square s = 0; s < 64; ++s) t[s] = f(s);
  return t;
}

constexpr std::array<std::array<Bitboard, 64>, 8> make_rays() {
  constexpr Direction dirs[8] = {kNorth, kSouth, kEast, kWest, kNorthEast, kNorthWest, kSouthEast, kSouthWest};
  std::array<std::array<Bitboard, 64>, 8> t{};
  for (int i = 0; i < 8; ++i)
    for (Square s = 0; s < 64; ++s) t[i][s] = ray(s, dirs[i]);
  return t;
}

// between[a][b]: the squares strictly between a and b if they share a line, else empty.
constexpr std::array<std::array<Bitboard, 64>, 64> make_between() {
  constexpr Direction dirs[8] = {kNorth, kSouth, kEast, kWest, kNorthEast, kNorthWest, kSouthEast, kSouthWest};
  std::array<std::array<Bitboard, 64>, 64> t{};
  for (Square a = 0; a < 64; ++a)
    for (Direction d : dirs) {
      Bitboard passed = 0;
      for (int f = file_of(a) + file_step(d), r = rank_of(a) + rank_step(d); on_board(f, r);
           f += file_step(d), r += rank_step(d)) {
        t[a][make_square(f, r)] = passed;
        passed |= square_bb(make_square(f, r));
      }
    }
  return t;
}

}  // namespace detail

inline constexpr std::array<Bitboard, 64> kKnightAttacks =
    detail::per_square([](Square s) { return detail::leaper(s, detail::kKnightSteps); });
inline constexpr std::array<Bitboard, 64> kKingAttacks =
    detail::per_square([](Square s) { return detail::leaper(s, detail::kKingSteps); });
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    detail::per_square([](Square s) { return pawn_attacks(kWhite, square_bb(s)); }),
    detail::per_square([](Square s) { return pawn_attacks(kBlack, square_bb(s)); })};

// Rays to the edge, indexed [direction index][square]; direction indices follow kRayDirections.
inline constexpr std::array<Direction, 8> kRayDirections = {kNorth, kSouth, kEast, kWest,
                                                            kNorthEast, kNorthWest, kSouthEast, kSouthWest};
inline constexpr auto kRays = detail::make_rays();
enum RayIndex : int { kRayN, kRayS, kRayE, kRayW, kRayNE, kRayNW, kRaySE, kRaySW };

// Empty-board slider attacks ("pseudo attacks"): which enemy sliders could see a square at all.
inline constexpr std::array<Bitboard, 64> kRookEmpty =
    detail::per_square([](Square s) { return kRays[kRayN][s] | kRays[kRayS][s] | kRays[kRayE][s] | kRays[kRayW][s]; });
inline constexpr std::array<Bitboard, 64> kBishopEmpty =
    detail::per_square([](Square s) { return kRays[kRayNE][s] | kRays[kRayNW][s] | kRays[kRaySE][s] | kRays[kRaySW][s]; });

// 32 KiB: the squares strictly between two aligned squares (pin rays, check blocks, castling paths).
inline constexpr auto kBetween = detail::make_between();
inline Bitboard between(Square a, Square b) { return kBetween[a][b]; }

constexpr Bitboard king_attacks(Square s) { return kKingAttacks[s]; }
constexpr Bitboard knight_attacks(Square s) { return kKnightAttacks[s]; }
constexpr Bitboard pawn_attacks(Color c, Square s) { return kPawnAttacks[c][s]; }

// The four lines through a square, each without the square itself. file, diagonal (a1-h8
// direction) and anti-diagonal (h1-a8 direction) hold at most one square per rank, so a byte swap
// reverses the order of their squares (Hyperbola Quintessence); a rank lives inside one byte.
struct LineMasks {
  Bitboard file, rank, diagonal, anti_diagonal;
};
alignas(32) inline constexpr std::array<LineMasks, 64> kLineMasks = [] {
  std::array<LineMasks, 64> t{};
  for (Square s = 0; s < 64; ++s)
    t[s] = {kRays[kRayN][s] | kRays[kRayS][s], kRays[kRayE][s] | kRays[kRayW][s],
            kRays[kRayNE][s] | kRays[kRaySW][s], kRays[kRayNW][s] | kRays[kRaySE][s]};
  return t;
}();

// The full bit reversal of a 64-bit word (square s <-> 63 - s, a half turn of the board). Used by
// the illustration and the tests; kernels use their ISA's own instructions for it.
constexpr Bitboard reverse_bits(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
  b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
  return __builtin_bswap64(b);
}

}  // namespace sp::chess
