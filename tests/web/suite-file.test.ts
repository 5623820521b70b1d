// The Suite's downloads (web/src/app/suite-export.ts, web/src/share/suite-file.ts): the JSON holds
// the browser records, the native records its scoreboard compared with (shared-CPU marks kept),
// the profile, both machines, the date and the cases in words, and reads back into the same
// scoreboard, native columns included; the CSV carries the same facts in a header block, numbers
// rounded; a CSV picked for import is refused in words; a broken Suite file says where.
import { beforeAll, describe, expect, it } from 'vitest';
import { learnIsas } from '../../web/src/app/compare';
import { nativeUsed, scoreRows } from '../../web/src/app/suite';
import { csvMeta, suiteCsv, suiteFile, type SuiteExport } from '../../web/src/app/suite-export';
import { CSV_TITLE, roundedNumber, toCsv } from '../../web/src/share/export';
import type { Environment } from '../../web/src/share/schema';
import { classifyImport, SUITE_FILE_SCHEMA } from '../../web/src/share/suite-file';
import type { PageRecord } from '../../web/src/share/verify';

beforeAll(() => learnIsas([{ name: 'scalar', bits: 0 }, { name: 'sse4.1', bits: 128 }, { name: 'simd128', bits: 128 }, { name: 'avx512', bits: 512 }]));

const browser: Environment = {
  side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'unknown', features: 'simd128', compiler: 'emscripten 3.1.6', flags: '-O3', timer_resolution_ns: 5000,
  date: '2026-11-28T10:00:00Z', cores: 2, cross_origin_isolated: true, user_agent: 'Mozilla/5.0 Chrome/156.0.0.0', engine: { name: 'V8', version: '15.6', browser: 'Chrome 156' },
};
const native: Environment = { ...browser, side: 'native', build: 'native', arch: 'x86-64', cpu: 'AMD EPYC (Zen 5)', compiler: 'GCC 12.2', user_agent: undefined, engine: undefined, cores: undefined, cross_origin_isolated: undefined };

function rec(kernel: string, isa: string, build: string, median: number, extra: Partial<PageRecord> = {}): PageRecord {
  return {
    puzzle: 'nqueens', case: 'n=12', case_key: 'n=12', params: { n: 12 }, kernel, isa, build, answer: { total: 14200, unique: 1787 },
    verified: true, verified_by: 'OEIS', work: 1000, work_unit: 'nodes',
    // A rate as a division leaves it: 3730000.000000006 in a file helps no one.
    timing: { samples: 11, reps_per_sample: 10, median_ns: median, min_ns: median * 0.97, mad_ns: median / 30, ns_per_unit: median / 1000, units_per_second: (1000 * 1e9) / median + 6e-9 },
    ...extra,
  };
}

const mine = [rec('simd-symmetry', 'simd128', 'wasm-simd128', 600), rec('symmetry', 'scalar', 'wasm-baseline', 1800)];
const nativeRecords = [
  rec('simd-symmetry', 'avx512', 'native', 200, { cpu_shared: { others_cores: 1.5, cores: 2 } }),
  rec('simd-symmetry', 'sse4.1', 'native', 500),
  rec('bitmask-recursive', 'scalar', 'native', 2300),
];

const exportOf = (): SuiteExport => ({
  records: mine, profile: 'smoke', environment: browser, date: new Date('2026-11-28T12:00:00Z'),
  native: { environment: native, origin: 'measured on this machine by npm start', records: nativeUsed(scoreRows(mine, nativeRecords)) },
  words: (r) => `N-queens: N = ${String(r.params.n)}`,
});

