#pragma once
// Parameter schemas: what a puzzle accepts, how the CLI, the page and share links spell it, and the
// one validator all of them go through.
//
// Values arrive as JSON from the page and share links, and as strings from the CLI; `validate`
// accepts both, so `--n 12` and {"n": 12} are the same request and get the same error messages.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/json.h"

namespace sp {

struct ParamSpec {
  enum class Kind { integer, text, choice, flag };

  std::string name;
  Kind kind = Kind::integer;
  std::string help;
  json default_value;  // used when the request omits the parameter

  // integer
  std::int64_t min = 0;
  std::int64_t max = 0;
  // text
  std::size_t max_length = 256;
  // choice
  std::vector<std::string> choices;

  static ParamSpec integer(std::string name, std::string help, std::int64_t min, std::int64_t max,
                           std::int64_t default_value);
  static ParamSpec text(std::string name, std::string help, std::string default_value,
                        std::size_t max_length);
  static ParamSpec choice(std::string name, std::string help, std::vector<std::string> choices,
                          std::string default_value);
  // A yes/no switch: JSON true/false (or "true"/"false" from the CLI, where it is a bare `--name`).
  static ParamSpec flag(std::string name, std::string help, bool default_value);
};

using ParamSchema = std::vector<ParamSpec>;

// Checks `input` (a JSON object; strings allowed for integers and flags) against `schema` and
// returns a complete object with defaults filled in. Errors name the parameter and the accepted
// range, and carry the parameter's name in Error::field.
Expected<json> validate_params(const ParamSchema& schema, const json& input);

json schema_to_json(const ParamSchema& schema);

// User text echoed in an error message: quoted, at most `max` characters (then "..."), control
// characters shown as '?'.
std::string quote_user_text(std::string_view s, std::size_t max = 40);

}  // namespace sp
