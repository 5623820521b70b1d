// The Suite's pure part (web/src/app/suite.ts): which record is "best" on each side, the
// scoreboard's ratios, their geometric mean with its range, the time left, Run all's plan from the
// real catalog (every puzzle's suite case a benchmark case), and suite links and history entries.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { ratioBar } from '../../web/src/app/chart';
import { learnIsas } from '../../web/src/app/compare';
import { readFragment } from '../../web/src/app/fragment';
import { entryOf, readEntry, SUITE_RUN } from '../../web/src/app/history';
import type { PuzzleView } from '../../web/src/app/puzzle-view';
import { ratioText, type RatioEstimate } from '../../web/src/app/ratio';
import { runProgress } from '../../web/src/app/run-controller';
import { fastest, geoMean, isSuiteReport, nativeUsed, planSize, RATIO_COLUMNS, scoreRows, suiteMeans, suitePlan, timeLeft } from '../../web/src/app/suite';
import type { PeerProgram } from '../../web/src/peers/program';
import { views } from '../../web/src/puzzles';
import type { Build } from '../../web/src/share/builds';
import { decodeLink, encodeLink } from '../../web/src/share/codec';
import { nativeLinkRecord } from '../../web/src/share/export';
import type { CatalogPuzzle } from '../../web/src/share/engine-types';
import type { Environment } from '../../web/src/share/schema';
import { screenRecords, type PageRecord } from '../../web/src/share/verify';
import { verifyContextOf } from './verify-context';
import { defaultCase, suiteCases } from './puzzles';
import { call, loadModule } from './wasm-module';

beforeAll(() => learnIsas([{ name: 'scalar', bits: 0 }, { name: 'sse4.1', bits: 128 }, { name: 'simd128', bits: 128 }, { name: 'avx2', bits: 256 }, { name: 'peer', bits: 0 }]));

function rec(kernel: string, isa: string, build: string, median: number, extra: Partial<PageRecord> = {}): PageRecord {
  return {
    puzzle: 'nqueens', case: 'n=12', case_key: 'n=12', params: { n: 12 }, kernel, isa, build, answer: { total: 14200, unique: 1787 },
    verified: true, verified_by: 'OEIS', work: 1000, work_unit: 'nodes',
    timing: { samples: 11, reps_per_sample: 10000, median_ns: median, min_ns: median, mad_ns: 0, ns_per_unit: median / 1000, units_per_second: 1e12 / median },
    ...extra,
  };
}

const estimate = (value: number, lo: number, hi: number, doubtful: string | null = null, extra: Partial<RatioEstimate> = {}): RatioEstimate => ({ value, lo, hi, doubtful, method: 'across-sessions', ...extra });

describe('the best of a side', () => {
  it('is the fastest timed kernel of ours, never a peer, a refuted answer or another build', () => {
    const records = [
      rec('bitmask-recursive', 'scalar', 'wasm-simd128', 900),
      rec('simd-compact', 'simd128', 'wasm-simd128', 300),
      rec('chess.js', 'peer', 'peer-js', 10), // a peer: never "best"
      rec('simd-lanes', 'simd128', 'wasm-simd128', 100, { verified: false }), // wrong answer
      rec('symmetry', 'scalar', 'wasm-baseline', 200),
      { ...rec('bitmask-stack', 'scalar', 'wasm-simd128', 50), timing: undefined }, // not timed
    ];
    expect(fastest(records)?.kernel).toBe('symmetry');
    expect(fastest(records, (b) => b === 'wasm-simd128')?.kernel).toBe('simd-compact');
    expect(fastest(records, (b) => b === 'js')).toBeNull();
  });
});

