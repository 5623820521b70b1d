// Chess FEN parsing: one clear message per kind of bad input, canonical output, named positions,
// and no crash on any input.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "puzzles/chess/chess.h"
#include "test_util.h"

namespace sp::chess {
namespace {

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::vector<std::string> epd_fens(const std::string& file) {
  std::ifstream in(std::string(SP_TEST_DATA_DIR) + "/" + file);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(line.substr(0, line.find(';')));
  return out;
}

struct BadFen {
  std::string fen;
  std::string message;  // a substring of the error
};

TEST(ChessFen, EveryBadFenHasItsOwnMessage) {
  const std::vector<BadFen> bad = {
      {"", "the FEN is empty"},
      {"   \t ", "the FEN is empty"},
      {"hello", "a FEN has 6 fields (board, side to move, castling, en passant, halfmove clock, fullmove number), or 4 without the counters; got 1 (named positions: startpos, kiwipete"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "or 4 without the counters; got 5"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "got 7"},
      {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the board needs 8 ranks separated by '/', got 7"},
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the board needs 8 ranks separated by '/', got 9"},
      {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
      {"rnbqkbnr/pppppppp/8/8/44p/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 4 has more than 8 squares"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares, not 8"},
      {"rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 5 has 0 squares, not 8"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "rank 1: 'X' is neither a piece letter (PNBRQK, pnbrqk) nor an empty-square count 1..8"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6: '9' is neither a piece letter"},
      {"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6: '0' is neither a piece letter"},
      {std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x01 w KQkq - 0 1"), "rank 1: '?' is neither"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has no king"},
      {"knbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 2 kings, not 1"},
      {"4k3/8/8/8/8/NNNNNNNN/PPPPPPPP/4K3 w - - 0 1", "white has 17 pieces; a side has at most 16"},
      {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns; a side has at most 8"},
      {"rnbqkb1r/pppppppp/q7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       "black has 1 piece beyond the starting set (1 queen, 2 rooks, 2 bishops, 2 knights) but 0 missing pawns to have promoted"},
      {"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "white has 1 piece beyond"},
      {"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn cannot stand on the first or last rank: white pawn on h8"},
      {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "a pawn cannot stand on the first or last rank: black pawn on a1"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "the side to move must be 'w' or 'b', got 'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "the side to move must be 'w' or 'b', got 'W'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling rights must be '-' or letters from KQkq, got 'KQkx'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "castling right 'K' appears twice"},
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K' needs the white king on e1 and a white rook on h1"},
      {"r3k2r/8/8/8/8/8/8/R2K3R w Q - 0 1", "castling right 'Q' needs the white king on e1 and a white rook on a1"},
      {"r3k2q/8/8/8/8/8/8/R3K2R w k - 0 1", "castling right 'k' needs the black king on e8 and a black rook on h8"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "the en-passant square must be '-' or a square such as e3, got 'e9'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "the en-passant square e3 must be on rank 6 when white is to move"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", "the en-passant square e6 must be on rank 3 when black is to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "the en-passant square e6 needs a black pawn on e5 that has just moved from e7 (with e7 and e6 empty)"},
      {"rnbqkbnr/ppp1pppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "needs a black pawn on e5 that has just moved from e7 (with e7 and e6 empty)"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "the halfmove clock must be a whole number 0..9999, got 'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "the halfmove clock must be a whole number 0..9999, got '-1'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", "the halfmove clock must be a whole number 0..9999"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "the fullmove number must be a whole number 1..9999, got '0'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1", "the fullmove number must be a whole number 1..9999, got '+1'"},
      {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "black is in check (from the rook on e1) but it is white to move"},
      {"8/8/8/3kK3/8/8/8/8 b - - 0 1", "white is in check (from the king on d5) but it is black to move"},
      {"rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1", "black is in check (from the queen on h5) but it is white to move"},
  };
  EXPECT_GE(bad.size(), 20u);
  for (const BadFen& b : bad) {
    auto g = parse_fen(b.fen);
    ASSERT_FALSE(g) << "accepted: " << b.fen;
    EXPECT_NE(g.error().find(b.message), std::string::npos) << b.fen << "\n  got:  " << g.error() << "\n  want: " << b.message;
  }
}

TEST(ChessFen, NamedPositionsAreTheirFens) {
  for (const NamedPosition& n : kNamedPositions) {
    auto by_name = parse_fen(n.name), by_fen = parse_fen(n.fen);
    ASSERT_TRUE(by_name) << n.name << ": " << by_name.error();
    ASSERT_TRUE(by_fen) << by_fen.error();
    EXPECT_EQ(to_fen(by_name.value()), to_fen(by_fen.value()));
    EXPECT_EQ(to_fen(by_name.value()), std::string(n.fen)) << "named FENs are written canonically";
  }
  auto padded = parse_fen("  startpos\t");
  ASSERT_TRUE(padded);
  EXPECT_EQ(to_fen(padded.value()), kStart);
  EXPECT_FALSE(parse_fen("Startpos")) << "names are exact";
}

TEST(ChessFen, CanonicalFormMergesEmptiesOrdersCastlingAndAddsCounters) {
  auto g = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R   w   qkQK -");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(to_fen(g.value()), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  auto split = parse_fen("rnbqkbnr/pppppppp/44/11111111/8/8/PPPPPPPP/RNBQKBNR b - - 12 40");
  ASSERT_TRUE(split) << split.error();
  EXPECT_EQ(to_fen(split.value()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 12 40");
}

TEST(ChessFen, EnPassantSquareKeptInTextAndForTheGeneratorOnlyWhenCapturable) {
  // After 1. e4 nothing can take on e3: the text keeps it, the generator does not.
  auto quiet = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(quiet) << quiet.error();
  EXPECT_EQ(quiet.value().ep_square, 20);
  EXPECT_EQ(quiet.value().position.ep_target, 0u);
  EXPECT_EQ(to_fen(quiet.value()), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  auto live = parse_fen("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3");
  ASSERT_TRUE(live) << live.error();
  EXPECT_EQ(live.value().position.ep_target, square_bb(19));
}

TEST(ChessFen, EveryPublishedFenRoundTrips) {
  std::size_t n = 0;
  for (const char* file : {"chess_wiki_perft.epd", "perftsuite.epd", "chess_edge_cases.epd"})
    for (const std::string& fen : epd_fens(file)) {
      auto g = parse_fen(fen);
      ASSERT_TRUE(g) << file << ": " << fen << ": " << g.error();
      const std::string canonical = to_fen(g.value());
      auto again = parse_fen(canonical);
      ASSERT_TRUE(again) << canonical;
      EXPECT_EQ(to_fen(again.value()), canonical);
      EXPECT_TRUE(again.value().position == g.value().position) << fen;
      ++n;
    }
  EXPECT_EQ(n, 7u + 126u + 24u);
}

// Hostile input: mutations of good FENs and random bytes. Each must come back as a value or an
// error (the sanitizer builds check there is no undefined behaviour on the way).
TEST(ChessFen, NoInputCrashes) {
  std::mt19937_64 rng(7);
  const std::string alphabet = "pnbrqkPNBRQK0123456789/ -wKQkqabcdefgh\t\x01\xff";
  const std::vector<std::string> seeds = {kStart, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                          "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"};
  int accepted = 0;
  const int rounds = test::quick_mode() ? 20000 : 200000;
  for (int i = 0; i < rounds; ++i) {
    std::string s = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = s.empty() ? 0 : rng() % s.size();
      switch (rng() % 3) {
        case 0: if (!s.empty()) s[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), alphabet[rng() % alphabet.size()]); break;
        default: if (!s.empty()) s.erase(at, 1 + rng() % 3); break;
      }
    }
    if (i % 10 == 0) {  // sometimes pure noise
      s.resize(rng() % 100);
      for (char& c : s) c = static_cast<char>(rng());
    }
    auto g = parse_fen(s);
    if (g) {
      ++accepted;
      // Whatever is accepted writes back to a FEN that parses to the same position.
      auto again = parse_fen(to_fen(g.value()));
      ASSERT_TRUE(again) << s;
      EXPECT_TRUE(again.value().position == g.value().position) << s;
    } else {
      EXPECT_FALSE(g.error().empty());
    }
  }
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace sp::chess
