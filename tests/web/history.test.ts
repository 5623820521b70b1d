// The history's pure part (web/src/app/history.ts): the entry a run leaves, how stored entries
// are read back (corrupted or foreign ones left out with a note, never a crash), how two runs
// pair up for a comparison, and storage failures in words. The IndexedDB part is exercised by
// tests/e2e/history.test.ts in Chromium.
import { describe, expect, it } from 'vitest';
import { ratioText } from '../../web/src/app/ratio';
import { browserName, compareEntries, entryOf, machineOf, machineSpeeds, readEntries, readEntry, storageProblem, togglePick } from '../../web/src/app/history';
import { readFragment } from '../../web/src/app/fragment';
import type { Environment } from '../../web/src/share/schema';
import type { PageRecord } from '../../web/src/share/verify';

const environment: Environment = {
  side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'AMD EPYC 9999', features: 'simd128', compiler: 'emscripten 3.1.6', flags: '-O3',
  timer_resolution_ns: 5000, date: '2026-11-26T14:00:00Z',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', cores: 2, cross_origin_isolated: true, simd128_supported: true,
};

function rec(kernel: string, isa: string, build: string, median: number, caseKey = 'n=8', mad = 0): PageRecord {
  return {
    puzzle: 'nqueens', case: caseKey, case_key: caseKey, params: { n: 8 }, kernel, isa, build, answer: { total: 92, unique: 12 },
    verified: true, verified_by: 'OEIS', work: 1000, work_unit: 'nodes',
    timing: { samples: 11, reps_per_sample: 1000, median_ns: median, min_ns: median - mad, mad_ns: mad, ns_per_unit: median / 1000, units_per_second: 1e12 / median },
  };
}

const run = (records: PageRecord[], date = new Date('2026-11-26T14:05:00Z')) =>
  entryOf({ puzzle: 'nqueens', what: 'n=8', outcome: 'finished', environment, records, date })!;

describe('the entry a run leaves', () => {
  it('keeps the records in the link schema, without what only the page knows', () => {
    const entry = run([{ ...rec('bitmask-stack', 'scalar', 'wasm-simd128', 3000), claimed: true, startup_ns: 5 }]);
    expect(entry.records[0]).not.toHaveProperty('claimed');
    expect(entry.records[0]).not.toHaveProperty('startup_ns');
    expect(entry.date).toBe('2026-11-26T14:05:00.000Z');
    expect(readEntry(1, entry)).toMatchObject({ ok: true, entry: { id: 1, puzzle: 'nqueens' } });
  });

  it('keeps the rounds, the session, the pairing and a shared CPU; not "measured now"', () => {
    const r = rec('bitmask-stack', 'scalar', 'wasm-simd128', 3000);
    const timing = { ...r.timing!, samples: 3, median_ns: 3000, min_ns: 2990, mad_ns: 10, round_ns: [2990, 3000, 3010], settled: true };
    const entry = run([{ ...r, timing, session: 'run-7', paired: true, cpu_shared: { others_cores: 0.5, cores: 2 }, measured_now: true }]);
    expect(entry.records[0]).not.toHaveProperty('measured_now');
    const read = readEntry(1, JSON.parse(JSON.stringify(entry)));
    expect(read.ok && read.entry.records[0]).toMatchObject({ session: 'run-7', paired: true, cpu_shared: { others_cores: 0.5, cores: 2 }, timing: { round_ns: [2990, 3000, 3010] } });
    // Rounds that do not give the median stored with them are no entry of ours.
    const forged = run([{ ...r, timing: { ...timing, round_ns: [1, 3000, 3010] } }]);
    expect(readEntry(2, forged)).toMatchObject({ ok: false, reason: expect.stringContaining('does not follow from its rounds') });
  });

  it('is not made for a run without results', () => {
    expect(entryOf({ puzzle: 'nqueens', what: 'x', outcome: 'stopped', environment, records: [], date: new Date() })).toBeNull();
  });
});

