// Fuzz target `params`: the JSON parameter layer (cpp/core/params.cpp), which every run, link and
// CLI option goes through, against the schema of every registered puzzle.
//
// Input: JSON text, meant as a params object ({"n": 12}, {"op": "compose", "moves": "R U"}).
// Text that is not JSON is checked to be rejected by the parser and goes no further. Each parsed
// value goes through validate_params with every puzzle's schema; besides "no crash, no UB, no
// leak, no exception" it must hold:
//   - accepted: the output has exactly the schema's parameters, each within its spec (an integer
//     in [min, max], text of at most max_length characters, one of the choices, a boolean flag);
//     validating the output again gives the output (idempotent); and the CLI spelling of it
//     (integers and flags as strings, as `--n 12` arrives) gives the same output;
//   - per value: an integer given as a string is accepted exactly when a small independent model
//     of the grammar (an optional '-', then ASCII digits, value in range) accepts it, so the page
//     can mirror the rule exactly;
//   - rejected: a message for a person (no control characters, UTF-8 when the input was).
// Cost: validation is linear in the input; every input runs in microseconds.
// Dictionary: params.dict (parameter names, choices, JSON punctuation, number edge cases).

#include <cstdint>
#include <string>

#include "core/params.h"
#include "core/registry.h"
#include "fuzz_check.h"
#include "fuzz_target.h"

namespace fuzz_params {

using sp::json;
using sp::ParamSpec;

bool within(const ParamSpec& spec, const json& v) {
  switch (spec.kind) {
    case ParamSpec::Kind::integer:
      return v.is_number_integer() && v.get<std::int64_t>() >= spec.min && v.get<std::int64_t>() <= spec.max &&
             !(v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX);
    case ParamSpec::Kind::text:
      return v.is_string() && sp::fuzz::code_points(v.get_ref<const std::string&>()) <= spec.max_length;
    case ParamSpec::Kind::choice:
      if (!v.is_string()) return false;
      for (const auto& c : spec.choices)
        if (c == v.get_ref<const std::string&>()) return true;
      return false;
    case ParamSpec::Kind::flag:
      return v.is_boolean();
  }
  return false;
}

// The integer grammar for text (CLI arguments, strings in JSON), written independently of
// std::from_chars: optional '-', one or more ASCII digits, value in [min, max]. Digits are
// accumulated with an overflow stop, so 30-digit inputs are simply "out of range".
bool model_accepts_integer_text(const ParamSpec& spec, std::string_view s) {
  std::size_t i = 0;
  const bool negative = !s.empty() && s[0] == '-';
  if (negative) i = 1;
  if (i == s.size()) return false;
  unsigned __int128 magnitude = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    magnitude = magnitude * 10 + static_cast<unsigned>(s[i] - '0');
    if (magnitude > (unsigned __int128)1 << 64) magnitude = (unsigned __int128)1 << 64;  // saturate
  }
  const __int128 value = negative ? -static_cast<__int128>(magnitude) : static_cast<__int128>(magnitude);
  return value >= spec.min && value <= spec.max;
}

void check_schema(const sp::Puzzle& puzzle, const json& input, bool utf8) {
  const sp::ParamSchema& schema = puzzle.params();
  const std::string who = "puzzle " + puzzle.info().id;
  const auto out = sp::validate_params(schema, input);

  // Per value: the integer-as-text grammar, against the model.
  if (input.is_object()) {
    for (const auto& spec : schema) {
      auto it = input.find(spec.name);
      if (it == input.end() || spec.kind != ParamSpec::Kind::integer || !it->is_string()) continue;
      const auto alone = sp::validate_params(schema, json{{spec.name, *it}});
      SP_FUZZ_CHECK(bool(alone) == model_accepts_integer_text(spec, it->get_ref<const std::string&>()), who,
                    ": integer text ", sp::dump_json(*it), (alone ? " accepted" : " rejected"),
                    " against the model's grammar");
    }
  }

  if (!out) {
    sp::fuzz::check_message(out.error(), utf8, who);
    SP_FUZZ_CHECK(!input.is_null(), who, ": null params (all defaults) rejected: ", out.error());
    return;
  }
  const json& params = out.value();
  SP_FUZZ_CHECK(params.is_object() && params.size() == schema.size(), who, ": output is not one value per parameter");
  for (const auto& spec : schema) {
    SP_FUZZ_CHECK(params.contains(spec.name), who, ": output lacks ", spec.name);
    SP_FUZZ_CHECK(within(spec, params[spec.name]), who, ": output ", spec.name, "=", sp::dump_json(params[spec.name]),
                  " breaks its spec");
  }
  const auto again = sp::validate_params(schema, params);
  SP_FUZZ_CHECK(again && again.value() == params, who, ": validating the output changes it");

  json cli = json::object();
  for (auto it = params.begin(); it != params.end(); ++it)
    cli[it.key()] = it.value().is_number_integer() ? json(std::to_string(it.value().get<std::int64_t>()))
                    : it.value().is_boolean()      ? json(it.value().get<bool>() ? "true" : "false")
                                                   : it.value();
  const auto from_cli = sp::validate_params(schema, cli);
  SP_FUZZ_CHECK(from_cli && from_cli.value() == params, who, ": the CLI spelling ", sp::dump_json(cli),
                " validates differently");
}

SP_FUZZ_TARGET(params, data, size) {
  const std::string_view text = sp::fuzz::as_text(data, size);
  const json input = sp::parse_json(text);
  // JSON text is UTF-8 (RFC 8259): the parser must refuse anything else.
  if (!sp::fuzz::valid_utf8(text)) SP_FUZZ_CHECK(input.is_discarded(), "the JSON parser accepted invalid UTF-8");
  if (input.is_discarded()) return 0;
  SP_FUZZ_CHECK(sp::fuzz::all_strings_utf8(input), "parsed JSON holds a string that is not UTF-8");
  for (const auto& puzzle : sp::registry().puzzles()) check_schema(*puzzle, input, true);
  return 0;
}

}  // namespace fuzz_params
