// The AVX-512 family with every optional feature: vpopcntb, vpopcntq, GFNI affine and vpermb.

#include "simd_family_gtest.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512 ",gfni,avx512vpopcntdq,avx512bitalg,avx512vbmi")
#include "simd/avx512.h"
#include "simd_family_probe.h"
namespace {
using Probe = sp::simd::test::Probe<sp::simd::avx512::U8<sp::cpu::kGfni | sp::cpu::kAvx512vpopcntdq | sp::cpu::kAvx512bitalg | sp::cpu::kAvx512vbmi>>;
}  // namespace
SP_TARGET_END

SP_SIMD_FAMILY_TESTS(SimdAvx512Ext, Probe)
#endif
