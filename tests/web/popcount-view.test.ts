// The popcount view: which series the sweep draws, which records each summary is made of, the
// engine's crossovers and arrays table for them (the page shows the engine's text; no TypeScript
// twin), and the benchmark groups against the real catalog.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { sourcesOf } from '../../web/src/app/summary';
import { arrayRecords, arraySettings, benchGroups, caseLabel, formatSize, isGenerated, sweepSeries } from '../../web/src/puzzles/popcount/view';
import type { PageRecord } from '../../web/src/share/verify';
import { call, loadModule } from './wasm-module';

let m: SimdPuzzlesModule;
beforeAll(async () => {
  m = await loadModule('baseline');
});

function rec(kernel: string, isa: string, build: string, params: Record<string, number | string>, nsPerWord: number, fileBytes = 0): PageRecord {
  const size = Number(params.size ?? 16384);
  const median = (nsPerWord / 8) * size;
  const name = Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join(' ') + (fileBytes ? ` file=${fileBytes}B` : '');
  return {
    puzzle: 'popcount', case: name, case_key: JSON.stringify(params) + (fileBytes ? ' file' : ''), params, kernel, isa, build,
    answer: { bits: 1 }, verified: true, verified_by: 'the generator', work: size, work_unit: 'bytes',
    ...(fileBytes ? { input: { bytes: fileBytes, fnv1a64: '0123456789abcdef' } } : {}),
    timing: { samples: 11, reps_per_sample: 1, median_ns: median, min_ns: median, mad_ns: 0, ns_per_unit: median / size, units_per_second: (size / median) * 1e9 },
  };
}
const word = (k: number, order: string) => ({ k, mode: 'word', offset: 0, order, seed: 1, size: 16384 });
const array = (size: number, mode = 'array') => ({ k: 32, mode, offset: 0, order: 'sorted', seed: 1, size });
const summarize = (records: PageRecord[]) => call(m, { action: 'summarize', puzzle: 'popcount', records }).summary;

describe('word sweep', () => {
  // sparse costs 0.5 + 0.5 k ns, swar-shift 1.6 ns, builtin 0.4 ns.
  const native: PageRecord[] = [];
  for (let k = 0; k <= 8; ++k) {
    native.push(rec('swar-shift', 'scalar', 'native', word(k, 'sorted'), 1.6));
    native.push(rec('sparse', 'scalar', 'native', word(k, 'sorted'), 0.5 + 0.5 * k));
    native.push(rec('builtin', 'scalar', 'native', word(k, 'sorted'), 0.4));
    native.push(rec('table8', 'scalar', 'native', word(k, 'sorted'), 3));
  }

  it('draws one series per source, variant and order, in ns per word', () => {
    const series = sweepSeries(sourcesOf({ native, mine: [], shared: [] }));
    expect(series.map((s) => s.kernel)).toEqual(['swar-shift', 'sparse', 'table8', 'builtin']);
    expect(series[1]!.points.get(4)).toBeCloseTo(2.5);
    expect(series.every((s) => s.native && s.order === 'sorted' && s.source === 'native')).toBe(true);
  });

  it('takes its crossovers from the engine, which names where sparse stops beating swar-shift', () => {
    const sweep = summarize(native).tables.find((t: any) => t.id === 'sweep-sorted');
    expect(sweep.notes).toEqual([
      'sparse beats swar-shift at k = 0–2 (crossover after k = 2)',
      'builtin beats swar-shift at every k measured',
      'table8: slower than swar-shift at every k measured',
      'fastest: builtin at every k measured',
    ]);
  });

  it('keeps sources and orders apart, and leaves out file runs', () => {
    const mine = [
      rec('swar-shift', 'scalar', 'wasm-simd128', word(1, 'mixed'), 2),
      rec('sparse', 'scalar', 'wasm-simd128', word(1, 'mixed'), 1),
      rec('sparse', 'scalar', 'wasm-simd128', word(2, 'mixed'), 3),
      rec('swar-shift', 'scalar', 'wasm-simd128', word(2, 'mixed'), 2),
      rec('sparse', 'scalar', 'wasm-simd128', word(3, 'mixed'), 0.1, 3000),
    ];
    const sources = sourcesOf({ native, mine, shared: [] });
    const wasm = sweepSeries(sources).filter((s) => s.source === 'wasm-simd128');
    expect(wasm.map((s) => `${s.kernel} ${s.order} ${[...s.points.keys()]}`)).toEqual(['swar-shift mixed 1,2', 'sparse mixed 1,2']);
    const tables = summarize(sources.find((s) => s.label === 'wasm-simd128')!.records as PageRecord[]).tables;
    expect(tables.map((t: any) => t.id)).toEqual(['sweep-mixed']);
    expect(tables[0].notes).toEqual(['sparse beats swar-shift at k = 1 (crossover after k = 1)', 'fastest: sparse at k = 1; swar-shift at k = 2']);
  });
});

