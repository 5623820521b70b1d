#pragma once
// Chess: sliding-piece attacks by Hyperbola Quintessence and its rivals, and a legal move
// generator proved by perft (research: ../shared/research/hq-perft.md; vectors in tests/data).
//
// A kernel id is a slider method (ray-walk, hq, hq-simd, classical, fancy-magic, pext,
// kogge-stone). Each has an implementation per mode:
//   perft    the leaf count of a FEN at a depth (and `divide`: per root move), by the legal
//            generator of movegen.h instantiated with that method; ray-walk's perft is instead
//            the independent mailbox make-and-test generator of reference.cpp (the puzzle's
//            reference kernel), so the generator is checked against a different algorithm;
//   attacks  lookups of one slider kind on a fixed pool of random (square, occupancy) pairs,
//            independent (throughput) or chained through the occupancy (latency); the answer is
//            a checksum of the attack sets. Each kernel's table size is in its summary.
//
// Answers (answer_json):
//   perft:   {"nodes": N}, plus "divide": [{"move": "e2e4", "nodes": n}, ...] sorted by move
//            when asked; N is a JSON number (exact below 2^53: depth 9 of startpos is 2.4e12)
//   attacks: {"checksum": "0x<16 hex digits>", "lookups": L} (the sum of all attack sets, mod 2^64)
//
// Illustration (illustrate; the page draws it without another call). Bitboards are 16 hex digits,
// "0x" first, bit 0 = a1 ... bit 63 = h8:
//   {"fen": canonical FEN, "side": "w"|"b",
//    "board": ["r","n",...,""]  64 strings, a1 first ("" empty; FEN letters),
//    "occupied": bitboard,
//    "sliders": [ {"square": "d1", "index": 3, "piece": "Q",
//                  "attacks": bitboard (what every kernel returns for this slider),
//                  "lines": [ {"line": "file"|"rank"|"diagonal"|"anti-diagonal",
//                              "reversal": "byte swap"|"bit reversal",
//                              "mask": the line without the slider,
//                              "o": the line's occupied squares, slider included (the wiki's o),
//                              "r": the slider, "o-2r", "o'": reverse(o), "r'": reverse(r),
//                              "o'-2r'", "reverse(o'-2r')", "xor": (o-2r) ^ reverse(o'-2r'),
//                              "attacks": xor & mask}, ...] } ]}
//   Lines are the file and rank for rooks, both diagonals for bishops, all four for queens. For
//   a rank, reverse() is a bit reversal (a rank sits in one byte); hq itself uses a first-rank
//   table there, hq-simd reverses bits. In attacks mode the board is the case's FEN all the same.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/typed_puzzle.h"
#include "puzzles/chess/bitboard.h"
#include "puzzles/chess/position.h"
// Baseline code the kernels use (the kernels' ISA passes, kernels.inl, see these through this
// header): the scalar slider methods and the magic tables, and the reference perft.
#include "puzzles/chess/reference.h"
#include "puzzles/chess/sliders.h"

namespace sp::chess {

inline constexpr int kMaxDepth = 9;
// Random (square, occupancy) pairs per attacks call: 9 KiB, so the pool stays in L1 beside the
// tables, and one call of the slowest method is still only tens of microseconds.
inline constexpr std::uint32_t kPoolSize = 1024;
inline constexpr std::uint64_t kPoolSeed = 2024;

enum class Mode : std::uint8_t { perft, attacks };
enum class SliderPiece : std::uint8_t { rook, bishop, queen };
enum class Measure : std::uint8_t { throughput, latency };

struct AttackPool {
  const std::uint8_t* squares = nullptr;
  const Bitboard* occupancy = nullptr;
  std::uint32_t count = 0;
};

// The pool: squares uniform over the board, occupancies random with about a quarter of the
// squares set (x & y of two random words: 16 pieces on average, a middlegame).
struct PoolStorage {
  std::vector<std::uint8_t> squares;
  std::vector<Bitboard> occupancy;
};
PoolStorage make_pool(std::uint32_t count, std::uint64_t seed);

// What a kernel provides: one function per mode, plus single lookups for tests and pictures.
struct KernelImpl {
  std::uint64_t (*perft)(const Game&, int depth) = nullptr;
  int (*divide)(const Game&, int depth, DivideEntry* out) = nullptr;
  std::uint64_t (*attacks)(const AttackPool&, SliderPiece, Measure) = nullptr;  // checksum
  Bitboard (*lookup)(Square, Bitboard occ, SliderPiece) = nullptr;
  std::size_t table_bytes = 0;  // lookup tables the method reads (constant data: see add_kernel)
  // perft: the most nodes this kernel is asked to count (0: no limit). The make-and-test
  // reference has one: past it, applies() skips it and run() refuses it, with the reason (the
  // engine also calls the reference to verify cases without a published count).
  double node_budget = 0;
};

struct Case {
  Mode mode = Mode::perft;
  Game game;        // perft: the position; attacks: startpos (the page still draws a board)
  std::string fen;  // canonical
  int depth = 0;
  bool divide = false;
  double estimated_nodes = 0;  // perft: see estimated_nodes()
  SliderPiece piece = SliderPiece::queen;
  Measure measure = Measure::throughput;
  PoolStorage pool_storage;
  AttackPool pool;  // points into pool_storage
};

// A kernel's scratch: the divide list, sized by the first call (outside timing).
struct Workspace {
  std::vector<DivideEntry> divide;
};

// Trivially copyable (the harness folds it into its sink): a divide list stays in the workspace
// and the answer points at it; answer_json, which runs while the workspace lives, sorts it.
struct Answer {
  Mode mode = Mode::perft;
  std::uint64_t nodes = 0;     // perft
  std::uint64_t checksum = 0;  // attacks
  std::uint32_t lookups = 0;
  int divide_count = -1;  // -1: no divide asked
  const DivideEntry* divide = nullptr;
};

struct Chess {
  using Case = chess::Case;
  using Answer = chess::Answer;
  using KernelImpl = chess::KernelImpl;
  using Workspace = chess::Workspace;

