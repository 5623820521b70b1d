// The Suite (#suite), the pure part: what Run all runs (each puzzle's quick benchmark case, every
// kernel, both wasm builds, JavaScript where that build is on, the cheap peers), and the
// scoreboard made of what it measured: per puzzle the best SIMD kernel in wasm SIMD128 against the
// best native kernel and against the same kernel natively, SIMD128 against the baseline build, the peers and
// plain JavaScript, each a ratio with its range (ratio.ts), and their geometric means over the
// suite. The controller is suite-controller.ts, the screen views/suite-view.ts.
import type { PeerProgram } from '../peers/program';
import { BUILDS, recordBuild, WASM_BUILDS, type Build } from '../share/builds';
import type { CatalogPuzzle } from '../share/engine-types';
import { isPeerRecord } from '../share/peers';
import type { Report } from '../share/schema';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart, vectorBits, type Counterpart } from './compare';
import type { PuzzleView } from './puzzle-view';
import { otherMachine, ratioOf, type RatioEstimate, type RatioMethod } from './ratio';
import type { SuiteProfile } from './state/store';

/** The harness's options per profile: 'full' leaves its own rules (11 samples of >= 10 ms). */
export const SUITE_HARNESS: Record<SuiteProfile, { min_samples: number; min_sample_ms: number } | null> = {
  full: null,
  smoke: { min_samples: 3, min_sample_ms: 1 },
};

/** One puzzle's part of Run all. */
export interface SuitePart {
  puzzle: string;
  title: string;
  /** Benchmark case names (the engine's bench request takes them). */
  cases: string[];
  /** Each build that runs, with every kernel it has of the puzzle. */
  builds: { build: Build; kernels: string[] }[];
  peers: PeerProgram[];
  /** Why these cases (PuzzleView.suite), shown on the Suite screen. */
  why: string;
}

/**
 * Run all's plan: for each puzzle in tab order, its suite cases (PuzzleView.suite; else
 * `defaultCase`, the bench case of its default params), every kernel of each wasm build this
 * browser runs, the js build when it is picked, and the puzzle's suite peers that can load here.
 */
export function suitePlan(
  puzzles: readonly CatalogPuzzle[],
  catalogs: ReadonlyMap<Build, readonly CatalogPuzzle[]>,
  picked: ReadonlySet<Build>,
  views: ReadonlyMap<string, PuzzleView>,
  peerUnavailable: ReadonlyMap<string, string | null>,
  defaultCase: (puzzle: CatalogPuzzle) => string | null,
): SuitePart[] {
  const builds = BUILDS.filter((b) => catalogs.has(b) && (WASM_BUILDS.includes(b) || picked.has(b)));
  return puzzles.flatMap((puzzle): SuitePart[] => {
    const view = views.get(puzzle.id);
    const chosen = view?.suite ? puzzle.bench_cases.filter(view.suite.cases).map((c) => c.name) : [defaultCase(puzzle)].filter((c): c is string => c !== null);
    if (!chosen.length) return [];
    const perBuild = builds
      .map((build) => ({ build, kernels: (catalogs.get(build)!.find((p) => p.id === puzzle.id)?.kernels ?? []).map((k) => k.key) }))
      .filter((b) => b.kernels.length);
    const peers = (view?.peers ?? []).filter((p) => view?.suite?.peers?.includes(p.peer.kernel) && peerUnavailable.has(p.peer.kernel) && peerUnavailable.get(p.peer.kernel) === null);
    return [{ puzzle: puzzle.id, title: puzzle.title, cases: chosen, builds: perBuild, peers, why: view?.suite?.why ?? 'its default case' }];
  });
}

/** Kernel runs in a plan (what the progress bar counts; peers count one each). */
export const planSize = (plan: readonly SuitePart[]): number =>
  plan.reduce((n, part) => n + part.cases.length * part.builds.reduce((k, b) => k + b.kernels.length, 0) + part.cases.length * part.peers.length, 0);

/** Time left, in seconds, from the time spent and the fraction done (null until there is enough
 * done to tell: 2 % and 2 s). */
export function timeLeft(elapsedSeconds: number, fraction: number): number | null {
  if (fraction < 0.02 || elapsedSeconds < 2 || fraction >= 1) return null;
  return (elapsedSeconds * (1 - fraction)) / fraction;
}

// ---- the scoreboard -----------------------------------------------------------------------------

/** The fastest timed record among `records` that is one of our kernels (no peer, nor a user's
 * kernel: app/playground/, `yours`) and whose answer no check refuted, or null. */
