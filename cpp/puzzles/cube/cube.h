#pragma once
// Rubik's cube at cubie level: compose and invert, written as byte shuffles on every ISA.
//
// A state is Kociemba's cubie cube (research: ../shared/research/cube.md §4, copied into
// tests/data/cube_vectors.json): cp[i]/ep[i] is the corner/edge cubie sitting at position i ("is
// replaced by"), co[i] in 0..2 its twist, eo[i] in 0..1 its flip. a·b means "a, then b":
//   (a·b).p[i] = a.p[b.p[i]],  (a·b).o[i] = a.o[b.p[i]] + b.o[i]  (mod 3 corners, mod 2 edges).
// A move sequence m1 m2 ... is the product M[m1]·M[m2]·... starting from the solved cube.
//
// Two memory layouts, one per kind of kernel:
//  - CubieCube: the four byte arrays above. The scalar reference computes on it directly.
//  - Packed: vcube's 32-byte image, the one every SIMD kernel loads. Bytes 0..15 are edges
//    (ep | eo << 4, positions 12..15 hold 12..15), bytes 16..31 are corners (cp | co << 4,
//    positions 8..15 hold 8..15). Each 16-byte half is a permutation of 0..15 in its low nibbles,
//    so a byte shuffle with in-range indices composes it, and the identity padding rides along.
//    The 128-bit kernels keep the two halves in two registers, AVX2 in one ymm (one per lane).
//
// Everything user-facing (moves, facelets, params) is validated in parse.cpp and cube.cpp before
// a kernel sees it; kernels get only legal states.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/typed_puzzle.h"

namespace sp::cube {

inline constexpr int kCorners = 8;
inline constexpr int kEdges = 12;
inline constexpr int kMoves = 18;
// The largest order of any cube state (e.g. R U2 D' B D'), so `order` never loops longer.
inline constexpr std::uint32_t kMaxOrder = 1260;
// Random states per benchmark run: 8 KiB in the packed layout (10 KiB as CubieCube), plus as much
// for the results, so a run stays in a 32 KiB L1 with room to spare, while one call still does
// enough work (a few hundred ns) that the call around it costs a few percent. A constant, not a
// param: it is part of what a benchmark case means, and the case name already carries four params.
inline constexpr std::uint32_t kPoolSize = 256;
// `repeat`: how many times one call of a benchmark op goes over the pool (the same 16 KiB, so it
// stays in L1 and the call measures shuffles, not memory). The Suite's case repeats compose
// throughput so one call does about a millisecond of SIMD work, not the 0.5-2 us of one pass.
// The bound keeps the slowest kernel's call (the scalar reference, about 60 ns a compose in
// JavaScript) near a second.
inline constexpr std::uint32_t kMaxRepeat = 65536;
inline constexpr std::uint32_t kSuiteRepeat = 4000;

struct CubieCube {
  std::array<std::uint8_t, kCorners> cp, co;
  std::array<std::uint8_t, kEdges> ep, eo;
  friend bool operator==(const CubieCube&, const CubieCube&) = default;
};

struct alignas(32) Packed {
  std::uint8_t bytes[32];
};

CubieCube identity_cube();
// The 18 face turns in Kociemba's (and vcube's) order: U U2 U' R R2 R' F F2 F' D D2 D' L L2 L'
// B B2 B', i.e. index = 3 * face + (quarter turns - 1), faces U R F D L B.
const std::array<CubieCube, kMoves>& move_table();

// Kociemba's multiply: a, then b.
inline CubieCube multiply(const CubieCube& a, const CubieCube& b) {
  CubieCube r;
  for (int i = 0; i < kCorners; ++i) {
    r.cp[i] = a.cp[b.cp[i]];
    const int o = a.co[b.cp[i]] + b.co[i];
    r.co[i] = static_cast<std::uint8_t>(o >= 3 ? o - 3 : o);
  }
  for (int i = 0; i < kEdges; ++i) {
    r.ep[i] = a.ep[b.ep[i]];
    r.eo[i] = a.eo[b.ep[i]] ^ b.eo[i];
  }
  return r;
}

// The scatter inverse: inv.p[p[i]] = i, inv.o[i] = -o[inv.p[i]].
inline CubieCube inverse(const CubieCube& a) {
  CubieCube r;
  for (int i = 0; i < kCorners; ++i) r.cp[a.cp[i]] = static_cast<std::uint8_t>(i);
  for (int i = 0; i < kCorners; ++i) {
    const int o = a.co[r.cp[i]];
    r.co[i] = static_cast<std::uint8_t>(o ? 3 - o : 0);
  }
  for (int i = 0; i < kEdges; ++i) r.ep[a.ep[i]] = static_cast<std::uint8_t>(i);
  for (int i = 0; i < kEdges; ++i) r.eo[i] = a.eo[r.ep[i]];
  return r;
}

Packed pack(const CubieCube& c);
// Reads a packed image back, checking vcube's invariants (unused bits zero, padding identity,
// orientations in range, each cubie once) and that it is a legal cube (twist and flip sums,
// parity). The error names the first broken rule: a kernel bug shows up as a reason, not a crash.
Expected<CubieCube> unpack(const Packed& p);
// Empty if `c` is a legal cube state, else which rule it breaks.
std::optional<std::string> check_cubie(const CubieCube& c);
bool odd_permutation(const std::uint8_t* perm, int n);

// ---- text: moves and facelets (parse.cpp) -------------------------------------------------------

// Singmaster face turns separated by whitespace: U R F D L B, each optionally followed by ' (or
// the typographic ’ and ′) or 2 (2' is accepted and means 2). Returns move indices 0..17; the
// error names the bad token, its move number and its character column.
Expected<std::vector<std::uint8_t>> parse_moves(std::string_view text);
// 54 letters U R F D L B, faces in the order U R F D L B, each face row by row as seen from
// outside on the usual net. Checks, in order, with a distinct reason each: length, letters,
// centres, colour counts, corner pieces (real, once each), edge pieces (real, once each), twist
// sum, flip sum, permutation parity.
Expected<CubieCube> parse_facelets(std::string_view text);
std::string to_facelets(const CubieCube& c);
inline constexpr std::string_view kSolvedFacelets =
    "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

// A cube input, as the `moves` and `with` params take it: a move sequence, or a facelet string.
// One word of 6 or more characters (longer than any single move, R2’ being 5 bytes) is read as a
// facelet string, anything else as moves; an empty text is the solved cube. The result is the
// list of factors whose product is the cube: one per move, or the one facelet state.
Expected<std::vector<CubieCube>> parse_cube_input(std::string_view text);
// The same input in one spelling, or parse_cube_input's error: a move sequence as its moves
// separated by single spaces, with ' for a counter-clockwise turn and 2 for a half turn (so
// "R2’  U" and "R2 U" are one case); a facelet string without the spaces around it.
Expected<std::string> canonical_cube_input(std::string_view text);

// ---- random states -------------------------------------------------------------------------------

// splitmix64: tiny, and the same sequence on every platform (unlike std:: distributions).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  std::uint32_t below(std::uint32_t n);  // uniform in [0, n), no modulo bias

