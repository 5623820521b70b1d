// Timings with rounds from outside (links, reports, history): the schema's bounds on the new
// fields, the claims a forged one cannot pass (share/verify.ts, timingProblem), and links that
// carry them, while timings and links from before rounds still open. Pure: no wasm module needed.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, toBase64Url } from '../../web/src/share/codec';
import { timeEstimate } from '../../web/src/share/rounds';
import { RecordSchema, TimingSchema, type LinkState, type ResultRecord, type Timing } from '../../web/src/share/schema';
import { timingProblem } from '../../web/src/share/verify';

const median = (xs: readonly number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

const ROUNDS = [5010, 4990, 5030, 5000, 4980, 5020];

/** As cpp/core/harness.cpp writes one: rounds of 2,000-call batches, summarised from them. */
function harnessTiming(round_ns: number[] = ROUNDS, work = 2057): Timing {
  const m = median(round_ns);
  const e = timeEstimate(round_ns);
  return {
    samples: round_ns.length, reps_per_sample: 2000, median_ns: m, min_ns: Math.min(...round_ns), mad_ns: median(round_ns.map((x) => Math.abs(x - m))),
    ns_per_unit: m / work, units_per_second: (work / m) * 1e9, round_ns, ci_lo_ns: e.lo, ci_hi_ns: e.hi, settled: true,
  };
}

describe('a timing with rounds, as a claim', () => {
  it('accepts what the harness writes, and timings from before rounds', () => {
    expect(timingProblem(harnessTiming(), 2057)).toBeNull();
    expect(timingProblem({ ...harnessTiming(), reference_ns: [9100, 9150, 9080] }, 2057)).toBeNull();
    const { round_ns: _r, ci_lo_ns: _l, ci_hi_ns: _h, settled: _s, ...old } = harnessTiming();
    expect(timingProblem(old, 2057)).toBeNull();
    // The harness's t quantiles have 3 decimals: its interval differs from ours in the 4th digit.
    const t = harnessTiming();
    const logs = ROUNDS.map(Math.log);
    const mean = logs.reduce((s, x) => s + x) / logs.length;
    const sd = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
    const h = (2.571 * sd) / Math.sqrt(logs.length);
    expect(timingProblem({ ...t, ci_lo_ns: Math.exp(mean - h), ci_hi_ns: Math.exp(mean + h) }, 2057)).toBeNull();
    // An interval without rounds only has to reach the fastest round.
    expect(timingProblem({ ...old, ci_lo_ns: 4900, ci_hi_ns: 5100 }, 2057)).toBeNull();
  });

  it.each<[string, Partial<Timing>, RegExp]>([
    ['rounds that are not the samples', { round_ns: ROUNDS.slice(1) }, /5 rounds for 6 samples/],
    ['a median the rounds do not give', { median_ns: 5100, ns_per_unit: 5100 / 2057, units_per_second: (2057 / 5100) * 1e9 }, /does not follow from its rounds/],
    ['a minimum the rounds do not give', { min_ns: 4000 }, /does not follow from its rounds/],
    ['a spread the rounds do not give', { mad_ns: 200 }, /does not follow from its rounds/],
    ['an impossible round', { round_ns: [...ROUNDS.slice(0, 5), 1e20] }, /a round of [\d.e+]+ days per call/],
    ['an impossible reference-loop round', { reference_ns: [9100, 9150, 1e-300] }, /a reference-loop round of .* per call/],
    ['one end of an interval', { ci_hi_ns: undefined }, /one end of an interval/],
    ['an interval out of order', { ci_lo_ns: 5100, ci_hi_ns: 4900 }, /out of order/],
    ['an interval narrower than its rounds give', { ci_lo_ns: 5004, ci_hi_ns: 5006 }, /interval that does not follow from its rounds/],
  ])('rejects %s', (_name, patch, reason) => {
    expect(timingProblem({ ...harnessTiming(), ...patch }, 2057)).toMatch(reason);
  });

  it('rejects an interval from one round (a peer’s single call), and one below its fastest without rounds', () => {
    const peer: Timing = { samples: 1, reps_per_sample: 1, median_ns: 2e9, min_ns: 2e9, mad_ns: 0, ns_per_unit: 2e9, units_per_second: 0.5, ci_lo_ns: 1e9, ci_hi_ns: 3e9 };
    expect(timingProblem(peer, 1, true)).toMatch(/interval from a single round/);
    const { round_ns: _r, ...old } = harnessTiming();
    expect(timingProblem({ ...old, ci_lo_ns: 100, ci_hi_ns: 200 }, 2057)).toMatch(/below its fastest round/);
  });
});

describe('the schema’s bounds', () => {
  it('bounds the rounds, the reference loop’s, the interval and the warm-up flag', () => {
    expect(TimingSchema.safeParse(harnessTiming()).success).toBe(true);
    for (const bad of [
      { round_ns: [] }, { round_ns: Array(1001).fill(5000) }, { round_ns: [5000, 0] }, { round_ns: [5000, -1] }, { round_ns: ['5000'] },
      { ci_lo_ns: -1 }, { ci_hi_ns: Infinity }, { settled: 'yes' }, { rounds: [5000] },
      { reference_ns: [] }, { reference_ns: [600, 0] }, { reference_ns: Array(1001).fill(600) }, { reference_ns: ['600'] },
    ]) expect(TimingSchema.safeParse({ ...harnessTiming(), ...bad }).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
    expect(TimingSchema.safeParse({ ...harnessTiming(), round_ns: Array(1000).fill(5000) }).success).toBe(true);
    // The reference loop's rounds (cpp/core/harness.h, point 5), as the harness writes them.
    expect(TimingSchema.safeParse({ ...harnessTiming(), reference_ns: [601, 598, 603, 600, 599, 602] }).success).toBe(true);
  });

  it('bounds a record’s session and pairing', () => {
    const r: ResultRecord = {
      puzzle: 'nqueens', case: 'n=8', params: { n: 8 }, kernel: 'simd-lanes', isa: 'simd128', build: 'wasm-simd128', answer: { total: 92 },
      verified: true, verified_by: 'OEIS', work: 2057, work_unit: 'nodes', timing: harnessTiming(),
    };
    expect(RecordSchema.safeParse({ ...r, session: 'run-2026_11-28', paired: true }).success).toBe(true);
    for (const bad of [{ session: '' }, { session: 'x'.repeat(41) }, { session: 'a b' }, { session: 'é' }, { paired: 1 }])
      expect(RecordSchema.safeParse({ ...r, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('links with rounds', () => {
  const environment = {
    side: 'wasm' as const, build: 'wasm-simd128', arch: 'wasm32', cpu: 'unknown', features: 'simd128', compiler: 'Emscripten', flags: '-O3',
    timer_resolution_ns: 5000, date: '2026-11-28T08:00:00Z',
  };
  const record: ResultRecord = {
    puzzle: 'nqueens', case: 'n=8', params: { n: 8 }, kernel: 'simd-lanes', isa: 'simd128', build: 'wasm-simd128', answer: { total: 92, unique: 12 },
    verified: true, verified_by: 'OEIS', work: 2057, work_unit: 'nodes', timing: harnessTiming(), session: 'page-run-1', paired: true,
  };
  const state: LinkState = { v: 1, puzzle: 'nqueens', params: { n: 8 }, kernels: ['simd-lanes/simd128'], builds: ['simd128'], shared: { environment, native: null, records: [record] } };

  it('carry the rounds, the interval, the session and the pairing', async () => {
    expect(await decodeLink(`#${await encodeLink(state)}`)).toEqual({ kind: 'ok', state });
  });

  it('from before rounds still open', async () => {
    const { round_ns: _r, ci_lo_ns: _l, ci_hi_ns: _h, settled: _s, ...old } = record.timing!;
    const { session: _session, paired: _paired, ...oldRecord } = record;
    const oldState = { ...state, shared: { ...state.shared!, records: [{ ...oldRecord, timing: old }] } };
    const fragment = `#s=1.${toBase64Url(deflateRawSync(Buffer.from(JSON.stringify(oldState))))}`;
    expect(await decodeLink(fragment)).toEqual({ kind: 'ok', state: oldState });
  });

  it('with a round out of bounds do not', async () => {
    const bad = { ...state, shared: { ...state.shared!, records: [{ ...record, timing: { ...record.timing!, round_ns: [...ROUNDS, -5] } }] } };
    const fragment = `#s=1.${toBase64Url(deflateRawSync(Buffer.from(JSON.stringify(bad))))}`;
    expect(await decodeLink(fragment)).toMatchObject({ kind: 'error', message: expect.stringContaining('round_ns') });
  });
});
