// The page's side of "Measure natively now" and of what it says about its numbers (issue 28):
// the request it sends is the engine request its worker gets (the cube's with: "" included); an
// estimate before a run starts, from the case's expected work and this machine's last figures
// (finding 6); the words about the timer come from the measured step, never a written-in 5 µs
// (finding 7); and the Native panel says "Checking…" while the served report is re-checked, not
// "No native numbers" (finding 7). The server's side: native-run.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nativeNote } from '../../web/src/app/environment';
import { isolationText, timerStepText } from '../../web/src/app/isolation';
import { estimateText, nativeKernelSeconds, nativeRunRequest, NATIVE_NOW_HARNESS, type NativeSource } from '../../web/src/app/native';
import { NativeFeed } from '../../web/src/app/native-feed';
import { recordSet } from '../../web/src/app/state/records';
import { freshPuzzle, initialState, Store, type PageState } from '../../web/src/app/state/store';
import type { Verifier } from '../../web/src/app/trust';
import { views } from '../../web/src/puzzles';
import type { CatalogPuzzle } from '../../web/src/share/engine-types';
import type { Environment, Params } from '../../web/src/share/schema';
import type { PageRecord } from '../../web/src/share/verify';

const environment: Environment = { side: 'native', build: 'native', arch: 'x86_64', cpu: 'Test CPU', features: '', compiler: 'GCC', flags: '', timer_resolution_ns: 20, date: 'now' } as Environment;

function catalogPuzzle(id: string, params: CatalogPuzzle['params'], kernels: string[]): CatalogPuzzle {
  return {
    id, title: id, summary: '', source_url: '', work_unit: 'nodes', reference_kernel: kernels[0]!, kernel_order: kernels, input_file: '', solves_contest_input: false, params, bench_cases: [],
    kernels: kernels.map((k) => ({ id: k.split('/')[0]!, isa: k.split('/')[1] as never, key: k, group: '', needs: '', available: true, summary: '' })),
  };
}

const nqueens = catalogPuzzle('nqueens', [{ name: 'n', help: '', kind: 'integer', default: 8, min: 1, max: 20 }], ['bitmask-recursive/scalar', 'simd-lanes/simd128']);
const cube = catalogPuzzle('cube', [{ name: 'with', help: '', kind: 'text', default: '' }], ['scalar/scalar', 'simd128/simd128']);

function record(puzzle: string, params: Params, kernel: string, isa: string, medianNs: number, work: number, build = 'native'): PageRecord {
  const key = JSON.stringify(params);
  return {
    puzzle, case: key, case_key: key, params, kernel, isa, build, answer: {}, verified: true, verified_by: 'test', work, work_unit: 'nodes',
    timing: { samples: 6, reps_per_sample: 1, median_ns: medianNs, min_ns: medianNs, mad_ns: 0, ns_per_unit: medianNs / work, units_per_second: 1e9 * work / medianNs },
  } as PageRecord;
}

/** A page with `puzzle` on screen, its case `params` accepted, and `native` numbers served. */
function pageWith(puzzle: CatalogPuzzle, params: Params, native: PageRecord[] = [], mine: PageRecord[] = []): PageState {
  const s = initialState();
  const key = JSON.stringify(params);
  return {
    ...s,
    catalogs: new Map([['simd128', [nqueens, cube]]]),
    puzzleId: puzzle.id,
    puzzles: new Map([[puzzle.id, { ...freshPuzzle(puzzle), params, check: { ok: true, params, case: key, case_key: key, work_unit: 'nodes' }, mine: recordSet(mine) }]]),
    native: native.length ? { source: { report: { schema: 'simd-puzzles.report/2', environment, records: native }, origin: 'same-machine' }, records: native } : null,
  };
}

const noVerifier = { verify: async (records: PageRecord[]) => ({ records, rejected: [] }) } as unknown as Verifier;
const feedOn = (s: PageState) => new NativeFeed(new Store(s), noVerifier, async () => {}, views);

describe('the request Measure natively now sends', () => {
  it('is the engine request of a Run: the params as the engine made them, empty text kept (finding 1)', () => {
    const params = { moves: "R U R' U'", op: 'apply', seed: 1, with: '' };
    expect(nativeRunRequest('cube', params, null)).toEqual({ action: 'run', puzzle: 'cube', params, kernels: ['all'], time: true, harness: NATIVE_NOW_HARNESS });
    expect(nativeRunRequest('nqueens', { n: 9 }, ['simd-lanes'])).toMatchObject({ kernels: ['simd-lanes'] });
  });
});