describe('a scoreboard row', () => {
  const mine = [
    rec('simd-symmetry', 'simd128', 'wasm-simd128', 600),
    rec('bitmask-recursive', 'scalar', 'wasm-simd128', 4000),
    rec('symmetry', 'scalar', 'wasm-baseline', 1800),
    rec('bitmask-recursive', 'scalar', 'js', 9000),
  ];
  const native = [
    rec('simd-symmetry', 'sse4.1', 'native', 800),
    rec('simd-symmetry', 'avx2', 'native', 300),
    rec('simd-compact', 'avx2', 'native', 450),
    { ...rec('simd-symmetry', 'avx2', 'native', 100), case_key: 'n=14' }, // another case
  ];

  it('sets the best wasm kernel against the best native one, the same kernel natively (same width), the baseline build and JavaScript', () => {
    const [row] = scoreRows(mine, native);
    expect(row!.bestWasm?.kernel).toBe('simd-symmetry');
    expect(row!.bestNative?.isa).toBe('avx2');
    expect(row!.ratios.native?.value).toBeCloseTo(300 / 600);
    expect(row!.sameKernel?.record.isa).toBe('sse4.1'); // 128-bit against 128-bit
    expect(row!.ratios['same-kernel']?.value).toBeCloseTo(800 / 600);
    expect(row!.ratios.simd?.value).toBeCloseTo(1800 / 600);
    expect(row!.ratios.js?.value).toBeCloseTo(9000 / 600);
    expect(row!.ratios.peer).toBeNull();
    expect(nativeUsed([row!]).map((r) => r.isa).sort()).toEqual(['avx2', 'sse4.1']);
  });

  it('sets the best SIMD128 kernel in the relaxed build against itself in SIMD128, where the relaxed build ran', () => {
    expect(scoreRows(mine, native)[0]!.ratios.relaxed).toBeNull(); // no relaxed run: no ratio (and no column)
    const withRelaxed = [...mine, rec('simd-symmetry', 'simd128', 'wasm-relaxed', 400), rec('bitmask-recursive', 'scalar', 'wasm-relaxed', 100)];
    const [row] = scoreRows(withRelaxed, native);
    expect(row!.relaxedKernel?.kernel).toBe('simd-symmetry'); // the same kernel, not relaxed's fastest
    expect(row!.ratios.relaxed?.value).toBeCloseTo(600 / 400);
    expect(row!.bestSimdKernel?.build).toBe('wasm-simd128'); // the native columns stay SIMD128's
    expect(RATIO_COLUMNS.find((c) => c.key === 'relaxed')!.label).toBe('same SIMD kernel: relaxed ÷ SIMD128');
  });

  it('marks its native ratios "another machine" where the native numbers were measured elsewhere, and only those', () => {
    const [here] = scoreRows(mine, native);
    expect(here!.ratios.native?.otherMachine).toBeNull();
    const [shipped] = scoreRows(mine, native, { records: null, native: 'shipped, measured on AMD EPYC 9999' });
    expect(ratioText(shipped!.ratios.native)).toMatch(/, another machine, doubtful$/); // doubtful: these records have no rounds
    expect(shipped!.ratios['same-kernel']?.otherMachine).toBe('shipped, measured on AMD EPYC 9999');
    expect(shipped!.ratios.simd?.otherMachine).toBeNull(); // both yours
    const [sharers] = scoreRows(mine, native, { records: 'the sharer’s', native: 'the sharer’s' });
    expect(sharers!.ratios.native?.otherMachine).toBeNull(); // the sharer's own ratio
  });

  it('sets the fastest SIMD kernel against native, never a scalar kernel that wins in wasm', () => {
    // The scalar kernel is faster in wasm here: it stays the peers' and JavaScript's "best wasm",
    // but what SIMD costs is the SIMD kernel's.
    const [row] = scoreRows([...mine, rec('symmetry', 'scalar', 'wasm-simd128', 400)], native);
    expect(row!.bestWasm?.kernel).toBe('symmetry');
    expect(row!.bestSimdKernel?.kernel).toBe('simd-symmetry');
    expect(row!.ratios.native?.value).toBeCloseTo(300 / 600);
    expect(row!.sameKernel?.record.kernel).toBe('simd-symmetry');
    expect(row!.ratios.js?.value).toBeCloseTo(9000 / 400);
    // No SIMD kernel ran: no native ratio (a scalar one would answer another question).
    const [scalarOnly] = scoreRows(mine.filter((r) => r.isa === 'scalar'), native);
    expect(scalarOnly!.bestSimdKernel).toBeNull();
    expect(scalarOnly!.ratios.native).toBeNull();
    expect(scalarOnly!.ratios.simd).not.toBeNull();
    expect(RATIO_COLUMNS.find((c) => c.key === 'native')!.label).toBe('best SIMD128 kernel ÷ best native');
  });

  it('has no native ratio where the case has no native number', () => {
    const [row] = scoreRows(mine, []);
    expect(row!.bestNative).toBeNull();
    expect(row!.ratios.native).toBeNull();
    expect(row!.ratios['same-kernel']).toBeNull();
    expect(row!.ratios.simd).not.toBeNull();
  });

  it('is one per puzzle and case, in the order the records came', () => {
    const cube = { ...rec('simd128', 'simd128', 'wasm-simd128', 300), puzzle: 'cube', case_key: 'compose', case: 'compose' };
    expect(scoreRows([...mine, cube], native).map((r) => r.puzzle)).toEqual(['nqueens', 'cube']);
  });
});

