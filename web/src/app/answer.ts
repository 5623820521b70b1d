// The answer first, the pure part: what wasm SIMD costs on this machine, in one plain sentence and
// three numbers, from whatever the page holds: the kernels wasm SIMD128 ran (the last Run all, the
// viewer's runs, or the last Suite kept in the History) against this machine's native numbers.
// Three comparisons, each over every case measured (a geometric mean, with its range, suite.ts):
//  - SIMD128's fastest SIMD kernel against the best native kernel of this machine (AVX2, AVX-512
//    or NEON: what native code can do here);
//  - that SIMD kernel against itself compiled natively at the same vector width (what the wasm
//    translation costs);
//  - SIMD128 against the wasm baseline build without SIMD (what wasm SIMD buys).
// Every ratio is ratio.ts's (ratioOf), with its interval and its doubts; the words here only say
// them plainly ("about 0.36× native: wasm takes about 2.8 times as long"). The view is
// views/answer-view.ts.
import { recordBuild } from '../share/builds';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart } from './compare';
import { otherMachine, ratioOf, type RatioEstimate } from './ratio';
import { fastest, fastestSimdKernel, geoMean, type ScoreSources } from './suite';

export type ComparisonKey = 'native' | 'same-kernel' | 'simd';

export interface Comparison {
  key: ComparisonKey;
  /** What wasm SIMD128 is set against, in words ("the best native kernel of this machine"). */
  against: string;
  /** The geometric mean over the cases measured on both sides, or null when none is. */
  ratio: RatioEstimate | null;
  /** How many cases it covers. */
  cases: number;
}

export interface AnswerNumbers {
  comparisons: Comparison[];
  /** The native ISAs that were the best here, most frequent first ("avx512"). */
  bestIsas: string[];
  /** Cases with a SIMD128 result, and puzzles among them. */
  cases: number;
  puzzles: string[];
}

export const COMPARISONS: readonly { key: ComparisonKey; against: string; label: string }[] = [
  { key: 'native', against: 'this machine’s best native code', label: 'the best native kernel' },
  { key: 'same-kernel', against: 'the same kernel compiled natively at the same width', label: 'the same kernel, native' },
  { key: 'simd', against: 'wasm without SIMD', label: 'wasm without SIMD' },
];

/** The three comparisons over `browser` records (any puzzles and cases) and `native` ones;
 * `sources`: where each was measured (suite.ts, ScoreSources), so that the native comparisons say
 * "another machine" where the native numbers came from elsewhere. */
