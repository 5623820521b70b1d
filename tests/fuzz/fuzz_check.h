#pragma once
// Shared by the fuzz targets: how a target reports a broken property, and the checks every
// user-facing string must pass.
//
// A broken property aborts with a message; libFuzzer treats the abort like a crash and writes the
// input that caused it (scripts/fuzz.sh puts it in test-artifacts/fuzz/). Exceptions are not
// caught anywhere: one escaping the code under test is a finding too (the wasm build has none).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/json.h"

#define SP_FUZZ_CHECK(cond, ...)                                                  \
  do {                                                                            \
    if (!(cond)) ::sp::fuzz::fail(__FILE__, __LINE__, #cond, ::sp::fuzz::cat(__VA_ARGS__)); \
  } while (0)

namespace sp::fuzz {

inline std::string cat() { return {}; }
template <class... T>
std::string cat(const T&... parts) {
  std::string out;
  ((out += parts), ...);
  return out;
}

[[noreturn]] inline void fail(const char* file, int line, const char* cond, const std::string& what) {
  std::fprintf(stderr, "\n%s:%d: property broken: %s\n  %s\n", file, line, cond, what.c_str());
  std::abort();
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Well-formed UTF-8 (RFC 3629: shortest forms only, no surrogates, at most U+10FFFF). Written out
// here rather than borrowed from nlohmann, whose parser is one of the things under test.
inline bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    std::uint32_t cp = 0, min = 0;
    if (b < 0x80) {
      ++i;
      continue;
    } else if ((b & 0xE0) == 0xC0) {
      len = 2, cp = b & 0x1F, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
      len = 3, cp = b & 0x0F, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
      len = 4, cp = b & 0x07, min = 0x10000;
    } else {
      return false;
    }
    if (i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return false;
      cp = cp << 6 | (c & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

// Code points a message must not carry: C0 and C1 controls and DEL (an ESC from a link or a file
// name must not reach a terminal), and the bidirectional controls (U+061C, U+200E/F, U+202A-E,
// U+2066-9), which reorder the text around them (issue 8, defect 7).
inline bool is_control(std::uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

// The code points of well-formed UTF-8 (call valid_utf8 first), one at a time.
template <class F>
void for_each_code_point(std::string_view s, F&& f) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : 4;
    std::uint32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    for (std::size_t k = 1; k < len; ++k) cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    f(cp);
    i += len;
  }
}

inline std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for_each_code_point(s, [&](std::uint32_t) { ++n; });
  return n;
}

// A message the CLI prints to a terminal and the page shows as text: not empty, no control
// characters, and well-formed UTF-8 whenever the input was (a message may quote a cut of the
// input; the cut must not split a character).
inline void check_message(const std::string& message, bool input_was_utf8, std::string_view context) {
  SP_FUZZ_CHECK(!message.empty(), "empty error message for ", context);
  const bool utf8 = valid_utf8(message);
  if (input_was_utf8)
    SP_FUZZ_CHECK(utf8, "message is not UTF-8 although the input was: ", dump_json(json(message)));
  if (utf8) {
    for_each_code_point(message, [&](std::uint32_t cp) {
      char name[16];
      std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(cp));
      SP_FUZZ_CHECK(!is_control(cp), "control character ", name, " in the message: ", dump_json(json(message)));
    });
  } else {
    for (char c : message)
      SP_FUZZ_CHECK(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F, "control character in the message: ",
                    dump_json(json(message)));
  }
}

// Every string anywhere in a JSON value is well-formed UTF-8.
inline bool all_strings_utf8(const json& j) {
  if (j.is_string()) return valid_utf8(j.get_ref<const std::string&>());
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it)
      if (!valid_utf8(it.key()) || !all_strings_utf8(it.value())) return false;
  } else if (j.is_array()) {
    for (const auto& v : j)
      if (!all_strings_utf8(v)) return false;
  }
  return true;
}

}  // namespace sp::fuzz
