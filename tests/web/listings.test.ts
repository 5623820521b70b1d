// The instruction listings (scripts/build-listings.mjs -> build/listings/<build>.json), checked
// against the programs they come from: every kernel each build registers has a non-empty listing,
// and the instructions are the ones its ISA implies (AVX2: ymm registers; NEON: v registers;
// SIMD128: v128 ops; the baseline: none). The `listings` layer of npm test makes the files after
// the native, AArch64 and wasm builds; the AArch64 part runs where that build exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classCounts, closestNative, hotFunctions, instructionClass, kernelListing, openingKernel, readableOperands, shortName, usesRegisters, type Listing, type ListingBuild } from '../../web/src/app/listings';
import { call, loadModule } from './wasm-module';

const root = fileURLToPath(new URL('../../', import.meta.url));
const listingFile = (build: ListingBuild) => `${root}build/listings/${build}.json`;

function readListing(build: ListingBuild): Listing {
  const file = listingFile(build);
  if (!existsSync(file)) throw new Error(`${file} is missing: run node scripts/build-listings.mjs ${build}`);
  return JSON.parse(readFileSync(file, 'utf8')) as Listing;
}

interface CatalogKernel { id: string; isa: string }
interface Catalog { puzzles: { id: string; kernels: CatalogKernel[] }[] }

/** Every kernel a program registers, peers (other programs) aside. */
function kernelsOf(catalog: Catalog) {
  return catalog.puzzles.flatMap((p) => p.kernels.filter((k) => k.isa !== 'peer').map((k) => ({ puzzle: p.id, ...k })));
}

