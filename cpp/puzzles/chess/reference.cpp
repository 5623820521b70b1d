// The perft reference: deliberately simple and independent of the bitboard generator. A 64-square
// array of FEN letters, pseudo-legal moves by walking offsets square by square, every move made on
// a copy, and kept only if the mover's king is not attacked afterwards (make-and-test). No bulk
// counting: every leaf is made. It shares nothing with movegen.h but the parsed FEN.

#include "puzzles/chess/reference.h"

namespace sp::chess {
namespace {

struct Board {
  char sq[64];  // FEN letter or 0
  Color side;
  bool castle[4];  // K Q k q
  int ep;          // en-passant target square, or -1
};

bool is_white(char c) { return c >= 'A' && c <= 'Z'; }
Color owner(char c) { return is_white(c) ? kWhite : kBlack; }
char lower(char c) { return static_cast<char>(c | 0x20); }
bool inside(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKing[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
constexpr int kRookDirs[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Whether a piece of colour `by` attacks square s.
bool attacked(const Board& b, int s, Color by) {
  const int f = s % 8, r = s / 8;
  auto piece_at = [&](int ff, int rr) { return b.sq[rr * 8 + ff]; };
  auto is = [&](char c, char kind) { return c && owner(c) == by && lower(c) == kind; };
  // A pawn of `by` attacks s from one rank behind s (as `by` moves).
  const int pr = by == kWhite ? r - 1 : r + 1;
  for (int df : {-1, 1})
    if (inside(f + df, pr) && is(piece_at(f + df, pr), 'p')) return true;
  for (const auto& d : kKnight)
    if (inside(f + d[0], r + d[1]) && is(piece_at(f + d[0], r + d[1]), 'n')) return true;
  for (const auto& d : kKing)
    if (inside(f + d[0], r + d[1]) && is(piece_at(f + d[0], r + d[1]), 'k')) return true;
  for (const auto& d : kRookDirs)
    for (int ff = f + d[0], rr = r + d[1]; inside(ff, rr); ff += d[0], rr += d[1]) {
      const char c = piece_at(ff, rr);
      if (!c) continue;
      if (is(c, 'r') || is(c, 'q')) return true;
      break;
    }
  for (const auto& d : kBishopDirs)
    for (int ff = f + d[0], rr = r + d[1]; inside(ff, rr); ff += d[0], rr += d[1]) {
      const char c = piece_at(ff, rr);
      if (!c) continue;
      if (is(c, 'b') || is(c, 'q')) return true;
      break;
    }
  return false;
}

int king_square(const Board& b, Color c) {
  for (int s = 0; s < 64; ++s)
    if (b.sq[s] == (c == kWhite ? 'K' : 'k')) return s;
  return -1;
}

// 3 bytes: a perft keeps one list per ply on the stack, which is small in wasm.
struct RefMove {
  std::uint8_t from, to;
  char promotion;  // lower-case letter or 0
};

// Pseudo-legal moves (castling already checked for attacked squares, as the rules ask).
int pseudo_moves(const Board& b, RefMove* out) {
  int n = 0;
  const Color us = b.side;
  const int forward = us == kWhite ? 1 : -1;
  const int start_rank = us == kWhite ? 1 : 6, last_rank = us == kWhite ? 7 : 0;
  // kMaxMoves bounds the moves of any position parse_fen accepts; the guard is belt and braces.
  auto add = [&](int from, int to, char promotion) {
    if (n < kMaxMoves) out[n++] = {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), promotion};
  };
  auto add_pawn = [&](int from, int to) {
    if (to / 8 == last_rank)
      for (char p : {'q', 'r', 'b', 'n'}) add(from, to, p);
    else
      add(from, to, 0);
  };
  for (int s = 0; s < 64; ++s) {
    const char c = b.sq[s];
    if (!c || owner(c) != us) continue;
    const int f = s % 8, r = s / 8;
    switch (lower(c)) {
      case 'p': {
        const int r1 = r + forward;
        if (inside(f, r1) && !b.sq[r1 * 8 + f]) {
          add_pawn(s, r1 * 8 + f);
          const int r2 = r1 + forward;
          if (r == start_rank && !b.sq[r2 * 8 + f]) add(s, r2 * 8 + f, 0);
        }
        for (int df : {-1, 1}) {
          if (!inside(f + df, r1)) continue;
          const int t = r1 * 8 + f + df;
          if ((b.sq[t] && owner(b.sq[t]) != us) || t == b.ep) add_pawn(s, t);
        }
        break;
      }
      case 'n':
      case 'k': {
        const auto& steps = lower(c) == 'n' ? kKnight : kKing;
        for (const auto& d : steps) {
          if (!inside(f + d[0], r + d[1])) continue;
          const int t = (r + d[1]) * 8 + f + d[0];
          if (!b.sq[t] || owner(b.sq[t]) != us) add(s, t, 0);
        }
        break;
      }
      default: {
        const char kind = lower(c);
        for (int k = 0; k < 8; ++k) {
          const int* d = k < 4 ? kRookDirs[k] : kBishopDirs[k - 4];
          if ((k < 4 && kind == 'b') || (k >= 4 && kind == 'r')) continue;
          for (int ff = f + d[0], rr = r + d[1]; inside(ff, rr); ff += d[0], rr += d[1]) {
            const int t = rr * 8 + ff;
            if (b.sq[t] && owner(b.sq[t]) == us) break;
            add(s, t, 0);
            if (b.sq[t]) break;
          }
        }
      }
    }
  }
  // Castling: rights, empty squares between king and rook, and the king neither in check nor
  // passing over or landing on an attacked square.
  const int home = us == kWhite ? 4 : 60;
  const bool king_side = b.castle[us == kWhite ? 0 : 2], queen_side = b.castle[us == kWhite ? 1 : 3];
  if ((king_side || queen_side) && !attacked(b, home, ~us)) {
    if (king_side && !b.sq[home + 1] && !b.sq[home + 2] && !attacked(b, home + 1, ~us) && !attacked(b, home + 2, ~us))
      add(home, home + 2, 0);
    if (queen_side && !b.sq[home - 1] && !b.sq[home - 2] && !b.sq[home - 3] && !attacked(b, home - 1, ~us) &&
        !attacked(b, home - 2, ~us))
      add(home, home - 2, 0);
  }
  return n;
}

Board play(const Board& b, const RefMove& m) {
  Board c = b;
  const char piece = b.sq[m.from];
  c.sq[m.to] = piece;
  c.sq[m.from] = 0;
  c.ep = -1;
  if (lower(piece) == 'p') {
    if (m.to == b.ep) c.sq[m.to + (b.side == kWhite ? -8 : 8)] = 0;  // en passant
    if (m.to - m.from == 16 || m.from - m.to == 16) c.ep = (m.from + m.to) / 2;
    if (m.promotion) c.sq[m.to] = b.side == kWhite ? static_cast<char>(m.promotion & ~0x20) : m.promotion;
  }
  if (lower(piece) == 'k' && (m.to - m.from == 2 || m.from - m.to == 2)) {
    const bool king_side = m.to > m.from;
    const int rook_from = king_side ? m.from + 3 : m.from - 4, rook_to = king_side ? m.from + 1 : m.from - 1;
    c.sq[rook_to] = c.sq[rook_from];
    c.sq[rook_from] = 0;
  }
  // A right goes when the king or that rook leaves home, or the rook is captured there.
  for (int s : {m.from, m.to}) {
    if (s == 4) c.castle[0] = c.castle[1] = false;
    if (s == 60) c.castle[2] = c.castle[3] = false;
    if (s == 7) c.castle[0] = false;
    if (s == 0) c.castle[1] = false;
    if (s == 63) c.castle[2] = false;
    if (s == 56) c.castle[3] = false;
  }
  c.side = ~b.side;
  return c;
}

bool leaves_king_safe(const Board& after) {
  const Color mover = ~after.side;
  return !attacked(after, king_square(after, mover), after.side);
}

std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  RefMove moves[kMaxMoves];
  const int n = pseudo_moves(b, moves);
  std::uint64_t nodes = 0;
  for (int i = 0; i < n; ++i) {
    const Board c = play(b, moves[i]);
    if (leaves_king_safe(c)) nodes += perft(c, depth - 1);
  }
  return nodes;
}

Board from_game(const Game& g) {
  Board b{};
  for (Square s = 0; s < 64; ++s) b.sq[s] = piece_letter(g.position, s);
  b.side = g.side;
  for (int i = 0; i < 4; ++i) b.castle[i] = (g.position.castling >> i) & 1;
  b.ep = g.ep_square == kNoSquare ? -1 : g.ep_square;
  return b;
}

}  // namespace

std::uint64_t reference_perft(const Game& g, int depth) { return perft(from_game(g), depth); }

int reference_divide(const Game& g, int depth, DivideEntry* out) {
  if (depth <= 0) return 0;
  const Board b = from_game(g);
  RefMove moves[kMaxMoves];
  const int n = pseudo_moves(b, moves);
  int written = 0;
  for (int i = 0; i < n; ++i) {
    const Board c = play(b, moves[i]);
    if (!leaves_king_safe(c)) continue;
    out[written++] = {{moves[i].from, moves[i].to, moves[i].promotion}, perft(c, depth - 1)};
  }
  return written;
}

}  // namespace sp::chess
