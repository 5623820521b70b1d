// Every op of one vector family against its scalar meaning, compiled inside an ISA pass: the build
// makes one test file per pass from tests/native/CMakeLists.txt (sp_family_tests), so each family
// and each set of optional features (the pass's Ext: GFNI affine, vpopcntb, vpopcntq, vpermb) is
// tested as kernels see it. Suites: SimdFamily_<pass>.U8, .U32, .U64.
#include "simd_family_probe.h"

namespace simd::test {
using PassProbe = Probe<family::U8<kPass.ext>>;
}  // namespace simd::test
