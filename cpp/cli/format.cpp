#include "cli/format.h"

#include <cstdio>

namespace sp::cli {
namespace {

std::string printf_string(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// Display width of UTF-8 text (counts code points; our tables hold no wide characters).
std::size_t display_width(const std::string& s) {
  std::size_t w = 0;
  for (unsigned char c : s) w += (c & 0xC0) != 0x80;
  return w;
}

}  // namespace

std::string format_duration_ns(double ns) {
  if (ns < 1) return printf_string("%.3f ns", ns);  // per-byte costs
  if (ns < 1e3) return printf_string("%.1f ns", ns);
  if (ns < 1e6) return printf_string("%.3g µs", ns / 1e3);
  if (ns < 1e9) return printf_string("%.3g ms", ns / 1e6);
  return printf_string("%.4g s", ns / 1e9);
}

std::string format_rate(double per_second) {
  if (per_second >= 1e9) return printf_string("%.3g G", per_second / 1e9);
  if (per_second >= 1e6) return printf_string("%.3g M", per_second / 1e6);
  if (per_second >= 1e3) return printf_string("%.3g k", per_second / 1e3);
  return printf_string("%.3g ", per_second);
}

std::string format_count(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  int k = 0;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it, ++k) {
    if (k && k % 3 == 0) out.insert(out.begin(), ',');
    out.insert(out.begin(), *it);
  }
  return out;
}

std::string format_answer(const json& answer) {
  if (!answer.is_object()) return dump_json(answer);
  std::string out;
  for (auto it = answer.begin(); it != answer.end(); ++it) {
    std::string v = it.value().is_string() ? it.value().get<std::string>() : dump_json(it.value());
    if (v.size() > 60) v = v.substr(0, 57) + "...";
    out += (out.empty() ? "" : " ") + it.key() + "=" + v;
  }
  return out;
}

std::string format_verified(const json& record) {
  const json& v = record.value("verified", json());
  if (v.is_boolean()) return v.get<bool>() ? "✓" : "✗";
  return "ref";
}

std::string table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& right) {
  std::vector<std::size_t> width(header.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
      width[i] = std::max(width[i], display_width(row[i]));
  };
  widen(header);
  for (const auto& r : rows) widen(r);
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) {
      std::string pad(width[i] - display_width(row[i]), ' ');
      bool r = i < right.size() && right[i];
      out += r ? pad + row[i] : row[i] + (i + 1 < row.size() ? pad : "");
      if (i + 1 < row.size()) out += "  ";
    }
    return out + "\n";
  };
  std::string out = line(header);
  for (const auto& r : rows) out += line(r);
  return out;
}

}  // namespace sp::cli
