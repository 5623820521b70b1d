// The cube puzzle's model and traits: move tables, the packed layout and its invariants, random
// states, and how params become a case and an answer becomes JSON.

#include "puzzles/cube/cube.h"

#include "core/engine.h"


namespace sp::cube {
namespace {

// Kociemba's six clockwise face turns (RubiksCube-TwophaseSolver cubie.py; byte-identical to
// vcube's const-cubes.h), faces in the order U R F D L B. X2 and X' are X·X and X·X·X.
constexpr std::array<CubieCube, 6> kFaceTurns{{
    {{3, 0, 1, 2, 4, 5, 6, 7}, {0, 0, 0, 0, 0, 0, 0, 0},
     {3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},  // U
    {{4, 1, 2, 0, 7, 5, 6, 3}, {2, 0, 0, 1, 1, 0, 0, 2},
     {8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},  // R
    {{1, 5, 2, 3, 0, 4, 6, 7}, {1, 2, 0, 0, 2, 1, 0, 0},
     {0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11}, {0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0}},  // F
    {{0, 1, 2, 3, 5, 6, 7, 4}, {0, 0, 0, 0, 0, 0, 0, 0},
     {0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},  // D
    {{0, 2, 6, 3, 4, 1, 5, 7}, {0, 1, 2, 0, 0, 2, 1, 0},
     {0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},  // L
    {{0, 1, 3, 7, 4, 5, 2, 6}, {0, 0, 1, 2, 0, 0, 2, 1},
     {0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7}, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1}},  // B
}};

std::string hex(const Packed& p) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 32; ++i) {
    if (i == 16) s += '|';
    s += kDigits[p.bytes[i] >> 4];
    s += kDigits[p.bytes[i] & 15];
  }
  return s;
}

// Distinct values below n: one-hot bits collected in a mask.
bool is_permutation(const std::uint8_t* values, int n) {
  std::uint32_t seen = 0;
  for (int i = 0; i < n; ++i) {
    if (values[i] >= n || (seen >> values[i]) & 1u) return false;
    seen |= 1u << values[i];
  }
  return true;
}

std::optional<Op> op_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kOpNames.size(); ++i)
    if (kOpNames[i] == name) return static_cast<Op>(i);
  return std::nullopt;
}

CubieCube product(const std::vector<CubieCube>& factors) {
  CubieCube x = identity_cube();
  for (const CubieCube& f : factors) x = multiply(x, f);
  return x;
}

// The order by repeated multiplication (as the kernels do it), bounded by kMaxOrder.
std::uint32_t order_of(const CubieCube& x) {
  CubieCube y = x;
  std::uint32_t k = 1;
  while (!(y == identity_cube()) && k < kMaxOrder) {
    y = multiply(y, x);
    ++k;
  }
  return y == identity_cube() ? k : 0;
}

}  // namespace

CubieCube identity_cube() {
  CubieCube c;
  for (int i = 0; i < kCorners; ++i) c.cp[i] = static_cast<std::uint8_t>(i), c.co[i] = 0;
  for (int i = 0; i < kEdges; ++i) c.ep[i] = static_cast<std::uint8_t>(i), c.eo[i] = 0;
  return c;
}

const std::array<CubieCube, kMoves>& move_table() {
  static const std::array<CubieCube, kMoves> table = [] {
    std::array<CubieCube, kMoves> t;
    for (int face = 0; face < 6; ++face) {
      const CubieCube& quarter = kFaceTurns[static_cast<std::size_t>(face)];
      t[static_cast<std::size_t>(3 * face)] = quarter;
      t[static_cast<std::size_t>(3 * face + 1)] = multiply(quarter, quarter);
      t[static_cast<std::size_t>(3 * face + 2)] = multiply(t[static_cast<std::size_t>(3 * face + 1)], quarter);
    }
    return t;
  }();
  return table;
}

bool odd_permutation(const std::uint8_t* perm, int n) {
  // Count inversions: n <= 12, so the quadratic loop is the simple choice.
  int inversions = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) inversions += perm[i] > perm[j];
  return inversions % 2;
}

