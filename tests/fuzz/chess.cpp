// Fuzz target `chess`: the FEN parser (cpp/puzzles/chess/fen.cpp), which reads the `fen` param from
// the CLI, the page and share links, and the legal move generator behind it.
//
// Input: any bytes, read as the text of a `fen` param. Besides "no crash, no UB, no leak":
//   - an accepted FEN is canonical after one round: to_fen(parse_fen(to_fen(g))) == to_fen(g), and
//     the re-parsed game is the same game;
//   - on every accepted position, every slider kernel this CPU runs (hq, hq-simd, magics, PEXT,
//     Kogge-Stone...) counts perft(1) and perft(2) exactly as the independent make-and-test
//     reference does: the fuzzer is also a position generator for the move generator, reaching
//     castling, en-passant and promotion corners no hand-made list names;
//   - a rejection has a message for a person (no control characters, UTF-8 when the input was).
// Cost: parsing is linear in the input; perft(2) of any legal position is at most a few thousand
// leaves (microseconds per kernel).
// Dictionary: chess.dict (piece letters, rank runs, castling and en-passant fields, names).

#include <string>

#include "core/cpu.h"
#include "fuzz_check.h"
#include "fuzz_target.h"
#include "puzzles/chess/chess.h"
#include "puzzles/chess/reference.h"
#include "puzzles/chess/sliders.h"

namespace fuzz_chess {

SP_FUZZ_TARGET(chess, data, size) {
  using namespace sp::chess;
  const std::string_view text = sp::fuzz::as_text(data, size);
  const auto game = parse_fen(text);
  if (!game) {
    sp::fuzz::check_message(game.error(), sp::fuzz::valid_utf8(text), "parse_fen");
    return 0;
  }
  const std::string fen = to_fen(game.value());
  const auto again = parse_fen(fen);
  SP_FUZZ_CHECK(again, "to_fen wrote a FEN parse_fen rejects: ", fen, " (", again ? "" : again.error(), ")");
  SP_FUZZ_CHECK(to_fen(again.value()) == fen, "to_fen is not a fixed point: ", fen, " -> ", to_fen(again.value()));
  SP_FUZZ_CHECK(again.value().position == game.value().position, "the re-parsed position differs: ", fen);

  for (int depth = 1; depth <= 2; ++depth) {
    const std::uint64_t expected = reference_perft(game.value(), depth);
    for (const RegisteredKernel& k : registered_kernels()) {
      if (!sp::cpu::has(k.info.needs) || !k.impl.perft) continue;
      const std::uint64_t nodes = k.impl.perft(game.value(), depth);
      SP_FUZZ_CHECK(nodes == expected, k.info.id, "/", std::string(sp::isa_name(k.info.isa)), " perft(", std::to_string(depth),
                    ") = ", std::to_string(nodes), ", the reference says ", std::to_string(expected), " on ", fen);
    }
  }
  return 0;
}

}  // namespace fuzz_chess
