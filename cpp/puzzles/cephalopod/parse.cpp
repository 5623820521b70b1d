// Board and contest-input parsing, with messages that name the problem. Accepted boards: 9
// digits ("060222161"), three rows split by '/' ("060/222/161", "0 6 0 / 2 2 2 / 1 6 1"), three
// rows split by whitespace ("060 222 161"), or 9 values split by whitespace or commas
// ("0 6 0 2 2 2 1 6 1", as the contest's stdin has them).

#include <cctype>
#include <string>
#include <vector>

#include "core/params.h"
#include "puzzles/cephalopod/cephalopod.h"

namespace sp::cephalopod {
namespace {

// An error about one parameter (the page marks that field).
Error field_error(std::string message, const char* field) { return Error{std::move(message), field}; }

bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ','; }

std::vector<std::string_view> split_tokens(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// The cells of one row or of the whole board from whitespace-separated tokens: one token of
// `cells` digits, or `cells` one-digit tokens.
Expected<std::string> cells_of(const std::vector<std::string_view>& tokens, std::size_t cells, const std::string& what) {
  std::string digits;
  if (tokens.size() == 1) {
    digits = std::string(tokens[0]);
  } else if (cells == 9 && tokens.size() == 3 && tokens[0].size() == 3 && tokens[1].size() == 3 &&
             tokens[2].size() == 3) {
    for (auto t : tokens) digits += t;  // "060 222 161": three rows
  } else {
    for (auto t : tokens) {
      if (t.size() != 1)
        return field_error("board: '" + std::string(t) + "' in " + what + " is not a cell value (cells are 0 to 6)", "board");
      digits += t;
    }
  }
  if (digits.size() != cells)
    return field_error(what + " has " + plural(digits.size(), "cell") + "; it needs " + std::to_string(cells) +
                     (cells == 9 ? " (3 rows of 3)" : ""), "board");
  return digits;
}

}  // namespace

Expected<std::array<int, kCells>> parse_board(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if ((ch >= '0' && ch <= '9') || ch == '/' || is_space(ch)) continue;
    return field_error("board: unexpected character " + quote_user_text(text.substr(i, 1)) + " at position " +
                     std::to_string(i + 1) + " (cells are digits 0 to 6, rows may be split by '/' or spaces)", "board");
  }
  std::string digits;
  if (text.find('/') != std::string_view::npos) {
    std::vector<std::string_view> rows;
    std::size_t start = 0;
    for (;;) {
      const std::size_t slash = text.find('/', start);
      rows.push_back(text.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
      if (slash == std::string_view::npos) break;
      start = slash + 1;
    }
    if (rows.size() != 3) return field_error("board has " + plural(rows.size(), "row") + " split by '/'; it needs 3", "board");
    for (std::size_t r = 0; r < 3; ++r) {
      auto row = cells_of(split_tokens(rows[r]), 3, "row " + std::to_string(r + 1));
      if (!row) return row.error_detail();
      digits += row.value();
    }
  } else {
    const auto tokens = split_tokens(text);
    if (tokens.empty()) return field_error("board is empty: give 9 cells, e.g. 060222161", "board");
    auto all = cells_of(tokens, 9, "board");
    if (!all) return all.error_detail();
    digits = all.value();
  }
  std::array<int, kCells> out{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int v = digits[static_cast<std::size_t>(cell)] - '0';
    if (v > kMaxValue)
      return field_error("board: cell " + std::to_string(cell + 1) + " (row " + std::to_string(cell / 3 + 1) + ", column " +
                       std::to_string(cell % 3 + 1) + ") is " + std::to_string(v) + "; values go from 0 (empty) to 6", "board");
    out[static_cast<std::size_t>(cell)] = v;
  }
  return out;
}

std::string board_digits(const std::array<int, kCells>& digits) {
  std::string s;
  for (int v : digits) s += static_cast<char>('0' + v);
  return s;
}

Expected<ContestInput> parse_contest(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_space(text[i])) ++i;
  std::size_t j = i;
  while (j < text.size() && !is_space(text[j])) ++j;
  const std::string_view depth_text = text.substr(i, j - i);
  if (depth_text.empty()) return field_error("contest input is empty: it needs a depth line, then 3 rows of 3 values", "depth");
  int depth = 0;
  for (char ch : depth_text) {
    if (ch < '0' || ch > '9' || depth > kMaxDepth) {
      return field_error("depth must be an integer in 0.." + std::to_string(kMaxDepth) + ", got " + quote_user_text(depth_text), "depth");
    }
    depth = depth * 10 + (ch - '0');
  }
  if (depth > kMaxDepth)
    return field_error("depth must be in 0.." + std::to_string(kMaxDepth) + ", got " + std::to_string(depth), "depth");
  auto board = parse_board(text.substr(j));
  if (!board) return board.error_detail();
  return ContestInput{depth, board.value()};
}

}  // namespace sp::cephalopod
