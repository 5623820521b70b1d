#include "core/params.h"

#include <charconv>
#include <set>

namespace sp {
namespace {

std::string range_text(const ParamSpec& spec) {
  return std::to_string(spec.min) + ".." + std::to_string(spec.max);
}

Expected<json> check_integer(const ParamSpec& spec, const json& v) {
  std::int64_t value = 0;
  if (v.is_number_integer()) {
    // Unsigned values above INT64_MAX would wrap; treat them as out of range.
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      return Error{spec.name + " must be an integer in " + range_text(spec) + ", got a huge number"};
    value = v.get<std::int64_t>();
  } else if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    const char* first = s.data();
    const char* last = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (s.empty() || ec == std::errc::invalid_argument || ptr != last)
      return Error{spec.name + " must be an integer in " + range_text(spec) + ", got " + quote_user_text(s)};
    if (ec == std::errc::result_out_of_range)
      return Error{spec.name + " must be an integer in " + range_text(spec) + ", got " + quote_user_text(s)};
  } else if (v.is_number_float()) {
    return Error{spec.name + " must be a whole number in " + range_text(spec) + ", got " +
                 dump_json(v)};
  } else {
    return Error{spec.name + " must be an integer in " + range_text(spec)};
  }
  if (value < spec.min || value > spec.max)
    return Error{spec.name + " must be in " + range_text(spec) + ", got " + std::to_string(value)};
  return json(value);
}

Expected<json> check_text(const ParamSpec& spec, const json& v) {
  if (!v.is_string()) return Error{spec.name + " must be text"};
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > spec.max_length)
    return Error{spec.name + " is too long (" + std::to_string(s.size()) + " characters, at most " +
                 std::to_string(spec.max_length) + ")"};
  return json(s);
}

Expected<json> check_choice(const ParamSpec& spec, const json& v) {
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    for (const auto& c : spec.choices)
      if (c == s) return json(s);
    std::string list;
    for (const auto& c : spec.choices) list += (list.empty() ? "" : ", ") + c;
    return Error{spec.name + " must be one of " + list + ", got " + quote_user_text(s)};
  }
  return Error{spec.name + " must be text"};
}

Expected<json> check_flag(const ParamSpec& spec, const json& v) {
  if (v.is_boolean()) return v;
  if (v.is_string() && (v == "true" || v == "false")) return json(v == "true");
  return Error{spec.name + " must be true or false"};
}

}  // namespace

std::string quote_user_text(std::string_view s, std::size_t max) {
  std::string out = "'";
  for (char c : s.substr(0, max)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) ? '?' : c;
  if (s.size() > max) out += "...";
  return out + "'";
}

ParamSpec ParamSpec::integer(std::string name, std::string help, std::int64_t min, std::int64_t max,
                             std::int64_t default_value) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::integer;
  s.help = std::move(help);
  s.min = min;
  s.max = max;
  s.default_value = default_value;
  return s;
}

ParamSpec ParamSpec::text(std::string name, std::string help, std::string default_value,
                          std::size_t max_length) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::text;
  s.help = std::move(help);
  s.default_value = std::move(default_value);
  s.max_length = max_length;
  return s;
}

ParamSpec ParamSpec::choice(std::string name, std::string help, std::vector<std::string> choices,
                            std::string default_value) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::choice;
  s.help = std::move(help);
  s.choices = std::move(choices);
  s.default_value = std::move(default_value);
  return s;
}

ParamSpec ParamSpec::flag(std::string name, std::string help, bool default_value) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::flag;
  s.help = std::move(help);
  s.default_value = default_value;
  return s;
}

Expected<json> validate_params(const ParamSchema& schema, const json& input) {
  if (!input.is_null() && !input.is_object()) return Error{"params must be an object"};
  json out = json::object();
  std::set<std::string> known;
  for (const auto& spec : schema) {
    known.insert(spec.name);
    const json* given = nullptr;
    if (input.is_object()) {
      auto it = input.find(spec.name);
      if (it != input.end()) given = &*it;
    }
    if (!given) {
      out[spec.name] = spec.default_value;
      continue;
    }
    Expected<json> checked = spec.kind == ParamSpec::Kind::integer ? check_integer(spec, *given)
                             : spec.kind == ParamSpec::Kind::text  ? check_text(spec, *given)
                             : spec.kind == ParamSpec::Kind::flag  ? check_flag(spec, *given)
                                                                   : check_choice(spec, *given);
    if (!checked) return Error{checked.error(), spec.name};
    out[spec.name] = std::move(checked.value());
  }
  if (input.is_object()) {
    for (auto it = input.begin(); it != input.end(); ++it) {
      if (!known.count(it.key())) {
        std::string list;
        for (const auto& spec : schema) list += (list.empty() ? "" : ", ") + spec.name;
        return Error{"unknown parameter " + quote_user_text(it.key()) +
                     (list.empty() ? " (this puzzle takes none)" : " (known: " + list + ")")};
      }
    }
  }
  return out;
}

json schema_to_json(const ParamSchema& schema) {
  json out = json::array();
  for (const auto& s : schema) {
    json p = {{"name", s.name}, {"help", s.help}, {"default", s.default_value}};
    switch (s.kind) {
      case ParamSpec::Kind::integer:
        p["kind"] = "integer";
        p["min"] = s.min;
        p["max"] = s.max;
        break;
      case ParamSpec::Kind::text:
        p["kind"] = "text";
        p["max_length"] = s.max_length;
        break;
      case ParamSpec::Kind::choice:
        p["kind"] = "choice";
        p["choices"] = s.choices;
        break;
      case ParamSpec::Kind::flag:
        p["kind"] = "flag";
        break;
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace sp
