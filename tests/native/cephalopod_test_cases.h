#pragma once
// Cephalopod test cases from board text or at random, shared by the engine, kernel and layered kernel tests.

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>

#include "core/registry.h"
#include "puzzles/cephalopod/cephalopod.h"

namespace sp::cephalopod {

inline const Puzzle& puzzle() { return *registry().find("cephalopod"); }

// A case from its digits ("060/222/161" or "060222161"); a board that does not parse fails the test.
inline Case make_case(int depth, const std::string& board) {
  auto d = parse_board(board);
  EXPECT_TRUE(d) << board;
  Case c;
  c.depth = depth;
  c.digits = d.value();
  c.board = encode(c.digits);
  return c;
}

// A board with `dice` dice of random values (1..6) on distinct random cells.
inline std::array<int, kCells> random_digits(std::mt19937& rng, int dice) {
  std::array<int, kCells> d{};
  for (int placed = 0; placed < dice;) {
    const auto cell = rng() % kCells;
    if (d[cell]) continue;
    d[cell] = 1 + static_cast<int>(rng() % 6);
    ++placed;
  }
  return d;
}

}  // namespace sp::cephalopod
