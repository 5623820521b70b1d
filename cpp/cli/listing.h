#pragma once
// `simd-puzzles listing <puzzle> <kernel> [--isa ISA] [--build BUILD]`: a kernel's instructions,
// read from the listings that scripts/build-listings.mjs makes from the built binaries
// (build/listings/<build>.json; docs/architecture.md, "Instruction listings"), and the hidden `entry-points`
// command that script reads this binary's kernel addresses from.

#include <string>
#include <vector>

namespace sp::cli {

// The listing builds, as `--build` spells them and the files are named.
const std::vector<std::string>& listing_builds();

struct ListingArgs {
  std::string puzzle;
  std::string kernel;
  std::string isa;    // empty: the build's only ISA for the kernel
  std::string build;  // empty: the one the ISA runs in (this machine's for scalar and x86 ISAs)
  std::string dir;    // empty: build/listings beside this executable's build folder
  bool json_out = false;
};

// Exit codes as everywhere: 2 for anything the user asked for that does not exist.
int cmd_listing(const ListingArgs& args);
int cmd_entry_points();

}  // namespace sp::cli
