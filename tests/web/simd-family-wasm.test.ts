// The wasm SIMD128 vector family (cpp/simd/wasm.h): every op against its scalar meaning, by the
// same checks the native builds run under GoogleTest (tests/native/simd_family_checks.h). The
// checks are a C++ program built with the SIMD flavour (wasm-build/CMakeLists.txt); it runs here
// in Node and must exit 0.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the wasm SIMD128 vector family', () => {
  it('passes every op check', () => {
    const program = fileURLToPath(new URL('../../wasm-build/out/simd/simd-family-test.cjs', import.meta.url));
    const run = spawnSync(process.execPath, [program], { encoding: 'utf8' });
    expect(run.stdout).not.toContain('FAIL');
    expect(run.status).toBe(0);
    // U8, U32 and U64 ops: everything but the x86 extensions (affine, permute), the variable
    // shifts SIMD128 lacks, and NEON's ushl.
    expect(run.stdout).toMatch(/^(\d+) ops passed/);
    expect(Number(run.stdout.match(/^(\d+)/)![1])).toBeGreaterThan(90);
  });
});
