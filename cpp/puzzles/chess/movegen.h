#pragma once
// The legal move generator and perft, with the sliding-attack method as a template parameter.
//
// Legal by construction, no make-and-test: each node first finds the checkers and the pinned
// pieces by looking outwards from its own king (enemy sliders on the king's lines on an empty
// board, then the squares between: none is a check, one of ours is a pin), then
//   - the king goes to squares no enemy piece attacks with the king itself taken off the board
//     (so it cannot step back along a checking ray);
//   - in double check that is all; in single check every other move must capture the checker or
//     land between it and the king (the check mask);
//   - a pinned piece moves only along its pin ray (and not at all while in check); unpinned pieces
//     move freely within the check mask;
//   - en passant, which removes two pieces from one rank, is checked by looking from the king
//     again with the board as it will be (the horizontal pin of "Illegal ep move #1");
//   - castling needs the right, an empty path and no attacked square on the king's way.
//
// One function, generate<Us>(position, visitor), produces the moves as sets of targets per
// piece; the visitor decides what a set means. The leaf visitor adds popcounts ("bulk counting":
// the moves of a depth-1 node are counted, never made); the inner visitor makes each move on a
// copy of the position (copy-make) and recurses. So the leaves count exactly what the inner
// nodes would play.
//
// A relative header: included by kernels.inl inside an ISA pass (cpp/simd/isa.h), so Generator
// is sp::isa_<pass>::chess::Generator, compiled with the pass's instructions and inlining the
// pass's slider method. The position types and bitboard helpers are the baseline ones
// (bitboard.h, position.h, included by chess.h above the pass).

namespace chess {
using namespace ::sp::chess;

template <class Slider>
struct Generator {
  enum class Kind { knight, bishop, rook, queen, king };

  // ---- making moves (copy-make) ------------------------------------------------------------------

  template <Color Us>
  static void remove_captured(Position& c, Bitboard to) {
    constexpr Color Them = ~Us;
    const Bitboard keep = ~to;
    c.pawns[Them] &= keep;
    c.knights[Them] &= keep;
    c.diagonal[Them] &= keep;
    c.orthogonal[Them] &= keep;
    c.occupied[Them] &= keep;
  }

  template <Color Us, Kind K>
  static Position make(const Position& p, Square from, Square to) {
    Position c = p;
    const Bitboard to_bb = square_bb(to), moved = square_bb(from) | to_bb;
    remove_captured<Us>(c, to_bb);
    c.occupied[Us] ^= moved;
    if constexpr (K == Kind::knight) c.knights[Us] ^= moved;
    if constexpr (K == Kind::bishop || K == Kind::queen) c.diagonal[Us] ^= moved;
    if constexpr (K == Kind::rook || K == Kind::queen) c.orthogonal[Us] ^= moved;
    if constexpr (K == Kind::king) c.king[Us] = static_cast<std::uint8_t>(to);
    c.ep_target = 0;
    c.castling &= kCastlingKeep[from] & kCastlingKeep[to];
    return c;
  }

  // A pawn move from `to - D` to `to`: a push (D = up), a double push (2 up) or a capture.
  template <Color Us, int D>
  static Position make_pawn(const Position& p, Square to) {
    constexpr Color Them = ~Us;
    Position c = p;
    const Bitboard to_bb = square_bb(to), moved = square_bb(to - D) | to_bb;
    if constexpr (D != int{up(Us)} && D != 2 * int{up(Us)}) {
      remove_captured<Us>(c, to_bb);
      c.castling &= kCastlingKeep[to];
    }
    c.pawns[Us] ^= moved;
    c.occupied[Us] ^= moved;
    c.ep_target = 0;
    if constexpr (D == 2 * int{up(Us)}) {
      // Remember the square behind only when an enemy pawn could take there.
      const Square behind = to - int{up(Us)};
      if (kPawnAttacks[Us][behind] & p.pawns[Them]) c.ep_target = square_bb(behind);
    }
    return c;
  }

