// User text echoed back (error messages, case names) is cut at characters and safe to print.
// Regression tests for what the fuzz targets found (tests/fuzz; the crashers are in the corpora).

#include <gtest/gtest.h>

#include <string>

#include "core/engine.h"
#include "core/params.h"

namespace sp {
namespace {

TEST(UserText, LengthAndPrefixCountCharacters) {
  EXPECT_EQ(text_length("R U"), 3u);
  EXPECT_EQ(text_length("R\u2019 U\u2032"), 5u);
  EXPECT_EQ(text_length("\xff\xfe"), 2u);  // bytes that are not UTF-8 count one each
  EXPECT_EQ(text_length("\xe2\x80"), 2u);  // a truncated character too
  EXPECT_EQ(text_prefix("\u00e9\u00e9\u00e9", 2), "\u00e9\u00e9");
  EXPECT_EQ(text_prefix("ab", 5), "ab");
}

// fuzz-params and fuzz-cube: `unknown parameter '<U+202E>n'`, `bad move '<U+202E>U''` reversed the
// message (written as <U+202E> here: the character itself would reverse this comment too).
TEST(UserText, QuoteNeutralisesBidiAndC1Controls) {
  EXPECT_EQ(quote_user_text("\u202enqueens"), "'?nqueens'");
  EXPECT_EQ(quote_user_text("a\u2066b\u2069c\u200f"), "'a?b?c?'");
  EXPECT_EQ(quote_user_text("x\u0085y\u009b"), "'x?y?'");  // C1: NEL, CSI
  EXPECT_EQ(quote_user_text("\x1b[2J\x7f"), "'?[2J?'");
  EXPECT_EQ(quote_user_text("R\u2019 \u00e9"), "'R\u2019 \u00e9'");  // ordinary text unchanged
}

// fuzz-engine: a 40-byte cut split 'é' and the message was not UTF-8.
TEST(UserText, QuoteCutsAtACharacterAndShowsBrokenBytes) {
  const std::string a39(39, 'a');
  EXPECT_EQ(quote_user_text(a39 + "\u00e9", 40), "'" + a39 + "\u00e9'");
  EXPECT_EQ(quote_user_text(a39 + "\u00e9\u00e9", 40), "'" + a39 + "\u00e9...'");
  EXPECT_EQ(quote_user_text("\xff" "a\xe2\x80"), "'?a?\?'");
  EXPECT_EQ(quote_user_text("\xed\xa0\x80"), "'??\?'");  // an encoded surrogate is not UTF-8
}

// fuzz-params / the page's property test: "moves is too long (400 characters, at most 256)" for
// 200 'é': the limit counted bytes and called them characters, and the page (counting characters)
// let the text through.
TEST(UserText, TextLimitsCountCharacters) {
  const ParamSchema schema = {ParamSpec::text("moves", "", "", 256)};
  std::string primes;
  for (int i = 0; i < 256; ++i) primes += "\u2019";
  EXPECT_TRUE(validate_params(schema, json{{"moves", primes}}));
  const auto over = validate_params(schema, json{{"moves", primes + "x"}});
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error(), "moves is too long (257 characters, at most 256)");
}

TEST(UserText, ParamErrorsQuoteSafely) {
  const ParamSchema schema = {ParamSpec::integer("n", "", 1, 20, 8)};
  const auto unknown = validate_params(schema, json{{"\u202en", 1}});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), "unknown parameter '?n' (known: n)");
}

// fuzz-engine: the request layer echoed actions, puzzle ids, kernel names, bench cases and harness
// options raw (an ESC sequence from a request reached the CLI's terminal) and cut them at 40 bytes.
TEST(UserText, EngineErrorsQuoteSafely) {
  auto error_of = [](const json& request) {
    const json r = handle_request(request);
    EXPECT_FALSE(r["ok"].get<bool>()) << dump_json(r);
    return r.value("error", std::string());
  };
  EXPECT_EQ(error_of({{"action", "\x1b[2Jsolve"}}), "unknown action '?[2Jsolve'");
  EXPECT_EQ(error_of({{"action", "run"}, {"puzzle", "\u202enqueens"}}).rfind("unknown puzzle '?nqueens' (known: ", 0), 0u);
  const std::string a39(39, 'a');
  const std::string kernel = error_of({{"action", "run"}, {"puzzle", "nqueens"}, {"kernels", {a39 + "\u00e9\u00e9"}}});
  EXPECT_EQ(kernel.rfind("unknown kernel '" + a39 + "\u00e9...' for nqueens (known: ", 0), 0u) << kernel;
  EXPECT_EQ(error_of({{"action", "bench"}, {"puzzles", {"nqueens"}}, {"cases", {"n=8\u009b"}}}).rfind("unknown bench case 'n=8?' ", 0), 0u);
  EXPECT_EQ(error_of({{"action", "run"}, {"puzzle", "nqueens"}, {"harness", {{"\x07", 1}}}}), "unknown harness option '?'");
}

// fuzz-engine: case names cut values at 45 bytes, splitting characters (the case name of a cube
// sequence with typographic primes was not UTF-8), and the page, counting UTF-16 units, named the
// same case differently, so its records did not meet.
TEST(UserText, CaseNamesCutAtCharacters) {
  std::string primes47, primes45;
  for (int i = 0; i < 47; ++i) primes47 += "\u2019";
  for (int i = 0; i < 45; ++i) primes45 += "\u2019";
  EXPECT_EQ(case_name(json{{"moves", primes47}}), "moves=" + primes47);
  EXPECT_EQ(case_name(json{{"moves", primes47 + "\u2019\u2019"}}), "moves=" + primes45 + "\u2026");
  std::string e30;
  for (int i = 0; i < 30; ++i) e30 += "\u00e9";
  EXPECT_EQ(case_name(json{{"moves", e30}}), "moves=" + e30);
  EXPECT_EQ(case_name(json{{"moves", std::string(49, 'R')}, {"n", 8}}), "moves=" + std::string(45, 'R') + "\u2026 n=8");
}

}  // namespace
}  // namespace sp
