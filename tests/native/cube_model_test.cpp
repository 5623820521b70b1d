// The cube model and its text formats, against the published tables (tests/data/cube_vectors.json,
// from ../shared/research/cube.md): moves, byte images, facelets, named positions; and every way
// an input can be wrong, each with its own message.

#include <gtest/gtest.h>

#include <set>

#include "core/engine.h"
#include "puzzles/cube/cube.h"
#include "cube_vectors.h"
#include "test_util.h"

namespace sp::cube {
namespace {

using test::cubie_from;
using test::vectors;

// The state a text makes, through the same parser the params use.
CubieCube state_of(const std::string& text) {
  auto factors = parse_cube_input(text);
  EXPECT_TRUE(factors) << text << ": " << factors.error();
  CubieCube x = identity_cube();
  if (factors)
    for (const auto& f : factors.value()) x = multiply(x, f);
  return x;
}

std::string hex(const Packed& p) {
  std::string s;
  char buf[3];
  for (auto b : p.bytes) std::snprintf(buf, sizeof buf, "%02x", b), s += buf;
  return s;
}

TEST(CubeModel, MoveTableIsKociembas) {
  const json& moves = vectors()["moves"];
  ASSERT_EQ(moves.size(), 18u);
  for (int m = 0; m < kMoves; ++m) {
    EXPECT_EQ(move_table()[m], cubie_from(moves[m])) << moves[m]["name"];
    EXPECT_FALSE(check_cubie(move_table()[m])) << moves[m]["name"];
  }
}

TEST(CubeModel, MoveIdentities) {
  const auto& t = move_table();
  const CubieCube id = identity_cube();
  std::set<std::string> distinct;
  for (int face = 0; face < 6; ++face) {
    const CubieCube& x = t[3 * face];
    EXPECT_EQ(multiply(x, x), t[3 * face + 1]) << face;                 // X X = X2
    EXPECT_EQ(multiply(t[3 * face + 1], x), t[3 * face + 2]) << face;   // X2 X = X'
    EXPECT_EQ(multiply(x, t[3 * face + 2]), id) << face;                // X X' = id
    EXPECT_EQ(multiply(t[3 * face + 1], t[3 * face + 1]), id) << face;  // X^4 = id
    EXPECT_EQ(inverse(x), t[3 * face + 2]) << face;
    // Opposite faces (U/D, R/L, F/B are 3 apart) commute.
    const CubieCube& y = t[3 * ((face + 3) % 6)];
    EXPECT_EQ(multiply(x, y), multiply(y, x)) << face;
  }
  for (const auto& m : t) distinct.insert(to_facelets(m));
  EXPECT_EQ(distinct.size(), 18u);
}

TEST(CubeModel, VcubeByteImages) {
  const json& images = vectors()["byte_images"];
  const std::map<std::string, std::string> sequences = {
      {"identity", ""}, {"U", "U"}, {"R", "R"}, {"F", "F"}, {"R U", "R U"}};
  for (const auto& [name, moves] : sequences) EXPECT_EQ(hex(pack(state_of(moves))), images[name]) << name;
  EXPECT_EQ(hex(pack(cubie_from(vectors()["named"]["superflip"]))), images["superflip"]);
  EXPECT_EQ(hex(pack(cubie_from(vectors()["named"]["supertwist"]))), images["supertwist"]);
}

TEST(CubeModel, SingleMoveFacelets) {
  EXPECT_EQ(to_facelets(identity_cube()), vectors()["solved"]);
  EXPECT_EQ(to_facelets(identity_cube()), kSolvedFacelets);
  for (const auto& [moves, facelets] : vectors()["single_move_facelets"].items())
    EXPECT_EQ(to_facelets(state_of(moves)), facelets) << moves;
}

TEST(CubeModel, NamedPositionsAndCubieVectors) {
  for (const auto& [name, p] : vectors()["named"].items()) {
    const CubieCube c = state_of(p["moves"]);
    EXPECT_EQ(c, cubie_from(p)) << name;
    if (p.contains("facelets")) {
      EXPECT_EQ(to_facelets(c), p["facelets"]) << name;
    }
  }
  for (const auto& v : vectors()["cubie_vectors"]) EXPECT_EQ(state_of(v["moves"]), cubie_from(v)) << v["moves"];
  // vcube's raw twist word: 2 bits per corner, corner 0 lowest.
  const CubieCube st = state_of(vectors()["named"]["supertwist"]["moves"]);
  unsigned word = 0;
  for (int i = 0; i < kCorners; ++i) word |= unsigned(st.co[i]) << (2 * i);
  EXPECT_EQ(word, vectors()["named"]["supertwist"]["raw_twist_word"].get<unsigned>());
}

TEST(CubeModel, GroupIdentitiesOnRandomStates) {
  Rng rng(7);
  const CubieCube id = identity_cube();
  for (int i = 0; i < 3000; ++i) {
    const CubieCube a = random_cube(rng), b = random_cube(rng);
    ASSERT_FALSE(check_cubie(a));
    EXPECT_EQ(multiply(a, inverse(a)), id);
    EXPECT_EQ(multiply(inverse(a), a), id);
    EXPECT_EQ(inverse(inverse(a)), a);
    EXPECT_EQ(inverse(multiply(a, b)), multiply(inverse(b), inverse(a)));
    auto round_trip = unpack(pack(a));
    ASSERT_TRUE(round_trip) << round_trip.error();
    EXPECT_EQ(round_trip.value(), a);
  }
}

TEST(CubeModel, RandomStatesAreSpreadOut) {
  // A loose check that Fisher-Yates and the fix-ups are wired right: position 0 sees every corner
  // and every twist about equally often.
  Rng rng(11);
  std::array<int, kCorners> corner{};
  std::array<int, 3> twist{};
  std::array<int, 2> parity{};
  const int n = 24000;
  for (int i = 0; i < n; ++i) {
    const CubieCube c = random_cube(rng);
    ++corner[c.cp[0]];
    ++twist[c.co[7]];
    ++parity[odd_permutation(c.ep.data(), kEdges)];
  }
  for (int k : corner) EXPECT_NEAR(k, n / 8, n / 80);
  for (int k : twist) EXPECT_NEAR(k, n / 3, n / 30);
  for (int k : parity) EXPECT_NEAR(k, n / 2, n / 20);
}

TEST(CubeModel, RandomStatesArePinnedAcrossPlatforms) {
  // Computed by an independent transcription of the generator (see the data file); the wasm tests
  // check the same numbers.
  for (const auto& pin : vectors()["random_pin"]) {
    Rng rng(pin["seed"].get<std::uint64_t>());
    EXPECT_EQ(to_facelets(random_cube(rng)), pin["facelets"]) << pin["seed"];
  }
}

TEST(CubeModel, FaceletRoundTrip) {
  Rng rng(3);
  for (int i = 0; i < 2000; ++i) {
    const CubieCube c = random_cube(rng);
    auto parsed = parse_facelets(to_facelets(c));
    ASSERT_TRUE(parsed) << to_facelets(c) << ": " << parsed.error();
    EXPECT_EQ(parsed.value(), c);
  }
}

TEST(CubeModel, UnpackChecksVcubeInvariants) {
  const Packed good = pack(state_of("R U F"));
  ASSERT_TRUE(unpack(good));
  auto broken = [&](int byte, std::uint8_t value) {
    Packed p = good;
    p.bytes[byte] = value;
    auto r = unpack(p);
    return r ? std::string("accepted") : r.error();
  };
  EXPECT_NE(broken(12, 0).find("edge padding byte 12"), std::string::npos);
  EXPECT_NE(broken(31, 0x8F).find("corner padding byte 15"), std::string::npos);
  EXPECT_NE(broken(0, good.bytes[0] | 0x20).find("edge byte 0 has unused bits"), std::string::npos);
  EXPECT_NE(broken(16, good.bytes[16] | 0x08).find("corner byte 0 has unused bits"), std::string::npos);
  EXPECT_NE(broken(17, good.bytes[16]).find("a corner cubie appears twice"), std::string::npos);
  EXPECT_NE(broken(16, (good.bytes[16] & 0x0F) | 0x30).find("out of range"), std::string::npos);
  EXPECT_NE(broken(0, good.bytes[0] ^ 0x10).find("edge flips"), std::string::npos);
}

// ---- moves --------------------------------------------------------------------------------------

TEST(CubeParse, MoveNotation) {
  auto moves = [](std::string_view text) {
    auto m = parse_moves(text);
    EXPECT_TRUE(m) << text << ": " << m.error();
    return m ? m.value() : std::vector<std::uint8_t>{};
  };
  EXPECT_EQ(moves("U R F D L B"), (std::vector<std::uint8_t>{0, 3, 6, 9, 12, 15}));
  EXPECT_EQ(moves("U2 R2 F2 D2 L2 B2"), (std::vector<std::uint8_t>{1, 4, 7, 10, 13, 16}));
  EXPECT_EQ(moves("U' R' F' D' L' B'"), (std::vector<std::uint8_t>{2, 5, 8, 11, 14, 17}));
  EXPECT_EQ(moves("R2' R\u2019 R\u2032 R2\u2019"), (std::vector<std::uint8_t>{4, 5, 5, 4}));
  EXPECT_EQ(moves("  R\tU\n\r F  "), (std::vector<std::uint8_t>{3, 0, 6}));
  EXPECT_EQ(moves(""), (std::vector<std::uint8_t>{}));
  EXPECT_EQ(moves(" \t "), (std::vector<std::uint8_t>{}));
}

TEST(CubeParse, BadMovesNameTheTokenAndWhereItIs) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"R U X", "bad move 'X' (move 3, column 5): a move starts with a face letter U R F D L B"},
      {"R U2 D'' B", "bad move 'D''' (move 3, column 6): a face letter may be followed only by ' or 2"},
      {"R3", "bad move 'R3' (move 1, column 1)"},
      {"RU", "bad move 'RU' (move 1, column 1): a face letter may be followed only by ' or 2; separate moves with spaces"},
      {"R Rw", "bad move 'Rw' (move 2, column 3): wide moves are not supported"},
      {"r U", "bad move 'r' (move 1, column 1): lower-case letters are wide moves"},
      {"M2 U", "slice moves and rotations are not supported"},
      {"x", "slice moves and rotations are not supported"},
      {"(R U)", "bad move '(R' (move 1, column 1)"},
      {"R, U", "bad move 'R,' (move 1, column 1)"},
      {"R\x01", "bad move 'R?' (move 1, column 1)"},
      {"R U " + std::string(30, 'F'), "bad move 'FFFFFFFFFFFFFFFFFFFF...' (move 3, column 5)"},
  };
  for (const auto& [text, message] : cases) {
    auto m = parse_moves(text);
    ASSERT_FALSE(m) << text;
    EXPECT_NE(m.error().find(message), std::string::npos) << text << " -> " << m.error();
  }
}

