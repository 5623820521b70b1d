// The reference: the rules of research note section 1, applied literally to a decoded 3x3 board,
// breadth first, with one ordered map per depth from board to the number of move sequences that
// reach it. Obviously correct, slow on purpose (about 25 s and far more memory than the cap for
// the empty board at depth 40; see applies() in cephalopod.cpp).

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "puzzles/cephalopod/cephalopod.h"

namespace sp::cephalopod {
namespace {

using Digits = std::array<int, kCells>;  // row-major: cell = 3 * row + column; 0 empty, 1..6 a die

}  // namespace

// Every way to play one turn on `board`, each move's result once.
std::vector<Digits> reference_moves(const Digits& board) {
  std::vector<Digits> out;
  for (int cell = 0; cell < kCells; ++cell) {
    if (board[cell] != 0) continue;  // a die goes on an empty cell
    // The orthogonal neighbours that hold a die.
    const int row = cell / 3, col = cell % 3;
    std::vector<int> dice;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; ++d) {
      const int r = row + dr[d], c = col + dc[d];
      if (r < 0 || r > 2 || c < 0 || c > 2) continue;
      if (board[3 * r + c] != 0) dice.push_back(3 * r + c);
    }
    // A capture takes any subset of at least two of them whose values sum to at most 6; each
    // such subset is its own move, and the new die shows the sum.
    bool captured = false;
    for (unsigned subset = 0; subset < (1u << dice.size()); ++subset) {
      int count = 0, sum = 0;
      for (std::size_t i = 0; i < dice.size(); ++i)
        if (subset & (1u << i)) {
          ++count;
          sum += board[dice[i]];
        }
      if (count < 2 || sum > kMaxValue) continue;
      Digits next = board;
      for (std::size_t i = 0; i < dice.size(); ++i)
        if (subset & (1u << i)) next[dice[i]] = 0;
      next[cell] = sum;
      out.push_back(next);
      captured = true;
    }
    // Capturing is mandatory for this cell when possible; otherwise the new die shows 1.
    if (!captured) {
      Digits next = board;
      next[cell] = 1;
      out.push_back(next);
    }
  }
  return out;
}

namespace {

bool full(const Digits& board) {
  for (int v : board)
    if (v == 0) return false;
  return true;
}

// The cells read left to right, top to bottom, as a decimal number.
std::uint32_t board_hash(const Digits& board) {
  std::uint32_t h = 0;
  for (int v : board) h = h * 10 + static_cast<std::uint32_t>(v);
  return h;
}

// A map or set entry costs about this much (node, key, count, allocator overhead): the reference
// keeps its boards under the workspace's byte cap, and stops with an error instead of
// exhausting memory.
constexpr std::size_t kBytesPerBoard = 96;

}  // namespace

Expected<Result<Answer>> solve_reference(const Case& c, Workspace& ws) {
  if (std::string why; !reference_takes(c, why)) return Error{why};
  const std::size_t max_boards = ws.budget.cap / kBytesPerBoard;
  // Path counts only matter mod 2^30, and 2^30 divides 2^32: wrapping u32 arithmetic is exact.
  std::map<Digits, std::uint32_t> level = {{c.digits, 1u}};
  std::set<Digits> finals;  // distinct final boards, for the statistics
  std::uint32_t sum = 0;
  std::uint64_t expanded = 0;
  auto finish = [&](const Digits& board, std::uint32_t paths) {
    sum += paths * board_hash(board);
    finals.insert(board);
  };
  for (int turn = 0; turn < c.depth && !level.empty(); ++turn) {
    std::map<Digits, std::uint32_t> next;
    for (const auto& [board, paths] : level) {
      if (full(board)) {  // the game is over: a final board, however few turns were played
        finish(board, paths);
        continue;
      }
      ++expanded;
      for (const Digits& child : reference_moves(board)) next[child] += paths;
      if (next.size() + level.size() + finals.size() > max_boards)
        return Error{"reference: more than " + std::to_string(max_boards) + " boards would not fit in " +
                     format_bytes(ws.budget.cap) + "; use a faster kernel"};
    }
    level = std::move(next);
  }
  for (const auto& [board, paths] : level) finish(board, paths);  // depth reached
  Answer a;
  a.sum = sum % kHashModulus;
  a.states_expanded = expanded;
  a.distinct_finals = finals.size();
  return Result<Answer>{a, expanded};
}

SP_REGISTER_KERNEL(Cephalopod,
                   {"reference", Isa::scalar, 0, "the rules on a decoded board, one std::map per depth (slow on purpose)", "bfs"},
                   &solve_reference);

}  // namespace sp::cephalopod
