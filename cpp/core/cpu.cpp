#include "core/cpu.h"

#include <array>
#include <cstring>
#include <fstream>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace sp {
namespace {

struct IsaInfo {
  Isa isa;
  std::string_view name;
};

constexpr IsaInfo kIsas[] = {
#define SP_ISA_INFO(id, name, bits) {Isa::id, name},
    SP_ISA_LIST(SP_ISA_INFO)
#undef SP_ISA_INFO
};

struct FeatureName {
  std::uint32_t bit;
  const char* name;
};

constexpr std::array<FeatureName, 15> kFeatureNames{{
    {cpu::kSse41, "sse4.1"},
    {cpu::kPopcnt, "popcnt"},
    {cpu::kAvx2, "avx2"},
    {cpu::kBmi1, "bmi1"},
    {cpu::kBmi2, "bmi2"},
    {cpu::kAvx512f, "avx512f"},
    {cpu::kAvx512bw, "avx512bw"},
    {cpu::kAvx512vl, "avx512vl"},
    {cpu::kAvx512vpopcntdq, "avx512vpopcntdq"},
    {cpu::kAvx512vbmi, "avx512vbmi"},
    {cpu::kAvx512bitalg, "avx512bitalg"},
    {cpu::kNeon, "neon"},
    {cpu::kSimd128, "simd128"},
    {cpu::kAvx512dq, "avx512dq"},
    {cpu::kGfni, "gfni"},
}};

std::uint32_t detect() {
  std::uint32_t f = 0;
#if defined(__x86_64__)
  // libgcc's cpu model also checks XCR0, so AVX/AVX-512 are reported only when the OS saves them.
  __builtin_cpu_init();
  if (__builtin_cpu_supports("sse4.1")) f |= cpu::kSse41;
  if (__builtin_cpu_supports("popcnt")) f |= cpu::kPopcnt;
  if (__builtin_cpu_supports("avx2")) f |= cpu::kAvx2;
  if (__builtin_cpu_supports("bmi")) f |= cpu::kBmi1;
  if (__builtin_cpu_supports("bmi2")) f |= cpu::kBmi2;
  if (__builtin_cpu_supports("avx512f")) f |= cpu::kAvx512f;
  if (__builtin_cpu_supports("avx512bw")) f |= cpu::kAvx512bw;
  if (__builtin_cpu_supports("avx512vl")) f |= cpu::kAvx512vl;
  if (__builtin_cpu_supports("avx512vpopcntdq")) f |= cpu::kAvx512vpopcntdq;
  if (__builtin_cpu_supports("avx512vbmi")) f |= cpu::kAvx512vbmi;
  if (__builtin_cpu_supports("avx512bitalg")) f |= cpu::kAvx512bitalg;
  if (__builtin_cpu_supports("avx512dq")) f |= cpu::kAvx512dq;
  if (__builtin_cpu_supports("gfni")) f |= cpu::kGfni;
#endif
#if defined(__ARM_NEON) || defined(__aarch64__)
  f |= cpu::kNeon;  // NEON is part of the AArch64 baseline.
#endif
#if defined(__wasm_simd128__)
  f |= cpu::kSimd128;  // The SIMD128 wasm build only instantiates where the engine validates it.
#endif
  return f;
}

}  // namespace

std::string_view isa_name(Isa isa) {
  for (const auto& i : kIsas)
    if (i.isa == isa) return i.name;
  return "unknown";
}

namespace cpu {

std::uint32_t features() {
  static const std::uint32_t cached = detect();
  return cached;
}

bool has(std::uint32_t required) { return (features() & required) == required; }

std::string feature_names(std::uint32_t mask) {
  std::string out;
  for (const auto& f : kFeatureNames) {
    if (mask & f.bit) {
      if (!out.empty()) out += ' ';
      out += f.name;
    }
  }
  return out;
}

std::string model_name() {
#if defined(__x86_64__)
  unsigned regs[12] = {};
  unsigned max_ext = __get_cpuid_max(0x80000000u, nullptr);
  if (max_ext >= 0x80000004u) {
    for (unsigned i = 0; i < 3; ++i)
      __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
    char brand[49] = {};
    std::memcpy(brand, regs, 48);
    std::string s(brand);
    auto first = s.find_first_not_of(' ');
    auto last = s.find_last_not_of(' ');
    if (first != std::string::npos) return s.substr(first, last - first + 1);
  }
#elif defined(__linux__)
  // AArch64 Linux has no brand string; /proc/cpuinfo names the implementer/part at best.
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    for (const char* key : {"model name", "Hardware", "CPU part"}) {
      if (line.rfind(key, 0) == 0) {
        auto colon = line.find(':');
        if (colon != std::string::npos) return line.substr(colon + 2);
      }
    }
  }
#endif
  return "unknown";
}

std::string arch_name() {
#if defined(__EMSCRIPTEN__)
  return "wasm32";
#elif defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "unknown";
#endif
}

}  // namespace cpu
}  // namespace sp