describe('the geometric mean of ratios', () => {
  it('takes the mean of the logs of the medians’ ratios and of each end of the ranges', () => {
    const m = geoMean([estimate(2, 1.5, 3), estimate(8, 6, 12), null])!;
    expect(m.count).toBe(2);
    expect(m.ratio.value).toBeCloseTo(4);
    expect(m.ratio.lo).toBeCloseTo(3);
    expect(m.ratio.hi).toBeCloseTo(6);
    expect(ratioText(m.ratio)).toBe('4.00× (3.00–6.00)');
  });

  it('reads ≈ 1× when its range holds 1, even where no term does', () => {
    const m = geoMean([estimate(0.5, 0.45, 0.55), estimate(2.2, 1.9, 2.4)])!;
    expect(m.ratio.lo).toBeLessThan(1);
    expect(m.ratio.hi).toBeGreaterThan(1);
    expect(ratioText(m.ratio)).toMatch(/^≈ 1× /);
  });

  it('stays open-ended where a term is, and says how many terms were doubtful, and why', () => {
    const m = geoMean([estimate(2, 0, Infinity), estimate(2, 1.9, 2.1, 'native measured while …')])!;
    expect(m.ratio.lo).toBe(0);
    expect(m.ratio.hi).toBe(Infinity);
    expect(m.ratio.doubtful).toBe('1 of its 2 ratios doubtful: native measured while …');
    expect(m.ratio.otherMachine).toBeNull();
  });

  it('is as weak as its weakest term, and across machines where any term is', () => {
    const m = geoMean([estimate(2, 1.9, 2.1, null, { method: 'paired' }), estimate(2, 1.5, 2.5, null, { method: 'legacy', otherMachine: 'the sharer’s' })])!;
    expect(m.ratio.method).toBe('legacy');
    expect(m.ratio.otherMachine).toBe('1 of its 2 ratios across machines: the sharer’s');
    expect(ratioText(m.ratio)).toBe('2.00× (1.69–2.29), another machine');
    expect(geoMean([estimate(2, 1.9, 2.1, null, { method: 'paired' }), estimate(2, 1.9, 2.1, null, { method: 'interleaved' })])!.ratio.method).toBe('interleaved');
  });

  it('is null without any ratio; over the suite, per column', () => {
    expect(geoMean([null, null])).toBeNull();
    const means = suiteMeans(scoreRows([rec('symmetry', 'scalar', 'wasm-simd128', 100), rec('symmetry', 'scalar', 'wasm-baseline', 200)], []));
    expect(means.simd?.ratio.value).toBeCloseTo(2);
    expect(means.native).toBeNull();
  });
});