// ---- facelets -------------------------------------------------------------------------------------

TEST(CubeParse, InvalidFaceletsEachHaveTheirOwnReason) {
  const json& invalid = vectors()["invalid_facelets"];
  ASSERT_GE(invalid.size(), 15u);
  std::set<std::string> reasons;
  for (const auto& c : invalid) {
    const std::string text = c["facelets"], reason = c["reason"];
    Expected<CubieCube> r = Error{""};
    ASSERT_NO_THROW(r = parse_facelets(text)) << c["name"];
    ASSERT_FALSE(r) << c["name"];
    EXPECT_NE(r.error().find(reason), std::string::npos) << c["name"] << ": " << r.error();
    reasons.insert(r.error());
  }
  EXPECT_EQ(reasons.size(), invalid.size());  // no two inputs share a message
  // The same inputs through the cube-input reader (what the params use).
  for (const auto& c : invalid) {
    auto r = parse_cube_input(c["facelets"].get<std::string>());
    ASSERT_FALSE(r) << c["name"];
    EXPECT_EQ(r.error().rfind("facelet string: ", 0), 0u) << r.error();
    EXPECT_NE(r.error().find(c["reason"].get<std::string>()), std::string::npos) << r.error();
  }
}

TEST(CubeParse, FaceletChecksRunInOrder) {
  // Each check is reached only when the earlier ones pass: a string broken in two ways reports
  // the first.
  std::string s(kSolvedFacelets);
  s[4] = 'R';  // a bad centre, and wrong counts
  EXPECT_NE(parse_facelets(s).error().find("centre"), std::string::npos);
  s = std::string(kSolvedFacelets);
  s[0] = 'x';
  s[4] = 'R';  // a bad letter before the centre
  EXPECT_NE(parse_facelets(s).error().find("letter 1 (U1) is 'x'"), std::string::npos);
  EXPECT_NE(parse_facelets("").error().find("got 0"), std::string::npos);
  EXPECT_NE(parse_facelets(std::string(54, 'U')).error().find("centre of the R face"), std::string::npos);
}

