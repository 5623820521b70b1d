// The page's own rules, which only the browser layer used to exercise: which records a link
// carries and in what order, the run plan, the progress bar and status line, the sentence a link's
// notice starts with, and the state's updaters.
import { beforeAll, describe, expect, it } from 'vitest';
import { registerCaseWords } from '../../web/src/app/case-words';
import { views } from '../../web/src/puzzles';
import { listOf, merged, NO_RECORDS, ofCase, recordSet } from '../../web/src/app/state/records';
import { caseChips, runPlan } from '../../web/src/app/state/selectors';
import { initialState, Store, withNotice, withPuzzle, type PageState } from '../../web/src/app/state/store';
import { inTabOrder } from '../../web/src/app/load-builds';
import { forEngine } from '../../web/src/app/params-checker';
import { endOfRun, longRunWarning, runProgress } from '../../web/src/app/run-controller';
import { referenceNodes } from '../../web/src/puzzles/nqueens/view';
import { describeShared, leftOutText, withLink } from '../../web/src/app/trust';
import { copiedSentence, recordsForLink } from '../../web/src/share/link-state';
import type { CatalogPuzzle } from '../../web/src/share/engine-types';
import type { ProgressEvent } from '../../web/src/share/engine-types';
import { MAX_SHARED_RECORDS } from '../../web/src/share/schema';
import type { PageRecord } from '../../web/src/share/verify';

function rec(caseKey: string, kernel: string, patch: Partial<PageRecord> = {}): PageRecord {
  return {
    puzzle: 'nqueens', case: caseKey, case_key: caseKey, params: { n: Number(caseKey.slice(2)) }, kernel, isa: 'scalar', build: 'wasm-simd128',
    answer: { total: 1 }, verified: true, verified_by: 'OEIS', work: 10, work_unit: 'nodes', ...patch,
  };
}

function puzzle(id: string, kernels: string[]): CatalogPuzzle {
  return {
    id, title: id, summary: '', source_url: '', work_unit: 'nodes', reference_kernel: 'ref', kernel_order: [], input_file: '', solves_contest_input: false,
    params: [{ name: 'n', help: '', kind: 'integer', default: 8, min: 1, max: 20 }], bench_cases: [],
    kernels: kernels.map((key) => ({ id: key.split('/')[0]!, isa: key.split('/')[1]!, key, group: '', needs: '', available: true, summary: '' })),
  };
}

describe('link record order', () => {
  const mine = [rec('n=6', 'a'), rec('n=6', 'b'), rec('n=8', 'a'), rec('n=7', 'a'), rec('n=8', 'b')];

  it('puts the case on screen first, then the most recently run cases, each in arrival order', () => {
    const { records, beyondCap } = recordsForLink(mine, 'n=6');
    expect(records.map((r) => `${r.case_key} ${r.kernel}`)).toEqual(['n=6 a', 'n=6 b', 'n=8 a', 'n=8 b', 'n=7 a']);
    expect(beyondCap).toBe(0);
  });

  it('starts with the most recent case when the case on screen holds no results', () => {
    expect(recordsForLink(mine, 'n=9').records.map((r) => r.case_key)).toEqual(['n=8', 'n=8', 'n=7', 'n=6', 'n=6']);
    expect(recordsForLink(mine, null).records[0]!.case_key).toBe('n=8');
  });

  it('keeps at most the schema’s cap, and strips what only this page knows', () => {
    const many = Array.from({ length: MAX_SHARED_RECORDS + 5 }, (_, i) => rec(`n=${i % 20}`, `k${i}`, { claimed: true, startup_ns: 5 }));
    const { records, beyondCap } = recordsForLink(many, null);
    expect(records).toHaveLength(MAX_SHARED_RECORDS);
    expect(beyondCap).toBe(5);
    expect(records.some((r) => 'claimed' in r || 'startup_ns' in r)).toBe(false);
  });

  it('says what the link holds once copied', () => {
    const kept = [rec('n=6', 'a'), rec('n=7', 'a')];
    expect(copiedSentence('x'.repeat(120), kept, 0, true)).toBe('Link copied (120 characters, with your 2 results on 2 cases).');
    expect(copiedSentence('u', [], 3, false)).toBe('Copy the link from the field (the clipboard is not available here) (3 older results left out to keep the link under 64 results and 32 KiB).');
  });
});