describe('reading stored entries', () => {
  const good = run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 3000)]);

  it('leaves out corrupted and foreign entries with a note naming each, newest first for the rest', () => {
    const older = run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 3100)], new Date('2026-11-25T10:00:00Z'));
    const stored = [
      { key: 1, value: older },
      { key: 2, value: good },
      { key: 3, value: 'not an object' },
      { key: 4, value: { ...good, v: 2 } },
      { key: 5, value: { ...good, records: [{ ...good.records[0], timing: { ...good.records[0]!.timing!, mad_ns: 1e9 } }] } },
      { key: 6, value: { ...good, surprise: 1 } },
      { key: 7, value: { ...good, records: [] } },
      { key: 'x', value: good },
      { key: 8, value: null },
      { key: 9, value: { ...good, records: [{ ...good.records[0], puzzle: 'cube' }] } },
    ];
    const { entries, skipped } = readEntries(stored);
    expect(entries.map((e) => e.id)).toEqual([2, 1]);
    expect(skipped).toHaveLength(8);
    expect(skipped[0]).toMatch(/^entry 3: it is not a version 1 entry/);
    expect(skipped[1]).toMatch(/^entry 4: it is not a version 1 entry/);
    expect(skipped[2]).toMatch(/^entry 5: records\.0: a spread of/);
    expect(skipped[3]).toMatch(/^entry 6: /);
    expect(skipped[4]).toMatch(/^entry 7: records/);
    expect(skipped[5]).toMatch(/^entry \?: its key/);
    expect(skipped[7]).toMatch(/^entry 9: records\.0: a record of 'cube'/);
  });

  it('refuses forbidden keys and values JSON cannot hold, and neutralises bidi controls', () => {
    const hostile = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    (hostile.records as Record<string, unknown>[])[0]!.params = JSON.parse('{"__proto__": {"polluted": true}}');
    expect(readEntry(1, hostile)).toMatchObject({ ok: false, reason: expect.stringContaining('__proto__') });
    const cyclic: Record<string, unknown> = { ...good };
    cyclic.self = cyclic;
    expect(readEntry(1, cyclic)).toEqual({ ok: false, reason: 'it is not plain data' });
    const bidi = readEntry(1, { ...good, environment: { ...environment, cpu: 'AMD\u202EDPYC' } });
    expect(bidi.ok && bidi.entry.environment.cpu).toBe('AMD\uFFFDDPYC');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('comparing two runs', () => {
  it('pairs the same kernel and build on the same case, with B ÷ A speed and its spread', () => {
    const a = run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 2000, 'n=8', 100), rec('simd-state', 'simd128', 'wasm-simd128', 1000), rec('bitmask-stack', 'scalar', 'wasm-baseline', 2500)]);
    const b = run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 1000, 'n=8', 100), rec('simd-lanes', 'simd128', 'wasm-simd128', 900)]);
    const c = compareEntries(a, b);
    expect(c.sharedCases).toEqual(['n=8']);
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]).toMatchObject({ kernel: 'bitmask-stack/scalar' });
    expect(c.rows[0]!.ratio!.value).toBe(2);
    expect(c.unpaired[0].map((r) => r.kernel)).toEqual(['simd-state', 'bitmask-stack']);
    expect(c.unpaired[1].map((r) => r.kernel)).toEqual(['simd-lanes']);
    // With its range, as every ratio on the page; these records have no rounds (older entries):
    // one run's samples, widened by the sessions' variance and marked.
    expect(ratioText(c.rows[0]!.ratio)).toMatch(/^2\.00× \([\d.]+–[\d.]+\), doubtful$/);
    expect(c.rows[0]!.ratio!.doubtful).toBe("an older record: its interval is one run's samples");
  });

  it('two runs of the same kernel from the same rounds’ distribution read "≈ 1×": two sessions, not one', () => {
    const withRounds = (round_ns: number[], session: string): PageRecord => {
      const r = rec('bitmask-stack', 'scalar', 'wasm-simd128', round_ns[0]!);
      const sorted = [...round_ns].sort((x, y) => x - y);
      const median = (sorted[2]! + sorted[3]!) / 2;
      return { ...r, session, timing: { ...r.timing!, samples: 6, median_ns: median, min_ns: sorted[0]!, mad_ns: 0, ns_per_unit: median / 1000, units_per_second: 1e12 / median, round_ns } };
    };
    // The second run's rounds 4 % slower throughout: within one run that is far outside the spread.
    const first = run([withRounds([2000, 2010, 1990, 2005, 1995, 2000], 'run-1')]);
    const second = run([withRounds([2080, 2090, 2070, 2085, 2075, 2080], 'run-2')]);
    const row = compareEntries(first, second).rows[0]!;
    expect(row.ratio!.method).toBe('across-sessions');
    expect(row.ratio!.doubtful).toBeNull();
    expect(ratioText(row.ratio)).toMatch(/^≈ 1× \(0\.\d\d–1\.\d\d\)$/);
  });

  it('pairs across builds only what the same build could not (a SIMD128 run against a baseline run)', () => {
    const a = run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 2000), rec('bitmask-stack', 'scalar', 'wasm-baseline', 2400)]);
    const b = run([rec('bitmask-stack', 'scalar', 'wasm-baseline', 3000)]);
    const c = compareEntries(a, b);
    expect(c.rows.map((r) => [r.first.build, r.second.build])).toEqual([['wasm-baseline', 'wasm-baseline']]);
    const d = compareEntries(run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 2000)]), b);
    expect(d.rows.map((r) => [r.first.build, r.second.build])).toEqual([['wasm-simd128', 'wasm-baseline']]);
  });

  it('pairs a relaxed run with a SIMD128 run of the same SIMD kernel: what relaxed SIMD bought', () => {
    const simd = run([rec('simd-lanes', 'simd128', 'wasm-simd128', 3000)]);
    const relaxed = run([rec('simd-lanes', 'simd128', 'wasm-relaxed', 2000)]);
    const c = compareEntries(simd, relaxed);
    expect(c.rows.map((r) => [r.kernel, r.first.build, r.second.build])).toEqual([['simd-lanes/simd128', 'wasm-simd128', 'wasm-relaxed']]);
    expect(c.rows[0]!.ratio!.value).toBeCloseTo(1.5);
  });

  it('says how fast the machine itself ran in each run, per build, from the reference loop beside the kernels', () => {
    const withReference = (build: string, caseKey: string, reference_ns: number[]): PageRecord => {
      const r = rec('bitmask-stack', 'scalar', build, 2000, caseKey);
      return { ...r, timing: { ...r.timing!, reference_ns } };
    };
    const steady = [9100, 9150, 9080, 9120, 9110, 9090];
    const slower = steady.map((x) => 1.45 * x);
    // A: two cases (each case its own reference rounds) and a js row; B: the machine 1.45x slower for SIMD128.
    const a = run([withReference('wasm-simd128', 'n=8', steady), withReference('wasm-simd128', 'n=9', steady), withReference('js', 'n=8', [4000, 4010, 3990])]);
    const b = run([withReference('wasm-simd128', 'n=8', slower), { ...withReference('wasm-simd128', 'n=8', slower), kernel: 'simd-lanes' }, withReference('js', 'n=8', [4005, 3995, 4000])]);
    const speeds = machineSpeeds(a, b);
    expect(speeds.map((m) => m.build)).toEqual(['wasm-simd128', 'js']);
    const [simd, js] = speeds;
    expect(simd!.a).toBeCloseTo(9108, -1);
    expect(simd!.b).toBeCloseTo(1.45 * 9108, -1);
    expect(simd!.ratio.value).toBeCloseTo(1 / 1.45, 3); // B's speed over A's: slower
    expect(simd!.doubtful).toBe(true);
    expect(js!.doubtful).toBe(false);
    // Runs from before the reference loop: nothing to say.
    expect(machineSpeeds(run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 2000)]), b)).toEqual([]);
  });

  it('pairs nothing across cases', () => {
    const c = compareEntries(run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 2000, 'n=8')]), run([rec('bitmask-stack', 'scalar', 'wasm-simd128', 2000, 'n=9')]));
    expect(c.rows).toEqual([]);
    expect(c.sharedCases).toEqual([]);
  });

});

