// The wasm SIMD128 vector family (cpp/simd/wasm.h): every op against its scalar meaning, by the
// same checks the native builds run under GoogleTest (tests/native/simd_family_checks.h). The
// checks are a C++ program built for SIMD128 and made relaxed after linking (wasm-build/CMakeLists.txt);
// each runs here in Node and must exit 0. In the relaxed one, shuffle and compress-store are
// i8x16.relaxed_swizzle, which Node 20 compiles only with --experimental-wasm-relaxed-simd.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RELAXED_BY_DEFAULT } from './wasm-module';

// The flag, where this Node needs one (Node 22 has Relaxed SIMD on).
const RELAXED_FLAGS = RELAXED_BY_DEFAULT ? [] : ['--experimental-wasm-relaxed-simd'];

describe.each([
  ['simd', [] as string[]],
  ['relaxed', RELAXED_FLAGS],
])('the wasm SIMD128 vector family in the %s build', (flavour, nodeFlags) => {
  const program = fileURLToPath(new URL(`../../wasm-build/out/${flavour}/simd-family-test.cjs`, import.meta.url));

  it('passes every op check', () => {
    const run = spawnSync(process.execPath, [...nodeFlags, program], { encoding: 'utf8' });
    expect(run.stdout).not.toContain('FAIL');
    expect(run.status, run.stderr).toBe(0);
    // U8, U32 and U64 ops: everything but the x86 extensions (affine, permute), the variable
    // shifts SIMD128 lacks, and NEON's ushl.
    expect(run.stdout).toMatch(/^(\d+) ops passed/);
    expect(Number(run.stdout.match(/^(\d+)/)![1])).toBeGreaterThan(90);
  });

  if (flavour === 'relaxed')
    it('is made of relaxed instructions: an engine without Relaxed SIMD refuses it', () => {
      const js = readFileSync(program, 'utf8');
      const wasm = Buffer.from(/data:application\/octet-stream;base64,([A-Za-z0-9+/=]{8,})/.exec(js)![1], 'base64');
      // i8x16.relaxed_swizzle (fd 80 02) is in the code.
      expect(wasm.includes(Buffer.from([0xfd, 0x80, 0x02]))).toBe(true);
      if (RELAXED_BY_DEFAULT) return;
      const run = spawnSync(process.execPath, [program], { encoding: 'utf8' });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/relaxed/i);
    });
});
