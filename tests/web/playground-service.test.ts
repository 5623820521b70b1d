// The playground's compile service, sandboxed engine and HTTP API (scripts/lib/playground/*.mjs,
// docs/playground.md) against a stand-in engine (tests/fixtures/playground/standin: a header, a
// main() that speaks the resident engine protocol, and a slot), so the queue, the cache, the caps,
// Stop, diagnostics and every hostile kernel of issue 31 are tested in seconds without the
// project's build; playground-build.test.ts does the same on the real popcount slot. Each hostile
// kernel ends with a clear message, and the service still serves afterwards. Needs bubblewrap
// (scripts/setup.sh): skipped, saying why, only where the sandbox probe fails.
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { MAX_SOURCE_BYTES, PlaygroundService } from '../../scripts/lib/playground/compile.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { PlaygroundEngines } from '../../scripts/lib/playground/engines.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { playgroundMiddleware } from '../../scripts/lib/playground/api.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { NativeEngine } from '../../scripts/lib/native-engine.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { NativeRunner } from '../../scripts/lib/native-run.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { probeSandbox } from '../../scripts/lib/playground/sandbox.mjs';
import { enableRelaxedSimd } from '../../scripts/lib/relaxed-simd.mjs';

const probe = probeSandbox();
const named = (what: string) => (probe.available ? what : `${what} (skipped: ${probe.why})`);
const FIXTURE = join(__dirname, '..', 'fixtures', 'playground', 'standin');

/** The stand-in's pass file: the user's kernel.cpp inside a namespace per pass, registered; the
 * scalar pass (popcnt) has no `family`, as in the project. */
const passFile = (_puzzle: string, pass: string) => {
  const scalar = pass === 'popcnt';
  return `#include "demo/demo.h"
#define SP_PASS_HAS_FAMILY ${scalar ? 0 : 1}
namespace pass_${pass} {
${scalar ? '' : 'namespace family { using Lane = long; }'}
#include "kernel.cpp"
}
static demo::Reg registered_${pass}{"${pass}", &pass_${pass}::kernel};
`;
};

let base = '';
let repo = '';
let kitFile = '';
let kit: Record<string, unknown> = {};
const services: { close(): void }[] = [];
let listener: Server;
let port = 0;

function useKit(overrides: Record<string, unknown> = {}) {
  writeFileSync(kitFile, JSON.stringify({ ...kit, ...overrides }));
}

function service(options: Record<string, unknown> = {}) {
  const s = new PlaygroundService({ repo, root: base, toolchainFiles: { native: kitFile }, hasPass: () => true, passFile, listings: false, ...options });
  services.push(s);
  return s;
}

type View = { id: string; state: string; why?: string; queued_behind?: number; steps: { target: string; state: string; why?: string; log: string; diagnostics: { line: number; column: number; severity: string; message: string }[] }[]; native: { available: boolean; kernels: string[] } };

/** Waits for build `id` to end. */
async function ended(s: { status(id: string, ms: number): Promise<[number, View]> }, id: string): Promise<View> {
  for (;;) {
    const [, view] = await s.status(id, 5000);
    if (!['queued', 'building'].includes(view.state)) return view;
  }
}