export function fastest(records: readonly PageRecord[], build: (b: string) => boolean = () => true): PageRecord | null {
  let best: PageRecord | null = null;
  for (const r of records) {
    if (!r.timing || isPeerRecord(r) || r.kernel === 'yours' || r.verified === false || !build(r.build)) continue;
    if (!best || r.timing.median_ns < best.timing!.median_ns) best = r;
  }
  return best;
}

/** The fastest SIMD kernel (one with vector code: an ISA of a vector width above 0) of the wasm
 * SIMD128 build among `records`, or null: the side of "what wasm SIMD costs", which a scalar
 * kernel that happens to win must not muddle. */
export function fastestSimdKernel(records: readonly PageRecord[]): PageRecord | null {
  return fastest(records.filter((r) => (vectorBits(r.isa) ?? 0) > 0), (b) => b === recordBuild('simd128'));
}

export type RatioKey = 'native' | 'same-kernel' | 'simd' | 'relaxed' | 'peer' | 'js';

/** The scoreboard's ratio columns: what each compares, as its header says it. */
export const RATIO_COLUMNS: readonly { key: RatioKey; label: string; title: string }[] = [
  { key: 'native', label: 'best SIMD128 kernel ÷ best native', title: 'the fastest SIMD kernel in wasm SIMD128 against the fastest native kernel of the case (any kernel, any ISA: AVX2, AVX-512, NEON…); a scalar kernel that runs faster in wasm is not this column’s' },
  { key: 'same-kernel', label: 'same SIMD kernel: SIMD128 ÷ native', title: 'the fastest SIMD kernel in wasm SIMD128 against the same kernel natively (the native ISA of the same vector width where there is one)' },
  { key: 'simd', label: 'SIMD128 ÷ baseline', title: 'the fastest kernel in the wasm SIMD128 build against the fastest in the baseline build (no SIMD): what wasm SIMD buys' },
  { key: 'relaxed', label: 'same SIMD kernel: relaxed ÷ SIMD128', title: 'the fastest SIMD kernel of wasm SIMD128 in the relaxed build (the same kernel with Relaxed SIMD’s swizzle) against itself in SIMD128: what relaxed SIMD buys; where the browser validates Relaxed SIMD' },
  { key: 'peer', label: 'best wasm ÷ peer', title: 'the fastest wasm kernel against another program on the same case (chess: chess.js)' },
  { key: 'js', label: 'best wasm ÷ best JS', title: 'the fastest wasm kernel against the fastest plain-JavaScript kernel (the js build, where it is on)' },
];

export interface ScoreRow {
  puzzle: string;
  caseKey: string;
  /** The case as its records name it. */
  caseLabel: string;
  /** The fastest wasm kernel of any kind (the peers' and JavaScript's comparisons). */
  bestWasm: PageRecord | null;
  /** The fastest SIMD kernel in wasm SIMD128 (the native comparisons: what wasm SIMD costs). */
  bestSimdKernel: PageRecord | null;
  bestNative: PageRecord | null;
  sameKernel: Counterpart | null;
  bestSimd: PageRecord | null;
  bestBaseline: PageRecord | null;
  /** bestSimdKernel's kernel in the relaxed build. */
  relaxedKernel: PageRecord | null;
  peer: PageRecord | null;
  bestJs: PageRecord | null;
  ratios: Record<RatioKey, RatioEstimate | null>;
}

/** Where a scoreboard's two kinds of numbers were measured, in words (null: here, on this page):
 * its browser records' and its native records'. Ratios between the two say "another machine" when
 * these differ (ratio.ts, otherMachine): a shipped report's native numbers against your runs, say;
 * a shared scoreboard's are both the sharer's. */
export interface ScoreSources {
  records: string | null;
  native: string | null;
}

/** One row per puzzle and case of `records` (the browser's), in the order they came, with `native`
 * (records of any case; each row takes its own case's); `sources`: where each was measured. */
