#pragma once
// nlohmann-json, used without exceptions on every path that sees user input: parse with
// allow_exceptions=false, check types before reading, dump with invalid UTF-8 replaced.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace sp {

using json = nlohmann::json;

// Parses untrusted text; returns a discarded value (is_discarded()) instead of throwing.
inline json parse_json(std::string_view text) {
  // nlohmann's lexer takes a NUL byte for the end of the input (C strings) and would ignore the
  // rest; a raw NUL is never part of JSON text, so text holding one is not JSON.
  if (text.find('\0') != std::string_view::npos) return json(json::value_t::discarded);
  return json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
}

// Serialises without throwing on invalid UTF-8 (a file name or a user string could hold any bytes).
inline std::string dump_json(const json& value, int indent = -1) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace sp
