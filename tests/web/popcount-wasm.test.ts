// The three wasm builds (SIMD128, relaxed, baseline) count bits right with every kernel they contain: each kernel against a plain bit
// loop written here, on data made here and handed to the module as a file (setInput), so nothing
// the module computes is trusted. Covered: all 65 densities, edge words, lengths 1..1025 at four
// start offsets and every offset 0..63 at the lengths where tails change, and a 1 MiB buffer
// (64 MiB natively). Plus the generated data (verified against its generator) and bad input.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { call, flavourBuild, loadModule, type Flavour } from './wasm-module';

const WORD = ['swar-shift/scalar', 'sparse/scalar', 'hackmem/scalar', 'table8/scalar', 'table16/scalar', 'builtin/scalar'];

// The definition, nothing clever: test every bit of every byte.
function bitLoop(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) for (let b = 0; b < 8; ++b) bits += (byte >> b) & 1;
  return bits;
}
const byteSum = (bytes: Uint8Array) => bytes.reduce((sum, b) => sum + b, 0);

// xorshift32: deterministic test data.
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>>= 0);
  };
}

function randomBytes(n: number, seed: number): Uint8Array {
  const next = rng(seed);
  return Uint8Array.from({ length: n }, () => next() & 0xff);
}

/** `words` 64-bit words with exactly k set bits each (k distinct positions per word), little-endian. */
function wordsWithBits(words: number, k: number, seed: number): Uint8Array {
  const next = rng(seed);
  const out = new Uint8Array(8 * words);
  for (let w = 0; w < words; ++w) {
    const positions = Array.from({ length: 64 }, (_, i) => i);
    for (let j = 0; j < k; ++j) {
      const r = j + (next() % (64 - j));
      [positions[j], positions[r]] = [positions[r]!, positions[j]!];
      const p = positions[j]!;
      out[8 * w + (p >> 3)]! |= 1 << (p & 7);
    }
  }
  return out;
}