describe('the estimate before a native run (finding 6)', () => {
  it('follows the harness: a short call costs its batches, a long one its calls', () => {
    // 10 batches of warm-up and 6 rounds of 4 batches of 10 ms.
    expect(nativeKernelSeconds(0)).toBeCloseTo(0.34, 5);
    expect(nativeKernelSeconds(1)).toBeCloseTo(2 + 2 + 6, 5);
  });

  it('says N-queens n = 20 would outlast the server’s cap, from this machine’s native pace', () => {
    // This machine's native numbers of n = 12: the slowest kernel's time per node sets the pace.
    const served = [record('nqueens', { n: 12 }, 'bitmask-recursive', 'scalar', 4e6, 856_188), record('nqueens', { n: 12 }, 'simd-lanes', 'avx2', 1e6, 856_188)];
    const estimate = feedOn(pageWith(nqueens, { n: 20 }, served)).estimate(pageWith(nqueens, { n: 20 }, served));
    expect(estimate?.from).toBe('pace');
    expect(estimate!.seconds).toBeGreaterThan(3600);
    expect(estimateText(estimate!)).toMatch(/^up to about [\d.]+ (h|days) \(the case’s expected work at this machine’s native pace\): longer than the server’s 10 min cap/);
  });

  it('adds up a case measured natively before, kernel by kernel, and knows the harness’s least otherwise', () => {
    const params = { with: '' };
    const served = [record('cube', params, 'scalar', 'scalar', 200, 1), record('cube', params, 'simd128', 'sse4.1', 100, 1)];
    const s = pageWith(cube, params, served);
    expect(feedOn(s).estimate(s)).toEqual({ seconds: nativeKernelSeconds(2e-7) + nativeKernelSeconds(1e-7), from: 'case' });
    const fresh = pageWith(cube, params);
    expect(feedOn(fresh).estimate(fresh)).toEqual({ seconds: 2 * nativeKernelSeconds(0), from: 'floor' });
    expect(estimateText({ seconds: 0.7, from: 'floor' })).toBe('at least 0.7 s (the harness’s least; the case has not been measured natively yet)');
  });

  it('falls back on this browser’s times of the case, an upper bound', () => {
    const params = { with: '' };
    const mine = [record('cube', params, 'scalar', 'scalar', 2e8, 1, 'wasm-simd128'), record('cube', params, 'scalar', 'scalar', 3e8, 1, 'wasm-baseline')];
    const s = pageWith(cube, params, [], mine);
    expect(feedOn(s).estimate(s)).toEqual({ seconds: nativeKernelSeconds(0.3), from: 'browser' });
  });
});

describe('what the page says about its timer (finding 7)', () => {
  it('words the step the engine measured, in every engine', () => {
    // Firefox ESR isolated: 20 µs measured, so the page says 20 µs (it said "5 µs" before).
    expect(isolationText({ kind: 'server-headers' }, 20_000)).toBe('yes, by the server’s COOP/COEP headers: the timer was measured to tick at 20 µs');
    expect(isolationText({ kind: 'service-worker' }, 5_000)).toMatch(/service worker.*measured to tick at 5 µs$/);
    expect(isolationText({ kind: 'none', reason: 'no headers' }, 100_000)).toBe('no: no headers; the timer was measured to tick at 100 µs, so short runs are noisy');
    // Nothing measured, no number.
    expect(isolationText({ kind: 'server-headers' })).not.toMatch(/\d/);
    expect(timerStepText(21)).toBe('21 ns');
    expect(timerStepText(1_500)).toBe('1.5 µs');
    expect(timerStepText(Number.NaN)).toBe('an unknown step');
  });
});

describe('the Native panel while the served report is re-checked (finding 7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "Checking…", never "No native numbers", until the check ends', async () => {
    const native = [record('nqueens', { n: 12 }, 'bitmask-recursive', 'scalar', 4e6, 856_188)];
    const report = { schema: 'simd-puzzles.report/2', environment, records: native };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ available: true, sameMachine: true, report, status: { state: 'done', fraction: 1, recent: [] } })));
    const store = new Store(pageWith(nqueens, { n: 8 }));
    const notes: string[] = [];
    const checking = { verify: async (records: PageRecord[]) => {
      const s = store.get();
      notes.push(nativeNote(s.native?.source ?? null, s.nativeMeasuring, false));
      return { records, rejected: [] };
    } } as unknown as Verifier;
    expect(nativeNote(store.get().native?.source ?? null, null, false)).toMatch(/^No native numbers/);
    await new NativeFeed(store, checking, async () => {}, views).follow();
    expect(notes).toEqual(['Checking… the native numbers served with the page are re-checked before they show.']);
    const done = store.get().native;
    expect(done?.source.checking).toBeUndefined();
    expect(done?.records).toHaveLength(1);
    expect(nativeNote(done!.source, null, false)).toMatch(/^Same machine/);
    expect(nativeNote({ checking: true, origin: 'imported' } as NativeSource, null, false)).toMatch(/^Checking… the native numbers you imported/);
  });
});