  template <Color Us, int D>
  static Position make_promotion(const Position& p, Square to, Kind k) {
    Position c = make_pawn<Us, D>(p, to);
    const Bitboard to_bb = square_bb(to);
    c.pawns[Us] ^= to_bb;
    if (k == Kind::knight) c.knights[Us] |= to_bb;
    if (k == Kind::bishop || k == Kind::queen) c.diagonal[Us] |= to_bb;
    if (k == Kind::rook || k == Kind::queen) c.orthogonal[Us] |= to_bb;
    return c;
  }

  template <Color Us>
  static Position make_en_passant(const Position& p, Square from, Square to) {
    constexpr Color Them = ~Us;
    Position c = p;
    const Bitboard moved = square_bb(from) | square_bb(to);
    const Bitboard captured = square_bb(to - int{up(Us)});
    c.pawns[Us] ^= moved;
    c.occupied[Us] ^= moved;
    c.pawns[Them] ^= captured;
    c.occupied[Them] ^= captured;
    c.ep_target = 0;
    return c;
  }

  template <Color Us, bool KingSide>
  static Position make_castle(const Position& p) {
    constexpr Square king = Us == kWhite ? 4 : 60;
    constexpr Square king_to = KingSide ? king + 2 : king - 2;
    constexpr Square rook = KingSide ? king + 3 : king - 4;
    constexpr Square rook_to = KingSide ? king + 1 : king - 1;
    Position c = p;
    const Bitboard rook_moved = square_bb(rook) | square_bb(rook_to);
    c.orthogonal[Us] ^= rook_moved;
    c.occupied[Us] ^= rook_moved | square_bb(king) | square_bb(king_to);
    c.king[Us] = static_cast<std::uint8_t>(king_to);
    c.castling &= static_cast<std::uint8_t>(~castling_rights_of(Us));
    c.ep_target = 0;
    return c;
  }

  // ---- attacks on a square ------------------------------------------------------------------------

  // Whether `Them` attacks s with the board `occ`. The empty-board lines filter the slider
  // lookups: most squares have no enemy slider on any line through them.
  template <Color Us>
  static bool attacked(const Position& p, Square s, Bitboard occ) {
    constexpr Color Them = ~Us;
    if ((kPawnAttacks[Us][s] & p.pawns[Them]) | (kKnightAttacks[s] & p.knights[Them]) |
        (kKingAttacks[s] & square_bb(p.king[Them])))
      return true;
    if ((kBishopEmpty[s] & p.diagonal[Them]) && (Slider::bishop(s, occ) & p.diagonal[Them])) return true;
    return (kRookEmpty[s] & p.orthogonal[Them]) && (Slider::rook(s, occ) & p.orthogonal[Them]);
  }

  // ---- the generator ------------------------------------------------------------------------------

  struct Pin {
    Bitboard ray;  // from the king (excluded) to the pinner (included)
    Square piece;
    bool diagonal;
  };

  template <Color Us, class V>
  static void generate(const Position& p, V& v) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = up(Us), UpEast = up_east(Us), UpWest = up_west(Us);
    const Bitboard us = p.occupied[Us], them = p.occupied[Them], occ = us | them;
    const Square ksq = p.king[Us];

    // Checkers and pins, looking out from the king.
    Bitboard checkers = (kPawnAttacks[Us][ksq] & p.pawns[Them]) | (kKnightAttacks[ksq] & p.knights[Them]);
    Bitboard pinned = 0;
    Pin pins[8];
    int pin_count = 0;
    for (Bitboard snipers = (kRookEmpty[ksq] & p.orthogonal[Them]) | (kBishopEmpty[ksq] & p.diagonal[Them]);
         snipers;) {
      const Square s = pop_lsb(snipers);
      const Bitboard blockers = kBetween[ksq][s] & occ;
      if (!blockers) {
        checkers |= square_bb(s);
      } else if (!more_than_one(blockers) && (blockers & us)) {
        pinned |= blockers;
        pins[pin_count++] = {kBetween[ksq][s] | square_bb(s), lsb(blockers), (kBishopEmpty[ksq] & square_bb(s)) != 0};
      }
    }