 private:
  std::uint64_t state_;
};

// A uniformly random legal cube: random permutations and orientations, the last twist and flip
// fixed by the sums, and two edges swapped if the parities differ (a bijection between the odd
// and even edge permutations, so the result stays uniform).
CubieCube random_cube(Rng& rng);

// ---- cases and answers ---------------------------------------------------------------------------

enum class Op : std::uint8_t {
  apply,              // the product of `moves` (one composition per factor)
  compose,            // product(moves) · product(with)
  invert,             // product(moves)^-1
  order,              // smallest k with product(moves)^k = solved
  random,             // a uniformly random cube from `seed` (passed through the kernel's layout)
  compose_throughput, // out[i] = pool[i] · pool[(i+1) % N]: independent compositions
  compose_latency,    // x = x · pool[i]: one dependent chain
  invert_throughput,  // out[i] = pool[i]^-1
  invert_latency,     // x = x^-1 · pool[i] (the pool keeps x^-1^-1 = x from cancelling)
};
inline constexpr std::array<std::string_view, 9> kOpNames = {
    "apply", "compose", "invert", "order", "random",
    "compose-throughput", "compose-latency", "invert-throughput", "invert-latency"};
bool is_benchmark(Op op);

// What a kernel reads, in one memory layout: plain pointers into the Case's storage (no std
// types, so kernels inside ISA passes instantiate no library code).
template <class Mem>
struct Operands {
  const Mem* first = nullptr;  // factors of `moves`
  std::uint32_t first_count = 0;
  const Mem* second = nullptr;  // factors of `with` (op=compose)
  std::uint32_t second_count = 0;
  const Mem* pool = nullptr;  // random states for the benchmarks
  std::uint32_t pool_count = 0;
};

