// Cephalopod: the board word, its symmetries and SWAR helpers against plain per-cell code, the
// SWAR move generator against the reference's reading of the rules, and input parsing.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "puzzles/cephalopod/cephalopod.h"

namespace sp::cephalopod {
namespace {

using Digits = std::array<int, kCells>;

// A random board with `dice` dice (values 1..6) on random cells.
Digits random_board(std::mt19937& rng, int dice) {
  Digits d{};
  std::array<int, kCells> cells = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::shuffle(cells.begin(), cells.end(), rng);
  for (int i = 0; i < dice; ++i) d[static_cast<std::size_t>(cells[static_cast<std::size_t>(i)])] = 1 + static_cast<int>(rng() % 6);
  return d;
}

// The 3x3 grid turned a quarter clockwise, and mirrored on its main diagonal, cell by cell.
Digits turn(const Digits& d) {
  Digits out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out[static_cast<std::size_t>(3 * r + c)] = d[static_cast<std::size_t>(3 * (2 - c) + r)];
  return out;
}
Digits mirror(const Digits& d) {
  Digits out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out[static_cast<std::size_t>(3 * r + c)] = d[static_cast<std::size_t>(3 * c + r)];
  return out;
}

TEST(CephalopodBoard, EncodeDecodeAndHash) {
  std::mt19937 rng(7);
  EXPECT_EQ(hash(encode({1, 0, 0, 3, 2, 1, 0, 1, 5})), 100321015u);  // the statement's example
  EXPECT_EQ(hash(encode({0, 6, 0, 2, 2, 2, 1, 6, 1})), 60222161u);   // leading zeros vanish
  EXPECT_EQ(hash(encode({6, 6, 6, 6, 6, 6, 6, 6, 6})), 666666666u);
  for (int i = 0; i < 2000; ++i) {
    const Digits d = random_board(rng, static_cast<int>(rng() % 10));
    const Board b = encode(d);
    EXPECT_EQ(decode(b), d);
    EXPECT_LT(b, 1u << 27);
    std::uint32_t h = 0;
    for (int v : d) h = h * 10 + static_cast<std::uint32_t>(v);
    EXPECT_EQ(hash(b), h);
    // The centre is row-major cell 4, position 8; corners are even positions.
    EXPECT_EQ(field(b, kCentre), d[4]);
    EXPECT_EQ(field(b, 2), d[2]);
    EXPECT_EQ(field(b, 3), d[5]);
  }
}

TEST(CephalopodBoard, TransformsAreTheEightSymmetriesOfTheGrid) {
  std::mt19937 rng(8);
  for (int i = 0; i < 500; ++i) {
    const Digits d = random_board(rng, static_cast<int>(rng() % 10));
    const Board b = encode(d);
    // t_k = R^k for k < 4, R^(k-4) o T: checked against the grid turned and mirrored by hand.
    Digits turned = d;
    Digits mirrored = mirror(d);
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(decode(apply(k, b)), turned) << k;
      EXPECT_EQ(decode(apply(4 + k, b)), mirrored) << 4 + k;
      turned = turn(turned);
      mirrored = turn(mirrored);
    }
    for (int a = 0; a < kSymmetries; ++a) {
      EXPECT_EQ(apply(kGroup.inverse[static_cast<std::size_t>(a)], apply(a, b)), b);
      for (int c = 0; c < kSymmetries; ++c)
        EXPECT_EQ(apply(kGroup.compose[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)], b), apply(a, apply(c, b)));
    }
    // The canonical form is the smallest image, and sym names the transform that gives it.
    const Canonical cb = canonicalize(b);
    Board smallest = b;
    for (int k = 0; k < kSymmetries; ++k) smallest = std::min(smallest, apply(k, b));
    EXPECT_EQ(cb.board, smallest);
    EXPECT_EQ(apply(cb.sym, b), cb.board);
    EXPECT_EQ(canonicalize(apply(static_cast<int>(rng() % 8), b)).board, cb.board);
  }
}

