#pragma once
// A chess position as the move generator sees it, and the FEN text it comes from.
//
// Pieces are kept by what they do rather than what they are called: `diagonal` holds bishops and
// queens, `orthogonal` rooks and queens (a queen is in both). Every slider question ("who attacks
// this square along a diagonal?") is then one set, and a queen costs no extra OR anywhere; a
// queen is diagonal & orthogonal. The side to move is not stored: the generator is instantiated
// for each colour (a template parameter), and Game carries it for the text side.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "puzzles/chess/bitboard.h"

namespace sp::chess {

// Castling rights as bits.
enum Castling : std::uint8_t {
  kWhiteKingSide = 1,
  kWhiteQueenSide = 2,
  kBlackKingSide = 4,
  kBlackQueenSide = 8,
};
constexpr std::uint8_t castling_rights_of(Color c) { return c == kWhite ? 3 : 12; }

struct Position {
  Bitboard pawns[2];
  Bitboard knights[2];
  Bitboard diagonal[2];    // bishops and queens
  Bitboard orthogonal[2];  // rooks and queens
  Bitboard occupied[2];    // every piece of a colour, king included
  Bitboard ep_target;      // the square a pawn may capture en passant onto, if any pawn can; else 0
  std::uint8_t king[2];    // king squares
  std::uint8_t castling;   // Castling bits
  std::uint8_t padding[5];

  Bitboard all() const { return occupied[kWhite] | occupied[kBlack]; }
  Bitboard queens(Color c) const { return diagonal[c] & orthogonal[c]; }
  Bitboard bishops(Color c) const { return diagonal[c] & ~orthogonal[c]; }
  Bitboard rooks(Color c) const { return orthogonal[c] & ~diagonal[c]; }
  friend bool operator==(const Position&, const Position&) = default;
};

// What a move changes in castling rights: rights &= kCastlingKeep[from] & kCastlingKeep[to] drops
// a right when its king or rook leaves home or a rook is captured there.
inline constexpr auto kCastlingKeep = [] {
  std::array<std::uint8_t, 64> t{};
  for (auto& x : t) x = 0xF;
  t[0] = static_cast<std::uint8_t>(~kWhiteQueenSide & 0xF);
  t[7] = static_cast<std::uint8_t>(~kWhiteKingSide & 0xF);
  t[4] = static_cast<std::uint8_t>(~(kWhiteKingSide | kWhiteQueenSide) & 0xF);
  t[56] = static_cast<std::uint8_t>(~kBlackQueenSide & 0xF);
  t[63] = static_cast<std::uint8_t>(~kBlackKingSide & 0xF);
  t[60] = static_cast<std::uint8_t>(~(kBlackKingSide | kBlackQueenSide) & 0xF);
  return t;
}();

// A move as UCI writes it (e2e4, e7e8q; castling as the king's move, e1g1).
struct Move {
  std::uint8_t from = 0, to = 0;
  char promotion = 0;  // 'q', 'r', 'b', 'n', or 0
};
std::string uci(Move m);

// One line of `divide`: a root move and the leaf count below it.
struct DivideEntry {
  Move move;
  std::uint64_t nodes = 0;
};
// Room for every move of any position parse_fen accepts: at most 16 pieces a side, with no more
// promoted pieces than missing pawns, is at most 9 queens, 2 rooks, 2 bishops, 2 knights and a
// king: under 330 pseudo-legal moves (the most in a reachable position is 218).
inline constexpr int kMaxMoves = 512;

// A position with everything FEN says: the side to move and the two counters.
struct Game {
  Position position{};
  Color side = kWhite;
  int halfmove_clock = 0;
  int fullmove_number = 1;
  // The en-passant square exactly as the FEN gave it (kNoSquare for '-'), for canonical output:
  // Position::ep_target keeps it only when a pawn can actually capture there.
  Square ep_square = kNoSquare;
};

// FEN letters: 'P' 'N' 'B' 'R' 'Q' 'K' for white, lower case for black, 0 for an empty square.
char piece_letter(const Position& p, Square s);
std::string square_name(Square s);  // "e4"

// Parses a FEN (6 fields, or 4 without the counters), or one of the named positions below.
// Every way a text can fail has its own message; nothing aborts, whatever the input.
Expected<Game> parse_fen(std::string_view text);
// The canonical text of a game: ranks with merged empty counts, castling in KQkq order, both
// counters. parse_fen(to_fen(g)) == g.
std::string to_fen(const Game& g);

struct NamedPosition {
  std::string_view name;
  std::string_view fen;
};
// startpos, kiwipete and position3..position6 of the chessprogramming wiki's Perft Results page.
inline constexpr NamedPosition kNamedPositions[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
};
// The FEN of a named position, if `name` is one.
std::optional<std::string_view> named_fen(std::string_view name);

}  // namespace sp::chess