std::optional<std::string> check_cubie(const CubieCube& c) {
  for (int i = 0; i < kCorners; ++i)
    if (c.cp[i] >= kCorners || c.co[i] > 2) return "corner " + std::to_string(i) + " is out of range";
  for (int i = 0; i < kEdges; ++i)
    if (c.ep[i] >= kEdges || c.eo[i] > 1) return "edge " + std::to_string(i) + " is out of range";
  if (!is_permutation(c.cp.data(), kCorners)) return std::string("a corner cubie appears twice");
  if (!is_permutation(c.ep.data(), kEdges)) return std::string("an edge cubie appears twice");
  int twist = 0, flip = 0;
  for (auto o : c.co) twist += o;
  for (auto o : c.eo) flip += o;
  if (twist % 3) return "the corner twists add up to " + std::to_string(twist % 3) + " (mod 3), not 0";
  if (flip % 2) return std::string("the edge flips add up to 1 (mod 2), not 0");
  if (odd_permutation(c.cp.data(), kCorners) != odd_permutation(c.ep.data(), kEdges))
    return std::string("the corner and edge permutations have different parity");
  return std::nullopt;
}

Packed pack(const CubieCube& c) {
  Packed p;
  for (int i = 0; i < 16; ++i)
    p.bytes[i] = static_cast<std::uint8_t>(i < kEdges ? c.ep[i] | c.eo[i] << 4 : i);
  for (int i = 0; i < 16; ++i)
    p.bytes[16 + i] = static_cast<std::uint8_t>(i < kCorners ? c.cp[i] | c.co[i] << 4 : i);
  return p;
}

Expected<CubieCube> unpack(const Packed& p) {
  CubieCube c;
  for (int i = 0; i < 16; ++i) {
    const std::uint8_t e = p.bytes[i], k = p.bytes[16 + i];
    if (i >= kEdges && e != i) return Error{"edge padding byte " + std::to_string(i) + " is not " + std::to_string(i) + ": " + hex(p)};
    if (i >= kCorners && k != i) return Error{"corner padding byte " + std::to_string(i) + " is not " + std::to_string(i) + ": " + hex(p)};
    // vcube's unused bits: edges ---OEEEE, corners --OO-CCC.
    if (i < kEdges && (e & 0xE0)) return Error{"edge byte " + std::to_string(i) + " has unused bits set: " + hex(p)};
    if (i < kCorners && (k & 0xC8)) return Error{"corner byte " + std::to_string(i) + " has unused bits set: " + hex(p)};
    if (i < kEdges) c.ep[i] = e & 0x0F, c.eo[i] = e >> 4;
    if (i < kCorners) c.cp[i] = k & 0x07, c.co[i] = k >> 4;
  }
  if (auto why = check_cubie(c)) return Error{*why + ": " + hex(p)};
  return c;
}

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint32_t Rng::below(std::uint32_t n) {
  // Lemire's multiply-shift, rejecting the few values that would favour small results.
  const std::uint32_t threshold = (0u - n) % n;
  for (;;) {
    const std::uint64_t m = (next() >> 32) * n;
    if (static_cast<std::uint32_t>(m) >= threshold) return static_cast<std::uint32_t>(m >> 32);
  }
}

CubieCube random_cube(Rng& rng) {
  CubieCube c = identity_cube();
  for (int i = kCorners - 1; i > 0; --i) std::swap(c.cp[i], c.cp[rng.below(i + 1)]);
  for (int i = kEdges - 1; i > 0; --i) std::swap(c.ep[i], c.ep[rng.below(i + 1)]);
  int twist = 0, flip = 0;
  for (int i = 0; i < kCorners - 1; ++i) twist += c.co[i] = static_cast<std::uint8_t>(rng.below(3));
  for (int i = 0; i < kEdges - 1; ++i) flip += c.eo[i] = static_cast<std::uint8_t>(rng.below(2));
  c.co[kCorners - 1] = static_cast<std::uint8_t>((3 - twist % 3) % 3);
  c.eo[kEdges - 1] = static_cast<std::uint8_t>(flip % 2);
  if (odd_permutation(c.cp.data(), kCorners) != odd_permutation(c.ep.data(), kEdges)) std::swap(c.ep[0], c.ep[1]);
  return c;
}

bool is_benchmark(Op op) { return op >= Op::compose_throughput; }