TEST(CephalopodBoard, SwarHelpersMatchPerFieldArithmetic) {
  std::mt19937 rng(9);
  for (int i = 0; i < 5000; ++i) {
    const std::uint32_t a = rng() & kAll, b = rng() & kAll;
    std::uint32_t z = 0, sat = 0, sev = 0;
    for (int p = 0; p < kCells; ++p) {
      const std::uint32_t fa = (a >> (3 * p)) & 7u, fb = (b >> (3 * p)) & 7u;
      if (fa == 0) z |= 4u << (3 * p);
      if (fa == 7) sev |= 4u << (3 * p);
      sat |= std::min(fa + fb, 7u) << (3 * p);
    }
    EXPECT_EQ(zmask(a), z);
    EXPECT_EQ(sevens(a), sev);
    EXPECT_EQ(add_saturate(a, b), sat);
    EXPECT_EQ(fill_fields(z), [&] {
      std::uint32_t f = 0;
      for (int p = 0; p < kCells; ++p)
        if ((z >> (3 * p + 2)) & 1u) f |= 7u << (3 * p);
      return f;
    }());
  }
}

std::multiset<Board> swar_children(Board b) {
  Board out[kChildBuffer];
  const int n = write_children(b, out);
  EXPECT_LE(n, kMaxChildren);
  return {out, out + n};
}
std::multiset<Board> reference_children(const Digits& d) {
  std::multiset<Board> out;
  for (const Digits& m : reference_moves(d)) out.insert(encode(m));
  return out;
}

// The SWAR generator and the rules in words agree on every move of every kind of board: each
// number of dice, and the boards where captures are likeliest (small values).
TEST(CephalopodMoves, SwarMovesEqualTheRules) {
  std::mt19937 rng(10);
  int boards = 0;
  for (int dice = 0; dice < kCells; ++dice)
    for (int i = 0; i < 400; ++i) {
      Digits d = random_board(rng, dice);
      if (i % 2)
        for (int& v : d)
          if (v) v = 1 + v % 3;  // values 1..3: many captures
      const auto expected = reference_children(d);
      EXPECT_EQ(swar_children(encode(d)), expected) << board_digits(d);
      EXPECT_EQ(std::set<Board>(expected.begin(), expected.end()).size(), expected.size()) << "moves give distinct boards";
      ++boards;
    }
  EXPECT_EQ(boards, 3600);
}

TEST(CephalopodMoves, WorkedExamplesFromTheStatement) {
  // "11 unique states": the centre between four 1s has 11 captures and no 1.
  const auto eleven = swar_children(encode({6, 1, 6, 1, 0, 1, 6, 1, 6}));
  EXPECT_EQ(eleven.size(), 11u);
  EXPECT_TRUE(eleven.count(encode({6, 0, 6, 0, 4, 0, 6, 0, 6})));
  EXPECT_TRUE(eleven.count(encode({6, 0, 6, 1, 3, 0, 6, 0, 6})));
  // Neighbours 6 and 2 sum to 8: no capture, the corners get 1s.
  const auto corners = swar_children(encode({0, 6, 0, 2, 2, 2, 1, 6, 1}));
  EXPECT_EQ(corners, (std::multiset<Board>{encode({1, 6, 0, 2, 2, 2, 1, 6, 1}), encode({0, 6, 1, 2, 2, 2, 1, 6, 1})}));
  // A single die next to an empty cell is no capture (at least two dice are needed).
  EXPECT_EQ(swar_children(encode({1, 0, 6, 6, 6, 6, 6, 6, 6})), (std::multiset<Board>{encode({1, 1, 6, 6, 6, 6, 6, 6, 6})}));
  // Capture is mandatory per cell, not per board: the left edge must capture (1 + 1), the
  // bottom-right corner cannot (6 + 6) and still gets its 1.
  const auto per_cell = swar_children(encode({1, 6, 6, 0, 1, 6, 6, 6, 0}));
  EXPECT_EQ(per_cell, (std::multiset<Board>{encode({0, 6, 6, 2, 0, 6, 6, 6, 0}), encode({1, 6, 6, 0, 1, 6, 6, 6, 1})}));
}

