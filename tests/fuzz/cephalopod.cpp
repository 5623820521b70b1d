// Fuzz target `cephalopod`: the board and contest-input parsers (cpp/puzzles/cephalopod/parse.cpp),
// which read the `board` param (CLI, page, share links) and `simd-puzzles solve`'s stdin.
//
// Input: any bytes, read both as a `board` param and as a contest input. Besides "no crash, no
// UB, no leak":
//   - an accepted board has 9 cells in 0..6 and reads the same written as 9 digits, as three
//     '/'-separated rows and as nine space-separated values (the three spellings the CLI takes);
//   - an accepted contest input has a depth in 0..40 and a board that parse_board accepts alike;
//   - on an accepted contest input, every kernel this CPU runs (reference, SWAR BFS, symmetric BFS,
//     cached DFS, the SIMD lanes and DFS) gives the same sum at depth min(depth, 3), through the
//     registry as the CLI calls them;
//   - a rejection has a message for a person (no control characters, UTF-8 when the input was).
// Cost: parsing is linear; depth 3 from any board is at most a few thousand boards per kernel.
// Dictionary: cephalopod.dict.

#include <algorithm>
#include <string>

#include "core/registry.h"
#include "fuzz_check.h"
#include "fuzz_target.h"
#include "puzzles/cephalopod/cephalopod.h"

namespace fuzz_cephalopod {

using namespace sp::cephalopod;

std::string spelled(const std::array<int, kCells>& d, const char* row_sep, const char* cell_sep) {
  std::string s;
  for (int i = 0; i < kCells; ++i) {
    if (i) s += i % 3 == 0 ? row_sep : cell_sep;
    s += static_cast<char>('0' + d[static_cast<std::size_t>(i)]);
  }
  return s;
}

void check_board(const std::array<int, kCells>& d, std::string_view what) {
  for (int v : d) SP_FUZZ_CHECK(v >= 0 && v <= 6, what, ": a cell outside 0..6");
  for (const std::string& text : {board_digits(d), spelled(d, "/", ""), spelled(d, " ", " ")}) {
    const auto again = parse_board(text);
    SP_FUZZ_CHECK(again && again.value() == d, what, ": the spelling ", text, " reads differently");
  }
}

SP_FUZZ_TARGET(cephalopod, data, size) {
  const std::string_view text = sp::fuzz::as_text(data, size);
  const bool utf8 = sp::fuzz::valid_utf8(text);

  const auto board = parse_board(text);
  if (board) check_board(board.value(), "parse_board");
  else sp::fuzz::check_message(board.error(), utf8, "parse_board");

  const auto contest = parse_contest(text);
  if (!contest) {
    sp::fuzz::check_message(contest.error(), utf8, "parse_contest");
    return 0;
  }
  SP_FUZZ_CHECK(contest.value().depth >= 0 && contest.value().depth <= 40, "contest depth out of range");
  check_board(contest.value().digits, "parse_contest");

  const sp::Puzzle* puzzle = sp::registry().find("cephalopod");
  SP_FUZZ_CHECK(puzzle, "cephalopod is not registered");
  const sp::json params = {{"depth", std::min(contest.value().depth, 3)}, {"board", board_digits(contest.value().digits)}};
  auto prepared = puzzle->prepare(params);
  SP_FUZZ_CHECK(prepared, "a parsed contest input does not prepare: ", prepared ? "" : prepared.error());
  sp::json first;
  for (const auto& kernel : puzzle->kernels()) {
    if (!kernel->available()) continue;
    auto outcome = kernel->run(*prepared.value());
    SP_FUZZ_CHECK(outcome, kernel->key(), " failed: ", outcome ? "" : outcome.error());
    const sp::json sum = outcome.value().answer.at("sum");
    if (first.is_null()) first = sum;
    SP_FUZZ_CHECK(sum == first, kernel->key(), " sums to ", sp::dump_json(sum), ", the first kernel to ", sp::dump_json(first), " on ",
                  sp::dump_json(params));
  }
  return 0;
}

}  // namespace fuzz_cephalopod
