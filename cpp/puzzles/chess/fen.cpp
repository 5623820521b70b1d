// FEN in and out. parse_fen checks, in order: the field count; the board (ranks, their lengths,
// the letters); the kings; pawns on the back ranks; the side to move; castling rights against
// the pieces; the en-passant square; the counters; and that the side not to move is not in
// check. The first failure is the message.

#include <string>
#include <vector>

#include "core/params.h"
#include "puzzles/chess/position.h"
#include "puzzles/chess/sliders.h"

namespace sp::chess {
namespace {

constexpr std::string_view kPieceLetters = "PNBRQKpnbrqk";

const char* color_name(Color c) { return c == kWhite ? "white" : "black"; }

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

void put(Position& p, Square s, char letter) {
  const Color c = letter >= 'a' ? kBlack : kWhite;
  const Bitboard b = square_bb(s);
  p.occupied[c] |= b;
  switch (letter | 0x20) {  // lower case
    case 'p': p.pawns[c] |= b; break;
    case 'n': p.knights[c] |= b; break;
    case 'b': p.diagonal[c] |= b; break;
    case 'r': p.orthogonal[c] |= b; break;
    case 'q': p.diagonal[c] |= b; p.orthogonal[c] |= b; break;
    case 'k': p.king[c] = static_cast<std::uint8_t>(s); break;
  }
}

// Parses a square name like "e3"; kNoSquare if it is not one.
Square parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return kNoSquare;
  return make_square(s[0] - 'a', s[1] - '1');
}

// A whole number in [lo, hi] written with digits only (no sign, no spaces); -1 if it is not.
int parse_counter(std::string_view s, int lo, int hi) {
  if (s.empty() || s.size() > 5) return -1;
  int v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return -1;
    v = v * 10 + (ch - '0');
  }
  return v >= lo && v <= hi ? v : -1;
}

// The pieces of `by` that attack square s, with the board as it stands.
Bitboard attackers(const Position& p, Square s, Color by) {
  const Bitboard occ = p.all();
  return (pawn_attacks(~by, s) & p.pawns[by]) | (knight_attacks(s) & p.knights[by]) |
         (king_attacks(s) & square_bb(p.king[by])) | (RayWalk::bishop(s, occ) & p.diagonal[by]) |
         (RayWalk::rook(s, occ) & p.orthogonal[by]);
}

const char* piece_name(char letter) {
  switch (letter | 0x20) {
    case 'p': return "pawn";
    case 'n': return "knight";
    case 'b': return "bishop";
    case 'r': return "rook";
    case 'q': return "queen";
    default: return "king";
  }
}

struct CastlingRule {
  char letter;
  std::uint8_t bit;
  Color color;
  Square king, rook;
};
constexpr CastlingRule kCastlingRules[] = {
    {'K', kWhiteKingSide, kWhite, 4, 7},
    {'Q', kWhiteQueenSide, kWhite, 4, 0},
    {'k', kBlackKingSide, kBlack, 60, 63},
    {'q', kBlackQueenSide, kBlack, 60, 56},
};

