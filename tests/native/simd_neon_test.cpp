// The NEON family (cpp/simd/neon.h), every op against its scalar meaning (run under qemu-aarch64).

#include "simd_family_gtest.h"
#include "simd/target.h"

#if SP_ARCH_NEON  // the AArch64 baseline: no target region
#include "simd/neon.h"
#include "simd_family_probe.h"
namespace {
using Probe = sp::simd::test::Probe<sp::simd::neon::U8<>>;
}  // namespace

SP_SIMD_FAMILY_TESTS(SimdNeon, Probe)
#endif
