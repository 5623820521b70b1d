#include "cli/csv.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace sp::cli {
namespace {

// The page's CSV_COLUMNS (web/src/share/export.ts), in the same order.
constexpr std::array<std::string_view, 19> kColumns = {
    "puzzle",  "case",   "case_key",        "kernel",          "isa",    "build",  "verified",
    "verified_by", "work", "work_unit",     "samples",         "reps_per_sample", "median_ns",
    "min_ns",  "mad_ns", "ns_per_unit",     "units_per_second", "params", "answer"};

std::string number(const json& v) {
  if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  if (v.is_number_float()) return csv_number(v.get<double>());
  return "";
}

// JSON with sorted keys (nlohmann's objects are sorted) and numbers as csv_number spells them: the
// page's canonicalJson.
std::string canonical_json(const json& v) {
  if (v.is_number()) return v.is_number_float() && !std::isfinite(v.get<double>()) ? "null" : number(v);
  if (v.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + canonical_json(v[i]);
    return out + "]";
  }
  if (v.is_object()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, value] : v.items()) {
      out += (first ? "" : ",") + dump_json(json(key)) + ":" + canonical_json(value);
      first = false;
    }
    return out + "}";
  }
  return dump_json(v);  // null, booleans, strings (escaped as JSON.stringify does)
}

// RFC 4180 quoting; a field a spreadsheet would take for a formula (= + - @ tab CR first, and not
// a number) gets a leading apostrophe and quotes, as the page's csvField does.
std::string field(const std::string& text) {
  const bool number_like = !text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) ||
                                             (text[0] == '-' && text.size() > 1 && std::isdigit(static_cast<unsigned char>(text[1]))));
  const bool formula = !text.empty() && std::string_view("=+-@\t\r").find(text[0]) != std::string_view::npos && !number_like;
  const std::string safe = formula ? "'" + text : text;
  if (!formula && safe.find_first_of("\",\r\n") == std::string::npos) return safe;
  std::string out = "\"";
  for (char c : safe) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string text(const json& record, const char* key) {
  const auto it = record.find(key);
  return it != record.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

std::string csv_number(double x) {
  if (!std::isfinite(x)) return "";
  if (x == 0) return "0";
  std::array<char, 400> buf{};  // fixed notation of the largest double: 309 digits
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), x, std::chars_format::fixed);
  return ec == std::errc() ? std::string(buf.data(), end) : "";
}

std::string records_csv(const json& records) {
  std::string out;
  for (std::size_t i = 0; i < kColumns.size(); ++i) out += (i ? "," : "") + std::string(kColumns[i]);
  out += "\r\n";
  for (const auto& r : records) {
    const json empty = json::object();
    const json& t = r.contains("timing") && r["timing"].is_object() ? r["timing"] : empty;
    const auto num = [](const json& obj, const char* key) { return obj.contains(key) ? number(obj[key]) : std::string(); };
    const json verified = r.value("verified", json());
    const std::array<std::string, kColumns.size()> cells = {
        text(r, "puzzle"), text(r, "case"), text(r, "case_key"), text(r, "kernel"), text(r, "isa"), text(r, "build"),
        verified.is_boolean() ? (verified.get<bool>() ? "true" : "false") : "", text(r, "verified_by"),
        num(r, "work"), text(r, "work_unit"), num(t, "samples"), num(t, "reps_per_sample"), num(t, "median_ns"),
        num(t, "min_ns"), num(t, "mad_ns"), num(t, "ns_per_unit"), num(t, "units_per_second"),
        canonical_json(r.value("params", json::object())), canonical_json(r.value("answer", json::object()))};
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + field(cells[i]);
    out += "\r\n";
  }
  return out;
}

}  // namespace sp::cli
