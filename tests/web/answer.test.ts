// The answer first (web/src/app/answer.ts): three comparisons of wasm SIMD128 over every case
// measured (the best native kernel, the same kernel natively at its width, the wasm baseline),
// said plainly with their range and doubt; and the log axes' labels, which never touch
// (web/src/app/chart.ts, keepLogLabels).
import { beforeAll, describe, expect, it } from 'vitest';
import { answerNumbers, answerSentence, plainNumber, speedWords } from '../../web/src/app/answer';
import { keepLogLabels, type LaidTick } from '../../web/src/app/chart';
import { learnIsas } from '../../web/src/app/compare';
import type { RatioEstimate } from '../../web/src/app/ratio';
import type { PageRecord } from '../../web/src/share/verify';

beforeAll(() => learnIsas([{ name: 'scalar', bits: 0 }, { name: 'sse4.1', bits: 128 }, { name: 'simd128', bits: 128 }, { name: 'avx512', bits: 512 }]));

function rec(puzzle: string, kernel: string, isa: string, build: string, median: number, extra: Partial<PageRecord> = {}): PageRecord {
  return {
    puzzle, case: 'c', case_key: `${puzzle}-case`, params: {}, kernel, isa, build, answer: {}, verified: true, verified_by: 'x', work: 1000, work_unit: 'nodes',
    timing: { samples: 11, reps_per_sample: 10, median_ns: median, min_ns: median * 0.98, mad_ns: median * 0.01, ns_per_unit: median / 1000, units_per_second: 1e12 / median },
    ...extra,
  };
}

const estimate = (value: number, lo: number, hi: number, doubtful: string | null = null) => ({ value, lo, hi, doubtful }) as RatioEstimate;

