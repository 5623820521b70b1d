#pragma once
// `simd-puzzles bench --csv FILE`: the report's records as CSV, with the columns and number
// spelling of the page's "Download results" (web/src/share/export.ts, toCsv), so a spreadsheet
// or a script reads native and browser results alike. tests/e2e/export.test.ts compares the two.

#include <string>

#include "core/json.h"

namespace sp::cli {

// One header line, then one line per record; CRLF line ends (RFC 4180).
std::string records_csv(const json& records);

// A number as the CSV spells it: the shortest decimal that reads back as the same double, in
// fixed notation (no exponent), "0" for either zero.
std::string csv_number(double x);

}  // namespace sp::cli