beforeAll(async () => {
  if (!probe.available) return;
  base = mkdtempSync(join(tmpdir(), 'sp-playground-test-'));
  chmodSync(base, 0o755); // the sandbox user passes through to its folders and the stand-in
  repo = join(base, 'repo');
  cpSync(FIXTURE, repo, { recursive: true });
  execFileSync('chmod', ['-R', 'a+rX', repo]);
  const kitDir = join(base, 'kit');
  mkdirSync(kitDir, { mode: 0o755 });
  execFileSync('g++', ['-std=c++20', '-O1', `-I${join(repo, 'cpp')}`, '-c', join(repo, 'engine.cpp'), '-o', join(kitDir, 'engine.o')]);
  execFileSync('ar', ['rcs', join(kitDir, 'libsp_engine.a'), join(kitDir, 'engine.o')]);
  chmodSync(join(kitDir, 'libsp_engine.a'), 0o644);
  kitFile = join(kitDir, 'toolchain.json');
  kit = { build: 'native', cxx: '/usr/bin/g++', compile: ['-std=c++20', '-O1', '-Wall'], includes: [join(repo, 'cpp')], link: [], archive: join(kitDir, 'libsp_engine.a'), output: 'simd-puzzles', slots: { demo: ['popcnt', 'sse41', 'avx2'] } };
  useKit();
  listener = createServer((socket) => socket.end('hello from the host\n'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
}, 60_000);

afterAll(() => {
  for (const s of services.splice(0)) s.close();
  listener?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

describe(named('the compile service'), () => {
  it('builds a kernel for each pass, links it, and answers the same source from its cache (also after a restart)', async () => {
    useKit();
    const s = service();
    const [code, body] = await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; }\n' });
    expect(code).toBe(200);
    expect(body.id).toMatch(/^[0-9a-f]{64}$/);
    const view = await ended(s, body.id);
    expect(view.state).toBe('done');
    // Vector passes first, the scalar one last, then the link.
    expect(view.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['native-sse41:ok', 'native-avx2:ok', 'native-popcnt:ok', 'link-native:ok']);
    expect(view.native).toEqual({ available: true, kernels: ['yours/sse4.1', 'yours/avx2', 'yours/scalar'] }); // the catalog's keys
    expect(JSON.stringify(view)).not.toContain(base); // no server path in an answer
    // The binary is the stand-in engine with the kernel in each pass.
    expect(existsSync(s.nativeBinary(body.id))).toBe(true);

    const t = Date.now();
    expect(await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; }\n' })).toEqual([200, { id: body.id, state: 'done' }]);
    expect(Date.now() - t).toBeLessThan(1000);
    const restarted = service();
    expect(await restarted.submit({ slot: 'demo', source: 'long kernel(long n) { return n; }\n' })).toEqual([200, { id: body.id, state: 'done' }]);
    expect((await restarted.status(body.id, 0))[1]).toMatchObject({ state: 'done', native: { available: true } });
    // Another source is another build.
    const [, other] = await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n + 1; }\n' });
    expect(other.id).not.toBe(body.id);
    await ended(s, other.id);
  });

  it('maps compiler errors and warnings onto the lines of the kernel, and serves the next build', async () => {
    const s = service();
    const source = 'long kernel(long n) {\n  int unused = 3;\n  return n + undeclared_thing;\n}\n';
    const view = await ended(s, (await s.submit({ slot: 'demo', source }))[1].id);
    expect(view.state).toBe('failed');
    const avx2 = view.steps.find((x) => x.target === 'native-avx2')!;
    expect(avx2.state).toBe('failed');
    expect(avx2.why).toBe('1 error');
    expect(avx2.diagnostics).toEqual(expect.arrayContaining([
      expect.objectContaining({ line: 3, column: 14, severity: 'error', message: expect.stringContaining("'undeclared_thing' was not declared") }),
      expect.objectContaining({ line: 2, severity: 'warning', message: expect.stringContaining('unused variable') }),
    ]));
    expect(view.steps.find((x) => x.target === 'link-native')).toMatchObject({ state: 'skipped' });
    expect(JSON.stringify(view)).not.toContain(base);
    const next = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return 2 * n; }\n' }))[1].id);
    expect(next.state).toBe('done');
  });

  it('skips a scalar pass when the source needs a vector family, without failing the build', async () => {
    const s = service();
    const view = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { family::Lane x = n; return x; }\n' }))[1].id);
    expect(view.state).toBe('done');
    const scalar = view.steps.find((x) => x.target === 'native-popcnt')!;
    expect(scalar.state).toBe('skipped');
    expect(scalar.why).toMatch(/needs a vector family/);
    expect(scalar.diagnostics.every((d) => d.severity !== 'error')).toBe(true);
    expect(view.native.kernels).toEqual(['yours/sse4.1', 'yours/avx2']);
  });

  it('#include "/etc/shadow" is a compile error on its line: the compile jail has no /etc', async () => {
    const s = service();
    const view = await ended(s, (await s.submit({ slot: 'demo', source: '#include "/etc/shadow"\nlong kernel(long n) { return n; }\n' }))[1].id);
    expect(view.state).toBe('failed');
    expect(view.steps[0].diagnostics[0]).toMatchObject({ line: 1, severity: 'error', message: expect.stringMatching(/\/etc\/shadow: No such file or directory/) });
  });

  it('a compile-time infinite loop (constexpr, template recursion) ends with the compiler’s own error', async () => {
    const s = service();
    const source = 'constexpr long forever() { long x = 0; while (true) ++x; return x; }\nconstexpr long value = forever();\ntemplate <int N> struct R { static constexpr int v = R<N + 1>::v; };\nlong kernel(long n) { return n + value + R<0>::v; }\n';
    const view = await ended(s, (await s.submit({ slot: 'demo', source }))[1].id);
    expect(view.state).toBe('failed');
    const messages = view.steps[0].diagnostics.filter((d) => d.severity === 'error');
    expect(messages.some((d) => d.line === 2 || d.line === 1)).toBe(true);
    expect(messages.map((d) => d.message).join('\n')).toMatch(/constexpr loop iteration count exceeds limit|template instantiation depth/);
  });

  it('refuses what is not a build request, in words', async () => {
    const s = service();
    expect(await s.submit({ slot: 'demo', source: 'x'.repeat(MAX_SOURCE_BYTES + 1) })).toEqual([413, { error: expect.stringMatching(/larger than 50 kB/), field: 'source' }]);
    expect((await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; }\u0000' }))[0]).toBe(400);
    expect((await s.submit({ slot: 'nosuch', source: '' }))).toEqual([404, { error: expect.stringMatching(/unknown slot.*demo/), field: 'slot' }]);
    expect((await s.submit({ slot: 'demo', source: '', flags: ['-fplugin=x'] }))[1]).toMatchObject({ error: expect.stringMatching(/unknown field 'flags'/) });
    expect((await s.submit({ slot: 'demo', source: 42 }))[0]).toBe(400);
    expect((await s.submit([]))[0]).toBe(400);
    expect((await s.status('../../etc/passwd', 0))[0]).toBe(404);
    expect(s.stop('nosuch')[0]).toBe(404);
  });
});

// Which native passes a build compiles: those the kit compiles for the slot that the native CLI
// of the kit (`cli`, cmake/playground.cmake) says this CPU runs (`simd-puzzles passes --json`;
// the registry's cpu::has). A stand-in CLI: a script that answers what the test writes, and
// notes each time it is asked.
describe(named('which native passes: the native CLI says'), () => {
  let cliDir = '';
  let cli = '';
  const asked = () => (existsSync(join(cliDir, 'asked')) ? readFileSync(join(cliDir, 'asked'), 'utf8').split('\n').filter(Boolean) : []);
  /** The stand-in CLI: prints `answer` (an object: as JSON) on stdout, `stderr` on stderr, exits
   * with `code`. Each answer is another binary (another size), as a rebuilt CLI is. */
  const standIn = (answer: unknown, { code = 0, stderr = '' } = {}) => {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    writeFileSync(cli, `#!/bin/sh\necho "$*" >> "${cliDir}/asked"\ncat <<'END'\n${text}\nEND\n${stderr ? `echo "${stderr}" >&2\n` : ''}exit ${code}\n`);
    chmodSync(cli, 0o755);
  };
  const pass = (name: string, runs: boolean) => ({ name, isa: name === 'popcnt' ? 'scalar' : name, needs: name, runs });
  beforeAll(() => {
    if (!probe.available) return;
    cliDir = mkdtempSync(join(base, 'cli-'));
    cli = join(cliDir, 'simd-puzzles');
  });
  afterAll(() => useKit());

  it('compiles exactly the passes the CLI says this CPU runs, asking it once per binary', async () => {
    // sse41 does not run here; neon is a pass the kit does not compile for the slot.
    standIn({ arch: 'x86_64', passes: [pass('popcnt', true), pass('sse41', false), pass('avx2', true), pass('neon', false)] });
    useKit({ cli });
    const s = service({ hasPass: undefined });
    expect(s.info()[1].passes.native).toEqual(['popcnt', 'avx2']);
    // The slot says what a build of it makes here: its vector passes first, as the steps run.
    expect(s.info()[1].slots.find((x: { id: string }) => x.id === 'demo').builds).toEqual({ native: ['avx2', 'popcnt'], wasm: [] });
    const view = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n + 3; }\n' }))[1].id);
    expect(view.state).toBe('done');
    expect(view.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['native-avx2:ok', 'native-popcnt:ok', 'link-native:ok']);
    expect(view.native.kernels).toEqual(['yours/avx2', 'yours/scalar']);
    expect(asked()).toEqual(['passes --json']); // info and submit: one question
    s.info();
    expect(asked()).toHaveLength(1);

    // A rebuilt CLI (another binary) is asked again, and its answer holds.
    standIn({ arch: 'x86_64', passes: [pass('popcnt', true), pass('sse41', true), pass('avx2', false), pass('neon', false), pass('avx512', false)] });
    expect(s.info()[1].passes.native).toEqual(['popcnt', 'sse41']);
    expect(asked()).toHaveLength(2);
    const next = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n + 3; }\n' }))[1].id);
    expect(next.id).not.toBe(view.id); // other passes: another build
    expect(next.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['native-sse41:ok', 'native-popcnt:ok', 'link-native:ok']);

    // A pass the kit compiles that the CLI does not know is not compiled, and the build says so.
    standIn({ arch: 'x86_64', passes: [pass('popcnt', true), pass('sse41', true)] });
    const unknown = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n + 3; }\n' }))[1].id);
    expect(unknown.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['native-avx2:skipped', 'native-sse41:ok', 'native-popcnt:ok', 'link-native:ok']);
    expect(unknown.steps[0]!.why).toMatch(/the native CLI has no such pass/);
    expect(unknown.state).toBe('done');
  });

  it('a CLI that fails, answers nonsense or is missing: no native pass, the build says why in words, the wasm steps still run', async () => {
    // A wasm kit whose "compiler" says it ran (em++ itself would take half a minute to link).
    const wasmKit = join(cliDir, 'wasm-toolchain.json');
    writeFileSync(wasmKit, JSON.stringify({ build: 'wasm-simd128', cxx: '/usr/bin/bash', compile: ['-c', 'echo "kernel.cpp:1:1: error: the stand-in wasm compiler ran" >&2; exit 1', 'bash'], includes: [join(repo, 'cpp')], link: [], archive: kit.archive, output: 'simd-puzzles.mjs', slots: { demo: ['wasm'] } }));
    standIn('', { code: 2, stderr: "unknown command 'passes' (commands: list, run)" });
    useKit({ cli });
    const s = service({ hasPass: undefined, toolchainFiles: { native: kitFile, 'wasm-simd128': wasmKit } });
    const [, info] = s.info();
    expect(info.passes.native).toEqual([]);
    expect(info.passes.native_why).toMatch(/^no native pass is compiled: cannot ask the native CLI which ISA passes this CPU runs: `simd-puzzles passes --json` exited with code 2 \(unknown command 'passes'/);
    expect(info.slots.find((x: { id: string }) => x.id === 'demo').builds).toEqual({ native: [], wasm: ['simd128', 'relaxed'] });
    const source = 'long kernel(long n) { return n + 4; }\n';
    const view = await ended(s, (await s.submit({ slot: 'demo', source }))[1].id);
    expect(view.steps[0]).toMatchObject({ target: 'native', state: 'skipped', why: info.passes.native_why });
    // No native step; the wasm step ran its compiler.
    expect(view.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['native:skipped', 'wasm-simd128:failed', 'wasm-relaxed:skipped']);
    expect(view.steps[1]!.diagnostics).toEqual([expect.objectContaining({ line: 1, severity: 'error', message: 'the stand-in wasm compiler ran' })]);
    expect(view.native).toEqual({ available: false, kernels: [] });
    expect(JSON.stringify(view)).not.toContain(base); // the CLI's path is not in the answer
    expect(asked().filter((a) => a === 'passes --json')).toHaveLength(asked().length);
    const times = asked().length;
    s.info();
    expect(asked()).toHaveLength(times); // a failing binary is not asked again either

    standIn('not json');
    expect(s.info()[1].passes.native_why).toMatch(/its answer is not a list of passes/);
    standIn({ passes: [{ name: 'avx2; rm -rf', runs: true }] });
    expect(s.info()[1].passes.native_why).toMatch(/its answer is not a list of passes/);
    useKit({ cli: join(cliDir, 'not-built-yet') });
    expect(s.info()[1].passes.native_why).toMatch(/simd-puzzles is not built yet/);
    useKit({ cli: undefined });
    expect(s.info()[1].passes.native_why).toMatch(/the native link kit names no CLI/);

    // Once the CLI answers, the same source builds natively: the failed build is not its cache.
    standIn({ arch: 'x86_64', passes: [pass('popcnt', true), pass('sse41', false), pass('avx2', true)] });
    useKit({ cli });
    const built = await ended(s, (await s.submit({ slot: 'demo', source }))[1].id);
    expect(built.id).not.toBe(view.id);
    expect(built.steps.map((x) => x.target)).toEqual(['native-avx2', 'native-popcnt', 'link-native', 'wasm-simd128', 'wasm-relaxed']);
    expect(built.native.available).toBe(true);
  });
});