  static PuzzleInfo info();
  static ParamSchema schema();
  static std::vector<NamedCase> cases();
  // Keeps only what the mode reads: perft {mode, fen (canonical), depth, divide}, attacks
  // {mode, piece, measure}; a bad FEN is an error on the fen field.
  static Expected<json> canonical_params(const json& params, const Input& input);
  static Expected<Case> prepare(const json& params, const Input& input);
  static Expected<Result<Answer>> run(const KernelImpl& impl, const Case& c, Workspace& w);
  static json answer_json(const Answer& a);
  // Listings start at the single lookup (the sliding-attack method itself, short) and at perft
  // (the generator around it, where the lookups are usually inlined).
  static std::vector<EntryPoint> entry_points(const KernelImpl& impl);
  static std::optional<KnownAnswer> known(const Case& c);
  static json illustrate(const Case& c);
  static bool applies(const KernelInfo& kernel, const Case& c, std::string& why_not);
  static std::string work_unit(const json& canonical_params) {
    const bool attacks = canonical_params.is_object() && canonical_params.value("mode", "") == "attacks";
    return attacks ? "lookups" : "nodes";
  }
  // Node counts must agree; divide lists too when both answers have one (a published answer
  // has none); attacks answers compare whole.
  static bool same_answer(const json& a, const json& b);
  // After `bench`: lookups per second by method, piece and measure (with table sizes), and
  // perft nodes per second by method and position, with the ratios the issue asks about.
  static json summarize(const json& records);
  // How a pass's table registers a kernel (register_pass): in the puzzle's own list as well, its
  // summary ending in the size of the tables it reads ("; tables 2,048 bytes" or "; no tables"),
  // computed here at baseline from impl.table_bytes so the pass's table stays constant data.
  static bool add_kernel(KernelInfo info, const KernelImpl& impl);
};

// Registers a kernel with the engine and in the puzzle's own list, which keeps the typed
// implementation for the tests (single lookups against ray-walk, divide lists).
struct RegisteredKernel {
  KernelInfo info;
  KernelImpl impl;
};
bool register_kernel(KernelInfo info, KernelImpl impl);
const std::vector<RegisteredKernel>& registered_kernels();

// Published leaf counts (known_perft.cpp: the wiki's six positions, perftsuite.epd, Sedlak's edge
// cases, python-chess's tricky.perft), keyed by the first four FEN fields of the canonical FEN.
// Returns the count, or nullopt if that position and depth are not in the table.
std::optional<std::uint64_t> published_perft(const std::string& canonical_fen, int depth);
// Where a position's counts come from (the first source that lists it).
std::optional<std::string> published_source(const std::string& canonical_fen);

// The illustration of a game (see the header comment).
json illustrate_game(const Game& g);

// Budget for the reference's make-and-test perft: about half a second natively (it makes some
// 14 million leaves a second), so a benchmark's repeated calls stay in seconds.
inline constexpr double kReferenceNodeBudget = 5e6;
// A perft's size before running it: exact to depth 2, then perft(2) times the mean branching of
// the second ply, perft(2) / perft(1), per further ply (within a factor of two on the wiki's
// positions; the root's move count alone misjudges positions that start in check).
double estimated_nodes(const Game& g, int depth);
// Whether a kernel's node budget covers the case; if not, why.
bool within_budget(const KernelImpl& impl, const Case& c, std::string& why_not);

std::string hex64(Bitboard b);
// "2,560 bytes", for kernel summaries.
std::string table_bytes_text(std::size_t bytes);

}  // namespace sp::chess
