#pragma once
// Aligned text tables for the terminal (numbers are formatted by core/format.h).

#include <string>
#include <vector>

namespace sp::cli {

// Left-aligned columns, two spaces apart; `right` marks right-aligned (numeric) columns.
std::string table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& right = {});

}  // namespace sp::cli
