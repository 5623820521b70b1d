#pragma once
// The perft reference (reference.cpp): a mailbox generator with make-and-test legality, sharing
// nothing with the bitboard generator, so the two check each other.

#include <cstdint>

#include "puzzles/chess/position.h"

namespace sp::chess {

// Leaf nodes `depth` plies below g (1 at depth 0). Every leaf is made and tested: slow.
std::uint64_t reference_perft(const Game& g, int depth);
// The root moves with the leaf count below each, in generation order; returns how many (at most
// kMaxMoves).
int reference_divide(const Game& g, int depth, DivideEntry* out);

}  // namespace sp::chess