describe('the run plan', () => {
  const state = (builds: ('simd128' | 'baseline')[], loaded: ('simd128' | 'baseline')[]): PageState => ({
    ...initialState(),
    catalogs: new Map(loaded.map((b) => [b, [puzzle('nqueens', b === 'simd128' ? ['a/scalar', 'v/simd128'] : ['a/scalar'])]])),
    builds: new Set(builds),
  });

  it('runs each picked build that is loaded, with the picked kernels it has, SIMD first', () => {
    expect(runPlan(state(['baseline', 'simd128'], ['simd128', 'baseline']), 'nqueens', new Set(['v/simd128', 'a/scalar', 'peer/peer']))).toEqual([
      { build: 'simd128', kernels: ['v/simd128', 'a/scalar'] },
      { build: 'baseline', kernels: ['a/scalar'] },
    ]);
  });

  it('leaves out a build with none of the picked kernels, and one that did not load', () => {
    expect(runPlan(state(['simd128', 'baseline'], ['simd128', 'baseline']), 'nqueens', new Set(['v/simd128']))).toEqual([{ build: 'simd128', kernels: ['v/simd128'] }]);
    expect(runPlan(state(['simd128'], ['baseline']), 'nqueens', new Set(['a/scalar']))).toEqual([]);
  });
});

describe('progress', () => {
  const event = (patch: Partial<ProgressEvent>): ProgressEvent => ({ phase: 'sample', puzzle: 'nqueens', case: 'n=12', kernel: 'a', isa: 'scalar', kernel_index: 1, kernel_count: 4, ...patch });

  it('counts finished kernel runs of earlier builds and cases, and samples within the current one', () => {
    // Second build of two (4 kernels each, 1 case): 4 done before, kernel 3 at sample 5 of 10.
    const at = runProgress('baseline', event({ kernel_index: 3, sample: 5, samples: 10 }), 4, 8);
    expect(at.done).toBe(4);
    expect(at.fraction).toBeCloseTo((4 + 2 + 0.5) / 8);
    expect(at.text).toBe('wasm-baseline · kernel 3/4 a/scalar · round 5/10');
  });

  it('moves by whole kernels over the cases of a benchmark, and names the case', () => {
    const at = runProgress('simd128', event({ phase: 'warmup', case_index: 3, case_count: 5, kernel_index: 2 }), 0, 20);
    expect(at.done).toBe(8);
    expect(at.fraction).toBeCloseTo(9 / 20);
    expect(at.text).toBe('wasm-simd128 · case 3/5 n=12 · kernel 2/4 a/scalar · warming up');
    expect(runProgress('simd128', event({ phase: 'verify', kernel_index: 4 }), 4, 4).fraction).toBe(1); // never past the end
  });

  it('says how a run ended, and where its results went', () => {
    expect(endOfRun('finished', 7, null)).toBe('Done: 7 results.');
    expect(endOfRun('finished', 7, 'N-queens')).toBe('Done: 7 results for N-queens (open its tab to see them).');
    expect(endOfRun('finished', 0, null)).toBe('No results.');
    expect(endOfRun('stopped', 2, null)).toBe('Stopped after 2 results. The page is yours again.');
    expect(endOfRun('failed', 0, null)).toBe('The run failed after 0 results (see the notice above).');
  });
});

