// A ratio's interval from rounds, and how it reads (web/src/app/ratio.ts): paired rounds in one
// session, interleaved ones, two sessions (widened by how much sessions differ), older records
// without rounds (one run's samples, marked); identical runs read "≈ 1×" (issue 27); the issue's
// busy-machine cases (a native median twice too slow) must not read as a wrong ordering stated as
// fact; and a ratio against another machine's numbers says so on the ratio itself.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otherMachine, ratioOf, ratioText, ratioTitle, timingInterval, undecided } from '../../web/src/app/ratio';
import { againstNative, FROM_LINK, pivotTable, resultsTable } from '../../web/src/app/results';
import { nativeRatioText } from '../../web/src/app/chart';
import { answerNumbers, speedWords } from '../../web/src/app/answer';
import { nativeElsewhere, NATIVE_ELSEWHERE, type NativeSource } from '../../web/src/app/native';
import { learnIsas } from '../../web/src/app/compare';
import { SESSION_SIGMA, timeEstimate, Z975 } from '../../web/src/share/rounds';
import type { Timing } from '../../web/src/share/schema';
import type { CpuShare, PageRecord } from '../../web/src/share/verify';
import { mulberry32 } from '../../web/src/share/seeded';

/** An older timing: no rounds, only one run's samples summarised. */
function timing(median: number, min: number, mad: number): Timing {
  return { samples: 5, reps_per_sample: 1, median_ns: median, min_ns: min, mad_ns: mad, ns_per_unit: 1, units_per_second: 1 };
}