Case make_case(Op op, const std::vector<CubieCube>& first, const std::vector<CubieCube>& second,
               const std::vector<CubieCube>& pool) {
  Case c;
  c.op = op;
  const std::size_t n1 = first.size(), n2 = second.size(), np = pool.size();
  c.cubie_storage_.reserve(n1 + n2 + np);
  for (const auto* list : {&first, &second, &pool}) c.cubie_storage_.insert(c.cubie_storage_.end(), list->begin(), list->end());
  c.packed_storage_.reserve(c.cubie_storage_.size());
  for (const CubieCube& x : c.cubie_storage_) c.packed_storage_.push_back(pack(x));

  auto point = [&](auto& ops, auto* base) {
    ops.first = base;
    ops.first_count = static_cast<std::uint32_t>(n1);
    ops.second = base + n1;
    ops.second_count = static_cast<std::uint32_t>(n2);
    ops.pool = base + n1 + n2;
    ops.pool_count = static_cast<std::uint32_t>(np);
  };
  point(c.cubie, c.cubie_storage_.data());
  point(c.packed, c.packed_storage_.data());
  return c;
}

Expected<CubieCube> fold_results(const Answer& a) {
  CubieCube x = identity_cube();
  for (std::uint32_t i = 0; i < a.result_count; ++i) {
    CubieCube r;
    if (a.cubie_results) {
      r = a.cubie_results[i];
      if (auto why = check_cubie(r)) return Error{"result " + std::to_string(i) + " is not a cube: " + *why};
    } else {
      auto u = unpack(a.packed_results[i]);
      if (!u) return Error{"result " + std::to_string(i) + " is not a cube: " + u.error()};
      r = u.value();
    }
    x = multiply(x, r);
  }
  return x;
}

// ---- the puzzle ------------------------------------------------------------------------------------

PuzzleInfo Cube::info() {
  return {
      "cube",
      "Rubik's cube",
      "Compose and invert Rubik's cube states at cubie level. The reference works on arrays of "
      "corner and edge permutations and orientations; the SIMD kernels hold a whole cube in one "
      "256-bit register (vcube's layout) or two 128-bit ones, compose with one byte shuffle plus "
      "a twist fix-up, and invert by raising the permutation to the power 27719 with shuffles, by "
      "brute force, or by transposing its permutation matrix with GFNI.",
      "https://gist.github.com/ArhanChaudhary/51bef8e39312f45f8d9c9cdc44f1f9ba",
      "cube ops",
      "scalar",
      {"scalar", "simd128", "avx2-256", "avx2-256-brute", "avx2-256-gfni", "avx512-pairs"},
      "",  // no input file
  };
}

ParamSchema Cube::schema() {
  return {
      ParamSpec::choice("op",
                        "apply: the cube the moves make; compose: moves then with; invert; order: "
                        "turns of the sequence until solved; random: a random cube from seed; "
                        "the rest time " + std::to_string(kPoolSize) + " random cubes",
                        std::vector<std::string>(kOpNames.begin(), kOpNames.end()), "apply"),
      ParamSpec::text("moves",
                      "moves such as R U R' U' F2 (faces U R F D L B, then ' or 2), or a "
                      "54-letter facelet string (faces U R F D L B)",
                      "R U R' U'", 256),
      ParamSpec::text("with", "op=compose: the second cube, written the same way", "", 256),
      ParamSpec::integer("seed", "op=random and the benchmarks: the random cubes' seed", 0,
                         4294967295ll, 1),
      ParamSpec::integer("repeat",
                         "the benchmarks: passes over the same " + std::to_string(kPoolSize) +
                             " cubes in one call (they stay in cache, so more passes mean more "
                             "shuffles, not more memory)",
                         1, kMaxRepeat, 1),
  };
}

std::vector<NamedCase> Cube::cases() {
  // Names are the engine's case_name of the full params (keys in alphabetical order).
  auto bench = [](const char* op) {
    return NamedCase{std::string("moves= op=") + op + " seed=1 with=",
                     {{"op", op}, {"moves", ""}, {"with", ""}, {"seed", 1}}};
  };
  // The Suite's case: compose throughput, kSuiteRepeat passes a call (about 1 ms of shuffles for
  // the fastest kernels; one pass is 0.5-2 us, where a call's own cost starts to show).
  json suite = {{"op", "compose-throughput"}, {"moves", ""}, {"with", ""}, {"seed", 1}, {"repeat", kSuiteRepeat}};
  return {
      bench("compose-throughput"),
      {case_name(suite), suite},
      bench("compose-latency"),
      bench("invert-throughput"),
      bench("invert-latency"),
      {"moves=R U2 D' B D' op=order seed=1 with=",
       {{"op", "order"}, {"moves", "R U2 D' B D'"}, {"with", ""}, {"seed", 1}}},
      // The page's default case, so the case a newcomer runs first has native numbers.
      {"moves=R U R' U' op=apply seed=1 with=",
       {{"op", "apply"}, {"moves", "R U R' U'"}, {"with", ""}, {"seed", 1}}},
  };
}

