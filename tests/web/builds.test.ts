// The page's builds (web/src/share/builds.ts): the relaxed build's names, and what a link made with
// a build this browser lacks opens with.
import { describe, expect, it } from 'vitest';
import { browserBuildOf, BUILDS, buildLabel, linkBuildsHere, WASM_BUILDS, wasmBuildOf, type Build } from '../../web/src/share/builds';

const all = new Set<Build>(BUILDS);
const without = (...b: Build[]) => new Set<Build>(BUILDS.filter((x) => !b.includes(x)));

describe('the relaxed build', () => {
  it('is a wasm build of ours, named wasm-relaxed in records', () => {
    expect(WASM_BUILDS).toContain('relaxed');
    expect(wasmBuildOf('wasm-relaxed')).toBe('relaxed');
    expect(browserBuildOf('wasm-relaxed')).toBe('relaxed');
    expect(buildLabel('wasm-relaxed')).toBe('relaxed');
  });
});

describe('a link’s builds in this browser', () => {
  it('opens as it was made where every build runs, saying nothing', () => {
    expect(linkBuildsHere(['relaxed', 'baseline'], all)).toEqual({ builds: ['relaxed', 'baseline'], notice: null });
  });

  it('opens a relaxed link with SIMD128 in its place where Relaxed SIMD is missing, and says so', () => {
    const { builds, notice } = linkBuildsHere(['relaxed'], without('relaxed'));
    expect(builds).toEqual(['simd128']);
    expect(notice).toMatch(/wasm relaxed SIMD \(this browser does not validate WebAssembly Relaxed SIMD\)/);
    expect(notice).toMatch(/opens with wasm SIMD128/);
    // SIMD128 already in the link: not twice.
    expect(linkBuildsHere(['simd128', 'relaxed'], without('relaxed')).builds).toEqual(['simd128']);
  });

  it('opens with what runs where no SIMD runs at all', () => {
    const { builds, notice } = linkBuildsHere(['simd128', 'relaxed'], without('simd128', 'relaxed'));
    expect(builds).toEqual([]); // the page keeps its default (baseline)
    expect(notice).toMatch(/wasm SIMD128 \(this browser cannot run WebAssembly SIMD128\) and wasm relaxed SIMD/);
  });
});