describe('the Suite’s JSON', () => {
  it('holds what its scoreboard needs, and reads back into the same scoreboard, native columns included', () => {
    const text = JSON.stringify(suiteFile(exportOf()), null, 2);
    const read = classifyImport(text, 'suite.json');
    expect(read.kind, JSON.stringify(read).slice(0, 300)).toBe('suite');
    if (read.kind !== 'suite') return;
    const file = read.file;
    expect(file.schema).toBe(SUITE_FILE_SCHEMA);
    expect(file).toMatchObject({ profile: 'smoke', date: '2026-11-28T12:00:00.000Z', machine: '2 cores (the browser does not name its CPU)', cases: [{ puzzle: 'nqueens', case_key: 'n=12', words: 'N-queens: N = 12' }] });
    expect(file.browser).toMatch(/V8 15\.6/);
    expect(file.native!.origin).toBe('measured on this machine by npm start');
    // The best native record and the same kernel at 128 bits; the shared-CPU mark travels.
    expect(file.native!.records.map((r) => `${r.kernel}/${r.isa}`).sort()).toEqual(['simd-symmetry/avx512', 'simd-symmetry/sse4.1']);
    expect(file.native!.records.find((r) => r.isa === 'avx512')!.cpu_shared).toEqual({ others_cores: 1.5, cores: 2 });
    const again = scoreRows(file.records as PageRecord[], file.native!.records as PageRecord[]);
    const first = scoreRows(mine, nativeRecords);
    expect(again.map((r) => [r.bestNative?.isa, r.sameKernel?.record.isa, r.ratios.native?.value, r.ratios['same-kernel']?.value, r.ratios.simd?.value]))
      .toEqual(first.map((r) => [r.bestNative?.isa, r.sameKernel?.record.isa, r.ratios.native?.value, r.ratios['same-kernel']?.value, r.ratios.simd?.value]));
    expect(again[0]!.ratios.native!.doubtful).not.toBeNull(); // the shared CPU, as on the sharer's page
  });

  it('says where a broken Suite file breaks, and leaves reports to the native feed', () => {
    const broken = { ...suiteFile(exportOf()), profile: 'fast' };
    const read = classifyImport(JSON.stringify(broken), 'suite.json');
    expect(read).toEqual({ kind: 'refused', error: expect.stringMatching(/^suite\.json: not a readable Suite file: profile:/) });
    expect(classifyImport(JSON.stringify({ schema: 'simd-puzzles.report/2', environment: native, records: [] }), 'native.json')).toEqual({ kind: 'other' });
    expect(classifyImport('', 'empty.json')).toEqual({ kind: 'other' }); // the native feed says "empty"
    expect(classifyImport(`{"schema":"${SUITE_FILE_SCHEMA}","__proto__":{}}`, 'x.json')).toEqual({ kind: 'refused', error: "x.json: it uses a forbidden key ('__proto__')" });
  });
});

describe('the CSV downloads', () => {
  it('start with a header block of their facts, one cell a line, and round numbers to what they mean', () => {
    const lines = suiteCsv(exportOf()).split('\r\n');
    expect(lines[0]).toBe(CSV_TITLE);
    const head = lines.slice(0, lines.findIndex((l) => l.startsWith('puzzle,case,')));
    expect(head.join('\n')).toMatch(/# date: 2026-11-28T12:00:00\.000Z/);
    expect(head.join('\n')).toMatch(/"# browser: Chrome 156, V8 15\.6"|# browser: .*V8 15\.6/);
    expect(head.join('\n')).toMatch(/# profile: smoke/);
    expect(head.join('\n')).toMatch(/# native: AMD EPYC \(Zen 5\), GCC 12\.2 \(measured on this machine by npm start\); its 2 records follow/);
    expect(head.join('\n')).toMatch(/# case: N-queens: N = 12/);
    // The browser's two records, then the two native ones.
    expect(lines.filter((l) => l.startsWith('nqueens,')).map((l) => l.split(',')[5])).toEqual(['wasm-simd128', 'wasm-baseline', 'native', 'native']);
    expect(lines.join('\n')).not.toContain('1666666666.6666667');
    expect(lines.join('\n')).toContain(',1666666667,'); // 1e12/600, rounded to a whole number from a million on
  });

  it('keep the CLI’s bytes when asked for nothing more (bench --csv)', () => {
    const plain = toCsv(mine);
    expect(plain.startsWith('puzzle,case,case_key,')).toBe(true);
    expect(plain).toContain('1666666666.6666667'); // what the CLI prints, shortest round trip
  });

  it('round to six significant digits, whole numbers from a million on, integers as they are', () => {
    expect([3730000.000000006, 1234.56789, 0.000123456789, 42, 1e21 + 0.5, -2.5e-9].map(roundedNumber)).toEqual([3730000, 1234.57, 0.000123457, 42, 1e21, -2.5e-9]);
    const meta = csvMeta(browser, new Date('2026-11-28T12:00:00Z'), mine, () => 'N-queens: N = 12');
    expect(meta.map(([k]) => k)).toEqual(['date', 'browser', 'machine', 'build', 'case']);
  });

  it('are refused by the import, in words', () => {
    for (const [text, name] of [['kernel,isa\nhq,scalar\n', 'table.csv'], [suiteCsv(exportOf()), 'renamed.json'], [toCsv(mine), 'results.txt']] as const)
      expect(classifyImport(text, name)).toEqual({ kind: 'refused', error: expect.stringMatching(new RegExp(`^${name.replace('.', '\\.')} is a CSV file, for spreadsheets: the page imports the JSON download`)) });
  });
});
