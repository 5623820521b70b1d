#pragma once
// Cephalopod test cases from board text, shared by the kernel tests and the layered kernel's.

#include <gtest/gtest.h>

#include <string>

#include "puzzles/cephalopod/cephalopod.h"

namespace sp::cephalopod {

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

}  // namespace sp::cephalopod