    // King moves: off squares the enemy pawns and king cover, then a closer look at the rest.
    Bitboard king_to = kKingAttacks[ksq] & ~us & ~pawn_attacks(Them, p.pawns[Them]) & ~kKingAttacks[p.king[Them]];
    if (king_to) {
      const Bitboard occ_without_king = occ ^ square_bb(ksq);
      if constexpr (Slider::kSetwise) {
        king_to &= ~Slider::attacks_set(p.orthogonal[Them], p.diagonal[Them], occ_without_king);
        for (Bitboard b = king_to; b;) {
          const Square t = pop_lsb(b);
          if (kKnightAttacks[t] & p.knights[Them]) king_to ^= square_bb(t);
        }
      } else {
        for (Bitboard b = king_to; b;) {
          const Square t = pop_lsb(b);
          if ((kKnightAttacks[t] & p.knights[Them]) ||
              ((kBishopEmpty[t] & p.diagonal[Them]) && (Slider::bishop(t, occ_without_king) & p.diagonal[Them])) ||
              ((kRookEmpty[t] & p.orthogonal[Them]) && (Slider::rook(t, occ_without_king) & p.orthogonal[Them])))
            king_to ^= square_bb(t);
        }
      }
    }
    v.template piece<Kind::king>(ksq, king_to);
    if (more_than_one(checkers)) return;

    const Bitboard check_mask = checkers ? kBetween[ksq][lsb(checkers)] | checkers : ~Bitboard{0};
    const Bitboard targets = ~us & check_mask;

    // Knights (a pinned knight never moves).
    for (Bitboard b = p.knights[Us] & ~pinned; b;) {
      const Square s = pop_lsb(b);
      v.template piece<Kind::knight>(s, kKnightAttacks[s] & targets);
    }

    // Unpinned sliders.
    if constexpr (Slider::kSetwise && V::kCountOnly) {
      v.add(Slider::count_set(p.orthogonal[Us] & ~pinned, p.diagonal[Us] & ~pinned, occ, targets));
    } else {
      const Bitboard free = ~pinned;
      for (Bitboard b = p.diagonal[Us] & ~p.orthogonal[Us] & free; b;) {
        const Square s = pop_lsb(b);
        v.template piece<Kind::bishop>(s, Slider::bishop(s, occ) & targets);
      }
      for (Bitboard b = p.orthogonal[Us] & ~p.diagonal[Us] & free; b;) {
        const Square s = pop_lsb(b);
        v.template piece<Kind::rook>(s, Slider::rook(s, occ) & targets);
      }
      for (Bitboard b = p.orthogonal[Us] & p.diagonal[Us] & free; b;) {
        const Square s = pop_lsb(b);
        v.template piece<Kind::queen>(s, Slider::queen(s, occ) & targets);
      }
    }

    // Unpinned pawns, all at once.
    const Bitboard empty = ~occ;
    const Bitboard last_rank = relative_rank_bb(Us, 7);
    {
      const Bitboard pawns = p.pawns[Us] & ~pinned;
      const Bitboard push = shift(pawns, Up) & empty;
      const Bitboard push2 = shift(push & relative_rank_bb(Us, 2), Up) & empty & check_mask;
      const Bitboard push1 = push & check_mask;
      const Bitboard east = shift(pawns, UpEast) & them & check_mask;
      const Bitboard west = shift(pawns, UpWest) & them & check_mask;
      v.template pawn<Up>(push1 & ~last_rank);
      v.template pawn<2 * Up>(push2);
      v.template pawn<UpEast>(east & ~last_rank);
      v.template pawn<UpWest>(west & ~last_rank);
      if ((push1 | east | west) & last_rank) {
        v.template promotions<Up>(push1 & last_rank);
        v.template promotions<UpEast>(east & last_rank);
        v.template promotions<UpWest>(west & last_rank);
      }
    }

