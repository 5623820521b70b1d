#pragma once
// Number and text formatting, in one place: the CLI's tables and the puzzles' summaries (which
// the page renders as the engine wrote them) both go through here, so "12.3 ms" or "0.85×" reads
// the same in a terminal and in a browser. The page formats only its own live numbers
// (web/src/app/format.ts: a median as it arrives, a ratio it computes).

#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"

namespace sp {

std::string format_duration_ns(double ns);          // "0.412 ns", "812.0 ns", "3.41 µs", "12.3 ms", "1.204 s"
std::string format_rate(double per_second);          // "1.23 G", "456 M", "12.3 k", "7.5 "
std::string format_count(std::uint64_t n);           // "1,234,567"
std::string format_fixed(double v, int decimals);    // "3.14" (a fixed number of decimals)
std::string format_percent(double part, double whole, int decimals = 1);  // "12.5%", "–" if whole <= 0
std::string format_ratio(double ratio);              // "0.85×", "–" if not finite
std::string format_bytes(std::int64_t bytes);        // "16 KiB", "64 MiB", "100 B" (exact units only)
std::string format_answer(const json& answer);       // "total=92 unique=12"
std::string format_verified(const json& record);     // "✓", "✗", "ref", "–" (unchecked)
// A record's verified_by when its kernel is the puzzle's reference (web/src/share/schema.ts too).
inline constexpr const char* kIsTheReference = "is the reference";

}  // namespace sp
