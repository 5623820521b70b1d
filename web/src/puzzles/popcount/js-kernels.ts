// Popcount in plain JavaScript: the classic SWAR count on the two 32-bit halves of each 64-bit
// word, and a 256-entry byte table. JavaScript has no 64-bit integer a bitwise operator takes
// (BigInt is two orders of magnitude slower), so 32-bit halves are the idiomatic choice; a word's
// count is its halves' counts summed. Word kernels count one 64-bit word per call of a function
// (the single-word sweep, mode=word); array kernels loop over the buffer (mode=array).
//
// The data: the same generator as the C++ puzzle (cpp/puzzles/popcount/popcount.cpp: splitmix64,
// Floyd's sampling of k distinct bits per word), so the case and the published bit count are the
// engine's own; a file's bytes are counted as they are. A JavaScript typed array has no address to
// misalign, so `offset` means nothing here: every kernel reads from the buffer's start.
import type { Params } from '../../share/schema';
import { popcount32, SplitMix64 } from '../../js-kernels/u64';
import type { JsKernel, JsOutcome } from '../../js-kernels/types';

interface Case {
  bytes: Uint8Array;
  /** The same bytes as 32-bit words (little-endian, zero-padded to a whole 64-bit word). */
  words: Uint32Array;
  /** Passes over the bytes in one call (the param `repeat`; canonical params leave out 1). */
  repeat: number;
}

/** The C++ generator's 32-bit draws: two per splitmix64 output, low half first. */
class Draws {
  private rng: SplitMix64;
  private spare = 0;
  private spareLeft = false;
  constructor(seed: number) {
    this.rng = new SplitMix64(seed);
  }
  /** Uniform in [0, n) (n <= 65): the high 32 bits of draw × n. */
  below(n: number): number {
    let draw: number;
    if (!this.spareLeft) {
      this.rng.next();
      draw = this.rng.outLo;
      this.spare = this.rng.outHi;
      this.spareLeft = true;
    } else {
      draw = this.spare;
      this.spareLeft = false;
    }
    return Math.floor((draw * n) / 2 ** 32);
  }
}

/** `size` bytes of words with k set bits each (order sorted) or k_i around k (mixed); returns the
 * bytes and the number of bits placed (the published answer). */
export function generate(size: number, k: number, order: 'sorted' | 'mixed', seed: number): { bytes: Uint8Array; placed: number } {
  const words = new Uint32Array(Math.ceil(size / 8) * 2);
  const draws = new Draws(seed);
  const spread = Math.min(k, 64 - k);
  let placed = 0;
  for (let i = 0, w = 0; i < size; i += 8, w += 2) {
    const ki = order === 'sorted' ? k : k - spread + draws.below(2 * spread + 1);
    const width = 8 * Math.min(8, size - i);
    const bits = Math.min(ki, width);
    // Floyd's sampling of `draws` distinct positions; a dense word is a sparse one's complement.
    const dense = 2 * bits > width;
    const count = dense ? width - bits : bits;
    let lo = 0, hi = 0;
    for (let j = width - count; j < width; ++j) {
      const t = draws.below(j + 1);
      const taken = t < 32 ? (lo >>> t) & 1 : (hi >>> (t - 32)) & 1;
      const b = taken ? j : t;
      if (b < 32) lo |= 1 << b;
      else hi |= 1 << (b - 32);
    }
    if (dense) {
      lo = ~lo & (width >= 32 ? 0xffffffff : 2 ** width - 1);
      hi = ~hi & (width >= 64 ? 0xffffffff : width > 32 ? 2 ** (width - 32) - 1 : 0);
    }
    words[w] = lo;
    words[w + 1] = hi;
    placed += bits;
  }
  return { bytes: new Uint8Array(words.buffer, 0, size), placed };
}

// ---- the counts --------------------------------------------------------------------------------

/** One 64-bit word, by its halves (the single-word SWAR variant). */
export const swarWord = (lo: number, hi: number): number => popcount32(lo) + popcount32(hi);