describe(named('one build at a time, a small queue, Stop, and the limits of a compile'), () => {
  it('queues a second build, refuses one past the queue, and Stop kills the jail of the build running', async () => {
    // A "compiler" that waits (bash -c 'sleep 60'): the build runs until stopped.
    useKit({ cxx: '/usr/bin/bash', compile: ['-c', 'sleep 60', 'bash'] });
    const s = service({ maxQueue: 1 });
    const [, slow] = await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // slow\n' });
    useKit();
    const [, queued] = await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // queued\n' });
    expect((await s.status(queued.id, 0))[1]).toMatchObject({ state: 'queued', queued_behind: 1 });
    const [full, refusal] = await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // one too many\n' });
    expect(full).toBe(409);
    expect(refusal).toMatchObject({ error: expect.stringMatching(/waiting already/), running: slow.id });
    await new Promise((r) => setTimeout(r, 300));
    const sleeping = () => execFileSync('ps', ['-eo', 'args']).toString().split('\n').filter((l) => l.includes('sleep 60')).length;
    expect(sleeping()).toBeGreaterThan(0);
    // A native run meanwhile would share the CPU with the compiler: refused, in words.
    const runner = new NativeRunner({ engine: new NativeEngine({ cli: '/nonexistent' }), benchBlocks: () => false, compiling: () => s.compiling() });
    expect(await runner.start({ action: 'run', puzzle: 'demo', params: {}, time: true })).toEqual([409, { error: expect.stringMatching(/a playground build is compiling \(and 1 more wait\)/) }]);
    const t = Date.now();
    expect(s.stop(slow.id)).toEqual([202, { id: slow.id, state: 'stopping' }]);
    const stopped = await ended(s, slow.id);
    expect(stopped.state).toBe('stopped');
    expect(Date.now() - t).toBeLessThan(5000);
    expect(sleeping()).toBe(0);
    // The queued build runs next, and the service still serves.
    expect((await ended(s, queued.id)).state).toBe('done');
    // A stopped build compiles again when asked again.
    useKit({ cxx: '/usr/bin/bash', compile: ['-c', 'sleep 60', 'bash'] });
    const [, again] = await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // slow\n' });
    expect(again.id).toBe(slow.id);
    expect(['queued', 'building']).toContain(again.state);
    // Stopped as it starts: bwrap may not have armed --die-with-parent yet, so the kill must
    // reach the jail's own pid 1 (a lost Stop here waited out the `sleep 60`: 1 run in 3 under load).
    const t2 = Date.now();
    s.stop(again.id);
    expect((await ended(s, again.id)).state).toBe('stopped');
    expect(Date.now() - t2).toBeLessThan(5000);
    useKit();
  });

  it('a compile past its time limit is killed with a message, and one printing forever is cut', async () => {
    useKit({ cxx: '/usr/bin/bash', compile: ['-c', 'sleep 60', 'bash'] });
    const s = service({ limits: { wallMs: 700 } });
    const late = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // late\n' }))[1].id);
    expect(late.state).toBe('failed');
    expect(late.steps[0].why).toMatch(/ran past the 1-second time limit and was killed/);
    expect(late.steps[0].diagnostics).toEqual([expect.objectContaining({ line: 0, severity: 'error', message: expect.stringMatching(/time limit/) })]);

    useKit({ cxx: '/usr/bin/bash', compile: ['-c', 'yes "kernel.cpp:1:1: error: again"', 'bash'] });
    const flood = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // flood\n' }))[1].id);
    expect(flood.steps[0].why).toMatch(/printed more than 8 MiB/);
    expect(flood.steps[0].log.length).toBeLessThanOrEqual(16 * 1024);
    expect(flood.steps[0].diagnostics.length).toBeLessThanOrEqual(100);
    useKit();
    const next = service(); // without the test's 0.7-second limit, which a real g++ may pass on a busy machine
    expect((await ended(next, (await next.submit({ slot: 'demo', source: 'long kernel(long n) { return n; } // after\n' }))[1].id)).state).toBe('done');
  });
});

