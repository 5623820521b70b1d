#include "cli/listing.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/suggest.h"
#include "core/params.h"
#include "core/listing.h"
#include "core/registry.h"

namespace sp::cli {
namespace {

constexpr const char* kHostBuild =
#if defined(__aarch64__)
    "aarch64";
#else
    "x86-64";
#endif

int fail(const std::string& message) {
  std::cerr << "simd-puzzles: " << message << "\n";
  return 2;
}

// The ISA names a build compiles kernels for.
std::string build_of_isa(const std::string& isa) {
  if (isa == "neon") return "aarch64";
  if (isa == "simd128") return "simd128";
  return kHostBuild;  // scalar, and the x86 ISAs on an x86 host
}

std::filesystem::path self_path() {
  std::error_code ec;
  return std::filesystem::read_symlink("/proc/self/exe", ec);
}

std::filesystem::path default_dir() {
  // build/native/simd-puzzles -> build/listings (the script writes there).
  return self_path().parent_path().parent_path() / "listings";
}

// A listing is our own file, but a hand-edited or truncated one must not abort the CLI.
std::string text_of(const json& value) { return value.is_string() ? value.get<std::string>() : std::string(); }

std::string regenerate_hint(const std::string& build) {
  return "make it with `node scripts/build-listings.mjs " + build + "` (npm test makes all four, npm start the wasm and x86-64 ones)";
}

}  // namespace

const std::vector<std::string>& listing_builds() {
  static const std::vector<std::string> builds{"x86-64", "aarch64", "simd128", "baseline"};
  return builds;
}

int cmd_entry_points() {
  std::cout << dump_json(entry_points_json(), 2) << "\n";
  return 0;
}

int cmd_listing(const ListingArgs& args) {
  const Puzzle* puzzle = registry().find(args.puzzle);
  if (!puzzle) return fail("unknown puzzle " + quote_user_text(args.puzzle));  // the validator sees to it
  const auto& ids = puzzle->info().kernel_order;
  if (std::find(ids.begin(), ids.end(), args.kernel) == ids.end()) {
    std::string known;
    for (const auto& id : ids) known += (known.empty() ? "" : ", ") + id;
    return fail("unknown kernel " + quote_user_text(args.kernel) + " for " + args.puzzle +
                did_you_mean(args.kernel, ids) + " (kernels: " + known + ")");
  }
  const std::string build = !args.build.empty() ? args.build : args.isa.empty() ? kHostBuild : build_of_isa(args.isa);

  const std::filesystem::path dir = args.dir.empty() ? default_dir() : std::filesystem::path(args.dir);
  const std::filesystem::path file = dir / (build + ".json");
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail("no " + build + " listing at '" + file.string() + "'; " + regenerate_hint(build));
  std::stringstream text;
  text << in.rdbuf();
  const json listing = parse_json(text.str());
  if (listing.is_discarded() || !listing.is_object() || !listing.contains("kernels") ||
      !listing["kernels"].is_object() || !listing.contains("functions") || !listing["functions"].is_object())
    return fail("'" + file.string() + "' is not a listing; " + regenerate_hint(build));

  // The listing of this program's own build must be of this very binary, not an older one; a
  // listing of another tree's binary (build/native's, read by build/sanitize's CLI) is said so.
  if (build == kHostBuild) {
    struct stat st {};
    const std::string self = self_path().string();
    if (text_of(listing.value("source_path", json())) != self)
      std::cerr << "simd-puzzles: note: this listing is of " << text_of(listing.value("source_path", json()))
                << ", not of this program (" << self << ")\n";
    else if (stat("/proc/self/exe", &st) == 0 && listing.value("source_size", json(0)) != json(st.st_size))
      return fail("the " + build + " listing was made from an older build of this program; " + regenerate_hint(build));
  }

  // The kernel's ISAs in this build.
  std::vector<std::string> isas;
  const std::string prefix = args.puzzle + "/" + args.kernel + "/";
  for (const auto& [key, value] : listing["kernels"].items())
    if (key.rfind(prefix, 0) == 0) isas.push_back(key.substr(prefix.size()));
  std::string isa = args.isa;
  const auto isa_list = [&] {
    std::string s;
    for (const auto& i : isas) s += (s.empty() ? "" : ", ") + i;
    return s;
  };
  if (isas.empty())
    return fail(args.puzzle + " " + args.kernel + " has no kernel in the " + build + " build");
  if (isa.empty()) {
    if (isas.size() > 1)
      return fail(args.puzzle + " " + args.kernel + " has several ISAs in the " + build + " build (" + isa_list() +
                  "): choose one with --isa");
    isa = isas.front();
  } else if (std::find(isas.begin(), isas.end(), isa) == isas.end()) {
    return fail(args.puzzle + " " + args.kernel + " has no " + isa + " kernel in the " + build + " build (it has: " +
                isa_list() + ")");
  }

  const json& kernel = listing["kernels"][prefix + isa];
  if (!kernel.is_object()) return fail("'" + file.string() + "' is not a listing; " + regenerate_hint(build));
  if (args.json_out) {
    json out = kernel;
    out["build"] = build;
    out["tool"] = text_of(listing.value("tool", json()));
    json functions = json::object();
    for (const auto& name : kernel.value("functions", json::array()))
      if (name.is_string() && listing["functions"].contains(name.get<std::string>()))
        functions[name.get<std::string>()] = listing["functions"][name.get<std::string>()];
    out["function_listings"] = functions;
    std::cout << dump_json(out, 2) << "\n";
    return 0;
  }

  const json counts = kernel.value("counts", json::object());
  const auto count = [&](const char* k) {
    const json v = counts.is_object() ? counts.value(k, json(0)) : json(0);
    return v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>()) : std::string("?");
  };
  std::cout << args.puzzle << " " << args.kernel << " " << isa << ", " << build << " build ("
            << text_of(listing.value("tool", json())) << " of " << text_of(listing.value("source", json())) << ")\n"
            << count("total") << " instructions: " << count("vector") << " vector, " << count("scalar") << " scalar, "
            << count("branch") << " branch" << (count("other") != "0" && count("other") != "?"
                                   ? ", " + count("other") + (build == "simd128" || build == "baseline" ? " locals/structure" : " no-ops")
                                   : "")
            << "; " << count("memory") << " touch memory\n";
  for (const auto& e : kernel.value("entries", json::array()))
    std::cout << "entry (" << text_of(e.value("role", json())) << "): " << text_of(e.value("function", json())) << "\n";
  if (kernel.value("truncated", json(false)) == json(true))
    std::cout << "(the call tree is longer: the listing stops at the script's limit)\n";
  for (const auto& name : kernel.value("functions", json::array())) {
    if (!name.is_string() || !listing["functions"].contains(name.get<std::string>())) continue;
    const json& f = listing["functions"][name.get<std::string>()];
    std::cout << "\n" << name.get<std::string>() << ":\n";
    for (const auto& insn : f.value("insns", json::array())) {
      if (!insn.is_array() || insn.size() < 3) continue;
      const std::string operands = text_of(insn[2]);
      std::cout << "  " << text_of(insn[0]) << "  " << text_of(insn[1]) << (operands.empty() ? "" : " ") << operands << "\n";
    }
  }
  return 0;
}

}  // namespace sp::cli