export const BYTE_TABLE = (() => {
  const t = new Uint8Array(256);
  for (let i = 1; i < 256; ++i) t[i] = (i & 1) + t[i >> 1]!;
  return t;
})();

/** One 64-bit word by the byte table: eight lookups. */
export function tableWord(lo: number, hi: number): number {
  const t = BYTE_TABLE;
  return t[lo & 255]! + t[(lo >>> 8) & 255]! + t[(lo >>> 16) & 255]! + t[lo >>> 24]! +
    t[hi & 255]! + t[(hi >>> 8) & 255]! + t[(hi >>> 16) & 255]! + t[hi >>> 24]!;
}

function wordLoop(words: Uint32Array, count: (lo: number, hi: number) => number): number {
  let total = 0;
  for (let i = 0; i < words.length; i += 2) total += count(words[i]!, words[i + 1]!);
  return total;
}

/** The array kernel: SWAR over every 32-bit word, the byte sums of four words added before the
 * multiply (each byte field holds at most 4 × 8 = 32). */
function swarArray(words: Uint32Array): number {
  let total = 0;
  const n = words.length;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    let acc = 0;
    for (let j = i; j < i + 4; ++j) {
      let x = words[j]!;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      acc += (x + (x >>> 4)) & 0x0f0f0f0f;
    }
    total += Math.imul(acc, 0x01010101) >>> 24;
  }
  for (; i < n; ++i) total += popcount32(words[i]!);
  return total;
}

function tableArray(bytes: Uint8Array): number {
  const t = BYTE_TABLE;
  let total = 0;
  for (let i = 0; i < bytes.length; ++i) total += t[bytes[i]!]!;
  return total;
}

// ---- the kernels -------------------------------------------------------------------------------

export function prepareCase(params: Params, input: Uint8Array | null): Case {
  let bytes: Uint8Array;
  if (input) {
    bytes = input;
  } else {
    bytes = generate(Number(params.size), Number(params.k), params.order === 'mixed' ? 'mixed' : 'sorted', Number(params.seed)).bytes;
  }
  // Whole 64-bit words, zero-filled past the data (as the C++ word variants read the last one).
  const padded = new Uint8Array(Math.ceil(bytes.length / 8) * 8);
  padded.set(bytes);
  return { bytes: padded.subarray(0, bytes.length), words: new Uint32Array(padded.buffer), repeat: Number(params.repeat ?? 1) };
}

const FAMILY_MODES: Record<string, string> = { word: 'a single-word variant: it is timed on word pools (mode=word)', array: 'an array kernel: it runs on array cases (mode=array)' };

function kernel(id: string, group: 'word' | 'array', summary: string, count: (c: Case) => number): JsKernel<Case> {
  return {
    puzzle: 'popcount', id, group, summary,
    prepare: (params, input) => (params.mode === group ? prepareCase(params, input) : { skip: FAMILY_MODES[group]! }),
    // `repeat` passes over the same bytes, as Popcount::run loops the C++ kernels: one pass's
    // count, an impossible one if a pass disagrees, and the work of all passes.
    run: (c): JsOutcome => {
      const bits = count(c);
      let differs = false;
      for (let i = 1; i < c.repeat; ++i) differs ||= count(c) !== bits;
      return { answer: { bits: differs ? -1 : bits }, work: c.bytes.length * c.repeat };
    },
  };
}

/** Found by web/src/js-kernels/catalog.ts under this name. */
export const jsKernels: JsKernel<Case>[] = [
  kernel('swar-shift', 'word', 'plain JavaScript: SWAR shifts and masks on the two 32-bit halves of each word, one function call per word', (c) => wordLoop(c.words, swarWord)),
  kernel('table8', 'word', 'plain JavaScript: a 256-entry byte table, eight lookups per 64-bit word', (c) => wordLoop(c.words, tableWord)),
  kernel('swar-array', 'array', 'plain JavaScript: SWAR over a Uint32Array, four words per multiply', (c) => swarArray(c.words)),
  kernel('table8-array', 'array', 'plain JavaScript: a byte table over a Uint8Array, one lookup per byte', (c) => tableArray(c.bytes)),
];
