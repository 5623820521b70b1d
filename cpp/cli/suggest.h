#pragma once
// "Did you mean ...?" for mistyped options, commands and puzzle names.

#include <string>
#include <vector>

namespace sp::cli {

// The candidate closest to `word` by edit distance, if it is close enough to be a plausible typo
// (at most a third of the word's length, at least one edit), or one that starts with `word`;
// empty if none is.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

// " (did you mean 'x'?)" or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace sp::cli