describe('the shared-link sentence', () => {
  // Records left out are named by their case in words (app/case-words.ts), as every screen names them.
  beforeAll(() => registerCaseWords(views));

  it('names which records were left out and why, the first three, then how many more', () => {
    const rejected = ['a', 'b', 'c', 'd', 'e'].map((k) => ({ record: rec('n=6', k), reason: `bad ${k}` }));
    expect(leftOutText(rejected)).toBe('5 left out (a/scalar on N = 6: bad a; b/scalar on N = 6: bad b; c/scalar on N = 6: bad c; and 2 more)');
    expect(leftOutText(rejected.slice(0, 1), { count: 2, reasons: ['record 3: timing: bad'] })).toBe('3 left out (record 3: timing: bad; a/scalar on N = 6: bad a)');
  });

  it('counts results, cases, answers re-checked, wrong and claimed, and what was left out', () => {
    const records = [rec('n=6', 'a'), rec('n=6', 'b', { verified: false }), rec('n=7', 'a', { verified: null, claimed: true })];
    const rejected = [{ record: rec('n=6', 'x'), reason: 'no kernel x' }, { record: rec('n=6', 'y'), reason: 'no kernel y' }];
    expect(describeShared(records, rejected, 'AMD EPYC')).toBe(
      '3 results from another browser (AMD EPYC) on 2 cases; answers re-checked here: 2 (1 wrong), claimed only: 1; 2 left out (x/scalar on N = 6: no kernel x; y/scalar on N = 6: no kernel y); run the same case to measure yours beside them');
    expect(describeShared([], [], 'x'.repeat(100))).toBe(`0 results from another browser (${'x'.repeat(80)}) on 0 cases; answers re-checked here: 0, claimed only: 0`);
  });
});

describe('the link notice', () => {
  const base: PageState = { ...initialState(), catalogs: new Map([['simd128', [puzzle('nqueens', ['a/scalar'])]]]) };
  const facts = { puzzle: 'nqueens', carried: true, cpu: 'x', rejected: [], refused: null, recheck: null };
  const withShared = (records: PageRecord[]) => withPuzzle(base, 'nqueens', (p) => ({ ...p, shared: recordSet(records) }));

  it('is made from the records as they are now, so a re-check or a run of the viewer updates it', () => {
    const before = withLink(withShared([rec('n=6', 'a', { verified: null, claimed: true })]), facts);
    expect(before.notices.get('link')!.text).toContain('answers re-checked here: 0, claimed only: 1');
    const after = withLink(withPuzzle(before, 'nqueens', (p) => ({ ...p, shared: recordSet([rec('n=6', 'a')]) })), before.link);
    expect(after.notices.get('link')!.text).toContain('answers re-checked here: 1, claimed only: 0');
  });

  it('offers Cancel while the background re-check runs, and says where it stopped', () => {
    const running = withLink(withShared([]), { ...facts, recheck: { done: 3, total: 64, state: 'running' } }).notices.get('link')!;
    expect(running.text).toMatch(/re-checking their answers in the background: 3 of 64 cases done\.$/);
    expect(running.action).toBe('cancel-recheck');
    const cancelled = withLink(withShared([]), { ...facts, recheck: { done: 3, total: 64, state: 'cancelled' } }).notices.get('link')!;
    expect(cancelled.text).toMatch(/re-check cancelled after 3 of 64 cases: the rest stay claimed\.$/);
    expect(cancelled.action).toBeUndefined();
  });

  it('says a link’s params were refused, with or without results, and goes with the link', () => {
    const refused = withLink(base, { ...facts, carried: false, refused: 'its parameters were refused (n: bad)' }).notices.get('link')!;
    expect([refused.text, refused.kind]).toEqual(['Shared link: its parameters were refused (n: bad).', 'error']);
    expect(withLink(withLink(base, facts), null).notices.has('link')).toBe(false);
  });
});

