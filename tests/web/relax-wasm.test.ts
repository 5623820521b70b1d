// The relaxed flavour's post-link step (scripts/relax-wasm.mjs): the opcode rewrite and the build
// stamp. The whole step on the real modules is checked by the listings test (instruction for
// instruction SIMD128 but the swizzles) and by every relaxed record's build name.
import { describe, expect, it } from 'vitest';
import { relaxWat, restamp, STAMP_PREFIX } from '../../scripts/relax-wasm.mjs';

const module = (...parts: string[]) => Buffer.from(parts.join(''), 'latin1');

describe('the build stamp', () => {
  it('renames the one stamp in place, keeping every other byte', () => {
    const before = module('\0asm', 'code...', `${STAMP_PREFIX}wasm-simd128\0`, 'more data');
    const after = restamp(Buffer.from(before));
    expect(after.length).toBe(before.length);
    expect(after.toString('latin1')).toBe(before.toString('latin1').replace('wasm-simd128', 'wasm-relaxed'));
  });
  it('refuses a module with no stamp, two stamps, or the stamp of another build', () => {
    expect(() => restamp(module('\0asm code'))).toThrow(/0 build stamps/);
    expect(() => restamp(module(`${STAMP_PREFIX}wasm-simd128\0`, `${STAMP_PREFIX}wasm-simd128\0`))).toThrow(/2 build stamps/);
    expect(() => restamp(module(`${STAMP_PREFIX}wasm-baseline\0`))).toThrow(/says "wasm-baseline", not "wasm-simd128"/);
    expect(() => restamp(module(`${STAMP_PREFIX}wasm-simd128\0`), 'wasm-simd128', 'wasm-relaxed-simd')).toThrow(/not the same length/);
  });
});

describe('the opcode rewrite', () => {
  it('makes every i8x16.swizzle relaxed, wherever it stands in a function, and counts them', () => {
    const wat = ['(func $f (param v128 v128) (result v128)', '    local.get 0', '    local.get 1', '    i8x16.swizzle', '    local.get 1', '    i8x16.swizzle)', '    i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'].join('\n');
    const { wat: out, counts } = relaxWat(wat);
    expect(counts).toEqual({ 'i8x16.relaxed_swizzle': 2 });
    expect(out).toBe(wat.replace(/i8x16\.swizzle/g, 'i8x16.relaxed_swizzle'));
    // A constant shuffle is another instruction, left as it is.
    expect(out).toMatch(/i8x16\.shuffle 0 1/);
  });
});