Expected<Game> parse_board(std::string_view board, Game& g) {
  Position& p = g.position;
  std::vector<std::string_view> ranks;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= board.size(); ++i)
    if (i == board.size() || board[i] == '/') {
      ranks.push_back(board.substr(start, i - start));
      start = i + 1;
    }
  if (ranks.size() != 8)
    return Error{"the board needs 8 ranks separated by '/', got " + std::to_string(ranks.size())};
  int kings[2] = {0, 0};
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;  // FEN lists rank 8 first
    const std::string where = "rank " + std::to_string(rank + 1);
    int file = 0;
    for (char ch : ranks[static_cast<std::size_t>(i)]) {
      if (ch >= '1' && ch <= '8') {
        file += ch - '0';
      } else if (kPieceLetters.find(ch) != std::string_view::npos) {
        if (file < 8) {
          put(p, make_square(file, rank), ch);
          if ((ch | 0x20) == 'k') ++kings[ch >= 'a' ? kBlack : kWhite];
        }
        ++file;
      } else {
        return Error{where + ": " + quote_user_text(std::string(1, ch)) +
                     " is neither a piece letter (PNBRQK, pnbrqk) nor an empty-square count 1..8"};
      }
      if (file > 8) return Error{where + " has more than 8 squares"};
    }
    if (file < 8) return Error{where + " has " + std::to_string(file) + " squares, not 8"};
  }
  for (Color c : {kWhite, kBlack}) {
    if (kings[c] == 0) return Error{std::string(color_name(c)) + " has no king"};
    if (kings[c] > 1) return Error{std::string(color_name(c)) + " has " + std::to_string(kings[c]) + " kings, not 1"};
  }
  // Material a game can reach: 16 pieces, 8 pawns, and no more pieces beyond the starting set
  // (1 queen, 2 rooks, 2 bishops, 2 knights) than pawns gone to promote them. It also bounds the
  // moves of a position (kMaxMoves).
  for (Color c : {kWhite, kBlack}) {
    const std::string side = color_name(c);
    const int pieces = popcount(p.occupied[c]), pawns = popcount(p.pawns[c]);
    if (pieces > 16) return Error{side + " has " + std::to_string(pieces) + " pieces; a side has at most 16"};
    if (pawns > 8) return Error{side + " has " + std::to_string(pawns) + " pawns; a side has at most 8"};
    auto extra = [](int n, int start) { return n > start ? n - start : 0; };
    const int promoted = extra(popcount(p.queens(c)), 1) + extra(popcount(p.rooks(c)), 2) +
                         extra(popcount(p.bishops(c)), 2) + extra(popcount(p.knights[c]), 2);
    if (promoted > 8 - pawns) {
      auto count = [](int n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); };
      return Error{side + " has " + count(promoted, "piece") +
                   " beyond the starting set (1 queen, 2 rooks, 2 bishops, 2 knights) but " +
                   count(8 - pawns, "missing pawn") + " to have promoted"};
    }
  }
  const Bitboard back_rank_pawns = (p.pawns[kWhite] | p.pawns[kBlack]) & (kRank1 | kRank8);
  if (back_rank_pawns) {
    const Square s = lsb(back_rank_pawns);
    return Error{std::string("a pawn cannot stand on the first or last rank: ") +
                 color_name(p.pawns[kWhite] & square_bb(s) ? kWhite : kBlack) + " pawn on " + square_name(s)};
  }
  return g;
}

}  // namespace

std::string square_name(Square s) {
  if (s < 0 || s > 63) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string uci(Move m) {
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promotion) s += m.promotion;
  return s;
}

char piece_letter(const Position& p, Square s) {
  const Bitboard b = square_bb(s);
  for (Color c : {kWhite, kBlack}) {
    if (!(p.occupied[c] & b)) continue;
    char letter = 'K';
    if (p.pawns[c] & b) letter = 'P';
    else if (p.knights[c] & b) letter = 'N';
    else if (p.diagonal[c] & p.orthogonal[c] & b) letter = 'Q';
    else if (p.diagonal[c] & b) letter = 'B';
    else if (p.orthogonal[c] & b) letter = 'R';
    return c == kWhite ? letter : static_cast<char>(letter | 0x20);
  }
  return 0;
}

std::optional<std::string_view> named_fen(std::string_view name) {
  for (const NamedPosition& n : kNamedPositions)
    if (n.name == name) return n.fen;
  return std::nullopt;
}

