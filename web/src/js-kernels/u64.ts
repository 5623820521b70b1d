// 64-bit unsigned arithmetic on two 32-bit halves (hi, lo): what a TypeScript programmer reaches
// for instead of BigInt in a hot loop. Only what the generators (splitmix64) and the bit counts
// (popcount, chess) need.

/** The full 64-bit product of two 32-bit values, as [lo, hi]. */
export function mul32(a: number, b: number): [number, number] {
  const aL = a & 0xffff, aH = a >>> 16, bL = b & 0xffff, bH = b >>> 16;
  const ll = aL * bL, lh = aL * bH, hl = aH * bL, hh = aH * bH;
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  const lo = (((mid & 0xffff) << 16) | (ll & 0xffff)) >>> 0;
  const hi = (hh + (lh >>> 16) + (hl >>> 16) + (mid >>> 16)) >>> 0;
  return [lo, hi];
}

/** splitmix64, the generator the C++ puzzles use (cube, popcount), on 32-bit halves. */
export class SplitMix64 {
  private hi: number;
  private lo: number;
  /** The last output's halves. */
  outHi = 0;
  outLo = 0;

  constructor(seed: number) {
    this.lo = seed >>> 0;
    this.hi = Math.floor(seed / 2 ** 32) >>> 0;
  }

  /** Advances; the output is in outHi/outLo. */
  next(): void {
    // state += 0x9E3779B97F4A7C15
    const lo = this.lo + 0x7f4a7c15;
    this.lo = lo >>> 0;
    this.hi = (this.hi + 0x9e3779b9 + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    let zHi = this.hi, zLo = this.lo;
    // z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    zLo = (zLo ^ ((zLo >>> 30) | (zHi << 2))) >>> 0;
    zHi = (zHi ^ (zHi >>> 30)) >>> 0;
    [zHi, zLo] = mul64(zHi, zLo, 0xbf58476d, 0x1ce4e5b9);
    // z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    zLo = (zLo ^ ((zLo >>> 27) | (zHi << 5))) >>> 0;
    zHi = (zHi ^ (zHi >>> 27)) >>> 0;
    [zHi, zLo] = mul64(zHi, zLo, 0x94d049bb, 0x133111eb);
    // z ^ (z >> 31)
    this.outLo = (zLo ^ ((zLo >>> 31) | (zHi << 1))) >>> 0;
    this.outHi = (zHi ^ (zHi >>> 31)) >>> 0;
  }
}

/** The low 64 bits of a 64 × 64-bit product, as [hi, lo]. */
export function mul64(aHi: number, aLo: number, bHi: number, bLo: number): [number, number] {
  const [lo, carry] = mul32(aLo, bLo);
  const hi = (carry + Math.imul(aLo, bHi) + Math.imul(aHi, bLo)) >>> 0;
  return [hi, lo];
}

/** SWAR on one 32-bit half: 2-bit, 4-bit, then byte sums, added by a multiply. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