Expected<json> Cube::canonical_params(const json& params, const Input& /*input: none; the engine checks*/) {
  const auto op = op_from_name(params.at("op").get_ref<const std::string&>());
  if (!op) return Error{"op: unknown operation", "op"};  // unreachable: the schema checked it
  const bool reads_moves = *op != Op::random && !is_benchmark(*op);
  json out = params;
  for (const char* field : {"moves", "with"}) {
    const bool reads = reads_moves && (field == std::string_view("moves") || *op == Op::compose);
    if (!reads) {
      out[field] = "";
      continue;
    }
    auto text = canonical_cube_input(params.at(field).get_ref<const std::string&>());
    if (!text) return Error{std::string(field) + ": " + text.error(), field};
    out[field] = text.value();
  }
  if (reads_moves) out["seed"] = 1;
  // repeat=1 (and repeat on an op that does not read it) leaves the params, so every case made
  // before `repeat` existed keeps its name and key.
  if (!is_benchmark(*op) || out.value("repeat", 1) == 1) out.erase("repeat");
  return out;
}

Expected<Case> Cube::prepare(const json& params, const Input& /*input: none; the engine checks*/) {
  const auto op = op_from_name(params.at("op").get_ref<const std::string&>());
  if (!op) return Error{"op: unknown operation"};  // unreachable: the schema checked it
  std::vector<CubieCube> first, second, pool;
  if (*op == Op::random || is_benchmark(*op)) {
    Rng rng(params.at("seed").get<std::uint64_t>());
    const std::uint32_t n = *op == Op::random ? 1 : kPoolSize;
    for (std::uint32_t i = 0; i < n; ++i) pool.push_back(random_cube(rng));
    if (*op == Op::random) first.swap(pool);
  } else {
    auto moves = parse_cube_input(params.at("moves").get_ref<const std::string&>());
    if (!moves) return Error{"moves: " + moves.error()};
    first = std::move(moves.value());
    if (*op == Op::compose) {
      auto with = parse_cube_input(params.at("with").get_ref<const std::string&>());
      if (!with) return Error{"with: " + with.error()};
      second = std::move(with.value());
    }
  }
  Case c = make_case(*op, first, second, pool);
  c.moves_text = params.at("moves").get<std::string>();
  c.with_text = params.at("with").get<std::string>();
  c.seed = params.at("seed").get<std::uint64_t>();
  c.repeat = params.value("repeat", std::uint32_t{1});  // canonical params leave out repeat=1
  return c;
}

json Cube::answer_json(const Answer& a) {
  Expected<CubieCube> state = a.result_count ? fold_results(a) : unpack(a.state);
  json out = {{"facelets", state ? to_facelets(state.value()) : "not a cube: " + state.error()}};
  if (a.op == Op::order) out["order"] = a.order;
  return out;
}

json Cube::illustrate(const Case& c) {
  if (is_benchmark(c.op)) return nullptr;  // a pool of random cubes: nothing worth drawing
  const std::vector<CubieCube> first(c.cubie.first, c.cubie.first + c.cubie.first_count);
  const std::vector<CubieCube> second(c.cubie.second, c.cubie.second + c.cubie.second_count);
  CubieCube x = product(first);
  json out = {{"op", std::string(kOpNames[static_cast<std::size_t>(c.op)])}, {"moves", c.moves_text}};
  if (c.op == Op::compose) {
    x = multiply(x, product(second));
    out["with"] = c.with_text;
  }
  if (c.op == Op::invert) x = inverse(x);
  if (c.op == Op::order) out["order"] = order_of(x);
  if (c.op == Op::random) out = {{"op", "random"}, {"seed", c.seed}};
  out["facelets"] = to_facelets(x);
  return out;
}

}  // namespace sp::cube