describe('the rest', () => {
  it('picks at most two runs, the first picked leaving for a third', () => {
    expect(togglePick([], 1)).toEqual([1]);
    expect(togglePick([1, 2], 3)).toEqual([2, 3]);
    expect(togglePick([1, 2], 1)).toEqual([2]);
  });

  it('names the machine as far as the browser tells', () => {
    expect(machineOf(environment)).toBe('AMD EPYC 9999, 2 cores');
    expect(machineOf({ ...environment, cpu: 'unknown' })).toBe('2 cores (the browser does not name its CPU)');
  });

  it('names the browser and its version', () => {
    expect(browserName(environment.user_agent)).toBe('Chromium 156');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0')).toBe('Firefox 153');
    expect(browserName(undefined)).toBe('unknown browser');
  });

  it('says storage failures in words', () => {
    expect(storageProblem(new DOMException('full', 'QuotaExceededError'))).toMatch(/storage for this page is full/);
    expect(storageProblem(new DOMException('no', 'SecurityError'))).toMatch(/private window/);
    expect(storageProblem('unavailable')).toMatch(/no IndexedDB/);
    expect(storageProblem(new Error('disk on fire'))).toMatch(/disk on fire/);
  });

  it('reads #history as the history screen', () => {
    expect(readFragment('#history', ['nqueens'])).toEqual({ kind: 'history' });
  });
});
