// Every cube kernel this machine can run, on every ISA this build has: against the published facts
// (orders, named positions, single-move facelets) and byte for byte against the scalar reference,
// through the engine (as the CLI and the page use them) and on chosen pools of states.

#include <gtest/gtest.h>

#include <set>

#include "core/engine.h"
#include "core/registry.h"
#include "puzzles/cube/cube.h"
#include "cube_vectors.h"
#include "test_util.h"

namespace sp::cube {
namespace {

using test::cubie_from;
using test::vectors;

const Puzzle& puzzle() { return *registry().find("cube"); }

std::vector<const Kernel*> available_kernels() {
  std::vector<const Kernel*> out;
  for (const auto& k : puzzle().kernels())
    if (k->available()) out.push_back(k.get());
  return out;
}

// Runs every available kernel on params through the engine; all must agree with the reference.
// Returns the (common) answer.
json run_all(const json& params) {
  json r = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", params}});
  EXPECT_TRUE(r["ok"].get<bool>()) << r.dump();
  if (!r["ok"].get<bool>()) return json();
  EXPECT_EQ(r["results"].size(), available_kernels().size());
  for (const auto& rec : r["results"]) {
    if (rec["kernel"] != "scalar") {
      EXPECT_EQ(rec["verified"], true) << rec.dump();
    }
    EXPECT_EQ(rec["answer"], r["results"][0]["answer"]) << rec["kernel"] << "/" << rec["isa"];
  }
  return r["results"][0]["answer"];
}

std::string facelets_of(const std::string& moves) { return run_all({{"moves", moves}})["facelets"]; }

// A case built from chosen states, run by one kernel through its typed function; the results stay
// in the workspace for the test to read. The scalar reference writes the cubie layout, every SIMD
// kernel the packed image.
struct Ran {
  explicit Ran(Case c) : prepared(std::move(c)) {}
  TypedPuzzle<Cube>::PreparedTyped prepared;
  Workspace workspace;
  Outcome outcome;
  std::vector<CubieCube> results(const Kernel& k) const {
    const Case& c = prepared.value;
    std::vector<CubieCube> out;
    for (std::uint32_t i = 0; i < c.packed.pool_count; ++i) {
      if (k.info().isa == Isa::scalar) {
        out.push_back(workspace.cubie[i]);
        EXPECT_FALSE(check_cubie(out.back())) << k.key() << " result " << i;
      } else {
        auto u = unpack(workspace.packed[i]);  // vcube's invariants: padding, unused bits, legality
        EXPECT_TRUE(u) << k.key() << " result " << i << ": " << u.error();
        out.push_back(u ? u.value() : identity_cube());
      }
    }
    return out;
  }
};

std::unique_ptr<Ran> run_on(const Kernel& k, Op op, const std::vector<CubieCube>& pool) {
  auto ran = std::make_unique<Ran>(make_case(op, {}, {}, pool));
  const auto& impl = static_cast<const TypedKernel<Cube>&>(k).impl();
  const Result<Answer> r = Cube::run(impl, ran->prepared.value, ran->workspace);
  ran->outcome = {Cube::answer_json(r.answer), r.work};
  return ran;
}

std::vector<CubieCube> random_states(std::uint64_t seed, std::size_t n) {
  Rng rng(seed);
  std::vector<CubieCube> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(random_cube(rng));
  return out;
}

TEST(CubeKernels, EveryIsaThisBuildHasIsRegistered) {
  std::set<std::string> keys;
  for (const auto& k : puzzle().kernels()) keys.insert(k->key());
  EXPECT_TRUE(keys.count("scalar/scalar"));
#if defined(__x86_64__)
  for (const char* k : {"simd128/sse4.1", "avx2-256/avx2", "avx2-256-brute/avx2", "avx2-256-gfni/avx2", "avx512-pairs/avx512"})
    EXPECT_TRUE(keys.count(k)) << k;
#elif defined(__aarch64__)
  EXPECT_TRUE(keys.count("simd128/neon"));
#endif
  EXPECT_EQ(puzzle().reference()->key(), "scalar/scalar");
}

TEST(CubeKernels, PublishedOrders) {
  for (const auto& o : vectors()["orders"]) {
    const json answer = run_all({{"op", "order"}, {"moves", o["moves"]}});
    EXPECT_EQ(answer["order"], o["order"]) << o["moves"];
  }
}

TEST(CubeKernels, IdentitySequencesLeaveTheCubeSolved) {
  for (const auto& s : vectors()["identity_sequences"]) {
    EXPECT_EQ(facelets_of(s), kSolvedFacelets) << s;
    EXPECT_EQ(run_all({{"op", "order"}, {"moves", s}})["order"], 1) << s;
  }
}

TEST(CubeKernels, SingleMoveFaceletsAndNamedPositions) {
  for (const auto& [moves, facelets] : vectors()["single_move_facelets"].items())
    EXPECT_EQ(facelets_of(moves), facelets) << moves;
  for (const auto& [name, p] : vectors()["named"].items()) {
    const std::string f = facelets_of(p["moves"]);
    EXPECT_EQ(f, to_facelets(cubie_from(p))) << name;
    if (p.contains("facelets")) {
      EXPECT_EQ(f, p["facelets"]) << name;
    }
    EXPECT_EQ(run_all({{"op", "order"}, {"moves", p["moves"]}})["order"], p["order"]) << name;
    // The facelet string is the same cube as the moves.
    EXPECT_EQ(run_all({{"op", "order"}, {"moves", f}})["order"], p["order"]) << name;
  }
}

TEST(CubeKernels, SuperflipIsSelfInverseAndCommutesWithEveryMove) {
  const std::string sf = vectors()["named"]["superflip"]["moves"];
  const std::string sf_facelets = vectors()["named"]["superflip"]["facelets"];
  EXPECT_EQ(run_all({{"op", "invert"}, {"moves", sf}})["facelets"], sf_facelets);
  EXPECT_EQ(run_all({{"op", "compose"}, {"moves", sf}, {"with", sf_facelets}})["facelets"], kSolvedFacelets);
  for (const auto& m : vectors()["moves"]) {
    const json before = run_all({{"op", "compose"}, {"moves", sf}, {"with", m["name"]}});
    const json after = run_all({{"op", "compose"}, {"moves", m["name"]}, {"with", sf}});
    EXPECT_EQ(before, after) << m["name"];
    EXPECT_NE(before["facelets"], sf_facelets) << m["name"];
  }
}

TEST(CubeKernels, SupertwistSquaredIsItsInverse) {
  const std::string st = vectors()["named"]["supertwist"]["moves"];
  EXPECT_EQ(run_all({{"op", "compose"}, {"moves", st}, {"with", st}}), run_all({{"op", "invert"}, {"moves", st}}));
}

TEST(CubeKernels, InversesOfSequences) {
  for (const auto& pair : vectors()["inverse_pairs"]) {
    EXPECT_EQ(run_all({{"op", "invert"}, {"moves", pair[0]}})["facelets"], facelets_of(pair[1])) << pair[0];
    EXPECT_EQ(run_all({{"op", "invert"}, {"moves", pair[1]}})["facelets"], facelets_of(pair[0])) << pair[1];
  }
  // (R F)^40 and (R F)^65 are inverse (R F has order 105).
  std::string rf40, rf65;
  for (int i = 0; i < 40; ++i) rf40 += "R F ";
  for (int i = 0; i < 65; ++i) rf65 += "R F ";
  // 130 moves is more than a param takes (256 characters): build the cases directly.
  auto factors = [](const std::string& s) { return parse_cube_input(s).value(); };
  for (const Kernel* k : available_kernels()) {
    auto prepared = TypedPuzzle<Cube>::PreparedTyped(make_case(Op::invert, factors(rf40), {}, {}));
    auto other = TypedPuzzle<Cube>::PreparedTyped(make_case(Op::apply, factors(rf65), {}, {}));
    EXPECT_EQ(k->run(prepared).value().answer, k->run(other).value().answer) << k->key();
  }
}

// inv(x)·x = id on 10,240 random states per kernel, each kernel using its own inverse and its own
// compose, with every result byte-identical to the reference's and inside vcube's invariants.
TEST(CubeKernels, InverseTimesStateIsTheIdentityOnRandomStates) {
  const auto states = random_states(2024, 10240);
  const CubieCube id = identity_cube();
  for (const Kernel* k : available_kernels()) {
    auto inverted = run_on(*k, Op::invert_throughput, states);
    const auto inverses = inverted->results(*k);
    ASSERT_EQ(inverses.size(), states.size());
    std::vector<CubieCube> pairs;  // inv(x0), x0, inv(x1), x1, ...
    for (std::size_t i = 0; i < states.size(); ++i) {
      ASSERT_EQ(inverses[i], inverse(states[i])) << k->key() << " state " << i;
      pairs.push_back(inverses[i]);
      pairs.push_back(states[i]);
    }
    auto composed = run_on(*k, Op::compose_throughput, pairs);
    const auto products = composed->results(*k);
    for (std::size_t i = 0; i < states.size(); ++i) ASSERT_EQ(products[2 * i], id) << k->key() << " state " << i;
  }
}

TEST(CubeKernels, ComposeMatchesTheReferenceOnRandomPairs) {
  for (std::size_t n : {1u, 2u, 3u, 7u, 512u, 1001u}) {  // odd sizes exercise the pair kernel's tail
    const auto states = random_states(n, n);
    for (const Kernel* k : available_kernels()) {
      auto ran = run_on(*k, Op::compose_throughput, states);
      const auto out = ran->results(*k);
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(out[i], multiply(states[i], states[(i + 1) % n])) << k->key() << " n=" << n << " i=" << i;
      auto inv = run_on(*k, Op::invert_throughput, states);
      const auto inv_out = inv->results(*k);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(inv_out[i], inverse(states[i])) << k->key() << " n=" << n << " i=" << i;
    }
  }
}

TEST(CubeKernels, LatencyChainsMatchTheReference) {
  const auto states = random_states(5, 777);
  CubieCube compose_chain = identity_cube(), invert_chain = identity_cube();
  for (const CubieCube& s : states) {
    compose_chain = multiply(compose_chain, s);
    invert_chain = multiply(inverse(invert_chain), s);
  }
  for (const Kernel* k : available_kernels()) {
    EXPECT_EQ(run_on(*k, Op::compose_latency, states)->outcome.answer["facelets"], to_facelets(compose_chain)) << k->key();
    EXPECT_EQ(run_on(*k, Op::invert_latency, states)->outcome.answer["facelets"], to_facelets(invert_chain)) << k->key();
  }
}

// The regression vector of research §5.1: order 16, so raising the whole state (orientations
// included) to 27719 is not its inverse; only the permutation bytes may be.
TEST(CubeKernels, Order16VectorCatchesAFullStatePowerInverse) {
  const CubieCube x = cubie_from(vectors()["order16"]);
  ASSERT_FALSE(check_cubie(x));
  auto power = [](CubieCube a, std::uint64_t e) {
    CubieCube r = identity_cube();
    for (; e; e >>= 1, a = multiply(a, a))
      if (e & 1) r = multiply(r, a);
    return r;
  };
  EXPECT_NE(power(x, 27719), inverse(x));
  EXPECT_NE(power(x, 27720), identity_cube());
  EXPECT_EQ(power(x, 55440), identity_cube());
  const std::string f = to_facelets(x);
  EXPECT_EQ(run_all({{"op", "order"}, {"moves", f}})["order"], 16);
  EXPECT_EQ(run_all({{"op", "invert"}, {"moves", f}})["facelets"], to_facelets(inverse(x)));
  for (const Kernel* k : available_kernels()) {
    const auto out = run_on(*k, Op::invert_throughput, {x, x, x})->results(*k);
    for (const auto& y : out) EXPECT_EQ(multiply(y, x), identity_cube()) << k->key();
  }
}

TEST(CubeKernels, RandomStatesAreTheSameEverywhere) {
  for (const auto& pin : vectors()["random_pin"])
    EXPECT_EQ(run_all({{"op", "random"}, {"seed", pin["seed"]}})["facelets"], pin["facelets"]);
}

// What the benchmarks run, untimed: every kernel must agree with the reference on each case.
TEST(CubeKernels, BenchCasesVerifyOnEveryKernel) {
  for (const auto& c : puzzle().bench_cases()) {
    json r = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", c.params}});
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    EXPECT_EQ(r["case"], c.name);
    for (const auto& rec : r["results"]) {
      if (rec["kernel"] != "scalar") {
        EXPECT_EQ(rec["verified"], true) << c.name << " " << rec.dump();
      }
      EXPECT_EQ(rec["answer"]["facelets"].get<std::string>().size(), 54u) << rec.dump();
      // The benchmark ops work on a pool of cubes; order repeats until solved; apply (the page's
      // default case) does one op per move.
      const std::string op = rec["params"]["op"].get<std::string>();
      const std::uint64_t least = op == "order" ? 1260u : op == "apply" ? 4u : kPoolSize * rec["params"].value("repeat", 1u);
      EXPECT_GE(rec["work"].get<std::uint64_t>(), least) << rec.dump();
    }
  }
}

// `repeat` loops a benchmark op over the same pool: one pass's answer on every kernel, verified
// against the reference, with the work of all passes.
TEST(CubeKernels, RepeatedPassesGiveOnePassesAnswerAndAllTheirWork) {
  for (const char* op : {"compose-throughput", "compose-latency", "invert-throughput", "invert-latency"}) {
    const json once = run_all({{"op", op}, {"seed", 7}});
    EXPECT_EQ(run_all({{"op", op}, {"seed", 7}, {"repeat", 3}}), once) << op;
    json r = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", {{"op", op}, {"repeat", 3}}}});
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    for (const auto& rec : r["results"]) EXPECT_EQ(rec["work"], 3 * kPoolSize) << rec.dump();
  }
}

// repeat=1, and repeat on an op that does not read it, leave the canonical params: cases made
// before `repeat` existed keep their names and keys.
TEST(CubeKernels, RepeatIsInTheCaseOnlyWhereItRepeats) {
  auto canonical = [](const json& params) { return puzzle().canonical_params(params).value(); };
  EXPECT_FALSE(canonical({{"op", "compose-throughput"}}).contains("repeat"));
  EXPECT_FALSE(canonical({{"op", "compose-throughput"}, {"repeat", 1}}).contains("repeat"));
  EXPECT_FALSE(canonical({{"op", "apply"}, {"repeat", 9}}).contains("repeat"));
  EXPECT_EQ(canonical({{"op", "invert-latency"}, {"repeat", 9}})["repeat"], 9);
  EXPECT_EQ(case_name(canonical({{"op", "compose-throughput"}})), "moves= op=compose-throughput seed=1 with=");
  // The Suite's case (web/src/puzzles/cube.ts) is a bench case, so the native benchmark measures it.
  bool found = false;
  for (const auto& c : puzzle().bench_cases())
    found |= c.name == "moves= op=compose-throughput repeat=" + std::to_string(kSuiteRepeat) + " seed=1 with=";
  EXPECT_TRUE(found);
  // An op that does not repeat runs once whatever repeat says.
  json r = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", {{"op", "apply"}, {"moves", "R U"}, {"repeat", 50}}}, {"kernels", {"scalar"}}});
  EXPECT_EQ(r["results"][0]["work"], 2) << r.dump();
}

TEST(CubeKernels, TimedBenchmarkReportsOpsPerSecond) {
  json r = handle_request({{"action", "bench"},
                           {"puzzles", {"cube"}},
                           {"cases", {puzzle().bench_cases()[0].name}},
                           {"kernels", {"scalar"}},
                           {"harness", {{"min_samples", 3}, {"min_sample_ms", 1}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  const json& rec = r["report"]["records"][0];
  EXPECT_EQ(rec["work"], kPoolSize);
  EXPECT_EQ(rec["work_unit"], "cube ops");
  EXPECT_GT(rec["timing"]["units_per_second"].get<double>(), 0);
}

TEST(CubeKernels, RunResponseCarriesTheNet) {
  json r = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", {{"moves", "R U"}, {"op", "order"}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["case"], "moves=R U op=order seed=1 with=");
  EXPECT_EQ(r["illustration"]["order"], 105);
  EXPECT_EQ(r["illustration"]["op"], "order");
  EXPECT_EQ(r["illustration"]["moves"], "R U");
  EXPECT_EQ(r["illustration"]["facelets"], r["results"][0]["answer"]["facelets"]);
  EXPECT_FALSE(r.contains("known"));
  json bench = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", puzzle().bench_cases()[0].params}, {"kernels", {"scalar"}}});
  EXPECT_TRUE(bench["illustration"].is_null());
}

TEST(CubeKernels, BadParamsAreErrorsNotCrashes) {
  const std::string long_moves = [] {
    std::string s;
    while (s.size() < 300) s += "R U ";
    return s;
  }();
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"moves", "R U X"}}, "moves: bad move 'X' (move 3, column 5)"},
      {{{"op", "compose"}, {"with", "R Q"}}, "with: bad move 'Q' (move 2, column 3)"},
      {{{"moves", "UUUUUUUUURRRR"}}, "moves: facelet string: a facelet string has 54 letters"},
      {{{"moves", long_moves}}, "moves is too long (300 characters, at most 256)"},
      {{{"op", "scramble"}}, "op must be one of apply, compose, invert, order, random"},
      {{{"seed", -1}}, "seed must be in 0..4294967295, got -1"},
      {{{"seed", "abc"}}, "seed must be an integer"},
      {{{"moves", 5}}, "moves must be text"},
      {{{"pool", 5}}, "unknown parameter 'pool' (known: op, moves, with, seed, repeat)"},
      {{{"op", "compose-throughput"}, {"repeat", 0}}, "repeat must be in 1..65536, got 0"},
      {{{"op", "compose-throughput"}, {"repeat", 65537}}, "repeat must be in 1..65536, got 65537"},
      {{{"repeat", "many"}}, "repeat must be an integer"},
      {json::array(), "params must be an object"},
  };
  for (const auto& [params, message] : cases) {
    Expected<std::unique_ptr<PreparedCase>> c = Error{""};
    ASSERT_NO_THROW(c = puzzle().prepare(params)) << params.dump();
    ASSERT_FALSE(c) << params.dump();
    EXPECT_NE(c.error().find(message), std::string::npos) << c.error() << " for " << params.dump();
  }
  // Params a later op would read are not checked by an op that ignores them.
  EXPECT_TRUE(puzzle().prepare({{"op", "apply"}, {"with", "not moves"}}));
  EXPECT_TRUE(puzzle().prepare({{"op", "random"}, {"moves", "not moves"}}));
  // Invalid facelet strings through the params, with the prefix that says which param.
  for (const auto& c : vectors()["invalid_facelets"]) {
    auto r = puzzle().prepare({{"moves", c["facelets"]}});
    ASSERT_FALSE(r) << c["name"];
    EXPECT_EQ(r.error().rfind("moves: facelet string: ", 0), 0u) << r.error();
  }
  // A file is not an input of this puzzle.
  const std::uint8_t byte = 0;
  EXPECT_NE(puzzle().prepare(json::object(), Input::file(Bytes(&byte, 1))).error().find("cube takes no input file"), std::string::npos);
}

}  // namespace
}  // namespace sp::cube