TEST(CubeParse, InputIsMovesOrAFaceletString) {
  const std::string superflip = vectors()["named"]["superflip"]["facelets"];
  auto as_facelets = parse_cube_input("  " + superflip + "\n");
  ASSERT_TRUE(as_facelets) << as_facelets.error();
  EXPECT_EQ(as_facelets.value().size(), 1u);
  EXPECT_EQ(as_facelets.value()[0], state_of(vectors()["named"]["superflip"]["moves"]));
  EXPECT_EQ(parse_cube_input("").value().size(), 0u);
  EXPECT_EQ(parse_cube_input("R2'").value().size(), 1u);      // short words are moves
  EXPECT_EQ(parse_cube_input("R2\u2019").value().size(), 1u);  // 5 bytes: still a move
  // A run-together sequence is read as a facelet string, and the message says so.
  auto run_together = parse_cube_input("RUR'U'");
  ASSERT_FALSE(run_together);
  EXPECT_NE(run_together.error().find("got 6 (one word of 6 or more characters is read as a facelet string; separate moves with spaces)"),
            std::string::npos) << run_together.error();
  EXPECT_NE(parse_cube_input("RU").error().find("bad move 'RU'"), std::string::npos);
  // A 54-letter string of face letters needs no hint.
  std::string twisted(kSolvedFacelets);
  std::swap(twisted[8], twisted[9]);
  std::swap(twisted[8], twisted[20]);
  EXPECT_EQ(parse_cube_input(twisted).error().find("(one word"), std::string::npos);
}

