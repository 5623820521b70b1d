// A playground build of the real popcount slot (cpp/puzzles/popcount/playground) against the
// native link kit (build/native/playground, made by the native build), end to end: the compile
// service builds the starter in the compile jail, the build's own engine runs it in the run jail
// through the native-run endpoint's runner, verified by the engine beside our kernels; a wrong
// kernel is unverified (✗), a segfaulting one ends the run in words; listings of `yours`. Two
// passes only (one vector pass this CPU has and the scalar one), to keep it to seconds; the wasm
// flavours cost ~40 s each to link and are left to the e2e layer, which builds them for real
// (relaxed too: rows of `yours` as wasm-relaxed, verified, and its listing); the relaxed step on
// a small stand-in kit is in playground-service.test.ts. Skipped, saying why, without the kit; a
// sandbox that cannot start here fails, with the server's reason.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { PlaygroundService, readCliPasses, repoRoot, TOOLCHAINS } from '../../scripts/lib/playground/compile.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { PlaygroundEngines } from '../../scripts/lib/playground/engines.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { NativeEngine } from '../../scripts/lib/native-engine.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { NativeRunner } from '../../scripts/lib/native-run.mjs';

const kit = join(repoRoot, TOOLCHAINS.native);
const why = !existsSync(kit) ? 'build/native/playground is missing (the native build makes it: cmake --build --preset native)' : null;
const named = (what: string) => (why ? `${what} (skipped: ${why})` : what);
// Which passes this CPU runs: the native CLI of the kit says (as the service asks it).
const cliPasses: { passes: { name: string; runs: boolean }[]; why: string | null } = why ? { passes: [], why } : readCliPasses(JSON.parse(readFileSync(kit, 'utf8')).cli);
const vectorPass = ['avx2', 'sse41', 'avx512', 'neon'].find((p) => cliPasses.passes.some((x) => x.name === p && x.runs)) ?? 'popcnt';
const isa = vectorPass === 'sse41' ? 'sse4.1' : vectorPass;

const base = why ? '' : mkdtempSync(join(tmpdir(), 'sp-playground-build-'));
if (base) chmodSync(base, 0o711);
const service: InstanceType<typeof PlaygroundService> = why ? null : new PlaygroundService({ root: base, toolchainFiles: { native: TOOLCHAINS.native }, hasPass: (p: string) => p === vectorPass || p === 'popcnt' });
let runner: InstanceType<typeof NativeRunner>;

beforeAll(() => {
  if (why) return;
  const engines = new PlaygroundEngines({ binaryOf: (id: string) => service.nativeBinary(id) });
  runner = new NativeRunner({ engine: new NativeEngine({ cli: '/nonexistent' }), playground: engines, benchBlocks: () => false });
});
afterAll(() => {
  runner?.close();
  service?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

type View = { id: string; state: string; steps: { target: string; state: string; why?: string; diagnostics: unknown[] }[]; native: { available: boolean; kernels: string[] }; listings: Record<string, string> };
async function build(source: string): Promise<View> {
  const [code, body] = await service.submit({ slot: 'popcount', source });
  expect(code).toBe(200);
  for (;;) {
    const [, view] = await service.status(body.id, 20_000);
    if (!['queued', 'building'].includes(view.state)) return view;
  }
}
type Record_ = { kernel: string; isa: string; verified: boolean };
async function run(id: string, params: object) {
  const [code, body] = await runner.start({ action: 'run', puzzle: 'popcount', params: { mode: 'array', ...params }, time: true, harness: { rounds: 3, batch_ms: 1 }, playground: id });
  if (code !== 202) return body;
  return (await runner.wait(body.id))[1];
}
const yours = (r: { result?: { report: { records: Record_[] } } }) => (r.result?.report.records ?? []).filter((x) => x.kernel === 'yours');

describe.skipIf(why !== null)(named('a playground build of the popcount slot'), () => {
  it('can build here (else the server says why)', () => {
    const probe = service.probe();
    expect(probe.available, probe.why).toBe(true);
  });
  it('the kit’s native CLI says which passes this CPU runs', () => {
    expect(cliPasses.why).toBeNull();
    expect(cliPasses.passes.find((p) => p.name === 'popcnt')?.runs).toBe(true);
  });
  it('builds the starter for each pass, runs it natively in its sandboxed engine, verified beside ours, with a listing', async () => {
    const starter = readFileSync(join(repoRoot, 'cpp', 'puzzles', 'popcount', 'playground', 'starter.cpp'), 'utf8');
    const view = await build(starter);
    expect(view.steps.map((s) => `${s.target}:${s.state}`)).toEqual([`native-${vectorPass}:ok`, 'native-popcnt:ok', 'link-native:ok', 'listing-native:ok']);
    expect(view.state).toBe('done');
    expect(view.native.kernels).toEqual([`yours/${vectorPass === 'popcnt' ? 'scalar' : isa}`, 'yours/scalar'].filter((k, i, all) => all.indexOf(k) === i));
    // They are the keys of the build's own catalog.
    const catalog = await (await runner.puzzles(runner.playground.engineFor(view.id).engine)).get('popcount');
    for (const k of view.native.kernels) expect(catalog.kernels.has(k)).toBe(true);
    const r = await run(view.id, {});
    expect(r.state).toBe('done');
    expect(yours(r).map((x) => `${x.isa}:${x.verified}`).sort()).toEqual([`${isa}:true`, 'scalar:true'].sort());
    expect((r.result.report.records as Record_[]).some((x) => x.kernel !== 'yours')).toBe(true); // ours, in the same run
    // Its listing: kernel `yours`, from the build's own binary.
    const name = Object.keys(view.listings)[0];
    const file = service.openOutput(view.id, 'listings', null, view.listings[name].split('/').pop());
    expect(file).not.toBeNull();
    const listing = JSON.parse(readFileSync(file.fd, 'utf8'));
    expect(Object.keys(listing.kernels).some((k) => k.includes('yours'))).toBe(true);
  });

  it('a wrong kernel is unverified (✗); one that segfaults ends its run in words, and the next run works', async () => {
    const view = await build('std::uint64_t kernel(const std::uint8_t* data, std::size_t size) {\n  if (size == 12345) { volatile int* p = nullptr; *p = data[0]; }\n  return size;\n}\n');
    expect(view.state).toBe('done');
    const wrong = await run(view.id, {});
    expect(wrong.state).toBe('done');
    expect(yours(wrong).length).toBeGreaterThan(0);
    expect(yours(wrong).every((x) => x.verified === false)).toBe(true);
    const crash = await run(view.id, { size: 12345 });
    expect(crash).toMatchObject({ state: 'failed', error: expect.stringMatching(/your build’s native engine stopped \(it crashed \(SIGSEGV/) });
    expect((await run(view.id, { size: 64 })).state).toBe('done');
  });
});