export function answerNumbers(browser: readonly PageRecord[], native: readonly PageRecord[], sources: ScoreSources = { records: null, native: null }): AnswerNumbers {
  const acrossMachines = { otherMachine: otherMachine(sources.records, sources.native) };
  const groups = new Map<string, PageRecord[]>();
  // The answer is about our kernels: a user's kernel (app/playground/, `yours`) is not one of them,
  // on either side (suite.ts, fastest, leaves it out too).
  native = native.filter((r) => r.kernel !== 'yours');
  for (const r of browser) {
    if (r.kernel === 'yours') continue;
    const key = `${r.puzzle}|${r.case_key}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const ratios: Record<ComparisonKey, (RatioEstimate | null)[]> = { native: [], 'same-kernel': [], simd: [] };
  const isas = new Map<string, number>();
  const puzzles = new Set<string>();
  let cases = 0;
  for (const here of groups.values()) {
    const simd = fastest(here, (b) => b === recordBuild('simd128'));
    if (!simd) continue;
    cases += 1;
    puzzles.add(simd.puzzle);
    const nativeHere = native.filter((r) => r.puzzle === simd.puzzle && r.case_key === simd.case_key && r.verified !== false);
    const bestNative = fastest(nativeHere);
    if (bestNative) isas.set(bestNative.isa, (isas.get(bestNative.isa) ?? 0) + 1);
    // Against native: the fastest SIMD kernel (as the Suite's scoreboard), never a scalar one
    // that happens to win in the SIMD128 build.
    const kernel = fastestSimdKernel(here);
    const same = kernel ? nativeCounterpart(kernel, nativeHere) : null;
    const baseline = fastest(here, (b) => b === recordBuild('baseline'));
    ratios.native.push(kernel && bestNative ? ratioOf(kernel, bestNative, acrossMachines) : null);
    ratios['same-kernel'].push(kernel && same ? ratioOf(kernel, same.record, acrossMachines) : null);
    ratios.simd.push(baseline ? ratioOf(simd, baseline) : null);
  }
  return {
    comparisons: COMPARISONS.map(({ key, against }) => {
      const mean = geoMean(ratios[key]);
      return { key, against, ratio: mean?.ratio ?? null, cases: mean?.count ?? 0 };
    }),
    bestIsas: [...isas].sort((a, b) => b[1] - a[1]).map(([isa]) => isa),
    cases,
    puzzles: [...puzzles],
  };
}

/** A ratio in words, two significant digits ("0.36", "2.8", "12"). */
export function plainNumber(x: number): string {
  if (!Number.isFinite(x)) return '∞';
  return x >= 10 ? String(Math.round(x)) : String(Number(x.toPrecision(2)));
}

const rangeWords = (r: RatioEstimate) => `${plainNumber(r.lo)}–${Number.isFinite(r.hi) ? plainNumber(r.hi) : '∞'}×`;

/** Whether the interval leaves the order open (either side may be the faster). */
const open = (r: RatioEstimate) => r.lo <= 1 && r.hi >= 1;

/**
 * How fast wasm runs against `against`, as a person says it, with the range and the doubt: "at
 * about 0.36× the speed of X: wasm takes about 2.8 times as long (0.24–0.37×)", "about 2.3× as
 * fast as X (1.9–2.6×)", "about as fast as X: which is faster is not known (0.8–1.3×)";
 * ", another machine" where the sides come from two machines and ", doubtful" where ratio.ts has a
 * doubt, as the tables say them. Without `against`, the same without naming it.
 */
export function speedWords(r: RatioEstimate, against?: string): string {
  const range = `(${rangeWords(r)}${r.otherMachine ? ', another machine' : ''}${r.doubtful ? ', doubtful' : ''})`;
  const of = against ? ` of ${against}` : '';
  const as = against ? ` as ${against}` : '';
  if (open(r)) return `about as fast${as}: which is faster is not known ${range}`;
  if (r.value < 1) return `at about ${plainNumber(r.value)}× the speed${of}: wasm takes about ${plainNumber(1 / r.value)} times as long ${range}`;
  return `about ${plainNumber(r.value)}× as fast${as} ${range}`;
}

/** The answer's sentence over `numbers`, or null when wasm SIMD128 has not run against anything
 * yet. `scope`: what ran, in words ("these kernels (5 puzzles, 5 cases)", "N-queens: N = 12"). */
export function answerSentence(numbers: AnswerNumbers, scope: string): string | null {
  const [native, same, simd] = numbers.comparisons as [Comparison, Comparison, Comparison];
  const isa = numbers.bestIsas.length ? ` (${numbers.bestIsas.slice(0, 2).join(', ')})` : '';
  const parts: string[] = [];
  // Native numbers from elsewhere (a shipped or served report) are not this machine's.
  const best = native.ratio?.otherMachine ? 'the best native code of the machine that measured the native numbers' : native.against;
  if (native.ratio) parts.push(`Here, wasm SIMD128 runs ${scope} ${speedWords(native.ratio, `${best}${isa}`)}.`);
  const lead = parts.length ? '' : `Here, on ${scope}, wasm SIMD128 against `;
  if (same.ratio) parts.push(`${lead || 'Against '}${same.against}: ${speedWords(same.ratio)}.`);
  if (simd.ratio) parts.push(`${parts.length ? 'Against ' : lead}${simd.against}: ${speedWords(simd.ratio)}.`);
  return parts.length ? parts.join(' ') : null;
}