describe.each<[Flavour, string[]]>([
  ['simd', [...WORD, 'scalar-builtin/scalar', 'nibble-lookup/simd128', 'byte-popcnt/simd128', 'harley-seal/simd128', 'memory-read/scalar', 'memory-read/simd128']],
  ['relaxed', [...WORD, 'scalar-builtin/scalar', 'nibble-lookup/simd128', 'byte-popcnt/simd128', 'harley-seal/simd128', 'memory-read/scalar', 'memory-read/simd128']],
  ['baseline', [...WORD, 'scalar-builtin/scalar', 'memory-read/scalar']],
])('popcount in the %s build', (flavour, expectedKernels) => {
  let m: SimdPuzzlesModule;
  beforeAll(async () => {
    m = await loadModule(flavour);
  });
  afterEach(() => m.clearInput());
  // The relaxed build differs from SIMD128 only in the array kernels (nibble-lookup's swizzle): its
  // word and read kernels are SIMD128's code, checked there.
  const MODES = flavour === 'relaxed' ? ['array'] : ['word', 'array', 'read'];

  const kernelsOf = (mode: string) => expectedKernels.filter((k) => (mode === 'word' ? WORD.includes(k) : mode === 'read' ? k.startsWith('memory-read') : !WORD.includes(k) && !k.startsWith('memory-read')));

  /** Runs every kernel of every mode on `bytes` (a file) and returns the failures. */
  function checkFile(bytes: Uint8Array, offsets: readonly number[], what: string): string[] {
    expect(m.setInput(bytes)).toBe(true);
    const bits = bitLoop(bytes);
    const sum = byteSum(bytes);
    const failures: string[] = [];
    for (const offset of offsets) {
      for (const mode of MODES) {
        const r = call(m, { action: 'run', puzzle: 'popcount', params: { mode, offset } });
        if (!r.ok) {
          failures.push(`${what} offset ${offset} ${mode}: ${r.error}`);
          continue;
        }
        const ran = r.results.map((x: any) => `${x.kernel}/${x.isa}`);
        if (ran.join() !== kernelsOf(mode).join()) failures.push(`${what} ${mode}: ran ${ran.join()}`);
        for (const rec of r.results) {
          const got = mode === 'read' ? rec.answer.byte_sum : rec.answer.bits;
          const want = mode === 'read' ? sum : bits;
          if (got !== want || rec.work !== bytes.length || rec.verified === false)
            failures.push(`${what} offset ${offset}: ${rec.kernel}/${rec.isa} answered ${JSON.stringify(rec.answer)}, want ${want}`);
        }
      }
    }
    return failures;
  }

  it('lists exactly the kernels this build has, all available', () => {
    const catalog = call(m, { action: 'catalog' });
    const pc = catalog.puzzles.find((p: any) => p.id === 'popcount');
    expect(pc.kernels.map((k: any) => k.key)).toEqual(expectedKernels);
    expect(pc.kernels.every((k: any) => k.available)).toBe(true);
    expect(pc.input_file).toMatch(/set bits to count/);
    expect(pc.work_unit).toBe('bytes');
  });

  it('counts an empty file as 0 bits in every mode, not the generated buffer', () => {
    expect(checkFile(new Uint8Array(0), [0, 7], 'empty file')).toEqual([]);
    const r = call(m, { action: 'run', puzzle: 'popcount', params: { mode: 'array', size: 16384 } });
    expect(r.illustration.source).toBe('file');
    expect(r.illustration.bytes).toBe(0);
    m.clearInput();
    const generated = call(m, { action: 'run', puzzle: 'popcount', params: { mode: 'array', size: 16384 } });
    expect(generated.illustration.source).toBe('generated');
    expect(generated.results[0].answer.bits).toBe(65536);
  });

  it('counts all 65 densities like a plain bit loop, with every kernel', () => {
    const failures: string[] = [];
    for (let k = 0; k <= 64; ++k) {
      const data = wordsWithBits(257, k, 100 + k);
      const odd = new Uint8Array(data.length + 5); // a partial last word too
      odd.set(data);
      odd.set([0xff, 0x0f, 0x80, 0x01, 0x7e], data.length);
      failures.push(...checkFile(odd, [k % 64], `k=${k}`));
    }
    expect(failures).toEqual([]);
  });

  it('counts edge words, alone and repeated over 32 KiB', () => {
    const words: bigint[] = [0n, 0xffffffffffffffffn, 0x5555555555555555n, 0xaaaaaaaaaaaaaaaan, 0x0f0f0f0f0f0f0f0fn, 0x8000000000000001n, 0x0123456789abcdefn];
    for (let b = 0n; b < 64n; ++b) words.push(1n << b, 0xffffffffffffffffn ^ (1n << b));
    const failures: string[] = [];
    for (const w of words) {
      const one = new Uint8Array(8);
      new DataView(one.buffer).setBigUint64(0, w, true);
      failures.push(...checkFile(one, [0], `word ${w.toString(16)}`));
      if (w < 3n || w === 0xffffffffffffffffn || w === 0x5555555555555555n) {
        const many = new Uint8Array(8 * 4099);
        for (let i = 0; i < many.length; i += 8) many.set(one, i);
        failures.push(...checkFile(many, [0, 7], `word ${w.toString(16)} x 4099`));
      }
    }
    expect(failures).toEqual([]);
  });

  it('counts every length 1..1025 at offsets 0, 1, 31, 63', () => {
    const source = randomBytes(1025, 7);
    const failures: string[] = [];
    for (let n = 1; n <= 1025; ++n) failures.push(...checkFile(source.subarray(0, n), [0, 1, 31, 63], `length ${n}`));
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('counts at every offset 0..63 where the tails change', () => {
    const source = randomBytes(1025, 11);
    const offsets = Array.from({ length: 64 }, (_, i) => i);
    const failures: string[] = [];
    for (const n of [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025])
      failures.push(...checkFile(source.subarray(0, n), offsets, `length ${n}`));
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('counts nothing in an empty buffer', () => {
    for (const mode of ['word', 'array', 'read']) {
      const r = call(m, { action: 'run', puzzle: 'popcount', params: { mode, size: 0, offset: 5 } });
      expect(r.ok).toBe(true);
      for (const rec of r.results) expect(rec.answer, rec.kernel).toEqual(mode === 'read' ? { byte_sum: 0 } : { bits: 0 });
    }
  });

  it('counts a 1 MiB random buffer at an odd offset', () => {
    expect(checkFile(randomBytes((1 << 20) + 7, 3), [13], '1 MiB')).toEqual([]);
  });

  it('verifies generated data against its generator, every k and order', () => {
    for (const order of ['sorted', 'mixed']) {
      for (let k = 0; k <= 64; ++k) {
        for (const mode of ['word', 'array']) {
          const r = call(m, { action: 'run', puzzle: 'popcount', params: { mode, k, order, size: 1003, offset: k % 64 } });
          expect(r.ok).toBe(true);
          if (order === 'sorted') expect(r.known.answer.bits).toBe(k * 125 + Math.min(k, 24));
          for (const rec of r.results) {
            expect(rec.verified, `${rec.kernel}/${rec.isa} k=${k} ${order}`).toBe(true);
            expect(rec.verified_by).toMatch(/generator/);
            expect(rec.answer.bits).toBe(r.known.answer.bits);
          }
        }
      }
    }
  });

  it('times a kernel with the shared harness', () => {
    const r = call(m, { action: 'run', puzzle: 'popcount', params: { mode: 'word', k: 3 }, kernels: ['sparse'], time: true, harness: { min_samples: 3, min_sample_ms: 1 } });
    expect(r.ok).toBe(true);
    expect(r.results[0].timing.samples).toBe(3);
    expect(r.results[0].timing.ns_per_unit).toBeGreaterThan(0);
    expect(r.results[0].build).toBe(flavourBuild(flavour));
  });

  it('returns errors as values, never aborting the module', () => {
    const bad: [unknown, string][] = [
      [{ k: 65 }, 'k must be in 0..64, got 65'],
      [{ size: 67108865 }, 'size must be in 0..67108864'],
      [{ offset: 64 }, 'offset must be in 0..63, got 64'],
      [{ mode: 'bits' }, 'mode must be one of word, array, read'],
    ];
    for (const [params, message] of bad) {
      const r = call(m, { action: 'run', puzzle: 'popcount', params });
      expect(r.ok).toBe(false);
      expect(r.error).toContain(message);
    }
    expect(call(m, { action: 'run', puzzle: 'popcount', params: { k: 64, size: 80 } }).results[0].answer.bits).toBe(640);
  });
});
