// The popcount tables, for the CLI after `simd-puzzles bench popcount` and for the page (engine
// action "summarize", once per source of records: native, each wasm build, a sharer's): the word
// sweep as ns per 64-bit word by k, one column per variant, with where each variant beats
// swar-shift and which is fastest; and the arrays as GB/s by size against the memory-read ceiling.
// Each table carries its findings in "notes"; numbers are formatted by core/format.h, so both
// sides print the same text.

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "core/format.h"
#include "puzzles/popcount/popcount.h"

namespace sp::popcount {
namespace {

constexpr const char* kYardstick = "swar-shift";

// What a summary reads from one record. Records reach here from the page too (a share link, an
// imported report), so every field is type-checked: a malformed record is left out, never a throw
// (the wasm build has no exceptions; a throw would abort the module).
struct Timed {
  std::string kernel, isa, mode, order;
  std::int64_t k = -1, size = 0;
  double ns_per_unit = 0, units_per_second = 0;
};

std::optional<Timed> timed_generated(const json& r) {
  if (!r.is_object() || r.contains("input")) return std::nullopt;  // a file run says what it read in "input"
  const json* params = r.contains("params") ? &r["params"] : nullptr;
  const json* timing = r.contains("timing") ? &r["timing"] : nullptr;
  if (!params || !params->is_object() || !timing || !timing->is_object()) return std::nullopt;
  // A repeated case (the Suite's) counts a size many times a call: the tables keep one pass per size.
  if (params->contains("repeat")) return std::nullopt;
  auto text = [](const json& o, const char* key) { return o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string(); };
  auto integer = [](const json& o, const char* key, std::int64_t& out) {
    if (!o.contains(key) || !o[key].is_number_integer()) return false;
    out = o[key].get<std::int64_t>();
    return true;
  };
  auto number = [](const json& o, const char* key, double& out) {
    if (!o.contains(key) || !o[key].is_number()) return false;
    out = o[key].get<double>();
    return std::isfinite(out) && out > 0;
  };
  Timed t{text(r, "kernel"), text(r, "isa"), text(*params, "mode"), text(*params, "order")};
  // k matters to word pools, size to arrays: each is checked where it is present.
  if (params->contains("size") && !integer(*params, "size", t.size)) return std::nullopt;
  if (params->contains("k") && !integer(*params, "k", t.k)) return std::nullopt;
  if (t.kernel.empty() || t.isa.empty() ||
      !number(*timing, "ns_per_unit", t.ns_per_unit) || !number(*timing, "units_per_second", t.units_per_second))
    return std::nullopt;
  return t;
}

std::string ranges(const std::vector<int>& ks) {
  std::vector<int> sorted = ks;
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(sorted[i]) + (i == j ? "" : "–" + std::to_string(sorted[j]));
    i = j + 1;
  }
  return out;
}

std::vector<std::string> sweep_findings(const std::vector<std::pair<std::string, std::map<int, double>>>& variants) {
  std::vector<std::string> out;
  const auto yardstick = std::find_if(variants.begin(), variants.end(), [](const auto& v) { return v.first == kYardstick; });
  if (yardstick != variants.end()) {
    std::string never;
    for (const auto& [kernel, points] : variants) {
      if (kernel == kYardstick) continue;
      std::vector<int> common, wins;
      for (const auto& [k, ns] : points) {
        auto other = yardstick->second.find(k);
        if (other == yardstick->second.end()) continue;
        common.push_back(k);
        if (ns < other->second) wins.push_back(k);
      }
      if (common.empty()) continue;
      if (wins.empty()) {
        never += (never.empty() ? "" : ", ") + kernel;
        continue;
      }
      // A crossover: the variant leads from the smallest k up to a point, and never again.
      const bool lead = wins.size() < common.size() && std::equal(wins.begin(), wins.end(), common.begin());
      out.push_back(kernel + " beats " + kYardstick + " " +
                    (wins.size() == common.size() ? "at every k measured" : "at k = " + ranges(wins)) +
                    (lead ? " (crossover after k = " + std::to_string(wins.back()) + ")" : ""));
    }
    if (!never.empty()) out.push_back(never + ": slower than " + std::string(kYardstick) + " at every k measured");
  }
  std::set<int> ks;
  for (const auto& v : variants)
    for (const auto& [k, ns] : v.second) ks.insert(k);
  std::vector<std::pair<std::string, std::vector<int>>> winners;  // in order of first win
  for (int k : ks) {
    const std::pair<std::string, std::map<int, double>>* best = nullptr;
    for (const auto& v : variants)
      if (v.second.count(k) && (!best || v.second.at(k) < best->second.at(k))) best = &v;
    auto it = std::find_if(winners.begin(), winners.end(), [&](const auto& w) { return w.first == best->first; });
    if (it == winners.end()) winners.push_back({best->first, {k}});
    else it->second.push_back(k);
  }
  std::string fastest;
  for (const auto& [kernel, at] : winners)
    fastest += (fastest.empty() ? "" : "; ") + kernel + (winners.size() == 1 ? " at every k measured" : " at k = " + ranges(at));
  if (!fastest.empty()) out.push_back("fastest: " + fastest);
  return out;
}

}  // namespace

