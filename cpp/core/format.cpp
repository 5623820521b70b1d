#include "core/format.h"

#include <cmath>
#include <cstdio>

namespace sp {
namespace {

std::string printf_string(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
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

std::string format_fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string format_percent(double part, double whole, int decimals) {
  if (!(whole > 0) || !std::isfinite(part / whole)) return "–";
  return format_fixed(100 * part / whole, decimals) + "%";
}

std::string format_ratio(double ratio) {
  if (!std::isfinite(ratio)) return "–";
  return format_fixed(ratio, 2) + "×";
}

std::string format_bytes(std::int64_t bytes) {
  if (bytes >= (1 << 20) && bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1 << 10) && bytes % (1 << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " B";
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
  // null: the reference itself, or a record nothing could check (verified_by says why).
  return record.value("verified_by", "") == kIsTheReference ? "ref" : "–";
}

}  // namespace sp