describe('arrays table', () => {
  const native = [
    rec('vpopcntdq', 'avx512', 'native', array(16384), 0.08),
    rec('byte-popcnt', 'sse4.1', 'native', array(16384), 0.6),
    rec('memory-read', 'avx512', 'native', array(16384, 'read'), 0.05),
    rec('vpopcntdq', 'avx512', 'native', array(64 << 20), 1.0),
    rec('memory-read', 'avx512', 'native', array(64 << 20, 'read'), 0.9),
    rec('vpopcntdq', 'avx512', 'native', { ...array(16384), k: 8 }, 1.0), // other settings
    rec('vpopcntdq', 'avx512', 'native', array(16384), 0.01, 16384), // a file
  ];

  it('shows the settings on screen in array mode, else the benchmark’s', () => {
    expect(arraySettings({ mode: 'word', k: 3, order: 'mixed', offset: 5, seed: 9, size: 8 })).toEqual({ k: 32, order: 'sorted', offset: 0, seed: 1 });
    expect(arraySettings({ mode: 'read', k: 3, order: 'mixed', offset: 5, seed: 9, size: 8 })).toEqual({ k: 3, order: 'mixed', offset: 5, seed: 9 });
  });

  it('summarises the generated cases with those settings, as the engine formats them', () => {
    const picked = arrayRecords(native, word(0, 'sorted'));
    expect(picked).toHaveLength(5);
    const arrays = summarize(picked).tables.find((t: any) => t.id === 'arrays');
    expect(arrays.header).toEqual(['kernel', '16 KiB', '64 MiB']);
    expect(arrays.rows).toEqual([
      ['vpopcntdq/avx512', '100.0', '8.0'], ['byte-popcnt/sse4.1', '13.3', '–'], ['memory-read/avx512 (ceiling)', '160.0', '8.9'],
    ]);
    expect(arrays.row_keys).toEqual(['vpopcntdq/avx512', 'byte-popcnt/sse4.1', 'memory-read/avx512']);
    expect(arrays.column_keys).toEqual([null, 16384, 64 << 20]);
    expect(arrays.notes[0]).toBe('16 KiB: best vpopcntdq/avx512 100.0 GB/s, 62% of memory-read/avx512 (160.0 GB/s)');
  });

  it('tells generated data from a file by the record’s input field, not by its name', () => {
    expect(isGenerated(rec('x', 'scalar', 'native', array(8), 1))).toBe(true);
    expect(isGenerated(rec('x', 'scalar', 'native', array(8), 1, 123))).toBe(false);
    expect(isGenerated({ ...rec('x', 'scalar', 'native', array(8), 1), case: 'mode=array file=5B' })).toBe(true);
  });

  it('names sizes by their binary unit', () => {
    expect([64, 1024, 16384, 262144, 4 << 20, 64 << 20, 1000].map(formatSize)).toEqual(['64 B', '1 KiB', '16 KiB', '256 KiB', '4 MiB', '64 MiB', '1000 B']);
  });
});

describe('pivot column labels', () => {
  it('are short, and still tell cases apart', () => {
    const label = (params: Record<string, number | string>) => caseLabel(rec('x', 'scalar', 'native', params, 1));
    expect(label(word(5, 'mixed'))).toBe('k=5 mixed');
    expect(label({ ...word(5, 'sorted'), size: 1024 })).toBe('k=5 sorted 1 KiB');
    expect(label(array(16384))).toBe('16 KiB');
    expect(label(array(64 << 20, 'read'))).toBe('read 64 MiB');
    expect(label({ ...array(1000), k: 8, offset: 3, seed: 2 })).toBe('1000 B k=8 sorted +3 seed 2');
  });

  it('name a file by its name where known, its size and its digest: three files, three labels', () => {
    const file = (bytes: number, fnv1a64: string, mode = 'array', offset = 0): PageRecord =>
      ({ ...rec('x', 'scalar', 'native', { mode, offset }, 1), input: { bytes, fnv1a64 } });
    const labels = [file(100_003, '477dec5746ab61ce'), file(100_003, '0123456789abcdef'), file(1 << 20, 'fedcba9876543210', 'read', 3)].map((r) => caseLabel(r));
    expect(labels).toEqual(['file 100,003 B #477dec57', 'file 100,003 B #01234567', 'read file 1 MiB #fedcba98 +3']);
    expect(caseLabel(file(100_003, '477dec5746ab61ce'), 'bits.bin')).toBe('bits.bin 100,003 B #477dec57');
    expect(labels.join()).not.toMatch(/undefined|\?/);
  });
});

describe('benchmark groups', () => {
  let cases: { name: string; params: Record<string, number | string> }[] = [];
  beforeAll(() => {
    cases = call(m, { action: 'catalog' }).puzzles.find((p: any) => p.id === 'popcount').bench_cases;
  });

  it('select the quick set, each sweep, the arrays and everything from the catalog’s cases, by params', () => {
    // The Suite's repeated 16 KiB case is in "all" only: the other groups keep one pass per size.
    expect(benchGroups.map((g) => cases.filter(g.cases).length)).toEqual([9, 65, 65, 12, 143]);
    expect(cases.filter(benchGroups[0]!.cases).map((c) => c.name)).toContain('k=32 mode=array offset=0 order=sorted seed=1 size=16384');
  });
});