json Popcount::summarize(const json& records) {
  json tables = json::array();
  const std::vector<std::string>& order_of_kernels = info().kernel_order;
  auto rank = [&](const std::string& id) {
    return std::find(order_of_kernels.begin(), order_of_kernels.end(), id) - order_of_kernels.begin();
  };

  // The word sweep, per order: variant -> k -> ns per word.
  for (const char* order : {"sorted", "mixed"}) {
    std::map<std::string, std::map<int, double>> by_kernel;
    for (const auto& r : records) {
      const auto t = timed_generated(r);
      if (!t || t->mode != "word" || t->order != order || t->k < 0 || t->k > 64) continue;
      by_kernel[t->kernel][static_cast<int>(t->k)] = 8 * t->ns_per_unit;
    }
    if (by_kernel.empty()) continue;
    std::vector<std::pair<std::string, std::map<int, double>>> variants(by_kernel.begin(), by_kernel.end());
    std::sort(variants.begin(), variants.end(), [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
    std::set<int> ks;
    json header = {"k"};
    for (const auto& [kernel, points] : variants) {
      header.push_back(kernel);
      for (const auto& [k, ns] : points) ks.insert(k);
    }
    json rows = json::array();
    for (int k : ks) {
      json row = {std::to_string(k)};
      for (const auto& v : variants) row.push_back(v.second.count(k) ? format_fixed(v.second.at(k), 2) : "–");
      rows.push_back(row);
    }
    tables.push_back({{"id", std::string("sweep-") + order},
                      {"title", std::string("word sweep, ") + order + " pools: ns per 64-bit word"},
                      {"header", header},
                      {"rows", rows},
                      {"notes", sweep_findings(variants)}});
  }

  // The arrays: kernel -> size -> GB/s, the memory-read ceiling last.
  struct Row {
    std::string kernel, isa;
    bool read;
    std::map<std::int64_t, double> gbps;
  };
  std::vector<Row> rows;
  std::set<std::int64_t> sizes;
  for (const auto& r : records) {
    const auto t = timed_generated(r);
    if (!t || (t->mode != "array" && t->mode != "read") || t->size <= 0) continue;
    sizes.insert(t->size);
    auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& x) { return x.kernel == t->kernel && x.isa == t->isa; });
    if (it == rows.end()) it = rows.insert(rows.end(), Row{t->kernel, t->isa, t->mode == "read", {}});
    it->gbps[t->size] = t->units_per_second / 1e9;
  }
  if (!rows.empty()) {
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return !a.read && b.read; });
    json header = {"kernel"};
    for (auto size : sizes) header.push_back(format_bytes(size));
    json table_rows = json::array(), row_keys = json::array(), column_keys = {nullptr};
    for (const Row& row : rows) {
      json cells = {row.kernel + "/" + row.isa + (row.read ? " (ceiling)" : "")};
      for (auto size : sizes) cells.push_back(row.gbps.count(size) ? format_fixed(row.gbps.at(size), 1) : "–");
      table_rows.push_back(cells);
      row_keys.push_back(row.kernel + "/" + row.isa);
    }
    for (auto size : sizes) column_keys.push_back(size);
    json notes = json::array();
    for (auto size : sizes) {
      const Row *best = nullptr, *ceiling = nullptr;
      for (const Row& row : rows) {
        if (!row.gbps.count(size)) continue;
        const Row*& slot = row.read ? ceiling : best;
        if (!slot || row.gbps.at(size) > slot->gbps.at(size)) slot = &row;
      }
      if (!best) continue;
      std::string note = format_bytes(size) + ": best " + best->kernel + "/" + best->isa + " " + format_fixed(best->gbps.at(size), 1) + " GB/s";
      if (ceiling)
        note += ", " + format_percent(best->gbps.at(size), ceiling->gbps.at(size), 0) + " of memory-read/" + ceiling->isa +
                " (" + format_fixed(ceiling->gbps.at(size), 1) + " GB/s)";
      notes.push_back(note);
    }
    // The keys say which kernel and size each cell is, for a reader that adds its own columns
    // (the page puts its wasm ÷ native ratios beside the GB/s).
    tables.push_back({{"id", "arrays"},
                      {"title", "arrays: GB/s by size"},
                      {"header", header},
                      {"rows", table_rows},
                      {"row_keys", row_keys},
                      {"column_keys", column_keys},
                      {"notes", notes}});
  }
  if (tables.empty()) return nullptr;
  return {{"tables", tables}};
}

}  // namespace sp::popcount
