#pragma once
// Instruction sets, CPU features and what this build and this CPU can run.
//
// A kernel names the ISA it is written for (the label users see) and the exact feature bits it
// needs; `available()` is the single run-time gate. The x86 reference and baseline code are built
// for plain x86-64, so everything above SSE2 is chosen here at run time.

#include <cstdint>
#include <string>
#include <string_view>

namespace sp {

// Every instruction-set label a kernel can carry, in display order: (enumerator, the name users
// see, the vector width in bits; 0 for scalar code). The one list: the catalog publishes it, so
// the page, share links and reports learn new labels from here. A label is what a kernel is
// written for; the exact CPU features it needs are its `needs` bits (cpu::Feature below). `peer`
// marks an external program measured beside our kernels (Stockfish's perft), not our code.
#define SP_ISA_LIST(X)       \
  X(scalar, "scalar", 0)     \
  X(bmi2, "bmi2", 0)         \
  X(sse41, "sse4.1", 128)    \
  X(avx2, "avx2", 256)       \
  X(avx512, "avx512", 512)   \
  X(neon, "neon", 128)       \
  X(simd128, "simd128", 128) \
  X(peer, "peer", 0)

enum class Isa : std::uint8_t {
#define SP_ISA_ENUMERATOR(id, name, bits) id,
  SP_ISA_LIST(SP_ISA_ENUMERATOR)
#undef SP_ISA_ENUMERATOR
};

std::string_view isa_name(Isa isa);  // "scalar", "bmi2", "sse4.1", "avx2", ...

namespace cpu {

// Feature bits. Kernels declare a mask of these; a kernel runs when all of its bits are present.
enum Feature : std::uint32_t {
  kSse41 = 1u << 0,
  kPopcnt = 1u << 1,
  kAvx2 = 1u << 2,
  kBmi2 = 1u << 3,
  kAvx512f = 1u << 4,
  kAvx512bw = 1u << 5,
  kAvx512vl = 1u << 6,
  kAvx512vpopcntdq = 1u << 7,
  kAvx512vbmi = 1u << 8,
  kAvx512bitalg = 1u << 9,
  kNeon = 1u << 10,
  kSimd128 = 1u << 11,
  kAvx512dq = 1u << 12,
  kGfni = 1u << 13,
  kBmi1 = 1u << 14,
};

// The usual bundles, so kernels spell their needs the same way.
inline constexpr std::uint32_t kNeedsSse41 = kSse41;
inline constexpr std::uint32_t kNeedsBmi2 = kBmi2 | kPopcnt;
// Matches SP_TARGETS_AVX2: "bmi" there lets the compiler emit andn/blsr/tzcnt, so BMI1 is needed
// too (no shipped AVX2 CPU lacks it, but a VM's CPUID may hide it).
inline constexpr std::uint32_t kNeedsAvx2 = kAvx2 | kBmi1 | kBmi2 | kPopcnt;
// Matches SP_TARGETS_AVX512 (cpp/simd/target.h): every feature the region lets the compiler use.
inline constexpr std::uint32_t kNeedsAvx512 = kNeedsAvx2 | kAvx512f | kAvx512bw | kAvx512vl | kAvx512dq;

// Features of this CPU that this build can use (detected once, then cached).
std::uint32_t features();
std::string feature_names(std::uint32_t mask);  // space separated, e.g. "sse4.1 popcnt avx2"
bool has(std::uint32_t required);

std::string model_name();  // e.g. "AMD EPYC 9R14"; "unknown" where the platform hides it
std::string arch_name();   // "x86_64", "aarch64", "wasm32"

}  // namespace cpu
}  // namespace sp
