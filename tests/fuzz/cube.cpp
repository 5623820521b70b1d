// Fuzz target `cube`: the Rubik's cube text parsers (cpp/puzzles/cube/parse.cpp), which read the
// `moves` and `with` params from the CLI, the page and share links.
//
// Input: any bytes, read as the text of a `moves` param. Each input goes through parse_moves,
// parse_facelets and parse_cube_input; besides "no crash, no UB, no leak" they must hold:
//   - moves: each index is one of the 18 turns; there is one move per whitespace-separated
//     token; writing the moves back in plain notation and parsing that gives the same moves;
//   - facelets: an accepted string is a legal cube (check_cubie), writing it back with
//     to_facelets gives the input byte for byte, and it survives the packed layout;
//   - cube input: exactly one of the two readings applies (one word of 6+ characters is facelets,
//     anything else moves), and it agrees with the parser it delegates to; every factor and the
//     product are legal cubes, and the product times its inverse is solved;
//   - errors: a message for a person (no control characters, UTF-8 when the input was).
// Cost: the parsers are linear in the input, so inputs of any length run in microseconds.
// Dictionary: cube.dict (face letters, suffixes, the typographic primes, facelet runs).

#include <string>

#include "fuzz_check.h"
#include "fuzz_target.h"
#include "puzzles/cube/cube.h"

namespace fuzz_cube {

using namespace sp::cube;

constexpr const char* kMoveNames[kMoves] = {"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'",
                                            "D", "D2", "D'", "L", "L2", "L'", "B", "B2", "B'"};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::size_t count_tokens(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!is_space(s[i]) && (i == 0 || is_space(s[i - 1]))) ++n;
  return n;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

void check_legal(const CubieCube& c, std::string_view what) {
  const auto why = check_cubie(c);
  SP_FUZZ_CHECK(!why, what, " is not a legal cube: ", why ? *why : "");
  const auto back = unpack(pack(c));
  SP_FUZZ_CHECK(back && back.value() == c, what, " does not survive pack/unpack");
}

SP_FUZZ_TARGET(cube, data, size) {
  const std::string_view text = sp::fuzz::as_text(data, size);
  const bool utf8 = sp::fuzz::valid_utf8(text);

  // ---- moves ----
  const auto moves = parse_moves(text);
  if (moves) {
    SP_FUZZ_CHECK(moves.value().size() == count_tokens(text), "one move per token");
    std::string written;
    for (std::uint8_t m : moves.value()) {
      SP_FUZZ_CHECK(m < kMoves, "move index ", std::to_string(m));
      written += (written.empty() ? "" : " ") + std::string(kMoveNames[m]);
    }
    const auto again = parse_moves(written);
    SP_FUZZ_CHECK(again && again.value() == moves.value(), "moves do not round-trip through ", written);
  } else {
    sp::fuzz::check_message(moves.error(), utf8, "parse_moves");
  }

  // ---- facelets ----
  const auto facelets = parse_facelets(text);
  if (facelets) {
    check_legal(facelets.value(), "a parsed facelet string");
    SP_FUZZ_CHECK(to_facelets(facelets.value()) == text, "facelets do not round-trip: ",
                  to_facelets(facelets.value()));
  } else {
    sp::fuzz::check_message(facelets.error(), utf8, "parse_facelets");
  }

  // ---- cube input (what the params go through) ----
  const auto input = parse_cube_input(text);
  const std::string_view word = trim(text);
  const bool as_facelets = word.size() > 5 && count_tokens(word) == 1;
  if (input) {
    CubieCube product = identity_cube();
    for (const CubieCube& f : input.value()) {
      check_legal(f, "a factor");
      product = multiply(product, f);
    }
    check_legal(product, "the product");
    SP_FUZZ_CHECK(multiply(product, inverse(product)) == identity_cube(), "x * x^-1 is not solved");
    if (as_facelets) {
      const auto direct = parse_facelets(word);
      SP_FUZZ_CHECK(direct && input.value().size() == 1 && input.value()[0] == direct.value(),
                    "cube input disagrees with parse_facelets");
    } else {
      SP_FUZZ_CHECK(moves && moves.value().size() == input.value().size(), "cube input disagrees with parse_moves");
      for (std::size_t i = 0; i < input.value().size(); ++i)
        SP_FUZZ_CHECK(input.value()[i] == move_table()[moves.value()[i]], "factor ", std::to_string(i),
                      " is not its move");
    }
  } else {
    sp::fuzz::check_message(input.error(), utf8, "parse_cube_input");
    SP_FUZZ_CHECK(as_facelets ? !parse_facelets(word) : !moves, "cube input rejects what its parser accepts");
  }
  return 0;
}

}  // namespace fuzz_cube