describe('the answer’s numbers', () => {
  const browser = [
    rec('nqueens', 'simd-symmetry', 'simd128', 'wasm-simd128', 1000),
    rec('nqueens', 'symmetry', 'scalar', 'wasm-simd128', 3000),
    rec('nqueens', 'symmetry', 'scalar', 'wasm-baseline', 2400),
    rec('cube', 'simd128', 'simd128', 'wasm-simd128', 100),
  ];
  const native = [
    rec('nqueens', 'simd-symmetry', 'avx512', 'native', 360),
    rec('nqueens', 'simd-symmetry', 'sse4.1', 'native', 700),
    rec('cube', 'avx512-pairs', 'avx512', 'native', 36),
    rec('cube', 'simd128', 'sse4.1', 'native', 70),
  ];

  it('set the fastest SIMD128 kernel against the best native, the same kernel at its width, and the baseline', () => {
    const n = answerNumbers(browser, native);
    expect(n.cases).toBe(2);
    expect(n.puzzles).toEqual(['nqueens', 'cube']);
    expect(n.bestIsas).toEqual(['avx512']);
    const [best, same, simd] = n.comparisons;
    expect(best!.ratio!.value).toBeCloseTo(0.36, 5); // both cases 0.36: their geometric mean
    expect(best!.cases).toBe(2);
    expect(same!.ratio!.value).toBeCloseTo(0.7, 5); // sse4.1, never the 512-bit one
    expect(simd!.ratio!.value).toBeCloseTo(2.4, 5); // only N-queens ran the baseline
    expect(simd!.cases).toBe(1);
  });

  it('set the fastest SIMD kernel against native, not a scalar kernel that wins in the SIMD128 build', () => {
    const scalarWins = [...browser, rec('nqueens', 'bitmask-stack', 'scalar', 'wasm-simd128', 500)];
    const [best, same] = answerNumbers(scalarWins, native).comparisons;
    expect(best!.ratio!.value).toBeCloseTo(0.36, 5); // simd-symmetry's, as before
    expect(same!.ratio!.value).toBeCloseTo(0.7, 5);
  });

  it('say nothing without a SIMD128 result, and only what was measured', () => {
    expect(answerNumbers(browser.filter((r) => r.build === 'wasm-baseline'), native).cases).toBe(0);
    const n = answerNumbers(browser, []);
    expect(n.comparisons.map((c) => c.ratio === null)).toEqual([true, true, false]);
    expect(answerSentence(answerNumbers([], native), 'x')).toBeNull();
    expect(answerSentence(n, 'N-queens')).toMatch(/^Here, on N-queens, wasm SIMD128 against wasm without SIMD: about 2\.4× as fast \(/);
  });
});

describe('the answer in words', () => {
  it('reads a ratio below 1 as how much longer wasm takes, with its range and doubt', () => {
    expect(speedWords(estimate(0.36, 0.24, 0.37, 'shared CPU'), 'native')).toBe('at about 0.36× the speed of native: wasm takes about 2.8 times as long (0.24–0.37×, doubtful)');
    expect(speedWords(estimate(2.3, 1.9, 2.6))).toBe('about 2.3× as fast (1.9–2.6×)');
    expect(speedWords(estimate(0.9, 0.7, 1.2), 'native')).toBe('about as fast as native: which is faster is not known (0.7–1.2×)');
    expect(speedWords(estimate(0.5, 0, Infinity))).toBe('about as fast: which is faster is not known (0–∞×)');
    expect([0.356, 2.84, 12.4, 0.0123].map(plainNumber)).toEqual(['0.36', '2.8', '12', '0.012']);
  });

  it('is one sentence per comparison, the best native first, naming its ISA', () => {
    const browser = [rec('nqueens', 'simd-symmetry', 'simd128', 'wasm-simd128', 1000), rec('nqueens', 'symmetry', 'scalar', 'wasm-baseline', 2300)];
    const native = [rec('nqueens', 'simd-symmetry', 'avx512', 'native', 360), rec('nqueens', 'simd-symmetry', 'sse4.1', 'native', 700)];
    const text = answerSentence(answerNumbers(browser, native), 'N-queens: N = 12')!;
    expect(text).toMatch(/^Here, wasm SIMD128 runs N-queens: N = 12 at about 0\.36× the speed of this machine’s best native code \(avx512\): wasm takes about 2\.8 times as long \(/);
    expect(text).toMatch(/ Against the same kernel compiled natively at the same width: at about 0\.7× the speed: wasm takes about 1\.4 times as long \(/);
    expect(text).toMatch(/ Against wasm without SIMD: about 2\.3× as fast \(/);
  });
});

describe('a log axis’s labels', () => {
  // 100 px a decade, labels 14 px tall: 10, 20, ... 90, 100, 200 ... 1000 on a vertical axis.
  const decade = (px: number, size: number): LaidTick[] =>
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((v) => ({ value: v, at: 400 - px * Math.log10(v), size }));
  const touching = (ticks: LaidTick[], keep: boolean[]) => {
    const kept = ticks.filter((_, i) => keep[i]).sort((a, b) => a.at - b.at);
    return kept.some((t, i) => i > 0 && t.at - kept[i - 1]!.at < (t.size + kept[i - 1]!.size) / 2);
  };

  it('never touch, and keep powers of ten first, then 5, 2 and 3', () => {
    for (const px of [20, 40, 80, 160, 400]) {
      const ticks = decade(px, 14);
      const keep = keepLogLabels(ticks);
      expect(touching(ticks, keep), `${px} px a decade`).toBe(false);
      expect(keep[0] && keep[9] && keep[18], `${px} px: 1, 10, 100`).toBe(true);
    }
    const roomy = keepLogLabels(decade(400, 14));
    expect(roomy.filter(Boolean).length).toBe(19); // room for every label
    const tight = decade(25, 14);
    expect(tight.filter((_, i) => keepLogLabels(tight)[i]).map((t) => t.value)).toEqual([1, 10, 100]);
    const middling = decade(120, 14);
    expect(middling.filter((_, i) => keepLogLabels(middling)[i]).map((t) => t.value)).toEqual(expect.arrayContaining([1, 5, 10, 50, 100]));
  });

  it('count a horizontal axis’s label widths', () => {
    const wide: LaidTick[] = [{ value: 100, at: 0, size: 60 }, { value: 200, at: 30, size: 60 }, { value: 1000, at: 100, size: 60 }];
    expect(keepLogLabels(wide)).toEqual([true, false, true]);
  });
});