// Where a throughput run writes its pool_count results, in the kernel's layout (the scalar
// reference writes `cubie`, every SIMD kernel `packed`). Plain pointers into the Workspace.
struct Output {
  Packed* packed = nullptr;
  CubieCube* cubie = nullptr;
};

// A kernel's scratch: the throughput runs' results, sized by the first call (which the harness
// makes outside timing) and reused by every later one.
struct Workspace {
  std::vector<Packed> packed;
  std::vector<CubieCube> cubie;
};

// A prepared case: the factors and the pool in both layouts, built once, outside timing. Move-only,
// because the Operands point into the vectors' buffers.
struct Case {
  Op op = Op::apply;
  Operands<CubieCube> cubie;
  Operands<Packed> packed;
  // The inputs as given, so the drawing's caption describes the cube it shows even after the
  // fields on the page change.
  std::string moves_text, with_text;
  std::uint64_t seed = 0;
  // Benchmark ops: kernel calls per timed call, each over the whole pool (see kMaxRepeat).
  std::uint32_t repeat = 1;

  Case() = default;
  Case(Case&&) = default;
  Case& operator=(Case&&) = default;
  Case(const Case&) = delete;
  Case& operator=(const Case&) = delete;

 private:
  friend Case make_case(Op, const std::vector<CubieCube>&, const std::vector<CubieCube>&,
                        const std::vector<CubieCube>&);
  std::vector<CubieCube> cubie_storage_;  // first, second, pool: back to back
  std::vector<Packed> packed_storage_;
};

// Builds a case from states (prepare() uses it, and the tests, to run kernels on chosen pools).
Case make_case(Op op, const std::vector<CubieCube>& first, const std::vector<CubieCube>& second,
               const std::vector<CubieCube>& pool);

// The result of one kernel call. Trivially copyable (the harness folds it into its sink): a
// throughput run leaves its results in the workspace and the answer points at them; answer_json,
// which is never timed and runs while the workspace lives, folds them into one state.
struct Answer {
  Op op = Op::apply;
  std::uint32_t order = 0;  // op=order; 0 if the kernel never got back to solved (a bug)
  Packed state{};           // the resulting cube (identity for throughput runs)
  std::uint32_t result_count = 0;
  const Packed* packed_results = nullptr;    // the SIMD kernels' results,
  const CubieCube* cubie_results = nullptr;  // or the reference's
};

// The product of a throughput run's results, in order (one state that changes if any result
// does), or why a result is not a legal cube.
Expected<CubieCube> fold_results(const Answer& a);

using KernelFn = Result<Answer> (*)(const Case&, const Output&);

struct Cube {
  using Case = cube::Case;
  using Answer = cube::Answer;
  using KernelImpl = KernelFn;
  using Workspace = cube::Workspace;

  static PuzzleInfo info();
  static ParamSchema schema();
  static std::vector<NamedCase> cases();
  // The case's identity, cheap enough to run on every keystroke (the page's "validate"): the op's
  // cube inputs parsed and spelled one way, errors carrying the field ("moves", "with"), and the
  // params the op does not read set to their bench-case values ("" and seed 1), so an
  // op=compose-throughput run matches the native bench case whatever the moves field holds.
  static Expected<json> canonical_params(const json& params, const Input& input);
  static Expected<Case> prepare(const json& params, const Input& input);
  static Result<Answer> run(KernelImpl impl, const Case& c, Workspace& w) {
    // Sized here, in baseline code, not inside a kernel's ISA pass (see simd/isa.h).
    if (w.packed.size() < c.packed.pool_count) {
      w.packed.resize(c.packed.pool_count);
      w.cubie.resize(c.packed.pool_count, identity_cube());
    }
    // `repeat` passes over the same pool: each pass writes the same results (or, for a latency
    // chain, starts from the identity again), so the answer is one pass's and the work all of
    // theirs. The loop is here, around the kernel, so no kernel needs to know of it.
    const Output out{w.packed.data(), w.cubie.data()};
    Result<Answer> r = impl(c, out);
    for (std::uint32_t i = 1; i < c.repeat; ++i) r.answer = impl(c, out).answer;
    r.work *= c.repeat;
    return r;
  }
  static json answer_json(const Answer& a);
  static std::optional<KnownAnswer> known(const Case&) { return std::nullopt; }
  static json illustrate(const Case& c);
};

}  // namespace sp::cube
