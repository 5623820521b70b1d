// The instruction listings (scripts/build-listings.mjs -> build/listings/<build>.json), checked
// against the programs they come from: every kernel each build registers has a non-empty listing,
// and the instructions are the ones its ISA implies (AVX2: ymm registers; NEON: v registers;
// SIMD128: v128 ops; the baseline: none). The `listings` layer of npm test makes the files after
// the native, AArch64 and wasm builds; the AArch64 part runs where that build exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kernelListing, namedInstructions, usesRegisters, type Listing, type ListingBuild } from '../../web/src/app/listings';
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

  it('baseline: every kernel of the module, and no vector op anywhere', async () => {
    const catalog = call<Catalog>(await loadModule('baseline'), { action: 'catalog' });
    const { listing } = checkEveryKernel('baseline', catalog);
    const vectorOps = Object.values(listing.functions).flatMap((f) => f.insns.filter(([, m]) => VECTOR_WASM.test(m)));
    expect(vectorOps).toEqual([]);
    expect(Object.values(listing.kernels).every((k) => k.counts.vector === 0)).toBe(true);
  });
});

describe('highlighting what the explainer names', () => {
  it('matches the named instructions in every spelling, and nothing the text does not name', () => {
    const named = namedInstructions('One byte shuffle (pshufb) composes; NEON’s tbl and wasm’s i8x16.swizzle. An add and a min.');
    expect(['pshufb', 'vpshufb', 'tbl', 'i8x16.swizzle'].every(named.test)).toBe(true);
    expect(['add', 'min', 'vpaddb', 'popcnt', 'pext', 'i8x16.popcnt'].some(named.test)).toBe(false);
    expect(namedInstructions('builtin is std::popcount, the instruction').test('popcnt')).toBe(true);
    expect(namedInstructions('a table lookup').test('tbl')).toBe(false);
  });
});