describe('the time left', () => {
  it('follows from the time spent and the fraction done, once there is enough to tell', () => {
    expect(timeLeft(10, 0.25)).toBeCloseTo(30);
    expect(timeLeft(1, 0.5)).toBeNull(); // under 2 s
    expect(timeLeft(10, 0.01)).toBeNull(); // under 2 %
    expect(timeLeft(10, 1)).toBeNull();
  });
});

describe('Run all’s progress line', () => {
  it('names the puzzle, its case, the build and the kernel, and counts the whole suite', () => {
    const e = { phase: 'sample' as const, puzzle: 'nqueens', case: 'n=12', kernel: 'symmetry', isa: 'scalar', kernel_index: 2, kernel_count: 7, case_index: 1, case_count: 1, sample: 5, samples: 10 };
    const at = runProgress('simd128', e, 10, 40, 'N-queens');
    expect(at.text).toBe('N-queens, n=12 · wasm SIMD128 · kernel 2/7 symmetry/scalar · round 5/10');
    expect(at.fraction).toBeCloseTo((10 + 1 + 0.5) / 40);
    // A puzzle's own run keeps its shorter line.
    expect(runProgress('simd128', e, 0, 7).text).toBe('wasm-simd128 · kernel 2/7 symmetry/scalar · round 5/10');
  });
});

describe('the chart’s bars', () => {
  it('run over each ratio’s range with its estimate inside, finite and positive for a log axis', () => {
    expect(ratioBar(estimate(2, 1.5, 3))).toEqual({ lo: 1.5, hi: 3, value: 2 });
    // A range holding 1 is drawn across the 1× line, as the table reads it "≈ 1×".
    const across = ratioBar(estimate(1.1, 0.8, 1.4))!;
    expect(across.lo).toBeLessThan(1);
    expect(across.hi).toBeGreaterThan(1);
    // A range open at an end is drawn to a cap; no ratio, no bar.
    expect(ratioBar(estimate(2, 0, Infinity), 100)).toEqual({ lo: 0.02, hi: 200, value: 2 });
    expect(ratioBar(null)).toBeNull();
    expect(ratioBar(estimate(0, 0, 0))).toBeNull();
  });
});

describe('Run all’s plan, from the real catalogs', () => {
  let m: SimdPuzzlesModule;
  let puzzles: CatalogPuzzle[];
  beforeAll(async () => {
    m = await loadModule('simd');
    puzzles = call(m, { action: 'catalog' }).puzzles;
  });

  it('gives every puzzle a quick case that is one of its benchmark cases (a view that names it says why)', async () => {
    for (const p of puzzles) {
      const suite = views.get(p.id)?.suite;
      // A puzzle whose view names none runs its default case, a bench case (default-cases.test.ts).
      if (!suite) {
        expect(await suiteCases(p), p.id).toHaveLength(1);
        continue;
      }
      expect(suite.why.length, p.id).toBeGreaterThan(10);
      const chosen = p.bench_cases.filter(suite.cases);
      expect(chosen.length, p.id).toBeGreaterThanOrEqual(1);
      expect(chosen.length, p.id).toBeLessThanOrEqual(2);
      // The engine's bench takes the names.
      const r = call(m, { action: 'validate', puzzle: p.id, cases: chosen.map((c) => c.params) });
      expect(r.cases.every((c: { ok: boolean }) => c.ok), p.id).toBe(true);
    }
  });

  it('runs every kernel in both wasm builds, JavaScript only when picked, and the suite peers that load', async () => {
    const catalogs = new Map<Build, readonly CatalogPuzzle[]>([['simd128', puzzles], ['baseline', puzzles.map((p) => ({ ...p, kernels: p.kernels.filter((k) => k.isa === 'scalar') }))]]);
    const defaults = new Map(await Promise.all(puzzles.map(async (p) => [p.id, await defaultCase(p)] as const)));
    const plan = suitePlan(puzzles, catalogs, new Set<Build>(['simd128']), views, new Map([['chess.js', null], ['stockfish.js', null]]), (p) => defaults.get(p.id) ?? null);
    expect(plan.map((p) => p.puzzle).sort()).toEqual(puzzles.map((p) => p.id).sort());
    for (const part of plan) {
      expect(part.builds.map((b) => b.build)).toEqual(['simd128', 'baseline']);
      expect(part.builds[0]!.kernels).toEqual(puzzles.find((p) => p.id === part.puzzle)!.kernels.map((k) => k.key));
    }
    expect(plan.find((p) => p.puzzle === 'chess')!.peers.map((p: PeerProgram) => p.peer.kernel)).toEqual(['chess.js']);
    expect(planSize(plan)).toBeGreaterThan(20);
    // chess.js not loadable here: left out; the js build when picked.
    const without = suitePlan(puzzles, new Map([...catalogs, ['js', puzzles]]), new Set<Build>(['js']), views, new Map([['chess.js', 'missing']]), () => null);
    expect(without.find((p) => p.puzzle === 'chess')!.peers).toEqual([]);
    expect(without[0]!.builds.map((b) => b.build)).toEqual(['simd128', 'baseline', 'js']);
  });

  it('falls back to the default case for a puzzle whose view names none', () => {
    const bare = new Map<string, PuzzleView>();
    const plan = suitePlan(puzzles.slice(0, 1), new Map([['simd128', puzzles]]), new Set(), bare, new Map(), (p) => p.bench_cases[0]!.name);
    expect(plan[0]!.cases).toEqual([puzzles[0]!.bench_cases[0]!.name]);
    expect(plan[0]!.why).toBe('its default case');
  });
});