describe(named('a wasm build may not reach JavaScript'), () => {
  it('refuses an object that calls Embind’s emval functions (a way from wasm to a Function in the page’s worker)', async () => {
    const wasmKit = join(base, 'kit', 'wasm-toolchain.json');
    writeFileSync(wasmKit, JSON.stringify({ build: 'wasm-simd128', cxx: '/usr/bin/em++', compile: ['-std=c++20', '-O1', '-msimd128'], includes: [join(repo, 'cpp')], link: [], archive: join(base, 'kit', 'libsp_engine.a'), output: 'simd-puzzles.mjs', slots: { demo: ['wasm'] } }));
    const s = service({ toolchainFiles: { 'wasm-simd128': wasmKit } });
    const source = 'extern "C" unsigned _emval_new_cstring(const char*);\nlong kernel(long n) { return n + _emval_new_cstring("constructor"); }\n';
    const view = await ended(s, (await s.submit({ slot: 'demo', source }))[1].id);
    expect(view.state).toBe('failed');
    expect(view.steps).toEqual([
      expect.objectContaining({ target: 'wasm-simd128', state: 'failed', why: expect.stringMatching(/^your code calls into JavaScript \(_emval_new_cstring\)/) }),
      expect.objectContaining({ target: 'wasm-relaxed', state: 'skipped', why: 'skipped: nothing to rewrite (the SIMD128 module was not built)' }),
    ]);
  });
});

