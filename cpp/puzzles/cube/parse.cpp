// Text in and out: Singmaster moves, facelet strings, and which of the two an input is. Every
// kernel path gets its states from here (through Cube::prepare), so this is the one place that
// decides what a legal input is and what an error says. Nothing here throws.

#include <algorithm>

#include "puzzles/cube/cube.h"

namespace sp::cube {
namespace {

constexpr std::string_view kFaces = "URFDLB";  // face and colour names, index = face number
enum Face : std::uint8_t { U, R, F, D, L, B };

// Facelet numbers: U1..U9 = 0..8, then R, F, D, L, B, nine each, every face row by row as seen
// from outside on the usual net. Corner lists start at the U/D facelet and run clockwise.
constexpr std::uint8_t kCornerFacelet[kCorners][3] = {
    {8, 9, 20}, {6, 18, 38}, {0, 36, 47}, {2, 45, 11}, {29, 26, 15}, {27, 44, 24}, {33, 53, 42}, {35, 17, 51}};
constexpr std::uint8_t kEdgeFacelet[kEdges][2] = {{5, 10},  {7, 19},  {3, 37},  {1, 46},  {32, 16}, {28, 25},
                                                  {30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14}};
// The colours of each cubie, in the same order as its facelets at its home position.
constexpr Face kCornerColor[kCorners][3] = {{U, R, F}, {U, F, L}, {U, L, B}, {U, B, R},
                                            {D, F, R}, {D, L, F}, {D, B, L}, {D, R, B}};
constexpr Face kEdgeColor[kEdges][2] = {{U, R}, {U, F}, {U, L}, {U, B}, {D, R}, {D, F},
                                        {D, L}, {D, B}, {F, R}, {F, L}, {B, L}, {B, R}};
constexpr std::string_view kCornerNames[kCorners] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
constexpr std::string_view kEdgeNames[kEdges] = {"UR", "UF", "UL", "UB", "DR", "DF",
                                                 "DL", "DB", "FR", "FL", "BL", "BR"};

constexpr std::size_t kFacelets = 54;
constexpr std::size_t kLongestMove = 5;  // R2’: a letter, '2' and three UTF-8 bytes

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// User text echoed in a message: short, and never raw control characters.
std::string quoted(std::string_view s) { return quote_user_text(s, 20); }

std::string facelet_name(std::size_t i) { return std::string(1, kFaces[i / 9]) + std::to_string(i % 9 + 1); }

// One token: a face letter and an optional suffix. Returns the move index, or why not.
Expected<std::uint8_t> parse_move(std::string_view token) {
  const char first = token.front();
  const std::size_t face = kFaces.find(first);
  if (face == std::string_view::npos) {
    if (std::string_view("urfdlb").find(first) != std::string_view::npos)
      return Error{"lower-case letters are wide moves in WCA notation, which are not supported; faces are U R F D L B"};
    if (std::string_view("MESxyz").find(first) != std::string_view::npos)
      return Error{"slice moves and rotations are not supported, only the face turns U R F D L B"};
    return Error{"a move starts with a face letter U R F D L B"};
  }
  const std::string_view suffix = token.substr(1);
  int quarters = 0;
  if (suffix.empty()) quarters = 1;
  else if (suffix == "'" || suffix == "\u2019" || suffix == "\u2032") quarters = 3;
  else if (suffix == "2" || suffix == "2'" || suffix == "2\u2019" || suffix == "2\u2032") quarters = 2;
  else if (suffix.front() == 'w') return Error{"wide moves are not supported, only the face turns U R F D L B"};
  else return Error{"a face letter may be followed only by ' or 2; separate moves with spaces"};
  return static_cast<std::uint8_t>(3 * face + static_cast<std::size_t>(quarters - 1));
}

}  // namespace

Expected<std::vector<std::uint8_t>> parse_moves(std::string_view text) {
  std::vector<std::uint8_t> moves;
  std::size_t pos = 0;
  for (;;) {
    while (pos < text.size() && is_space(text[pos])) ++pos;
    if (pos == text.size()) return moves;
    const std::size_t start = pos;
    while (pos < text.size() && !is_space(text[pos])) ++pos;
    const std::string_view token = text.substr(start, pos - start);
    auto move = parse_move(token);
    if (!move)
      return Error{"bad move " + quoted(token) + " (move " + std::to_string(moves.size() + 1) + ", column " +
                   std::to_string(start + 1) + "): " + move.error()};
    moves.push_back(move.value());
  }
}

Expected<CubieCube> parse_facelets(std::string_view s) {
  if (s.size() != kFacelets)
    return Error{"a facelet string has 54 letters (9 per face, faces in the order U R F D L B), got " +
                 std::to_string(s.size())};
  std::array<Face, kFacelets> face{};
  std::array<int, 6> count{};
  for (std::size_t i = 0; i < kFacelets; ++i) {
    const std::size_t f = kFaces.find(s[i]);
    if (f == std::string_view::npos)
      return Error{"letter " + std::to_string(i + 1) + " (" + facelet_name(i) + ") is " + quoted(s.substr(i, 1)) +
                   ": facelets are the upper-case letters U R F D L B"};
    face[i] = static_cast<Face>(f);
    ++count[f];
  }
  // The centres name the colours: a string whose R centre says U has its colours mislabelled.
  for (std::size_t f = 0; f < 6; ++f)
    if (face[9 * f + 4] != f)
      return Error{"the centre of the " + std::string(1, kFaces[f]) + " face (letter " + std::to_string(9 * f + 5) +
                   ") is '" + kFaces[face[9 * f + 4]] + "'; the centres must read U R F D L B"};
  std::string wrong_counts;
  for (std::size_t f = 0; f < 6; ++f)
    if (count[f] != 9)
      wrong_counts += (wrong_counts.empty() ? "" : ", ") + std::string(1, kFaces[f]) + " " + std::to_string(count[f]);
  if (!wrong_counts.empty()) return Error{"each colour appears 9 times on a cube, but here: " + wrong_counts};

  CubieCube c;
  std::array<int, kCorners> corner_at;
  corner_at.fill(-1);
  for (int i = 0; i < kCorners; ++i) {
    const auto& fl = kCornerFacelet[i];
    const Face col[3] = {face[fl[0]], face[fl[1]], face[fl[2]]};
    // The twist is where the U/D colour sits; the other two, read clockwise, identify the corner.
    int ori = 0;
    while (ori < 3 && col[ori] != U && col[ori] != D) ++ori;
    int found = -1;
    for (int j = 0; ori < 3 && j < kCorners && found < 0; ++j)
      if (kCornerColor[j][0] == col[ori] && kCornerColor[j][1] == col[(ori + 1) % 3] &&
          kCornerColor[j][2] == col[(ori + 2) % 3])
        found = j;
    if (found < 0)
      return Error{"the corner at " + std::string(kCornerNames[i]) + " shows the colours " + kFaces[col[0]] + " " +
                   kFaces[col[1]] + " " + kFaces[col[2]] + " (facelets " + facelet_name(fl[0]) + " " +
                   facelet_name(fl[1]) + " " + facelet_name(fl[2]) + "): no corner has these colours in this order"};
    if (corner_at[static_cast<std::size_t>(found)] >= 0)
      return Error{"the " + std::string(kCornerNames[found]) + " corner appears twice (at " +
                   std::string(kCornerNames[corner_at[static_cast<std::size_t>(found)]]) + " and at " +
                   std::string(kCornerNames[i]) + ")"};
    corner_at[static_cast<std::size_t>(found)] = i;
    c.cp[i] = static_cast<std::uint8_t>(found);
    c.co[i] = static_cast<std::uint8_t>(ori);
  }
  std::array<int, kEdges> edge_at;
  edge_at.fill(-1);
  for (int i = 0; i < kEdges; ++i) {
    const auto& fl = kEdgeFacelet[i];
    const Face a = face[fl[0]], b = face[fl[1]];
    int found = -1, flip = 0;
    for (int j = 0; j < kEdges && found < 0; ++j) {
      if (kEdgeColor[j][0] == a && kEdgeColor[j][1] == b) found = j, flip = 0;
      else if (kEdgeColor[j][0] == b && kEdgeColor[j][1] == a) found = j, flip = 1;
    }
    if (found < 0)
      return Error{"the edge at " + std::string(kEdgeNames[i]) + " shows the colours " + kFaces[a] + " " + kFaces[b] +
                   " (facelets " + facelet_name(fl[0]) + " " + facelet_name(fl[1]) + "): no edge has these colours"};
    if (edge_at[static_cast<std::size_t>(found)] >= 0)
      return Error{"the " + std::string(kEdgeNames[found]) + " edge appears twice (at " +
                   std::string(kEdgeNames[edge_at[static_cast<std::size_t>(found)]]) + " and at " +
                   std::string(kEdgeNames[i]) + ")"};
    edge_at[static_cast<std::size_t>(found)] = i;
    c.ep[i] = static_cast<std::uint8_t>(found);
    c.eo[i] = static_cast<std::uint8_t>(flip);
  }

  // Every piece is real and there once: what is left are the three laws of the cube group.
  int twist = 0, flips = 0;
  for (auto o : c.co) twist += o;
  for (auto o : c.eo) flips += o;
  if (twist % 3)
    return Error{"a corner is twisted: the corner twists add up to " + std::to_string(twist % 3) +
                 " (mod 3), and must add up to 0"};
  if (flips % 2) return Error{"an edge is flipped: the edge flips add up to 1 (mod 2), and must add up to 0"};
  const bool odd_corners = odd_permutation(c.cp.data(), kCorners), odd_edges = odd_permutation(c.ep.data(), kEdges);
  if (odd_corners != odd_edges)
    return Error{std::string("two pieces are swapped: the corner permutation is ") + (odd_corners ? "odd" : "even") +
                 " and the edge permutation " + (odd_edges ? "odd" : "even") + "; on a real cube both are odd or both even"};
  return c;
}

std::string to_facelets(const CubieCube& c) {
  std::string s(kFacelets, '?');
  for (std::size_t f = 0; f < 6; ++f) s[9 * f + 4] = kFaces[f];
  // Sticker k of the cubie at position i lies on that position's facelet (k + orientation).
  for (int i = 0; i < kCorners; ++i)
    for (int k = 0; k < 3; ++k) s[kCornerFacelet[i][(k + c.co[i]) % 3]] = kFaces[kCornerColor[c.cp[i]][k]];
  for (int i = 0; i < kEdges; ++i)
    for (int k = 0; k < 2; ++k) s[kEdgeFacelet[i][(k + c.eo[i]) % 2]] = kFaces[kEdgeColor[c.ep[i]][k]];
  return s;
}

Expected<std::vector<CubieCube>> parse_cube_input(std::string_view text) {
  std::string_view word = text;
  while (!word.empty() && is_space(word.front())) word.remove_prefix(1);
  while (!word.empty() && is_space(word.back())) word.remove_suffix(1);
  if (word.size() > kLongestMove && std::none_of(word.begin(), word.end(), is_space)) {
    auto c = parse_facelets(word);
    if (c) return std::vector<CubieCube>{c.value()};
    // A run-together move sequence lands here too: say how the input was read.
    const bool looks_like_facelets = word.size() == kFacelets && word.find_first_not_of(kFaces) == std::string_view::npos;
    return Error{"facelet string: " + c.error() +
                 (looks_like_facelets ? "" : " (one word of 6 or more characters is read as a facelet string; separate moves with spaces)")};
  }
  auto moves = parse_moves(text);  // the text as given: columns count from its first character
  if (!moves) return Error{moves.error()};
  std::vector<CubieCube> factors;
  factors.reserve(moves.value().size());
  for (std::uint8_t m : moves.value()) factors.push_back(move_table()[m]);
  return factors;
}

Expected<std::string> canonical_cube_input(std::string_view text) {
  std::string_view word = text;
  while (!word.empty() && is_space(word.front())) word.remove_prefix(1);
  while (!word.empty() && is_space(word.back())) word.remove_suffix(1);
  if (word.size() > kLongestMove && std::none_of(word.begin(), word.end(), is_space)) {
    auto checked = parse_cube_input(word);
    if (!checked) return Error{checked.error()};
    return std::string(word);
  }
  auto moves = parse_moves(text);
  if (!moves) return Error{moves.error()};
  std::string out;
  for (std::uint8_t m : moves.value()) {
    if (!out.empty()) out += ' ';
    out += kFaces[m / 3];
    out += m % 3 == 1 ? "2" : m % 3 == 2 ? "'" : "";
  }
  return out;
}

}  // namespace sp::cube
