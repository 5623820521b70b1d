// A kernel that fails inside the engine (a limit reached) comes back as an error value in both wasm
// builds, which have no exceptions: the program tests/wasm/engine_errors_test.cpp (built per
// flavour by wasm-build/CMakeLists.txt) checks run and bench through the engine and that the
// module answers the next request; here it runs in Node and must exit 0.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe.each(['simd', 'baseline'])('kernel errors in the %s build', (flavour) => {
  it('are values listed under "failed"; the other kernels and the next request are unaffected', () => {
    const program = fileURLToPath(new URL(`../../wasm-build/out/${flavour}/engine-errors-test.cjs`, import.meta.url));
    const run = spawnSync(process.execPath, [program], { encoding: 'utf8' });
    expect(run.stdout).not.toContain('FAIL');
    expect(run.stdout).toContain('engine errors: ok');
    expect(run.status).toBe(0);
  });
});
