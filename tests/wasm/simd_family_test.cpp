// The wasm SIMD128 family (cpp/simd/wasm.h), every op against its scalar meaning: the same checks
// as the native family tests (tests/native/simd_family_test.inl, one file per ISA pass), as a plain program (no GoogleTest in the wasm
// builds). wasm-build/CMakeLists.txt builds it into the SIMD flavour's output; Vitest runs it in
// Node (tests/web/simd-family-wasm.test.ts). Exit status 0 and "N ops passed" on success.

#define SP_PASS wasm
#include <cstdio>

#include "simd_family_checks.h"
#include "simd/isa.h"

#if SP_PASS_BUILT
SP_ISA_BEGIN
#include "simd/pass_family.h"
#include "simd_family_test.inl"
SP_ISA_END

int main() {
  using Probe = ::sp::isa_wasm::simd::test::PassProbe;
  int ops = 0;
  for (const auto& info : sp::simd::test::kOps) ops += sp::simd::test::available(info.op, Probe::kTraits);
  const auto fails = sp::simd::test::check_ops(&Probe::run, Probe::kTraits, 0, 300);
  for (const auto& f : fails) std::printf("FAIL %s: %s\n", f.op.c_str(), f.what.c_str());
  if (!fails.empty()) return 1;
  std::printf("%d ops passed\n", ops);
  return 0;
}
#endif
