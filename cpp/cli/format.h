#pragma once
// Terminal formatting for the CLI: durations, rates, answers and aligned tables.

#include <string>
#include <vector>

#include "core/json.h"

namespace sp::cli {

std::string format_duration_ns(double ns);          // "812 ns", "3.41 µs", "12.3 ms", "1.204 s"
std::string format_rate(double per_second);          // "1.23 G", "456 M", "12.3 k"
std::string format_count(std::uint64_t n);           // "1,234,567"
std::string format_answer(const json& answer);       // "total=92 unique=12"
std::string format_verified(const json& record);     // "✓", "✗", "ref"

// Left-aligned columns, two spaces apart; `right` marks right-aligned (numeric) columns.
std::string table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& right = {});

}  // namespace sp::cli