describe('the suite’s address, link and history entry', () => {
  const environment: Environment = {
    side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'unknown', features: 'simd128', compiler: 'emscripten 3.1.6', flags: '-O3',
    timer_resolution_ns: 5000, date: '2026-11-26T14:00:00Z', cores: 2,
  };
  const nqueens = rec('symmetry', 'scalar', 'wasm-simd128', 1000);
  const cube = { ...rec('simd128', 'simd128', 'wasm-simd128', 300), puzzle: 'cube', case_key: 'compose', case: 'compose', params: { op: 'compose-throughput' } };

  it('#suite opens it, #suite?profile=smoke with the short profile; nothing else', () => {
    expect(readFragment('#suite', ['nqueens'])).toEqual({ kind: 'suite', profile: 'full' });
    expect(readFragment('#suite?profile=smoke', ['nqueens'])).toEqual({ kind: 'suite', profile: 'smoke' });
    expect(readFragment('#suite?profile=fast', ['nqueens'])).toEqual({ kind: 'unknown', text: 'suite?profile=fast' });
  });

  it('a suite link decodes as one, and a broken one says what is wrong', async () => {
    const { case_key: _k, ...portable } = nqueens;
    const link = { v: 1 as const, suite: { profile: 'full' as const, environment, records: [portable], native: null } };
    const decoded = await decodeLink(`#${await encodeLink(link)}`);
    expect(decoded).toEqual({ kind: 'suite', state: link });
    const empty = await decodeLink(`#${await encodeLink({ ...link, suite: { ...link.suite, records: [] } })}`);
    expect(empty).toMatchObject({ kind: 'error', message: expect.stringContaining('the suite in the link is not valid: suite.records') });
    const extra = await decodeLink(`#${await encodeLink({ ...link, suite: { ...link.suite, run: 'now' } } as never)}`);
    expect(extra.kind).toBe('error');
  });

  it('a native record keeps its shared-CPU mark through the link, bounded; links without it still open', async () => {
    const shared = { others_cores: 1.2, cores: 2 };
    const native = rec('simd-symmetry', 'avx2', 'native', 800, { cpu_shared: shared, measured_now: true });
    const carried = nativeLinkRecord(native);
    expect(carried.cpu_shared).toEqual(shared);
    expect(carried).not.toHaveProperty('measured_now');
    expect(nativeLinkRecord(rec('symmetry', 'avx2', 'native', 800))).not.toHaveProperty('cpu_shared');
    // A SIMD kernel: the scoreboard's native ratios are the SIMD kernels' (suite.ts, fastestSimdKernel).
    const { case_key: _k, ...portable } = rec('simd-symmetry', 'simd128', 'wasm-simd128', 1000);
    const nativeEnv: Environment = { ...environment, side: 'native', build: 'native', arch: 'x86_64' };
    const link = (records: unknown[]) => ({ v: 1 as const, suite: { profile: 'full' as const, environment, records: [portable], native: { environment: nativeEnv, records } } });
    const decoded = await decodeLink(`#${await encodeLink(link([carried]) as never)}`);
    expect(decoded.kind).toBe('suite');
    const got = decoded.kind === 'suite' ? decoded.state.suite.native!.records[0]! : null;
    expect(got?.cpu_shared).toEqual(shared);
    // A link made before the mark was carried still opens, unmarked.
    const { cpu_shared: _s, ...old } = carried;
    expect((await decodeLink(`#${await encodeLink(link([old]) as never)}`)).kind).toBe('suite');
    // Bounded and validated like every other field.
    for (const bad of [{ others_cores: 3, cores: 2 }, { others_cores: -1, cores: 2 }, { others_cores: 1, cores: 0 }, { others_cores: 1, cores: 2, note: 'x' }, { others_cores: '1', cores: 2 }])
      expect((await decodeLink(`#${await encodeLink(link([{ ...carried, cpu_shared: bad }]) as never)}`)).kind, JSON.stringify(bad)).toBe('error');
    // The viewer screens it like any claim and keeps the mark: the ratio from it is doubtful, as the
    // sharer's was.
    const ctx = verifyContextOf(await loadModule('simd'));
    const screened = await screenRecords(decoded.kind === 'suite' ? decoded.state.suite.native!.records : [], 'report', ctx);
    expect(screened.rejected).toEqual([]);
    expect(screened.records[0]!.cpu_shared).toEqual(shared);
    const mine = (await screenRecords([portable], 'link', ctx)).records;
    const row = scoreRows(mine, screened.records)[0]!;
    expect(row.bestSimdKernel?.kernel).toBe('simd-symmetry');
    expect(row.ratios.native?.doubtful).toContain('native measured while other programs used 1.2 of 2 cores');
    expect(ratioText(row.ratios.native)).toContain('doubtful');
  });

  it('an imported browser report of several puzzles is a suite’s (the Suite screen shows it); one puzzle’s or a native one is not', () => {
    const report = (side: 'wasm' | 'native', records: PageRecord[]) => ({ schema: 'simd-puzzles.report/2' as const, environment: { ...environment, side }, records });
    expect(isSuiteReport(report('wasm', [nqueens, cube]))).toBe(true);
    expect(isSuiteReport(report('wasm', [nqueens, nqueens]))).toBe(false);
    expect(isSuiteReport(report('native', [nqueens, cube]))).toBe(false);
  });

  it('a Run all’s history entry holds every puzzle’s records; a puzzle’s entry still only its own', () => {
    const entry = entryOf({ puzzle: SUITE_RUN, what: 'Run all (5 puzzles)', outcome: 'finished', environment, records: [nqueens, cube], date: new Date('2026-11-26T15:00:00Z') })!;
    const read = readEntry(3, entry);
    expect(read, JSON.stringify(read)).toMatchObject({ ok: true, entry: { puzzle: 'suite' } });
    const mixed = entryOf({ puzzle: 'nqueens', what: 'n=12', outcome: 'finished', environment, records: [nqueens, cube], date: new Date() })!;
    expect(readEntry(4, mixed)).toMatchObject({ ok: false, reason: expect.stringContaining("a record of 'cube' in a run of 'nqueens'") });
  });
});
