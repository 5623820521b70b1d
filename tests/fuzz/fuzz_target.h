#pragma once
// How a fuzz target is declared. Every target is in one libFuzzer binary, fuzz-all, compiled as
// one translation unit (tests/fuzz/CMakeLists.txt says why); build/sanitize/tests/fuzz/fuzz-<name>
// is a link to it, and the binary runs the target its name ends in (driver/main.cpp).
//
//   namespace fuzz_<name> {            // the whole file: one target's helpers, `using`s and
//   ...                                // constants stay out of the other targets' way
//   SP_FUZZ_INIT(<name>) { ...; return 0; }  // optional: once, before the first input
//                                      // (LLVMFuzzerInitialize)
//   SP_FUZZ_TARGET(<name>, data, size) {  // each input (LLVMFuzzerTestOneInput); returns 0
//     ...
//   }
//   }  // namespace fuzz_<name>
//
// <name> is the file's name without .cpp (CMake checks it).

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace sp::fuzz {

struct Target {
  int (*run)(const std::uint8_t* data, std::size_t size) = nullptr;
  int (*init)() = nullptr;  // returns 0, like LLVMFuzzerInitialize
};

// Every registered target by name (filled by the static registrations below, before main).
inline std::map<std::string, Target>& targets() {
  static std::map<std::string, Target> all;
  return all;
}

struct RegisterRun {
  RegisterRun(const char* name, int (*run)(const std::uint8_t*, std::size_t)) { targets()[name].run = run; }
};
struct RegisterInit {
  RegisterInit(const char* name, int (*init)()) { targets()[name].init = init; }
};

}  // namespace sp::fuzz

#define SP_FUZZ_TARGET(name, data, size)                                                        \
  int sp_fuzz_run_##name(const std::uint8_t* data, std::size_t size);                          \
  const ::sp::fuzz::RegisterRun sp_fuzz_register_run_##name{#name, &sp_fuzz_run_##name};       \
  int sp_fuzz_run_##name(const std::uint8_t* data, std::size_t size)

#define SP_FUZZ_INIT(name)                                                                      \
  int sp_fuzz_init_##name();                                                                    \
  const ::sp::fuzz::RegisterInit sp_fuzz_register_init_##name{#name, &sp_fuzz_init_##name};    \
  int sp_fuzz_init_##name()
