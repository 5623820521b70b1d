// parse_json: untrusted text in, a value or a discarded marker out, never an exception.

#include <gtest/gtest.h>

#include <string>

#include "core/json.h"

namespace sp {
namespace {

TEST(ParseJson, AcceptsJsonAndDiscardsTheRest) {
  EXPECT_EQ(parse_json(R"({"n": 8})"), json({{"n", 8}}));
  EXPECT_TRUE(parse_json("{").is_discarded());
  EXPECT_TRUE(parse_json("8 8").is_discarded());
  EXPECT_TRUE(parse_json("\"\xff\"").is_discarded());  // not UTF-8
  EXPECT_TRUE(parse_json(R"("\ud800")").is_discarded());  // a lone surrogate escape
}

// fuzz-params: "4\0\0\0:29\x01..." parsed as 4. nlohmann stops at a NUL byte, so whatever
// followed one (the rest of a request, garbage, invalid UTF-8) was silently ignored.
TEST(ParseJson, RejectsTextWithANulByte) {
  using namespace std::string_literals;
  EXPECT_TRUE(parse_json("4\0\0\0:29\x01\0\0\xc5"s "296"s).is_discarded());
  EXPECT_TRUE(parse_json("{\"action\": \"catalog\"}\0{\"action\": \"bench\"}"s).is_discarded());
  EXPECT_TRUE(parse_json("\0"s).is_discarded());
  EXPECT_EQ(parse_json(R"("\u0000")"), json(std::string(1, '\0')));  // an escaped NUL is fine
}

}  // namespace
}  // namespace sp
