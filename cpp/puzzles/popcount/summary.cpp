// The tables a terminal reader wants after `simd-puzzles bench popcount` (the page draws the same
// from its records in web/src/puzzles/popcount.ts): the word sweep as ns per 64-bit word by k,
// one column per variant, with where each variant beats swar-shift and which is fastest; and the
// arrays as GB/s by size against the memory-read ceiling. The CLI prints it after the records.

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "puzzles/popcount/popcount.h"

namespace sp::popcount {
namespace {

constexpr const char* kYardstick = "swar-shift";

std::string fixed(double v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// Records of generated data (a file run's record says what it read, in "input").
bool generated(const json& r) { return !r.contains("input"); }

std::string size_name(std::int64_t bytes) {
  if (bytes >= (1 << 20) && bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1 << 10) && bytes % (1 << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " B";
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
  json tables = json::array(), notes = json::array();
  const std::vector<std::string>& order_of_kernels = info().kernel_order;
  auto rank = [&](const std::string& id) {
    return std::find(order_of_kernels.begin(), order_of_kernels.end(), id) - order_of_kernels.begin();
  };

  // The word sweep, per order: variant -> k -> ns per word.
  for (const char* order : {"sorted", "mixed"}) {
    std::map<std::string, std::map<int, double>> by_kernel;
    for (const auto& r : records) {
      if (!r.contains("timing") || !generated(r) || r["params"].value("mode", "") != "word" ||
          r["params"].value("order", "") != order)
        continue;
      by_kernel[r["kernel"].get<std::string>()][r["params"]["k"].get<int>()] = 8 * r["timing"]["ns_per_unit"].get<double>();
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
      for (const auto& v : variants) row.push_back(v.second.count(k) ? fixed(v.second.at(k), 2) : "–");
      rows.push_back(row);
    }
    tables.push_back({{"title", std::string("word sweep, ") + order + " pools: ns per 64-bit word"}, {"header", header}, {"rows", rows}});
    std::string line;
    for (const auto& finding : sweep_findings(variants)) line += (line.empty() ? "" : "; ") + finding;
    notes.push_back(std::string(order) + ": " + line);
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
    const std::string mode = r.contains("params") ? r["params"].value("mode", "") : "";
    if (!r.contains("timing") || !generated(r) || (mode != "array" && mode != "read")) continue;
    const std::int64_t size = r["params"]["size"].get<std::int64_t>();
    sizes.insert(size);
    auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& x) { return x.kernel == r["kernel"] && x.isa == r["isa"]; });
    if (it == rows.end())
      it = rows.insert(rows.end(), Row{r["kernel"].get<std::string>(), r["isa"].get<std::string>(), mode == "read", {}});
    it->gbps[size] = r["timing"]["units_per_second"].get<double>() / 1e9;
  }
  if (!rows.empty()) {
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return !a.read && b.read; });
    json header = {"kernel"};
    for (auto size : sizes) header.push_back(size_name(size));
    json table_rows = json::array();
    for (const Row& row : rows) {
      json cells = {row.kernel + "/" + row.isa + (row.read ? " (ceiling)" : "")};
      for (auto size : sizes) cells.push_back(row.gbps.count(size) ? fixed(row.gbps.at(size), 1) : "–");
      table_rows.push_back(cells);
    }
    tables.push_back({{"title", "arrays: GB/s by size"}, {"header", header}, {"rows", table_rows}});
    for (auto size : sizes) {
      const Row *best = nullptr, *ceiling = nullptr;
      for (const Row& row : rows) {
        if (!row.gbps.count(size)) continue;
        const Row*& slot = row.read ? ceiling : best;
        if (!slot || row.gbps.at(size) > slot->gbps.at(size)) slot = &row;
      }
      if (!best) continue;
      std::string note = size_name(size) + ": best " + best->kernel + "/" + best->isa + " " + fixed(best->gbps.at(size), 1) + " GB/s";
      if (ceiling)
        note += ", " + fixed(100 * best->gbps.at(size) / ceiling->gbps.at(size), 0) + "% of memory-read/" + ceiling->isa +
                " (" + fixed(ceiling->gbps.at(size), 1) + " GB/s)";
      notes.push_back(note);
    }
  }
  if (tables.empty()) return nullptr;
  return {{"tables", tables}, {"notes", notes}};
}

}  // namespace sp::popcount