    // Pinned pieces move only along their ray, and never while in check.
    if (!checkers) {
      for (int i = 0; i < pin_count; ++i) {
        const Pin& pin = pins[i];
        const Bitboard b = square_bb(pin.piece);
        const Bitboard along = pin.ray ^ b;
        if (pin.diagonal) {
          if (b & p.diagonal[Us]) {
            if (b & p.orthogonal[Us]) v.template piece<Kind::queen>(pin.piece, along);
            else v.template piece<Kind::bishop>(pin.piece, along);
          } else if (b & p.pawns[Us]) {
            const Bitboard east = shift(b, UpEast) & them & pin.ray, west = shift(b, UpWest) & them & pin.ray;
            v.template pawn<UpEast>(east & ~last_rank);
            v.template pawn<UpWest>(west & ~last_rank);
            v.template promotions<UpEast>(east & last_rank);
            v.template promotions<UpWest>(west & last_rank);
          }
        } else {
          if (b & p.orthogonal[Us]) {
            if (b & p.diagonal[Us]) v.template piece<Kind::queen>(pin.piece, along);
            else v.template piece<Kind::rook>(pin.piece, along);
          } else if (b & p.pawns[Us]) {
            // A pawn pinned along a file may push; one pinned along a rank never lands on the ray.
            const Bitboard push = shift(b, Up) & empty & pin.ray;
            v.template pawn<Up>(push & ~last_rank);
            v.template pawn<2 * Up>(shift(push & relative_rank_bb(Us, 2), Up) & empty & pin.ray);
            v.template promotions<Up>(push & last_rank);
          }
        }
      }
    }

    // En passant: the capturing and the captured pawn both leave their rank, so look from the
    // king again with the board as it will be.
    if (p.ep_target) {
      const Square to = lsb(p.ep_target);
      const Bitboard captured = square_bb(to - int{Up});
      if (!checkers || (checkers & captured) || (check_mask & p.ep_target)) {
        for (Bitboard b = kPawnAttacks[Them][to] & p.pawns[Us]; b;) {
          const Square from = pop_lsb(b);
          const Bitboard after = occ ^ square_bb(from) ^ p.ep_target ^ captured;
          if ((kBishopEmpty[ksq] & p.diagonal[Them]) && (Slider::bishop(ksq, after) & p.diagonal[Them])) continue;
          if ((kRookEmpty[ksq] & p.orthogonal[Them]) && (Slider::rook(ksq, after) & p.orthogonal[Them])) continue;
          v.en_passant(from, to);
        }
      }
    }

    // Castling (the rights guarantee the king and rook are at home).
    if (!checkers && (p.castling & castling_rights_of(Us))) {
      constexpr Square king = Us == kWhite ? 4 : 60;
      constexpr std::uint8_t king_side = Us == kWhite ? kWhiteKingSide : kBlackKingSide;
      constexpr std::uint8_t queen_side = Us == kWhite ? kWhiteQueenSide : kBlackQueenSide;
      if ((p.castling & king_side) && !(occ & kBetween[king][king + 3]) && !attacked<Us>(p, king + 1, occ) &&
          !attacked<Us>(p, king + 2, occ))
        v.template castle<true>();
      if ((p.castling & queen_side) && !(occ & kBetween[king][king - 4]) && !attacked<Us>(p, king - 1, occ) &&
          !attacked<Us>(p, king - 2, occ))
        v.template castle<false>();
    }
  }

  // ---- visitors ---------------------------------------------------------------------------------