const median = (xs: readonly number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

/** A timing as the harness now writes it, from its rounds. */
function rounds(round_ns: number[], extra: Partial<Timing> = {}): Timing {
  const m = median(round_ns);
  const e = timeEstimate(round_ns);
  return {
    samples: round_ns.length, reps_per_sample: 1000, median_ns: m, min_ns: Math.min(...round_ns), mad_ns: median(round_ns.map((x) => Math.abs(x - m))),
    ns_per_unit: m, units_per_second: 1e9 / m, round_ns, ...(round_ns.length > 1 ? { ci_lo_ns: e.lo, ci_hi_ns: e.hi } : {}), settled: true, ...extra,
  };
}

function rec(build: string, t: Timing | undefined, extra: Partial<PageRecord> = {}): PageRecord {
  return {
    puzzle: 'nqueens', case: 'n=12', case_key: 'n=12', params: { n: 12 }, kernel: 'simd-compact', isa: build === 'native' ? 'sse4.1' : 'simd128', build,
    answer: { total: 14200 }, verified: true, verified_by: 'OEIS', work: 1, work_unit: 'nodes', ...(t ? { timing: t } : {}), ...extra,
  };
}
const busy = (others_cores: number, cores = 2): { cpu_shared: CpuShare } => ({ cpu_shared: { others_cores, cores } });

// A seeded generator and standard normal noise from it.
function rng(seed: number) {
  const uniform = mulberry32(seed);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

const wasmRounds = [1000, 1020, 990, 1010, 1005, 995, 1015, 985];
const nativeRounds = wasmRounds.map((x, i) => 1.8 * x * (1 + 0.005 * ((i % 3) - 1)));

describe('a timing interval', () => {
  it('from rounds: their 95 % interval', () => {
    const e = timeEstimate(wasmRounds);
    expect(timingInterval(rounds(wasmRounds))).toEqual({ lo: e.lo, hi: e.hi });
    expect(timingInterval(rounds(wasmRounds), { others_cores: 1, cores: 2 }).lo).toBeCloseTo(e.lo / 2);
  });
  it('without rounds: from the fastest sample to the median plus its MAD', () => {
    expect(timingInterval(timing(100, 95, 3))).toEqual({ lo: 95, hi: 103 });
  });
  it('reaches down to median - MAD where that is below the fastest sample', () => {
    expect(timingInterval(timing(100, 99, 10))).toEqual({ lo: 90, hi: 110 });
  });
  it('has no fastest sample to use when min is 0, only the MAD', () => {
    expect(timingInterval(timing(100, 0, 0))).toEqual({ lo: 100, hi: 100 });
  });
  it('on a shared CPU, reaches down by 1 + the cores others used, at most 3×', () => {
    expect(timingInterval(timing(100, 100, 0), { others_cores: 1, cores: 2 }).lo).toBe(50);
    expect(timingInterval(timing(100, 100, 0), { others_cores: 7, cores: 8 }).lo).toBeCloseTo(100 / 3);
  });
});

describe('a ratio from rounds', () => {
  it('paired: one session, both paired, as many rounds: the pairs’ ratios', () => {
    const r = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1', paired: true }), rec('native', rounds(nativeRounds), { session: 's1', paired: true }))!;
    expect(r.method).toBe('paired');
    const logs = wasmRounds.map((a, i) => Math.log(nativeRounds[i]! / a));
    expect(r.value).toBeCloseTo(Math.exp(logs.reduce((s, x) => s + x) / logs.length), 12);
    expect(r.doubtful).toBeNull();
    expect(r.otherMachine).toBeNull();
    expect(ratioText(r)).toBe('1.80× (1.79–1.81)');
    expect(ratioTitle(r, 'SIMD128 ÷ native')).toMatch(/^SIMD128 ÷ native: 1\.80 from rounds paired back to back in one session/);
  });

  it('interleaved: one session, not paired (or unequal counts): Welch on the rounds, wider than paired', () => {
    const paired = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1', paired: true }), rec('native', rounds(nativeRounds), { session: 's1', paired: true }))!;
    const r = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1' }), rec('native', rounds(nativeRounds), { session: 's1' }))!;
    expect(r.method).toBe('interleaved');
    expect(r.hi / r.lo).toBeGreaterThan(paired.hi / paired.lo);
    const unequal = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1', paired: true }), rec('native', rounds(nativeRounds.slice(1)), { session: 's1', paired: true }))!;
    expect(unequal.method).toBe('interleaved');
  });

  it('across sessions (or without one): widened by how much sessions differ', () => {
    for (const [sa, sb] of [['s1', 's2'], [undefined, undefined], ['s1', undefined]] as const) {
      const r = ratioOf(rec('wasm-simd128', rounds(wasmRounds), sa ? { session: sa } : {}), rec('native', rounds(nativeRounds), sb ? { session: sb } : {}))!;
      expect(r.method).toBe('across-sessions');
      expect(Math.log(r.hi / r.value)).toBeGreaterThan(Z975 * Math.SQRT2 * SESSION_SIGMA);
      expect(r.value).toBeCloseTo(1.8, 2);
      expect(r.doubtful).toBeNull();
    }
  });

  it('two identical runs read "≈ 1×" across sessions (issue 27), where one run’s samples said otherwise', () => {
    // The same kernel, the same distribution of rounds, two sessions each off by its own few %.
    const normal = rng(27);
    let same = 0;
    let oldWay = 0;
    for (let i = 0; i < 40; ++i) {
      const session = () => { const f = Math.exp(0.05 * normal()); return Array.from({ length: 8 }, () => 1e6 * f * Math.exp(0.03 * normal())); };
      const [first, second] = [session(), session()];
      const r = ratioOf(rec('wasm-simd128', rounds(second), { session: `a${i}` }), rec('wasm-simd128', rounds(first), { session: `b${i}` }))!;
      if (ratioText(r).startsWith('≈ 1×')) ++same;
      // Each run's rounds taken as one run's samples, without the session term: the old interval.
      const old = rounds(first);
      const next = rounds(second);
      if (next.median_ns + next.mad_ns < old.min_ns || next.min_ns > old.median_ns + old.mad_ns) ++oldWay;
    }
    expect(same).toBeGreaterThanOrEqual(39);
    expect(oldWay).toBeGreaterThan(10);
  });

  it('across sessions of one build, says when the reference loop shows the machine itself ran at another speed', () => {
    // Two sessions of the same code on a VM whose host got busy: every round 1.6x slower in the
    // second, the rounds tight in each, and the reference loop timed in both slower too.
    const fast = [5413, 5562, 5483, 5494, 5471, 5510];
    const slow = fast.map((x) => 1.6 * x);
    const refFast = [595, 598, 596, 594, 597, 595];
    const refSlow = refFast.map((x) => 1.25 * x);
    const side = (r: number[], ref: number[], session: string, build = 'wasm-simd128') => rec(build, rounds(r, { reference_ns: ref }), { session });
    const moved = ratioOf(side(slow, refSlow, 'b'), side(fast, refFast, 'a'))!;
    expect(moved.method).toBe('across-sessions');
    expect(moved.hi).toBeLessThan(1); // the rounds alone would claim it (0.63×)
    expect(moved.doubtful).toBe('the machine itself ran at another speed: a fixed reference loop timed in each session took 1.25× as long in one as in the other');
    expect(ratioOf(side(fast, refFast, 'a'), side(slow, refSlow, 'b'))!.doubtful).toBe(moved.doubtful); // either way round
    // The reference steady: the kernel's own change stands, undoubted.
    expect(ratioOf(side(slow, refFast, 'b'), side(fast, refFast.map((x) => x * 1.01), 'a'))!.doubtful).toBeNull();
    // A step below MACHINE_SPEED_STEP, or one the reference's own rounds cannot tell from none: no doubt.
    expect(ratioOf(side(slow, refFast.map((x) => x * 1.08), 'b'), side(fast, refFast, 'a'))!.doubtful).toBeNull();
    expect(ratioOf(side(slow, [600, 900, 620, 880, 610, 890], 'b'), side(fast, refFast, 'a'))!.doubtful).toBeNull();
    // One session: the reference is not asked (the rounds interleaved with each other's).
    expect(ratioOf(side(slow, refSlow, 'a'), side(fast, refFast, 'a'))!.doubtful).toBeNull();
    // Another build's reference is other code; a side without reference rounds tells nothing.
    expect(ratioOf(side(slow, refSlow, 'b', 'native'), side(fast, refFast, 'a'))!.doubtful).toBeNull();
    expect(ratioOf(rec('wasm-simd128', rounds(slow), { session: 'b' }), side(fast, refFast, 'a'))!.doubtful).toBeNull();
  });

  it('says the rounds’ doubts, naming the side', () => {
    const r = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1' }), rec('native', rounds([1800, 1810, 1795, 2500, 1790, 1805, 1800], { settled: false }), { session: 's1' }))!;
    expect(r.doubtful).toBe('native: rounds disagree: the slowest took 1.40× the fastest; native: the warm-up did not settle (it stopped at its time cap)');
    // An outlier round is noted, not a doubt (share/rounds.ts roundNotes).
    expect(r.notes).toBe('native: an outlier round (round 4 of 7, 1.39× the median)');
    expect(ratioText(r)).toMatch(/, doubtful$/);
    expect(ratioTitle(r, 'x')).toContain('Doubtful: native: rounds disagree');
    const few = ratioOf(rec('wasm-simd128', rounds([1000]), { session: 's1' }), rec('native', rounds([1800]), { session: 's1' }))!;
    expect(few.doubtful).toContain('simd128: one round only');
    expect(ratioText(few)).toBe('≈ 1× (0.0–∞), doubtful');
  });
});

describe('a shared CPU', () => {
  it('makes a ratio doubtful in words on either side, a browser one too', () => {
    const r = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1', paired: true, ...busy(0.8) }), rec('native', rounds(nativeRounds), { session: 's1', paired: true, ...busy(1.5) }))!;
    expect(r.doubtful).toBe('simd128 measured while other programs used 0.8 of 2 cores; native measured while other programs used 1.5 of 2 cores');
  });

  it('rounds interleaved with the other side’s shared the load: the interval stays theirs; another session’s are widened', () => {
    const quiet = (session: string) => rec('wasm-simd128', rounds(wasmRounds), { session, paired: true });
    const loud = (session: string) => rec('native', rounds(nativeRounds), { session, paired: true, ...busy(1) });
    const together = ratioOf(quiet('s1'), loud('s1'))!;
    const clean = ratioOf(quiet('s1'), { ...loud('s1'), cpu_shared: undefined })!;
    expect(together.lo).toBeCloseTo(clean.lo, 12);
    const apart = ratioOf(quiet('s1'), loud('s2'))!;
    const apartClean = ratioOf(quiet('s1'), { ...loud('s2'), cpu_shared: undefined })!;
    expect(apart.lo).toBeCloseTo(apartClean.lo / 2, 12);
    expect(apart.hi).toBeCloseTo(apartClean.hi, 12);
  });
});

describe('an older record without rounds', () => {
  it('keeps the within-run interval, widened by the session term, and is marked', () => {
    const r = ratioOf(rec('wasm-simd128', timing(1000, 980, 10)), rec('native', timing(1800, 1790, 10)))!;
    expect(r.method).toBe('legacy');
    expect(r.value).toBeCloseTo(1.8);
    const session = Z975 * Math.SQRT2 * SESSION_SIGMA;
    expect(Math.log(1.8 / r.lo)).toBeCloseTo(Math.hypot(Math.log(1.8 / (1790 / 1010)), session), 12);
    expect(Math.log(r.hi / 1.8)).toBeCloseTo(Math.hypot(Math.log(1810 / 980 / 1.8), session), 12);
    expect(r.doubtful).toBe("an older record: its interval is one run's samples");
    expect(ratioText(r)).toBe('1.80× (1.36–2.38), doubtful');
    expect(ratioTitle(r, 'x')).toContain('from the medians');
  });

  it('against a record with rounds: still the older way, and marked', () => {
    const r = ratioOf(rec('wasm-simd128', rounds(wasmRounds), { session: 's1' }), rec('native', timing(1800, 1790, 10), { session: 's1' }))!;
    expect(r.method).toBe('legacy');
    expect(r.doubtful).toBe("an older record: its interval is one run's samples");
  });

  it('a peer program’s timing has no rounds either, and says so as its own', () => {
    const r = ratioOf(rec('peer-js', timing(1e9, 1e9, 0), { kernel: 'chess.js', isa: 'peer' }), rec('wasm-simd128', rounds(wasmRounds)))!;
    expect(r.doubtful).toBe("chess.js (a peer program) timed without rounds: its interval is one run's calls");
  });

  it('reads "≈ 1×" when the interval holds 1, whatever the medians say', () => {
    const r = ratioOf(rec('wasm-simd128', timing(1000, 900, 50)), rec('native', timing(1040, 960, 30)))!;
    expect(r.value).toBeGreaterThan(1);
    expect(undecided(r)).toBe(true);
    expect(ratioText(r)).toMatch(/^≈ 1× \(0\.\d\d–1\.\d\d\), doubtful$/);
  });

  it('the issue: a native median twice too slow on a busy machine is no "2.5× faster" as fact', () => {
    // Served: 2.78 ms, every sample slowed alike (tight spread); measured again quietly: 1.38 ms.
    const wasm = rec('wasm-simd128', timing(1.11e6, 1.1e6, 0.01e6));
    const slowed = rec('native', timing(2.78e6, 2.7e6, 0.02e6), busy(1.5));
    const r = ratioOf(wasm, slowed)!;
    expect(r.value).toBeCloseTo(2.5, 1);
    expect(r.doubtful).toContain('native measured while other programs used 1.5 of 2 cores');
    expect(ratioText(r)).toMatch(/, doubtful$/);
    // The quiet truth (1.38 / 1.11 = 1.24) lies inside the interval shown.
    expect(r.lo).toBeLessThanOrEqual(1.38 / 1.11);
    expect(r.hi).toBeGreaterThanOrEqual(1.38 / 1.11);
  });

  it('shows an open upper end, never a division by zero', () => {
    const r = ratioOf(rec('wasm-simd128', timing(100, 0, 100)), rec('native', timing(100, 100, 0)))!;
    expect(r.hi).toBe(Infinity);
    expect(ratioText(r)).toMatch(/^≈ 1× \(0\.\d\d–∞\), doubtful$/);
  });

  it('has no ratio without both timings', () => {
    expect(ratioOf(rec('wasm-simd128', undefined), rec('native', timing(1, 1, 0)))).toBeNull();
    expect(ratioText(null)).toBe('–');
  });

  it('formats tiny ratios (a JavaScript peer) with two significant digits', () => {
    expect(ratioText(ratioOf(rec('peer-js', timing(1e9, 1e9, 0)), rec('wasm-simd128', timing(7e5, 7e5, 0))))).toMatch(/^0\.00070× \(0\.00053–0\.00092\), doubtful$/);
  });
});

describe('another machine, on the ratio itself', () => {
  it('is the caller’s to say, and shows after the range', () => {
    const a = rec('wasm-simd128', rounds(wasmRounds));
    const b = rec('native', rounds(nativeRounds));
    const r = ratioOf(a, b, { otherMachine: 'claimed by a link' })!;
    expect(r.otherMachine).toBe('claimed by a link');
    expect(ratioText(r)).toMatch(/^1\.80× \([\d.]+–[\d.]+\), another machine$/);
    expect(ratioTitle(r, 'x')).toContain('. Another machine: claimed by a link');
    expect(ratioText(ratioOf(a, { ...b, ...busy(1) }, { otherMachine: 'x' }))).toMatch(/, another machine, doubtful$/);
  });

  it('follows from where each side was measured', () => {
    expect(otherMachine(null, null)).toBeNull();
    expect(otherMachine('the sharer’s', 'the sharer’s')).toBeNull(); // both the sharer's: their own ratio
    expect(otherMachine('the sharer’s', null)).toBe('the sharer’s');
    expect(otherMachine('a', 'b')).toBe('a; b');
  });
});

// Just enough of a DOM for app/dom.ts's h(): elements with attributes and children, text nodes.
interface FakeNode { tag?: string; text?: string; attrs: Record<string, string>; children: FakeNode[]; className?: string; title?: string }
const fakeDocument = {
  createElement: (tag: string): FakeNode & object => {
    const el = { tag, attrs: {} as Record<string, string>, children: [] as FakeNode[], setAttribute(n: string, v: string) { el.attrs[n] = v; }, appendChild(c: FakeNode) { el.children.push(c); return c; }, addEventListener() {} };
    return el;
  },
  createTextNode: (text: string): FakeNode => ({ text, attrs: {}, children: [] }),
};
const textOf = (n: FakeNode): string => n.text ?? n.children.map(textOf).join('');
const cells = (n: FakeNode, col: string): FakeNode[] => [...(n.attrs['data-col'] === col && n.tag === 'td' ? [n] : []), ...n.children.flatMap((c) => cells(c, col))];

describe('the run table marks ratios across machines', () => {
  beforeAll(() => {
    vi.stubGlobal('document', fakeDocument);
    learnIsas([{ name: 'sse4.1', bits: 128 }, { name: 'simd128', bits: 128 }]);
  });
  afterAll(() => vi.unstubAllGlobals());

  // This machine's native numbers, and a link whose every time is this machine's divided by 30.
  const native = rec('native', rounds(nativeRounds), { session: 'native-here' });
  const mine = rec('wasm-simd128', rounds(wasmRounds), { session: 'run-here' });
  const linked = rec('wasm-simd128', rounds(wasmRounds.map((x) => x / 30)), { session: 'sharers-run' });
  const table = (input: Partial<Parameters<typeof resultsTable>[0]>) =>
    resultsTable({ mine: [], native: [native], shared: [], workUnit: 'nodes', peers: [], nativeIsClaim: false, ...input }) as unknown as FakeNode;

  it('a link’s numbers against this machine’s native numbers: "another machine" on the ratio', () => {
    const [cell] = cells(table({ shared: [linked] }), 'vs-native');
    expect(textOf(cell!)).toMatch(/^53\.97× \([\d.]+–[\d.]+\), another machine$/);
    expect(JSON.stringify(cell)).toContain(FROM_LINK);
  });

  it('yours against the same native numbers: no mark; against the sharer’s: marked', () => {
    const t = table({ mine: [mine], shared: [linked] });
    expect(textOf(cells(t, 'vs-native')[0]!)).toMatch(/^1\.80× \([\d.]+–[\d.]+\)$/);
    expect(textOf(cells(t, 'vs-sharer')[0]!)).toMatch(/^0\.033× \([\d.]+–[\d.]+\), another machine$/);
  });

  it('native numbers from a report measured elsewhere (served, shipped): marked for your own runs', () => {
    const t = table({ mine: [mine], nativeIsClaim: true, nativeOrigin: 'shipped, measured on AMD EPYC 9999' });
    const [cell] = cells(t, 'vs-native');
    expect(textOf(cell!)).toMatch(/, another machine$/);
    expect(JSON.stringify(cell)).toContain('Another machine: shipped, measured on AMD EPYC 9999');
  });
});

describe('"another machine" wherever a ratio sets this browser against numbers from elsewhere', () => {
  beforeAll(() => {
    vi.stubGlobal('document', fakeDocument);
    learnIsas([{ name: 'sse4.1', bits: 128 }, { name: 'simd128', bits: 128 }]);
  });
  afterAll(() => vi.unstubAllGlobals());

  const native = rec('native', rounds(nativeRounds), { session: 'native-report' });
  const mine = rec('wasm-simd128', rounds(wasmRounds), { session: 'run-here' });
  const linked = rec('wasm-simd128', rounds(wasmRounds.map((x) => x / 30)), { session: 'sharers-run' });
  const source = (origin: NativeSource['origin']): NativeSource => ({ origin, report: { environment: { cpu: 'AMD EPYC 9999' } } as NativeSource['report'] });
  const SHIPPED = 'shipped, measured on AMD EPYC 9999';

  it('native numbers are from elsewhere unless npm start measured them on this machine', () => {
    expect(nativeElsewhere(null)).toBeNull();
    expect(nativeElsewhere(source('same-machine'))).toBeNull();
    expect(nativeElsewhere(source('shipped'))).toBe(SHIPPED);
    expect(nativeElsewhere(source('served'))).toBe(NATIVE_ELSEWHERE);
    expect(nativeElsewhere(source('imported'))).toBe(NATIVE_ELSEWHERE);
  });

  it('the pivot of cases: your runs against a shipped report, and a link’s against this machine’s', () => {
    const pivot = (sources: { label: string; records: PageRecord[] }[], from: string | null) =>
      textOf(pivotTable(sources, [native], ['n=12'], (r) => r.case, from) as unknown as FakeNode);
    expect(pivot([{ label: 'you', records: [mine] }], null)).not.toContain('another machine');
    expect(pivot([{ label: 'you', records: [mine] }], SHIPPED)).toMatch(/1\.80× \([\d.]+–[\d.]+\), another machine native/);
    expect(pivot([{ label: 'sharer', records: [linked] }], null)).toContain(', another machine');
  });

  it('a chart tooltip says it as the table does', () => {
    expect(nativeRatioText(mine, native, [], null)).toMatch(/^1\.80× \([\d.]+–[\d.]+\)$/);
    expect(nativeRatioText(mine, native, [], SHIPPED)).toMatch(/, another machine$/);
    expect(nativeRatioText(linked, native, [linked], null)).toMatch(/, another machine$/);
  });

  it('the puzzles’ own tables take it from their context', () => {
    expect(againstNative(false, null).otherMachine).toBeNull();
    expect(againstNative(false, undefined).otherMachine).toBeNull();
    expect(againstNative(true, null).otherMachine).toBe(FROM_LINK);
    expect(againstNative(false, SHIPPED).otherMachine).toBe(SHIPPED);
  });

  it('the answer’s sentence says it too, and does not call the report’s machine this one', () => {
    const here = answerNumbers([mine], [native]);
    expect(here.comparisons[0]!.ratio!.otherMachine).toBeNull();
    const shipped = answerNumbers([mine], [native], { records: null, native: SHIPPED });
    const best = shipped.comparisons[0]!.ratio!;
    expect(best.otherMachine).toContain(SHIPPED); // a geometric mean says how many of its terms
    expect(speedWords(best, 'native')).toMatch(/^about 1\.8× as fast as native \([\d.]+–[\d.]+×, another machine\)$/);
  });
});

describe('the run table: each wasm kernel beside the same-width native kernel and the best native one, SIMD apart from scalar', () => {
  beforeAll(() => {
    vi.stubGlobal('document', fakeDocument);
    learnIsas([{ name: 'scalar', bits: 0 }, { name: 'sse4.1', bits: 128 }, { name: 'simd128', bits: 128 }, { name: 'avx2', bits: 256 }, { name: 'avx512', bits: 512 }]);
  });
  afterAll(() => vi.unstubAllGlobals());

  const at = (kernel: string, isa: string, build: string, scale: number, extra: Partial<PageRecord> = {}) =>
    rec(build, rounds(wasmRounds.map((x) => x * scale)), { kernel, isa, ...extra });
  const native = [
    at('simd-symmetry', 'sse4.1', 'native', 0.5, { session: 'n' }),
    at('simd-symmetry', 'avx512', 'native', 0.2, { session: 'n' }),
    at('simd-lanes', 'avx2', 'native', 0.1, { session: 'n', verified: false }), // refuted: never "best"
    at('symmetry', 'scalar', 'native', 0.8, { session: 'n' }),
  ];
  const mine = [
    at('symmetry', 'scalar', 'wasm-simd128', 0.9, { session: 'r' }),
    at('simd-symmetry', 'simd128', 'wasm-simd128', 1, { session: 'r' }),
  ];
  const rowsOf = (t: FakeNode): FakeNode[] => (t.tag === 'tr' && t.attrs['data-kernel'] ? [t] : []).concat(t.children.flatMap(rowsOf));
  const cellOf = (tr: FakeNode, col: string) => textOf(cells(tr, col)[0]!);
  const table = (input: Partial<Parameters<typeof resultsTable>[0]> = {}) =>
    resultsTable({ mine, native, shared: [], workUnit: 'nodes', peers: [], nativeIsClaim: false, ...input }) as unknown as FakeNode;

  it('names the best native kernel of the case, any ISA, with both ratios', () => {
    const t = table();
    const heads = (n: FakeNode): string[] => (n.tag === 'th' && n.attrs['data-col'] ? [n.attrs['data-col']] : []).concat(n.children.flatMap(heads));
    expect(heads(t)).toEqual(['kernel', 'build', 'verified', 'median', 'spread', 'native', 'vs-native', 'vs-best-native', 'rate', 'answer']);
    const simd = rowsOf(t).find((r) => r.attrs['data-kernel'] === 'simd-symmetry/simd128')!;
    expect(cellOf(simd, 'native')).toMatch(/\(sse4\.1\)$/);
    expect(cellOf(simd, 'vs-native')).toMatch(/^0\.50× /);
    // The ratio, then under it the best native kernel and its time.
    expect(cellOf(simd, 'vs-best-native')).toMatch(/^0\.20× \([\d.]+–[\d.]+\) vs [\d.]+ ns \(simd-symmetry\/avx512\)$/);
    // A scalar row has the same best native kernel beside it.
    const scalar = rowsOf(t).find((r) => r.attrs['data-kernel'] === 'symmetry/scalar')!;
    expect(cellOf(scalar, 'vs-best-native')).toMatch(/ vs [\d.]+ ns \(simd-symmetry\/avx512\)$/);
    expect(JSON.stringify(cells(scalar, 'vs-best-native'))).toContain('the best native kernel, simd-symmetry/avx512');
  });

  it('shows SIMD kernels first, apart from scalar ones, each group under its heading', () => {
    const t = table();
    expect(rowsOf(t).map((r) => `${r.attrs['data-group']} ${r.attrs['data-kernel']}`)).toEqual(['simd simd-symmetry/simd128', 'scalar symmetry/scalar']);
    const bodies = t.children.filter((c) => c.tag === 'tbody');
    expect(bodies.map((b) => b.attrs['data-group'])).toEqual(['simd', 'scalar']);
    expect(bodies.map((b) => textOf(b.children[0]!))).toEqual(['SIMD kernels', 'Scalar kernels']);
    expect(bodies[0]!.children[0]!.children[0]!.attrs.scope).toBe('rowgroup'); // the heading of its tbody's rows
    // One group: no heading.
    const one = table({ mine: mine.slice(1) }).children.filter((c) => c.tag === 'tbody');
    expect(one.length).toBe(1);
    expect(one[0]!.children.every((tr) => tr.attrs['data-kernel'])).toBe(true);
  });

  it('the pivot of cases: SIMD kernels first, each cell against the same-width and the best native kernel', () => {
    const pivot = pivotTable([{ label: 'you', records: mine }], native, ['n=12']) as unknown as FakeNode;
    expect(rowsOf(pivot).map((r) => r.attrs['data-kernel'])).toEqual(['simd-symmetry/simd128', 'symmetry/scalar']);
    const [simd] = rowsOf(pivot);
    expect(textOf(simd!)).toMatch(/ 0\.50× \([\d.]+–[\d.]+\) native 0\.20× \([\d.]+–[\d.]+\) best native \(simd-symmetry\/avx512\)$/);
  });

  it('says where there is no native number, and marks the best native from elsewhere as another machine', () => {
    const none = rowsOf(table({ native: [] }))[0]!;
    expect(cellOf(none, 'vs-best-native')).toBe('–');
    const shipped = rowsOf(table({ nativeIsClaim: true, nativeOrigin: 'shipped, measured on AMD EPYC 9999' }))[0]!;
    expect(cellOf(shipped, 'vs-best-native')).toMatch(/^0\.20× \([\d.]+–[\d.]+\), another machine vs [\d.]+ ns \(simd-symmetry\/avx512\)shipped, measured on AMD EPYC 9999 claim$/);
  });
});
