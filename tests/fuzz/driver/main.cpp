// libFuzzer's entry points for fuzz-all, the one binary that holds every fuzz target
// (tests/fuzz/fuzz_target.h, tests/fuzz/CMakeLists.txt). The target is chosen once, before the
// first input: by the name the binary was started under, fuzz-<name> (the build makes one link
// per target), or, started as fuzz-all, by SP_FUZZ_TARGET=<name>. An unknown name is an error
// (exit status 2) that lists the targets. libFuzzer starts its own child processes (-fork,
// -jobs, -merge) under the same argv[0], so they run the same target.
//
// Not a target itself: it sits outside tests/fuzz/*.cpp, which CMake and scripts/fuzz.sh read as
// the list of targets.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "../fuzz_target.h"

namespace {

const sp::fuzz::Target* chosen = nullptr;

std::string target_name(const char* argv0) {
  const char* slash = argv0 ? std::strrchr(argv0, '/') : nullptr;
  const std::string base = slash ? slash + 1 : (argv0 ? argv0 : "");
  if (base.rfind("fuzz-", 0) == 0 && base != "fuzz-all") return base.substr(5);
  const char* env = std::getenv("SP_FUZZ_TARGET");
  return env ? env : "";
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  const std::string name = target_name(*argc > 0 ? (*argv)[0] : nullptr);
  const auto it = sp::fuzz::targets().find(name);
  if (it == sp::fuzz::targets().end() || !it->second.run) {
    std::string names;
    for (const auto& [n, target] : sp::fuzz::targets()) names += (names.empty() ? "" : " ") + n;
    std::fprintf(stderr,
                 "fuzz-all: %s%s%s. Run a target as fuzz-<name> (the links next to this binary) or as "
                 "SP_FUZZ_TARGET=<name> fuzz-all; targets: %s\n",
                 name.empty() ? "no fuzz target chosen" : "no fuzz target named '", name.c_str(),
                 name.empty() ? "" : "'", names.c_str());
    std::exit(2);
  }
  chosen = &it->second;
  if (chosen->init) chosen->init();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { return chosen->run(data, size); }