  // Leaf nodes: count, never make.
  struct Counter {
    static constexpr bool kCountOnly = true;
    std::uint64_t n = 0;
    template <Kind K>
    void piece(Square, Bitboard to) { n += popcount(to); }
    template <int D>
    void pawn(Bitboard to) { n += popcount(to); }
    template <int D>
    void promotions(Bitboard to) { n += 4 * popcount(to); }
    void en_passant(Square, Square) { ++n; }
    template <bool KingSide>
    void castle() { ++n; }
    void add(int k) { n += static_cast<std::uint64_t>(k); }
  };

  // Inner nodes: every move made on a copy and handed to `next(child, move)`.
  template <Color Us, class Next>
  struct Expand {
    static constexpr bool kCountOnly = false;
    const Position& p;
    Next& next;

    static Move move(Square from, Square to, char promotion = 0) {
      return {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), promotion};
    }
    template <Kind K>
    void piece(Square from, Bitboard to) {
      while (to) {
        const Square t = pop_lsb(to);
        next(make<Us, K>(p, from, t), move(from, t));
      }
    }
    template <int D>
    void pawn(Bitboard to) {
      while (to) {
        const Square t = pop_lsb(to);
        next(make_pawn<Us, D>(p, t), move(t - D, t));
      }
    }
    template <int D>
    void promotions(Bitboard to) {
      while (to) {
        const Square t = pop_lsb(to);
        next(make_promotion<Us, D>(p, t, Kind::queen), move(t - D, t, 'q'));
        next(make_promotion<Us, D>(p, t, Kind::rook), move(t - D, t, 'r'));
        next(make_promotion<Us, D>(p, t, Kind::bishop), move(t - D, t, 'b'));
        next(make_promotion<Us, D>(p, t, Kind::knight), move(t - D, t, 'n'));
      }
    }
    void en_passant(Square from, Square to) { next(make_en_passant<Us>(p, from, to), move(from, to)); }
    template <bool KingSide>
    void castle() {
      constexpr Square king = Us == kWhite ? 4 : 60;
      next(make_castle<Us, KingSide>(p), move(king, KingSide ? king + 2 : king - 2));
    }
    void add(int) {}
  };

  // ---- perft --------------------------------------------------------------------------------------

  // Legal moves of the side to move (the leaf count).
  template <Color Us>
  static std::uint64_t count(const Position& p) {
    Counter c;
    generate<Us>(p, c);
    return c.n;
  }

  // Leaf nodes `depth` plies below p (depth >= 1).
  template <Color Us>
  static std::uint64_t perft(const Position& p, int depth) {
    if (depth == 1) return count<Us>(p);
    std::uint64_t nodes = 0;
    auto next = [&](const Position& child, Move) {
      nodes += depth == 2 ? count<~Us>(child) : perft<~Us>(child, depth - 1);
    };
    Expand<Us, decltype(next)> expand{p, next};
    generate<Us>(p, expand);
    return nodes;
  }

  static std::uint64_t perft(const Game& g, int depth) {
    if (depth <= 0) return 1;
    return g.side == kWhite ? perft<kWhite>(g.position, depth) : perft<kBlack>(g.position, depth);
  }

  // The root moves with the leaf count below each (depth >= 1); returns how many were written
  // (at most kMaxMoves), in generation order.
  template <Color Us>
  static int divide(const Position& p, int depth, DivideEntry* out) {
    int n = 0;
    auto next = [&](const Position& child, Move m) {
      if (n < kMaxMoves) out[n++] = {m, depth == 1 ? 1 : perft<~Us>(child, depth - 1)};
    };
    Expand<Us, decltype(next)> expand{p, next};
    generate<Us>(p, expand);
    return n;
  }

  static int divide(const Game& g, int depth, DivideEntry* out) {
    if (depth <= 0) return 0;
    return g.side == kWhite ? divide<kWhite>(g.position, depth, out) : divide<kBlack>(g.position, depth, out);
  }
};

}  // namespace chess