TEST(CephalopodParse, AcceptsEverySpelling) {
  const Digits want = {0, 6, 0, 2, 2, 2, 1, 6, 1};
  for (const char* text : {"060222161", "060/222/161", "0 6 0 2 2 2 1 6 1", " 060 / 222 / 161 ", "0 6 0 / 2 2 2 / 1 6 1",
                           "060 222 161", "0,6,0,2,2,2,1,6,1", "\t060222161\n", "0 6 0\n2 2 2\n1 6 1\n"}) {
    auto d = parse_board(text);
    ASSERT_TRUE(d) << text << ": " << d.error();
    EXPECT_EQ(d.value(), want) << text;
  }
  EXPECT_EQ(board_digits(want), "060222161");
  auto in = parse_contest("20\n0 6 0\n2 2 2\n1 6 1\n");
  ASSERT_TRUE(in) << in.error();
  EXPECT_EQ(in.value().depth, 20);
  EXPECT_EQ(in.value().digits, want);
  auto flat = parse_contest("  40   000000000 ");
  ASSERT_TRUE(flat) << flat.error();
  EXPECT_EQ(flat.value().depth, 40);
}

TEST(CephalopodParse, RejectsBadBoardsWithMessagesThatNameTheProblem) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "board is empty"},
      {"   ", "board is empty"},
      {"06022216", "board has 8 cells; it needs 9"},
      {"0602221610", "board has 10 cells; it needs 9"},
      {"0 6 0 2 2 2 1 6", "board has 8 cells; it needs 9"},
      {"060222167", "cell 9 (row 3, column 3) is 7; values go from 0 (empty) to 6"},
      {"960222161", "cell 1 (row 1, column 1) is 9"},
      {"06x222161", "unexpected character 'x' at position 3"},
      {"-1 6 0 2 2 2 1 6 1", "unexpected character '-' at position 1"},
      {"060/222", "board has 2 rows split by '/'; it needs 3"},
      {"060/2222/161", "row 2 has 4 cells; it needs 3"},
      {"0 6 0 12 2 1 6 1", "'12' in board is not a cell value"},
      {"060/22/161/", "board has 4 rows split by '/'; it needs 3"},
      {"0.6.0.2.2.2.1.6.1", "unexpected character '.' at position 2"},
  };
  for (const auto& [text, message] : bad) {
    auto d = parse_board(text);
    ASSERT_FALSE(d) << text;
    EXPECT_NE(d.error().find(message), std::string::npos) << "'" << text << "' gave: " << d.error();
  }
  const std::pair<const char*, const char*> bad_contest[] = {
      {"", "contest input is empty"},
      {"41\n0 0 0\n0 0 0\n0 0 0", "depth must be in 0..40, got 41"},
      {"x\n0 0 0\n0 0 0\n0 0 0", "depth must be an integer in 0..40, got 'x'"},
      {"2.5\n0 0 0\n0 0 0\n0 0 0", "depth must be an integer in 0..40, got '2.5'"},
      {"-3\n0 0 0\n0 0 0\n0 0 0", "depth must be an integer in 0..40, got '-3'"},
      {"99999999999999999999\n0 0 0", "depth must be an integer in 0..40"},
      {"20\n0 6 0\n2 2 2\n", "board has 6 cells; it needs 9"},
      {"20\n0 6 0\n2 8 2\n1 6 1", "cell 5 (row 2, column 2) is 8"},
  };
  for (const auto& [text, message] : bad_contest) {
    auto d = parse_contest(text);
    ASSERT_FALSE(d) << text;
    EXPECT_NE(d.error().find(message), std::string::npos) << "'" << text << "' gave: " << d.error();
  }
}

}  // namespace
}  // namespace sp::cephalopod