function nativeCatalog(command: string[]): Catalog {
  const r = spawnSync(command[0]!, [...command.slice(1), 'list', '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${command.join(' ')} list --json failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Catalog;
}

const VECTOR_WASM = /^(v128|i8x16|i16x8|i32x4|i64x2|f32x4|f64x2)\./;

function checkEveryKernel(build: ListingBuild, catalog: Catalog) {
  const listing = readListing(build);
  const kernels = kernelsOf(catalog);
  expect(kernels.length).toBeGreaterThan(20);
  for (const k of kernels) {
    const l = kernelListing(listing, build, k.puzzle, k.id, k.isa);
    expect(l, `${build}: ${k.puzzle}/${k.id}/${k.isa} has no listing`).not.toBeNull();
    expect(l!.functions.length, `${k.puzzle}/${k.id}/${k.isa}`).toBeGreaterThan(0);
    expect(l!.counts.total, `${k.puzzle}/${k.id}/${k.isa}`).toBeGreaterThan(0);
    // The counts are of the instructions listed: the classes add up to the total.
    const c = l!.counts;
    expect(c.vector + c.scalar + c.branch + c.other).toBe(c.total);
    expect(l!.functions.reduce((n, f) => n + f.insns.length, 0)).toBe(c.total);
    // The whole call tree (scripts/lib/call-tree.mjs): counts that compare across builds.
    expect(l!.truncated, `${build}: ${k.puzzle}/${k.id}/${k.isa} is cut`).toBe(false);
  }
  // Nothing else: no kernel this program lacks.
  expect(Object.keys(listing.kernels).sort()).toEqual(kernels.map((k) => `${k.puzzle}/${k.id}/${k.isa}`).sort());
  return { listing, kernels };
}

describe('native x86-64 listings', () => {
  const cli = `${root}build/native/simd-puzzles`;

  it('list every kernel the native CLI registers, AVX2 kernels in ymm registers, AVX-512 ones in zmm', () => {
    const { listing, kernels } = checkEveryKernel('x86-64', nativeCatalog([cli]));
    const avx2 = kernels.filter((k) => k.isa === 'avx2');
    expect(avx2.length).toBeGreaterThan(5);
    for (const k of avx2) expect(usesRegisters(kernelListing(listing, 'x86-64', k.puzzle, k.id, 'avx2')!, /\bymm\d+/), `${k.puzzle}/${k.id}`).toBe(true);
    // The SSE4.1 kernels stay in xmm: a region compiled for a wider target would show ymm here.
    for (const k of kernels.filter((x) => x.isa === 'sse4.1'))
      expect(usesRegisters(kernelListing(listing, 'x86-64', k.puzzle, k.id, 'sse4.1')!, /\b[yz]mm\d+/), `${k.puzzle}/${k.id}`).toBe(false);
    // The instruction a kernel is named after is in its listing.
    expect(usesRegisters(kernelListing(listing, 'x86-64', 'chess', 'pext', 'bmi2')!, /^pext /)).toBe(true);
    expect(usesRegisters(kernelListing(listing, 'x86-64', 'popcount', 'vpopcntdq', 'avx512')!, /^vpopcntq /)).toBe(true);
  });
});

describe.runIf(existsSync(`${root}build/aarch64/simd-puzzles`))('native AArch64 listings', () => {
  it('list every kernel the AArch64 CLI registers, NEON kernels in v registers', () => {
    const { listing, kernels } = checkEveryKernel('aarch64', nativeCatalog(['qemu-aarch64', `${root}build/aarch64/simd-puzzles`]));
    for (const k of kernels.filter((x) => x.isa === 'neon'))
      expect(usesRegisters(kernelListing(listing, 'aarch64', k.puzzle, k.id, 'neon')!, /\bv\d+\.(16b|8h|4s|2d|8b)/), `${k.puzzle}/${k.id}`).toBe(true);
    expect(usesRegisters(kernelListing(listing, 'aarch64', 'cube', 'simd128', 'neon')!, /^tbl /)).toBe(true);
  });
});

describe('wasm listings', () => {
  it('SIMD128: every kernel of the module, the SIMD128 ones with v128 ops', async () => {
    const catalog = call<Catalog>(await loadModule('simd'), { action: 'catalog' });
    const { listing, kernels } = checkEveryKernel('simd128', catalog);
    const simd = kernels.filter((k) => k.isa === 'simd128');
    expect(simd.length).toBeGreaterThan(5);
    for (const k of simd)
      expect(kernelListing(listing, 'simd128', k.puzzle, k.id, 'simd128')!.functions.some((f) => f.insns.some(([, m]) => VECTOR_WASM.test(m))), `${k.puzzle}/${k.id}`).toBe(true);
    expect(usesRegisters(kernelListing(listing, 'simd128', 'cube', 'simd128', 'simd128')!, /^i8x16\.swizzle /)).toBe(true);
  });

  it('relaxed: every kernel of the module, instruction for instruction SIMD128 with each swizzle relaxed', async () => {
    const catalog = call<Catalog>(await loadModule('relaxed'), { action: 'catalog' });
    const { listing } = checkEveryKernel('relaxed', catalog);
    const simd128 = readListing('simd128');
    const ops = (l: Listing, puzzle: string, id: string, op: RegExp) =>
      kernelListing(l, l === simd128 ? 'simd128' : 'relaxed', puzzle, id, 'simd128')!.functions.flatMap((f) => f.insns.filter(([, m]) => op.test(m))).length;
    // The relaxed flavour is the SIMD128 module rewritten after linking (scripts/relax-wasm.mjs):
    // the same functions, the same instructions and operands, only the swizzle's opcode differs.
    const text = (insns: Listing['functions'][string]['insns'], relax: boolean) =>
      insns.map(([, ...rest]) => rest.join(' ')).map((t) => (relax ? t.replace(/^i8x16\.swizzle\b/, 'i8x16.relaxed_swizzle') : t));
    expect(Object.keys(listing.functions).sort()).toEqual(Object.keys(simd128.functions).sort());
    for (const [name, f] of Object.entries(simd128.functions)) expect(text(listing.functions[name].insns, false), name).toEqual(text(f.insns, true));
    expect(Object.values(listing.functions).some((f) => f.insns.some(([, m]) => m === 'i8x16.swizzle'))).toBe(false);
    for (const [puzzle, id] of [['cube', 'simd128'], ['chess', 'hq-simd'], ['popcount', 'nibble-lookup'], ['nqueens', 'simd-compact'], ['cephalopod', 'lanes']]) {
      expect(ops(simd128, puzzle, id, /^i8x16\.swizzle$/), `${puzzle}/${id} in SIMD128`).toBeGreaterThan(0);
      expect(ops(listing, puzzle, id, /^i8x16\.relaxed_swizzle$/), `${puzzle}/${id} relaxed`).toBeGreaterThan(0);
    }
  });

  it('baseline: every kernel of the module, and no vector op anywhere', async () => {
    const catalog = call<Catalog>(await loadModule('baseline'), { action: 'catalog' });
    const { listing } = checkEveryKernel('baseline', catalog);
    const vectorOps = Object.values(listing.functions).flatMap((f) => f.insns.filter(([, m]) => VECTOR_WASM.test(m)));
    expect(vectorOps).toEqual([]);
    expect(Object.values(listing.kernels).every((k) => k.counts.vector === 0)).toBe(true);
  });
});

describe('highlighting by instruction class (the panel’s pure logic)', () => {
  it('finds a class in every spelling of its instructions, and nothing else', () => {
    const cls = (m: string) => instructionClass(m)?.id ?? null;
    expect(['pshufb', 'vpshufb', 'tbl', 'tbx', 'i8x16.swizzle', 'vpermb'].map(cls)).toEqual(Array(6).fill('shuffle'));
    expect(['popcnt', 'vpopcntq', 'vpopcntb', 'cnt', 'i8x16.popcnt', 'i64.popcnt'].map(cls)).toEqual(Array(6).fill('popcount'));
    expect(['pext', 'pdep'].map(cls)).toEqual(['pext', 'pext']);
    expect(['vpcompressd', 'vpcompressb', 'vcompressps'].map(cls)).toEqual(['compress', 'compress', 'compress']);
    expect(['pmovmskb', 'vpmovmskb', 'vmovmskps', 'i8x16.bitmask'].map(cls)).toEqual(Array(4).fill('movemask'));
    expect(['tzcnt', 'rbit', 'clz', 'i64.ctz'].map(cls)).toEqual(Array(4).fill('bitscan'));
    expect(cls('vpternlogq')).toBe('ternlog');
    expect(cls('lock popcnt')).toBe('popcount'); // a prefix is not the instruction
    expect(['add', 'mov', 'vpaddb', 'i32.add', 'local.get', 'ldr', 'v128.load', 'movbe.x'].map(cls)).toEqual(Array(8).fill(null));
    expect(cls('i8x16.shuffle')).toBeNull(); // constant lanes: any lane move, not a lookup
  });

  it('counts a listing’s highlighted instructions by class and mnemonic, most frequent first', () => {
    const f = (...ms: string[]) => ({ insns: ms.map((m, i) => [String(i), m, ''] as [string, string, string]) });
    expect(classCounts([f('vpshufb', 'vpaddb', 'vpshufb'), f('popcnt', 'pshufb')])).toEqual([
      { id: 'shuffle', label: 'byte shuffle, table lookup', count: 3, mnemonics: [['vpshufb', 2], ['pshufb', 1]] },
      { id: 'popcount', label: 'population count', count: 1, mnemonics: [['popcnt', 1]] },
    ]);
    expect(classCounts([f('add', 'mov')])).toEqual([]);
  });
});

describe('names and operands as people read them', () => {
  it('cuts template arguments and parameters, drops a return type, keeps clones and repeats', () => {
    expect(shortName('sp::chess::SliderKernel<sp::chess::HqSimd<sp::chess::(anonymous namespace)::WasmLines, void>, sp::chess::(anonymous namespace)::WasmFile>::lookup(int, unsigned long long, sp::chess::SliderPiece)'))
      .toBe('sp::chess::SliderKernel<…>::lookup(…)');
    expect(shortName('unsigned long long sp::popcount::count_words<&(sp::popcount::(anonymous namespace)::swar_shift(unsigned long long))>(unsigned char const*, unsigned long)'))
      .toBe('sp::popcount::count_words<…>(…)');
    expect(shortName('unsigned long long sp::chess::Generator<sp::chess::Hq, sp::chess::ScalarFile>::perft<(sp::chess::Color)0>(sp::chess::Position const&, int)'))
      .toBe('sp::chess::Generator<…>::perft<…>(…)');
    expect(shortName('sp::nqueens::(anonymous namespace)::simd_state_v128(sp::nqueens::Case const&)')).toBe('sp::nqueens::{anon}::simd_state_v128(…)');
    expect(shortName('sp::cephalopod::Workspace::Workspace()')).toBe('sp::cephalopod::Workspace::Workspace()');
    expect(shortName('sp::f(int) [clone .isra.0]')).toBe('sp::f(…) [clone .isra.0]');
    expect(shortName('sp::f(int) @1a2b')).toBe('sp::f(…) @1a2b');
    expect(shortName('sp::Bits::operator<(sp::Bits const&) const')).toBe('sp::Bits::operator<(…)');
    expect(shortName('sp::Fn::operator()(int)')).toBe('sp::Fn::operator()(…)');
    expect(shortName('memcpy')).toBe('memcpy');
  });

  it('shortens a symbol in the operands, and drops an address label that names another puzzle', () => {
    expect(readableOperands('1965f0 <sp::cube::Driver<sp::cube::V128Cube<1> >::run(sp::cube::Case const&)>', 'cube')).toBe('1965f0 <sp::cube::Driver<…>::run(…)>');
    expect(readableOperands('rax,[rip+0x1234] # 5678 <sp::chess::kRays+0x17>', 'cube')).toBe('rax,[rip+0x1234] # 5678');
    expect(readableOperands('rax,[rip+0x1234] # 5678 <sp::chess::kRays+0x17>', 'chess')).toBe('rax,[rip+0x1234] # 5678 <sp::chess::kRays+0x17>');
    expect(readableOperands('xmm0,xmm1', 'cube')).toBe('xmm0,xmm1');
    expect(readableOperands('32 <memcpy>', 'cube')).toBe('32 <memcpy>'); // a call's target stays
    expect(readableOperands('xmm6,QWORD PTR [rip+0x19e1bb] # 1fad18 <nlohmann::json_abi_v3_11_2::detail::operator<(nlohmann::detail::value_t, nlohmann::detail::value_t)::order+0x18>', 'chess'))
      .toBe('xmm6,QWORD PTR [rip+0x19e1bb] # 1fad18');
    expect(readableOperands('rcx,[rip+0x178967] # 1fe320 <sp::cephalopod::kHash>', 'cephalopod')).toBe('rcx,[rip+0x178967] # 1fe320 <sp::cephalopod::kHash>');
  });
});

describe('what the panel opens on', () => {
  const kernels = [
    { id: 'reference', isas: ['scalar'] },
    { id: 'pext', isas: ['bmi2'] },
    { id: 'hq-simd', isas: ['sse4.1', 'avx2', 'neon', 'simd128'] },
    { id: 'lanes', isas: ['avx2', 'simd128'] },
  ];
  it('the SIMD kernel selected to run, never the scalar reference while one exists', () => {
    expect(openingKernel(kernels, null)).toBe('hq-simd');
    expect(openingKernel(kernels, new Set(['reference/scalar', 'lanes/simd128']))).toBe('lanes');
    expect(openingKernel(kernels, new Set(['reference/scalar']))).toBe('hq-simd'); // no SIMD kernel selected: the first there is
    expect(openingKernel(kernels.slice(0, 2), new Set(['reference/scalar']))).toBe('reference');
    expect(openingKernel([], null)).toBe('');
  });

  it('beside wasm, the native ISA of the same width (SSE4.1 or NEON beside SIMD128); without wasm, AVX2 first', () => {
    expect(closestNative(['sse4.1', 'avx2', 'avx512', 'neon'], 'simd128')).toBe('sse4.1');
    expect(closestNative(['avx2', 'avx512', 'neon'], 'simd128')).toBe('neon');
    expect(closestNative(['avx512', 'avx2'], 'simd128')).toBe('avx2');
    expect(closestNative(['scalar', 'sse4.1'], 'scalar')).toBe('scalar');
    expect(closestNative(['bmi2'], null)).toBe('bmi2');
    expect(closestNative(['sse4.1', 'avx512', 'avx2'], null)).toBe('avx2');
    expect(closestNative([], 'simd128')).toBeNull();
  });

  it('shows the hot functions first: the entries, and the vector work an entry only calls', () => {
    const counts = (vector: number, total: number) => ({ total, vector, scalar: total - vector, branch: 0, other: 0, memory: 0 });
    const fn = (name: string, vector: number, total: number) => ({ name, insns: Array.from({ length: total }, (_, i) => [String(i), 'nop', ''] as [string, string, string]), counts: counts(vector, total) });
    // A chess kernel: lookup and a small perft entry that calls the generator, where the vectors are.
    const chess = { entries: [{ role: 'lookup', function: 'lookup' }, { role: 'perft', function: 'perft' }], functions: [fn('lookup', 10, 200), fn('perft', 0, 20), fn('gen0', 300, 2400), fn('gen1', 290, 2300), fn('helper', 5, 100)] };
    expect(hotFunctions(chess)).toEqual(['lookup', 'perft', 'gen0']);
    // The entry does the work: nothing more open.
    expect(hotFunctions({ entries: [{ role: 'run', function: 'run' }], functions: [fn('run', 400, 900), fn('tail', 20, 60)] })).toEqual(['run']);
    // The highlighted instructions (a byte shuffle) decide before the vector count.
    const shuffles = (name: string, n: number, total: number) => ({ ...fn(name, n, total), insns: Array.from({ length: total }, (_, i) => [String(i), i < n ? 'pshufb' : 'nop', ''] as [string, string, string]) });
    expect(hotFunctions({ entries: [{ role: 'run', function: 'run' }], functions: [fn('run', 300, 600), fn('chain', 200, 900), shuffles('product', 111, 300)] })).toEqual(['run', 'product']);
    // Scalar code behind a tiny entry: the largest function too.
    expect(hotFunctions({ entries: [{ role: 'run', function: 'run' }], functions: [fn('run', 0, 10), fn('small', 0, 40), fn('big', 0, 800)] })).toEqual(['run', 'big']);
  });
});