export function scoreRows(records: readonly PageRecord[], native: readonly PageRecord[], sources: ScoreSources = { records: null, native: null }): ScoreRow[] {
  const acrossMachines = { otherMachine: otherMachine(sources.records, sources.native) };
  const cases = new Map<string, PageRecord[]>();
  for (const r of records) {
    const key = `${r.puzzle}|${r.case_key}`;
    cases.set(key, [...(cases.get(key) ?? []), r]);
  }
  return [...cases.values()].map((here) => {
    const { puzzle, case_key: caseKey } = here[0]!;
    const nativeHere = native.filter((r) => r.puzzle === puzzle && r.case_key === caseKey);
    const isWasm = (b: string) => WASM_BUILDS.some((w) => recordBuild(w) === b);
    const bestWasm = fastest(here, isWasm);
    const bestNative = fastest(nativeHere);
    const bestSimdKernel = fastestSimdKernel(here);
    const sameKernel = bestSimdKernel ? nativeCounterpart(bestSimdKernel, nativeHere.filter((r) => r.verified !== false)) : null;
    const bestSimd = fastest(here, (b) => b === recordBuild('simd128'));
    const bestBaseline = fastest(here, (b) => b === recordBuild('baseline'));
    const bestJs = fastest(here, (b) => b === recordBuild('js'));
    const relaxedKernel = bestSimdKernel
      ? fastest(here.filter((r) => r.kernel === bestSimdKernel.kernel && r.isa === bestSimdKernel.isa), (b) => b === recordBuild('relaxed'))
      : null;
    const peer = here.filter((r) => isPeerRecord(r) && r.timing && r.verified !== false).sort((a, b) => a.timing!.median_ns - b.timing!.median_ns)[0] ?? null;
    const ratio = (a: PageRecord | null, b: PageRecord | null | undefined, context = {}) => (a && b ? ratioOf(a, b, context) : null);
    return {
      puzzle, caseKey, caseLabel: here[0]!.case, bestWasm, bestSimdKernel, bestNative, sameKernel, bestSimd, bestBaseline, relaxedKernel, peer, bestJs,
      ratios: {
        native: ratio(bestSimdKernel, bestNative, acrossMachines),
        'same-kernel': ratio(bestSimdKernel, sameKernel?.record, acrossMachines),
        simd: ratio(bestSimd, bestBaseline),
        relaxed: ratio(relaxedKernel, bestSimdKernel),
        peer: ratio(bestWasm, peer),
        js: ratio(bestWasm, bestJs),
      },
    };
  });
}

// From the strongest basis to the weakest (ratio.ts): a mean is as weak as its weakest term.
const METHOD_ORDER: readonly RatioMethod[] = ['paired', 'interleaved', 'across-sessions', 'legacy'];

/**
 * The geometric mean of ratios with its range: the mean of the logs of the ratios, and of the
 * ranges' ends (the geometric mean grows with each of its terms, so where every ratio lies in its
 * range, their mean lies in this one). Doubtful when any term is, and across machines when any
 * term is, saying how many and why. Null for no ratio.
 */
export function geoMean(ratios: readonly (RatioEstimate | null)[]): { ratio: RatioEstimate; count: number } | null {
  const present = ratios.filter((r): r is RatioEstimate => r !== null && Number.isFinite(r.value) && r.value > 0);
  if (!present.length) return null;
  const mean = (pick: (r: RatioEstimate) => number) => Math.exp(present.reduce((sum, r) => sum + Math.log(pick(r)), 0) / present.length);
  const of = (pick: (r: RatioEstimate) => string | null | undefined, what: string) => {
    const terms = present.map(pick).filter((x): x is string => !!x);
    return terms.length ? `${terms.length} of its ${present.length} ratios ${what}: ${[...new Set(terms)].join('; ')}` : null;
  };
  return {
    ratio: {
      value: mean((r) => r.value),
      lo: mean((r) => r.lo),
      hi: mean((r) => r.hi),
      doubtful: of((r) => r.doubtful, 'doubtful'),
      method: METHOD_ORDER[Math.max(...present.map((r) => METHOD_ORDER.indexOf(r.method)))]!,
      otherMachine: of((r) => r.otherMachine, 'across machines'),
    },
    count: present.length,
  };
}

/** The suite's geometric means, by ratio column. */
export function suiteMeans(rows: readonly ScoreRow[]): Record<RatioKey, ReturnType<typeof geoMean>> {
  const out = {} as Record<RatioKey, ReturnType<typeof geoMean>>;
  for (const { key } of RATIO_COLUMNS) out[key] = geoMean(rows.map((r) => r.ratios[key]));
  return out;
}

/** The native records a scoreboard compares with: each row's best native and same-kernel
 * counterpart (what a suite link carries of them). */
export function nativeUsed(rows: readonly ScoreRow[]): PageRecord[] {
  const out = new Set<PageRecord>();
  for (const row of rows) {
    if (row.bestNative) out.add(row.bestNative);
    if (row.sameKernel) out.add(row.sameKernel.record);
  }
  return [...out];
}

/** Whether an imported browser report is a suite's results (its Download results): only the Suite
 * writes one file of several puzzles, a puzzle's tab one of its own. */
export function isSuiteReport(report: Report): boolean {
  return report.environment.side === 'wasm' && new Set(report.records.map((r) => r.puzzle)).size > 1;
}
