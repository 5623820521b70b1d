// Cephalopod through the engine, as the CLI and the page use it: canonical params, verified
// records, errors as values naming their field, contest I/O, the illustration, applies() and the
// bench cases.

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "core/engine.h"
#include "core/format.h"
#include "core/params.h"
#include "core/registry.h"
#include "cephalopod_test_cases.h"
#include "puzzles/cephalopod/cephalopod.h"
#include "test_util.h"

namespace sp::cephalopod {
namespace {

std::string read_file(const std::string& name) {
  std::ifstream in(std::string(SP_TEST_DATA_DIR) + "/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json run(const json& params, const json& kernels = json::array({"all"})) {
  return handle_request({{"action", "run"}, {"puzzle", "cephalopod"}, {"params", params}, {"kernels", kernels}});
}

TEST(CephalopodEngine, EveryKernelIsVerifiedAgainstTheReference) {
  const json r = run({{"depth", 24}, {"board", "300/362/102"}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["params"], json({{"board", "300362102"}, {"depth", 24}}));  // canonical spelling
  EXPECT_TRUE(r["failed"].empty()) << r["failed"].dump();
  std::size_t available = 0;
  for (const auto& k : puzzle().kernels()) available += k->available();
  ASSERT_EQ(r["results"].size(), available);
  for (const auto& rec : r["results"]) {
    EXPECT_EQ(rec["answer"]["sum"], 661168294) << rec["kernel"];
    if (rec["kernel"] == "reference") {
      EXPECT_EQ(rec["answer"]["distinct_finals"], 241);
      EXPECT_TRUE(rec["verified"].is_null());
    } else {
      EXPECT_EQ(rec["verified"], true) << rec.dump();
      EXPECT_FALSE(rec["answer"].contains("distinct_finals"));
    }
    EXPECT_GT(rec["answer"]["states_expanded"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(rec["work"], rec["answer"]["states_expanded"]);
  }
}

TEST(CephalopodEngine, SpellingsOfOneBoardAreOneCase) {
  std::set<std::string> keys;
  for (const char* board : {"060222161", "060/222/161", "0 6 0 2 2 2 1 6 1", " 060 222 161 "}) {
    const json v = handle_request({{"action", "validate"}, {"puzzle", "cephalopod"}, {"params", {{"depth", 20}, {"board", board}}}});
    ASSERT_TRUE(v["ok"].get<bool>()) << board << ": " << v.dump();
    keys.insert(v.dump());
  }
  EXPECT_EQ(keys.size(), 1u);
}

// Bad input is an error value that names the problem (and, for the page, the field), never an
// abort: at least 12 of them through the engine.
TEST(CephalopodEngine, BadInputsAreErrorsThatNameTheProblem) {
  const std::tuple<json, const char*, const char*> bad[] = {
      {{{"depth", 41}, {"board", "000000000"}}, "depth must be in 0..40, got 41", "depth"},
      {{{"depth", -1}, {"board", "000000000"}}, "depth must be in 0..40, got -1", "depth"},
      {{{"depth", "abc"}, {"board", "000000000"}}, "depth must be an integer in 0..40, got 'abc'", "depth"},
      {{{"depth", 2.5}, {"board", "000000000"}}, "depth must be", "depth"},
      {{{"depth", 20}, {"board", "06022216"}}, "board has 8 cells; it needs 9", "board"},
      {{{"depth", 20}, {"board", "0602221611"}}, "board has 10 cells; it needs 9", "board"},
      {{{"depth", 20}, {"board", "060222171"}}, "cell 8 (row 3, column 2) is 7; values go from 0 (empty) to 6", "board"},
      {{{"depth", 20}, {"board", "06a222161"}}, "unexpected character 'a' at position 3", "board"},
      {{{"depth", 20}, {"board", ""}}, "board is empty", "board"},
      {{{"depth", 20}, {"board", "060/222"}}, "board has 2 rows split by '/'; it needs 3", "board"},
      {{{"depth", 20}, {"board", "0 6 0 2 2 2 1 6 9"}}, "cell 9 (row 3, column 3) is 9", "board"},
      {{{"depth", 20}, {"board", "060/22/1611"}}, "row 2 has 2 cells; it needs 3", "board"},
      {{{"depth", 20}, {"board", 60222161}}, "board", "board"},
      {{{"depth", 20}, {"board", std::string(80, '0')}}, "board", "board"},
  };
  for (const auto& [params, message, field] : bad) {
    const json r = run(params, json::array({"swar-bfs-sym"}));
    ASSERT_FALSE(r["ok"].get<bool>()) << params.dump();
    EXPECT_NE(r["error"].get<std::string>().find(message), std::string::npos) << params.dump() << " gave: " << r["error"];
    const json v = handle_request({{"action", "validate"}, {"puzzle", "cephalopod"}, {"params", params}});
    ASSERT_FALSE(v["ok"].get<bool>()) << params.dump();
    EXPECT_EQ(v.value("field", ""), field) << params.dump() << ": " << v.dump();
  }
}

TEST(CephalopodEngine, ContestInputAndOutput) {
  const json doc = test::load_data("cephalopod_vectors.json");
  for (const auto& t : doc["official"]) {
    // The contest-format files the CLI test feeds to `solve` hold the same inputs and answers.
    char name[16];
    std::snprintf(name, sizeof name, "%02d", t["test"].get<int>());
    EXPECT_EQ(read_file(std::string("cephalopod_contest/") + name + ".in"), t["stdin"].get<std::string>());
    EXPECT_EQ(read_file(std::string("cephalopod_contest/") + name + ".out"), std::to_string(t["expected"].get<std::uint32_t>()) + "\n");
    auto params = puzzle().parse_contest_input(t["stdin"].get<std::string>());
    ASSERT_TRUE(params) << params.error();
    EXPECT_EQ(params.value(), json({{"board", t["board"]}, {"depth", t["depth"]}}));
    EXPECT_EQ(puzzle().contest_output({{"sum", t["expected"]}, {"states_expanded", 5}}), std::to_string(t["expected"].get<std::uint32_t>()));
  }
  EXPECT_EQ(puzzle().contest_output(json::object()), "no answer");
  EXPECT_FALSE(puzzle().parse_contest_input("50\n0 0 0\n0 0 0\n0 0 0\n"));
  EXPECT_FALSE(puzzle().parse_contest_input("20\n0 0 0\n0 0 0\n"));
  EXPECT_FALSE(puzzle().parse_contest_input(""));
  EXPECT_FALSE(puzzle().info().solve_preference.empty());
}

TEST(CephalopodEngine, TheReferenceSkipsOnlyCasesTooBigForIt) {
  const json light = run({{"depth", 8}, {"board", "606000615"}}, json::array({"reference", "swar-bfs-sym"}));
  ASSERT_TRUE(light["ok"].get<bool>());
  EXPECT_EQ(light["results"].size(), 2u);
  EXPECT_TRUE(light["skipped"].empty()) << light["skipped"].dump();
  const json heavy = run({{"depth", 40}, {"board", "000000000"}}, json::array({"reference"}));
  ASSERT_TRUE(heavy["ok"].get<bool>()) << heavy.dump();
  EXPECT_TRUE(heavy["results"].empty());
  ASSERT_EQ(heavy["skipped"].size(), 1u);
  EXPECT_NE(heavy["skipped"][0]["reason"].get<std::string>().find("reference would expand more than"), std::string::npos);
}

// A fast kernel on a case too big for the reference is unchecked, not failed, and says so in few
// enough characters for the page's record schema (a 236-character reason once made the page
// reject a whole native report).
TEST(CephalopodEngine, CasesTooBigForTheReferenceAreUncheckedNotFailed) {
  const json r = run({{"depth", 30}, {"board", "000000000"}}, json::array({"swar-bfs-sym"}));
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_EQ(r["results"].size(), 1u);
  const json& record = r["results"][0];
  EXPECT_TRUE(record["verified"].is_null());
  const std::string by = record["verified_by"].get<std::string>();
  EXPECT_EQ(by.rfind("unchecked: the reference reference/scalar could not run: the map-based reference would", 0), 0u) << by;
  EXPECT_LE(text_length(by), 120u);
  EXPECT_EQ(format_verified(record), "–");
}

TEST(CephalopodEngine, Illustration) {
  const json r = handle_request({{"action", "illustrate"}, {"puzzle", "cephalopod"}, {"params", {{"depth", 8}, {"board", "606000615"}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  const json& ill = r["illustration"];
  EXPECT_EQ(ill["board"], "606000615");
  EXPECT_EQ(ill["word"].get<std::uint32_t>(), encode({6, 0, 6, 0, 0, 0, 6, 1, 5}));
  ASSERT_EQ(ill["cells"].size(), 9u);
  std::uint32_t word = 0;
  for (const auto& cell : ill["cells"]) word |= cell["value"].get<std::uint32_t>() << cell["shift"].get<int>();
  EXPECT_EQ(word, ill["word"].get<std::uint32_t>());
  EXPECT_EQ(ill["cells"][4]["position"], 8);  // the centre sits on top
  EXPECT_TRUE(ill["levels_complete"].get<bool>());
  ASSERT_EQ(ill["levels"].size(), 9u);
  EXPECT_EQ(ill["levels"][0], json({{"depth", 0}, {"boards", 1}, {"classes", 1}, {"full", 0}}));
  // The empty board at depth 40 is capped: a prefix of the depths, and it says so.
  const json big = handle_request({{"action", "illustrate"}, {"puzzle", "cephalopod"}, {"params", {{"depth", 40}, {"board", "0"}}}});
  EXPECT_FALSE(big["ok"].get<bool>());  // one cell is not a board
  const json empty = handle_request({{"action", "illustrate"}, {"puzzle", "cephalopod"}, {"params", {{"depth", 40}, {"board", "000000000"}}}});
  ASSERT_TRUE(empty["ok"].get<bool>());
  EXPECT_FALSE(empty["illustration"]["levels_complete"].get<bool>());
  EXPECT_GT(empty["illustration"]["levels"].size(), 15u);
  EXPECT_EQ(empty["illustration"]["levels"][10]["boards"], 6909);
  EXPECT_EQ(empty["illustration"]["levels"][10]["classes"], 975);
}

TEST(CephalopodEngine, BenchCases) {
  const auto& cases = puzzle().bench_cases();
  EXPECT_EQ(cases.size(), 18u);  // the 12 official tests, the empty board at 20/30/40, 3 sparse boards
  std::set<std::string> names;
  for (const auto& c : cases) {
    names.insert(c.name);
    auto prepared = puzzle().prepare(c.params);
    ASSERT_TRUE(prepared) << c.name << ": " << prepared.error();
    EXPECT_EQ(case_name(*prepared.value()), c.name);
  }
  EXPECT_EQ(names.size(), cases.size());
  EXPECT_TRUE(names.count("board=060222161 depth=20"));
  EXPECT_TRUE(names.count("board=000000000 depth=40"));
}

}  // namespace
}  // namespace sp::cephalopod