describe('smaller rules', () => {
  it('puts the tabs in their views’ order, the simplest first, the rest after in the catalog’s', () => {
    const views = new Map([['nqueens', { order: 1 }], ['cube', { order: 2 }]].map(([id, v]) => [id as string, { id: id as string, explainer: () => null as never, ...(v as object) }]));
    expect(inTabOrder(['cephalopod', 'chess', 'cube', 'nqueens', 'sudoku'].map((id) => puzzle(id, [])), views).map((p) => p.id)).toEqual(['nqueens', 'cube', 'cephalopod', 'chess', 'sudoku']);
  });

  it('hands the engine a number field’s value without the spaces around it, and a text field as typed', () => {
    const p = { ...puzzle('x', []), params: [{ name: 'n', help: '', kind: 'integer' as const, default: 8 }, { name: 'fen', help: '', kind: 'text' as const, default: '' }] };
    expect(forEngine(p, { n: '20 ', fen: ' a b ' })).toEqual({ n: '20', fen: ' a b ' });
    expect(forEngine(p, { n: 20 })).toEqual({ n: 20 });
  });

  it('asks before a run expected to take over an hour, from the view’s estimate', () => {
    expect(longRunWarning('N-queens, n=12', 0.01, 7)).toBeNull();
    expect(longRunWarning('N-queens, n=16', 5, 7)).toBeNull(); // 7.6 min
    expect(longRunWarning('x', null, 7)).toBeNull(); // the puzzle cannot tell
    expect(longRunWarning('N-queens, n=20', 5 * 3600, 7)).toBe('N-queens, n=20 may take about 12 days: one call of its slowest kernel takes about 5.0 h here (an estimate), and the harness calls each of the 7 kernels at least 8 times.');
  });

  it('estimates N-queens work from the measured node counts, growing past them', () => {
    expect(referenceNodes(8)).toBe(1028);
    expect(referenceNodes(17) / referenceNodes(16)).toBeCloseTo(7.07);
    expect(referenceNodes(20)).toBeGreaterThan(1e12);
  });
});

describe('the state', () => {
  it('keys records by case, kernel, ISA and build: a newer one replaces the older and moves last', () => {
    const set = merged(recordSet([rec('n=6', 'a'), rec('n=7', 'a'), rec('n=6', 'a', { build: 'wasm-baseline' })]), [rec('n=6', 'a', { work: 99 })]);
    expect(listOf(set).map((r) => `${r.case_key} ${r.build} ${r.work}`)).toEqual(['n=7 wasm-simd128 10', 'n=6 wasm-baseline 10', 'n=6 wasm-simd128 99']);
    expect(ofCase(set, 'n=6')).toHaveLength(2);
    expect(listOf(NO_RECORDS)).toEqual([]);
  });

  it('keeps one notice per cause, in place when replaced', () => {
    let s = withNotice(withNotice(initialState(), 'a', { text: '1', kind: 'info' }), 'b', { text: '2', kind: 'error' });
    s = withNotice(s, 'a', { text: '3', kind: 'info' });
    expect([...s.notices].map(([cause, n]) => `${cause}:${n.text}`)).toEqual(['a:3', 'b:2']);
    expect(withNotice(s, 'c', null)).toBe(s); // clearing nothing changes nothing
    expect([...withNotice(s, 'a', null).notices.keys()]).toEqual(['b']);
  });

  it('makes a puzzle’s state from the catalog on first use, and lists the other cases held', () => {
    const base: PageState = { ...initialState(), catalogs: new Map([['simd128', [puzzle('nqueens', ['a/scalar'])]]]) };
    const s = withPuzzle(base, 'nqueens', (p) => ({ ...p, mine: recordSet([rec('n=6', 'a'), rec('n=7', 'a')]), shared: recordSet([rec('n=7', 'b')]) }));
    const p = s.puzzles.get('nqueens')!;
    expect(p.params).toEqual({ n: 8 });
    expect(caseChips(p, 'n=6').map((c) => [c.key, c.yours, c.shared])).toEqual([['n=7', 1, 1]]);
    expect(withPuzzle(base, 'sudoku', (x) => x)).toBe(base); // no such puzzle
  });

  it('tells listeners once per task, with the latest state', async () => {
    const store = new Store();
    const seen: string[] = [];
    store.subscribe((s) => seen.push(s.status));
    store.update((s) => ({ ...s, status: 'one' }));
    store.update((s) => ({ ...s, status: 'two' }));
    await Promise.resolve();
    expect(seen).toEqual(['Loading the wasm builds…', 'two']);
  });
});