Expected<Game> parse_fen(std::string_view text) {
  const std::vector<std::string_view> trimmed = split_fields(text);
  if (trimmed.size() == 1)
    if (auto fen = named_fen(trimmed[0])) return parse_fen(*fen);

  const std::vector<std::string_view>& f = trimmed;
  if (f.empty()) return Error{"the FEN is empty"};
  if (f.size() != 6 && f.size() != 4) {
    std::string names;
    for (const NamedPosition& n : kNamedPositions) names += std::string(names.empty() ? "" : ", ") + std::string(n.name);
    return Error{"a FEN has 6 fields (board, side to move, castling, en passant, halfmove clock, "
                 "fullmove number), or 4 without the counters; got " +
                 std::to_string(f.size()) + (f.size() == 1 ? " (named positions: " + names + ")" : "")};
  }

  Game g;
  Position& p = g.position;
  if (auto board = parse_board(f[0], g); !board) return board;

  if (f[1] != "w" && f[1] != "b")
    return Error{"the side to move must be 'w' or 'b', got " + quote_user_text(f[1])};
  g.side = f[1] == "w" ? kWhite : kBlack;

  if (f[2] != "-") {
    for (std::size_t i = 0; i < f[2].size(); ++i) {
      const char ch = f[2][i];
      const CastlingRule* rule = nullptr;
      for (const CastlingRule& r : kCastlingRules)
        if (r.letter == ch) rule = &r;
      if (!rule)
        return Error{"castling rights must be '-' or letters from KQkq, got " + quote_user_text(f[2])};
      if (p.castling & rule->bit) return Error{std::string("castling right '") + ch + "' appears twice"};
      const bool rook_there = (p.rooks(rule->color) & square_bb(rule->rook)) != 0;
      if (p.king[rule->color] != rule->king || !rook_there)
        return Error{std::string("castling right '") + ch + "' needs the " + color_name(rule->color) +
                     " king on " + square_name(rule->king) + " and a " + color_name(rule->color) + " rook on " +
                     square_name(rule->rook)};
      p.castling |= rule->bit;
    }
  }

  if (f[3] != "-") {
    const Square ep = parse_square(f[3]);
    if (ep == kNoSquare)
      return Error{"the en-passant square must be '-' or a square such as e3, got " + quote_user_text(f[3])};
    const Color them = ~g.side;
    const int expected_rank = g.side == kWhite ? 5 : 2;  // rank 6 or rank 3
    if (rank_of(ep) != expected_rank)
      return Error{"the en-passant square " + square_name(ep) + " must be on rank " +
                   std::to_string(expected_rank + 1) + " when " + color_name(g.side) + " is to move"};
    const Square pawn = ep + (g.side == kWhite ? -8 : 8);   // where the pawn stands now
    const Square origin = ep + (g.side == kWhite ? 8 : -8); // where it came from
    if (!(p.pawns[them] & square_bb(pawn)) || (p.all() & (square_bb(ep) | square_bb(origin))))
      return Error{"the en-passant square " + square_name(ep) + " needs a " + color_name(them) + " pawn on " +
                   square_name(pawn) + " that has just moved from " + square_name(origin) + " (with " +
                   square_name(origin) + " and " + square_name(ep) + " empty)"};
    g.ep_square = ep;
    // Only kept for the generator when one of our pawns can take it.
    if (pawn_attacks(them, ep) & p.pawns[g.side]) p.ep_target = square_bb(ep);
  }

  if (f.size() == 6) {
    g.halfmove_clock = parse_counter(f[4], 0, 9999);
    if (g.halfmove_clock < 0)
      return Error{"the halfmove clock must be a whole number 0..9999, got " + quote_user_text(f[4])};
    g.fullmove_number = parse_counter(f[5], 1, 9999);
    if (g.fullmove_number < 0)
      return Error{"the fullmove number must be a whole number 1..9999, got " + quote_user_text(f[5])};
  }

  const Color waiting = ~g.side;
  if (const Bitboard checkers = attackers(p, p.king[waiting], g.side)) {
    const Square s = lsb(checkers);
    return Error{std::string(color_name(waiting)) + " is in check (from the " + piece_name(piece_letter(p, s)) +
                 " on " + square_name(s) + ") but it is " + color_name(g.side) + " to move"};
  }
  return g;
}

std::string to_fen(const Game& g) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char letter = piece_letter(g.position, make_square(file, rank));
      if (!letter) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      s += letter;
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank) s += '/';
  }
  s += g.side == kWhite ? " w " : " b ";
  std::string castling;
  for (const CastlingRule& r : kCastlingRules)
    if (g.position.castling & r.bit) castling += r.letter;
  s += castling.empty() ? "-" : castling;
  s += ' ';
  s += g.ep_square == kNoSquare ? "-" : square_name(g.ep_square);
  s += ' ' + std::to_string(g.halfmove_clock) + ' ' + std::to_string(g.fullmove_number);
  return s;
}

}  // namespace sp::chess