// The relaxed flavour (scripts/relax-wasm.mjs, run in the compile jail on the SIMD128 link): a
// stand-in wasm kit whose archive holds a build stamp and a swizzle, as the engine's does.
const WASM_STANDIN = String.raw`#include "demo/demo.h"
#include <wasm_simd128.h>
namespace demo {
std::vector<Entry>& registry() { static std::vector<Entry> r; return r; }
}  // namespace demo
extern "C" {
[[gnu::used]] char sp_build_stamp[] = "sp-build-name:wasm-simd128";
}
static unsigned char bytes[32];
int main(int argc, char**) {
  for (int i = 0; i < 32; ++i) bytes[i] = static_cast<unsigned char>(argc * i);
  v128_t r = wasm_i8x16_swizzle(wasm_v128_load(bytes), wasm_v128_load(bytes + 16));
  long sum = sp_build_stamp[argc] + wasm_i8x16_extract_lane(r, 0);
  for (auto& e : demo::registry()) sum += e.kernel(argc);
  return static_cast<int>(sum);
}
`;

describe(named('the relaxed flavour of a wasm build'), () => {
  let wasmKit = '';
  beforeAll(() => {
    if (!probe.available) return;
    // The rewrite, where the service looks for it: scripts/ of its repository.
    mkdirSync(join(repo, 'scripts'), { recursive: true });
    cpSync(join(__dirname, '..', '..', 'scripts', 'relax-wasm.mjs'), join(repo, 'scripts', 'relax-wasm.mjs'));
    execFileSync('chmod', ['-R', 'a+rX', join(repo, 'scripts')]);
    const kitDir = join(base, 'wasm-kit');
    mkdirSync(kitDir, { mode: 0o755 });
    writeFileSync(join(kitDir, 'engine.cpp'), WASM_STANDIN);
    const env = { ...process.env, EM_CACHE: '/usr/share/emscripten/cache' };
    execFileSync('em++', ['-std=c++20', '-O1', '-msimd128', `-I${join(repo, 'cpp')}`, '-c', join(kitDir, 'engine.cpp'), '-o', join(kitDir, 'engine.o')], { env });
    execFileSync('emar', ['rcs', join(kitDir, 'libsp_engine.a'), join(kitDir, 'engine.o')], { env });
    execFileSync('chmod', ['-R', 'a+rX', kitDir]);
    wasmKit = join(kitDir, 'toolchain.json');
    writeFileSync(wasmKit, JSON.stringify({ build: 'wasm-simd128', cxx: '/usr/bin/em++', compile: ['-std=c++20', '-O1', '-msimd128'], includes: [join(repo, 'cpp')], link: ['-O1', '--emit-symbol-map'], archive: join(kitDir, 'libsp_engine.a'), output: 'simd-puzzles.mjs', slots: { demo: ['wasm'] } }));
  }, 120_000);

  it('rewrites the SIMD128 module: its swizzles relaxed, its stamp `wasm-relaxed`, the glue and symbol map copied, served as wasm/relaxed', async () => {
    const s = service({ toolchainFiles: { 'wasm-simd128': wasmKit } });
    expect(s.info()[1].passes.wasm).toEqual(['simd128', 'relaxed']);
    const view = await ended(s, (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n; }\n' }))[1].id) as View & { wasm: Record<string, string> };
    expect(view.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['wasm-simd128:ok', 'wasm-relaxed:ok']);
    expect(view.state).toBe('done');
    expect(Object.keys(view.wasm).sort()).toEqual(['relaxed', 'simd128']);
    expect(view.wasm.relaxed).toBe(`/api/playground/builds/${view.id}/wasm/relaxed/simd-puzzles.mjs`);
    expect(view.steps[1]!.log).toMatch(/relax-wasm: simd-puzzles\.wasm: [1-9]\d* x i8x16\.relaxed_swizzle/);
    const dir = join(base, 'builds', view.id, 'wasm');
    const relaxed = readFileSync(join(dir, 'relaxed', 'simd-puzzles.wasm'));
    const simd = readFileSync(join(dir, 'simd128', 'simd-puzzles.wasm'));
    expect(relaxed.includes('sp-build-name:wasm-relaxed')).toBe(true);
    expect(relaxed.includes('sp-build-name:wasm-simd128')).toBe(false);
    expect(simd.includes('sp-build-name:wasm-simd128')).toBe(true); // the SIMD128 module as it was
    expect(enableRelaxedSimd()).toBe(true);
    expect(WebAssembly.validate(relaxed)).toBe(true);
    for (const f of ['simd-puzzles.mjs', 'simd-puzzles.mjs.symbols']) expect(readFileSync(join(dir, 'relaxed', f))).toEqual(readFileSync(join(dir, 'simd128', f)));
    // Served like the other flavours (and nothing else of the folder).
    for (const name of ['simd-puzzles.mjs', 'simd-puzzles.wasm']) {
      const file = s.openOutput(view.id, 'wasm', 'relaxed', name);
      expect(file).not.toBeNull();
      closeSync(file.fd);
    }
    expect(s.openOutput(view.id, 'wasm', 'relaxed', 'simd-puzzles.mjs.symbols')).toBeNull();
    expect(s.openOutput(view.id, 'wasm', 'constructor', 'simd-puzzles.mjs')).toBeNull();
  }, 180_000);

  it('a rewrite that fails (a kernel with a second build stamp) fails its step only, in words: SIMD128 stays served', async () => {
    const s = service({ toolchainFiles: { 'wasm-simd128': wasmKit } });
    const source = 'extern "C" { [[gnu::used]] char my_stamp[] = "sp-build-name:wasm-simd128"; }\nlong kernel(long n) { return n + my_stamp[n & 7]; }\n';
    const view = await ended(s, (await s.submit({ slot: 'demo', source }))[1].id) as View & { wasm: Record<string, string> };
    expect(view.state).toBe('done');
    expect(view.steps[0]).toMatchObject({ target: 'wasm-simd128', state: 'ok' });
    expect(view.steps[1]).toMatchObject({ target: 'wasm-relaxed', state: 'failed', why: expect.stringMatching(/^the relaxed rewrite of the SIMD128 module failed: 2 build stamps \("sp-build-name:"\) in the module, not 1/) });
    expect(view.steps[1]!.why).not.toMatch(/\/sp\/|\/job/); // no jail path
    expect(Object.keys(view.wasm)).toEqual(['simd128']);
    expect(s.openOutput(view.id, 'wasm', 'relaxed', 'simd-puzzles.mjs')).toBeNull();
  }, 180_000);

  it('Stop during the rewrite kills its jail: the build stops', async () => {
    const s = service({ toolchainFiles: { 'wasm-simd128': wasmKit } });
    const { id } = (await s.submit({ slot: 'demo', source: 'long kernel(long n) { return n + 2; }\n' }))[1];
    let view: View;
    // The service wakes a waiting status on every change: the step's start is one.
    do [, view] = await s.status(id, 5000); while (view.steps[1]?.state !== 'running' && ['queued', 'building'].includes(view.state));
    expect(view.steps.map((x) => `${x.target}:${x.state}`)).toEqual(['wasm-simd128:ok', 'wasm-relaxed:running']);
    expect(s.stop(id)[0]).toBe(202);
    view = await ended(s, id);
    expect(view.state).toBe('stopped');
    expect(view.steps[1]).toMatchObject({ target: 'wasm-relaxed', state: 'stopped' });
  }, 180_000);
});

// A kernel that does, by its argument, each hostile thing of issue 31 at run time.
const HOSTILE = String.raw`long kernel(long n) {
  if (n == 1) { volatile int* p = nullptr; *p = 1; return 0; }
  if (n == 2) for (volatile long x = 0;; x = x + 1) {}
  if (n == 3) {
    long k = 0;
    for (int i = 0; i < 1000; ++i) { pid_t p = fork(); if (p == 0) { pause(); _exit(0); } if (p > 0) ++k; }
    return k;
  }
  if (n == 4) { try { std::vector<char> v(4ull << 30, 1); return 4; } catch (const std::bad_alloc&) { return -4; } }
  if (n == 5) {
    long written = 0;
    for (const char* path : {"/usr/escape", "/escape", "/job/escape", "/work/escape", "/etc/escape"}) if (std::FILE* f = std::fopen(path, "w")) { ++written; std::fclose(f); }
    return written;
  }
  if (n >= 600000) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<unsigned short>(n - 600000));
    a.sin_addr.s_addr = htonl(0x7f000001);
    return connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 ? 1 : -errno;
  }
  return n;
}
`;

describe(named('a build’s native engine, in the run jail'), () => {
  let s: InstanceType<typeof PlaygroundService>;
  let engines: InstanceType<typeof PlaygroundEngines>;
  let runner: InstanceType<typeof NativeRunner>;
  let id = '';
  beforeAll(async () => {
    if (!probe.available) return;
    useKit({ slots: { demo: ['avx2'] } });
    s = service();
    id = (await s.submit({ slot: 'demo', source: HOSTILE }))[1].id;
    expect((await ended(s, id)).state).toBe('done');
    engines = new PlaygroundEngines({ binaryOf: (x: string) => s.nativeBinary(x), graceMs: 300 });
    runner = new NativeRunner({ engine: new NativeEngine({ cli: '/nonexistent' }), playground: engines, benchBlocks: () => false, capMs: 2000 });
    services.push(runner);
  }, 60_000);

  type Run = { state: string; error?: string; cause?: string; playground?: string; result?: { report: { records: { isa: string; value: number }[] } } };
  const runOn = async (n: number): Promise<Run> => {
    const [code, body] = await runner.start({ action: 'run', puzzle: 'demo', params: { n }, time: true, playground: id });
    if (code !== 202 && code !== 200) return body;
    return (code === 200 ? body : (await runner.wait(body.id))[1]) as Run;
  };
  const value = (r: Run) => r.result?.report.records[0]?.value;

  it('runs the user’s kernel in its own engine, never the stock one', async () => {
    const r = await runOn(7);
    expect(r).toMatchObject({ state: 'done', playground: id });
    expect(value(r)).toBe(7);
    expect(engines.current.id).toBe(id);
    // A build id that is not one: refused before any engine starts.
    expect((await runner.start({ action: 'run', puzzle: 'demo', params: { n: 1 }, time: true, playground: 'x'.repeat(64) }))[0]).toBe(400);
    expect((await runner.start({ action: 'run', puzzle: 'demo', params: { n: 1 }, time: true, playground: 'f'.repeat(64) }))[0]).toBe(404);
  });

  it('a segfault ends the run with a message that says so; the next run starts the engine again', async () => {
    const r = await runOn(1);
    expect(r.state).toBe('failed');
    expect(r.error).toMatch(/your build’s native engine stopped \(it crashed \(SIGSEGV/);
    expect(value(await runOn(8))).toBe(8);
  });

  it('an infinite loop is ended by the run cap (the process killed); the next run works', async () => {
    const r = await runOn(2);
    expect(r).toMatchObject({ state: 'stopped', cause: 'cap' });
    expect(r.error).toMatch(/cap ended the run/);
    expect(value(await runOn(9))).toBe(9);
  });

  it('a 4 GB allocation fails inside the jail (bad_alloc), the engine lives on', async () => {
    expect(value(await runOn(4))).toBe(-4);
  });

  it('writes outside its folder all fail', async () => {
    expect(value(await runOn(5))).toBe(0);
  });

  it('cannot reach a listener on the host’s loopback', async () => {
    const v = value(await runOn(600000 + port))!;
    expect(v).toBeLessThan(0); // -ECONNREFUSED or -ENETUNREACH: the jail's own loopback has no listener
  });

  it('a fork bomb stops at the process limit, and Stop of the build kills its engine', async () => {
    const forked = value(await runOn(3))!;
    expect(forked).toBeGreaterThanOrEqual(0);
    expect(forked).toBeLessThan(16);
    const pid = engines.current.engine.child.pid;
    s.stop(id); // a finished build: its engine goes
    engines.drop(id);
    expect(engines.current).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(() => process.kill(pid, 0)).toThrow();
    expect(value(await runOn(10))).toBe(10);
  });
});

describe(named('the HTTP API'), () => {
  let server: HttpServer;
  let origin = '';
  beforeAll(async () => {
    if (!probe.available) return;
    useKit();
    const s = service();
    const handler = playgroundMiddleware(s);
    server = createHttpServer((req, res) => handler(req, res, () => {
      res.statusCode = 418;
      res.end();
    }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  const ask = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; json: Record<string, unknown>; headers: Record<string, unknown> }>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(`${origin}${path}`, { method, headers: { ...(data ? { 'Content-Type': 'application/json', Origin: origin } : {}), ...headers } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : {}, headers: res.headers }));
      });
      req.on('error', reject);
      req.end(data);
    });

  it('answers the page: slots, a build, its state, Stop; refusals as JSON sentences without paths', async () => {
    const info = await ask('GET', '/api/playground');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ available: true, slots: [{ id: 'demo', signature: 'long kernel(long n)', starter: expect.any(String) }] });
    const made = await ask('POST', '/api/playground/builds', { slot: 'demo', source: 'long kernel(long n) { return n; } // http\n' });
    expect(made.status).toBe(200);
    const id = made.json.id as string;
    const view = await ask('GET', `/api/playground/builds/${id}?wait=20000`);
    expect(view.json).toMatchObject({ id, slot: 'demo' });
    let state = view.json.state;
    while (state === 'queued' || state === 'building') state = (await ask('GET', `/api/playground/builds/${id}?wait=20000`)).json.state;
    expect(state).toBe('done');
    // No wasm flavour in this kit: a 404 with the page's isolation headers.
    const wasm = await ask('GET', `/api/playground/builds/${id}/wasm/simd128/simd-puzzles.mjs`);
    expect(wasm.status).toBe(404);
    expect(wasm.headers['cross-origin-embedder-policy']).toBe('require-corp');
    const refusals = [
      await ask('POST', '/api/playground/builds', { slot: 'demo', source: 'x' }, { Origin: 'https://evil.example' }),
      await ask('POST', '/api/playground/builds', { slot: 'demo' }, { 'Content-Type': 'text/plain' }),
      await ask('PUT', '/api/playground/builds'),
      await ask('GET', '/api/playground/builds/abc/wasm/simd128/..%2f..%2fkernel.cpp'),
      await ask('GET', '/api/playground/nothing'),
      await ask('DELETE', `/api/playground/builds/${'0'.repeat(64)}`, undefined, { Origin: origin }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 405, 404, 404, 404]);
    for (const r of [...refusals, info, made]) expect(JSON.stringify(r.json)).not.toMatch(new RegExp(`${base}|/work/|/tmp/|at .*\\.mjs`));
    for (const r of refusals) expect(r.json.error).toEqual(expect.any(String));
  });
});

// The build folders are the sandbox user's, in a folder of the server's that others may only
// pass through (by default <tmp>/simd-puzzles-playground-<uid>, 0711: sandbox.mjs, jobRoot).
describe(named('job folders'), () => {
  it('are owned by the sandbox user, mode 0700, in a 0711 folder of the server’s', () => {
    const builds = join(base, 'builds');
    const some = readdirSync(builds)[0];
    const mode = (p: string) => execFileSync('stat', ['-c', '%a %u', p]).toString().trim().split(' ');
    expect(mode(builds)).toEqual(['711', String(process.getuid!())]);
    expect(mode(join(builds, some))).toEqual(['700', String(probe.identity.uid)]);
  });
});