TEST(CubeParse, CanonicalInputIsOneSpellingPerCube) {
  EXPECT_EQ(canonical_cube_input("  R2\u2019  U\u2032\tF2'  B ").value(), "R2 U' F2 B");
  EXPECT_EQ(canonical_cube_input("").value(), "");
  EXPECT_EQ(canonical_cube_input(" \n").value(), "");
  const std::string superflip = vectors()["named"]["superflip"]["facelets"].get<std::string>();
  EXPECT_EQ(canonical_cube_input(" " + superflip + "\n").value(), superflip);
  EXPECT_EQ(canonical_cube_input("R U X").error(), parse_cube_input("R U X").error());
  EXPECT_FALSE(canonical_cube_input("UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"));
}

// The page checks params on every keystroke through "validate": the cube's parse errors must come
// from there, naming the field, before anything is prepared.
TEST(CubeParams, ValidateNamesTheFieldOfABadCubeInput) {
  auto validate = [](const json& params) { return handle_request({{"action", "validate"}, {"puzzle", "cube"}, {"params", params}}); };
  json bad = validate({{"op", "apply"}, {"moves", "R U X F"}});
  ASSERT_FALSE(bad["ok"].get<bool>());
  EXPECT_EQ(bad["field"], "moves");
  EXPECT_EQ(bad["error"], "moves: bad move 'X' (move 3, column 5): a move starts with a face letter U R F D L B");
  json twisted = validate({{"op", "invert"}, {"moves", "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"}});
  ASSERT_FALSE(twisted["ok"].get<bool>());
  EXPECT_EQ(twisted["field"], "moves");
  EXPECT_NE(twisted["error"].get<std::string>().find("a corner is twisted"), std::string::npos) << twisted.dump();
  json with = validate({{"op", "compose"}, {"moves", "R"}, {"with", "R w"}});
  ASSERT_FALSE(with["ok"].get<bool>());
  EXPECT_EQ(with["field"], "with");
  // `with` is read by op=compose only; elsewhere it is not part of the case.
  json apply = validate({{"op", "apply"}, {"moves", "R"}, {"with", "R w"}});
  ASSERT_TRUE(apply["ok"].get<bool>()) << apply.dump();
  EXPECT_EQ(apply["params"]["with"], "");
  // One spelling per cube, and the params an op does not read take the bench cases' values, so a
  // benchmark run on the page meets the native bench case whatever the moves field holds.
  json spaced = validate({{"op", "apply"}, {"moves", " R2\u2019  U "}, {"seed", 7}});
  ASSERT_TRUE(spaced["ok"].get<bool>()) << spaced.dump();
  EXPECT_EQ(spaced["params"], json({{"op", "apply"}, {"moves", "R2 U"}, {"with", ""}, {"seed", 1}}));
  EXPECT_EQ(spaced["case_key"], validate({{"op", "apply"}, {"moves", "R2 U"}})["case_key"]);
  json bench = validate({{"op", "compose-throughput"}, {"moves", "R U R' U'"}, {"with", "garbage"}});
  ASSERT_TRUE(bench["ok"].get<bool>()) << bench.dump();
  EXPECT_EQ(bench["case"], "moves= op=compose-throughput seed=1 with=");
  EXPECT_EQ(bench["case"], Cube::cases()[0].name);
  // A run echoes the canonical params, and its records carry the same key.
  json run = handle_request({{"action", "run"}, {"puzzle", "cube"}, {"params", {{"moves", " R2\u2019  U "}}}, {"kernels", {"scalar"}}});
  ASSERT_TRUE(run["ok"].get<bool>()) << run.dump();
  EXPECT_EQ(run["results"][0]["case_key"], spaced["case_key"]);
}

TEST(CubeParse, HostileTextNeverThrows) {
  Rng rng(99);
  for (int i = 0; i < 2000; ++i) {
    std::string s(rng.below(80), '\0');
    for (char& c : s) c = static_cast<char>(rng.below(256));
    if (i % 3 == 0)
      for (char& c : s) c = "URFDLB '2\xe2\x80\x99"[rng.below(12)];
    EXPECT_NO_THROW((void)parse_cube_input(s));
    EXPECT_NO_THROW((void)parse_facelets(s));
    EXPECT_NO_THROW((void)parse_moves(s));
  }
}

}  // namespace
}  // namespace sp::cube
