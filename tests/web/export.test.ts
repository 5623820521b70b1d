// Download results (share/export.ts) and importing the file back (app/native.ts, parseReport with
// 'any'; the records then screened like a link's, share/verify.ts): a real wasm benchmark run,
// exported and read back, gives the same records; the CSV has the page's columns; hostile files
// are refused with a reason.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { importReportFile, MAX_IMPORT_BYTES, parseReport } from '../../web/src/app/native';
import { canonicalJson, csvField, csvNumber, CSV_COLUMNS, exportReport, toCsv } from '../../web/src/share/export';
import { engineOf } from '../../web/src/share/js-engine';
import type { Environment, Report } from '../../web/src/share/schema';
import { screenRecords, type PageRecord, type VerifyContext } from '../../web/src/share/verify';
import { call, loadModule } from './wasm-module';
import { verifyContextOf } from './verify-context';

let m: SimdPuzzlesModule;
let ctx: VerifyContext;
let environment: Environment;
let measured: PageRecord[];
beforeAll(async () => {
  m = await loadModule('simd');
  ctx = verifyContextOf(m, { page: true });
  // Samples of 10 ms, as the page takes them: with 1 ms ones, V8 warming up made a sample 4x
  // shorter than the batch that calibrated it, which the claims check rightly calls impossible.
  const bench = call<{ ok: boolean; report: Report }>(m, { action: 'bench', puzzles: ['nqueens'], cases: ['n=8'], harness: { min_samples: 3, min_sample_ms: 10 } });
  expect(bench.ok).toBe(true);
  // As the page's worker describes its browser (worker.ts), here a Firefox.
  environment = { ...bench.report.environment, user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0', engine: engineOf('Firefox/153.0 rv:153.0')! };
  // As the page holds them: a claim mark and a peer's start-up time are the page's own.
  measured = bench.report.records.map((r, i) => ({ ...r, case_key: r.case_key!, ...(i === 0 ? { claimed: true as const, startup_ns: 5 } : {}) }));
});

const exported = () => JSON.stringify(exportReport(environment, measured), null, 2);

describe('export, then import', () => {
  it('gives back the same records and the engine', () => {
    expect(measured.length).toBeGreaterThan(3);
    const parsed = parseReport(exported(), 'any');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.unreadable).toBeUndefined();
    expect(parsed.report.environment.engine).toEqual({ name: 'SpiderMonkey', version: '153.0', browser: 'Firefox 153.0' });
    expect(parsed.report.records).toEqual(measured.map(({ claimed: _c, startup_ns: _s, ...r }) => r));
    expect(toCsv(parsed.report.records)).toBe(toCsv(measured));
  });

  it('passes the checks for records from elsewhere, each kept as a claim', async () => {
    const parsed = parseReport(exported(), 'any');
    if (!parsed.ok) throw new Error(parsed.error);
    const { records, rejected } = await screenRecords(parsed.report.records, 'link', ctx);
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.kernel, r.isa, r.case_key, r.timing])).toEqual(measured.map((r) => [r.kernel, r.isa, r.case_key, r.timing]));
    expect(records.every((r) => r.claimed)).toBe(true);
  });

  it('is not taken for native numbers where only those fit (the served report)', () => {
    expect(parseReport(exported())).toEqual({ ok: false, error: 'this report holds wasm results, not native ones' });
  });
});

describe('hostile files get a clear error', () => {
  const file = (text: string, name = 'results.json') => new File([text], name, { type: 'application/json' });
  it('empty, blank, not JSON, not a report', async () => {
    expect(await importReportFile(file(''))).toEqual({ error: 'results.json: the file is empty' });
    expect(await importReportFile(file(' \n\t'))).toEqual({ error: 'results.json: the file is empty' });
    expect(await importReportFile(file('kernel,isa\nhq,scalar'))).toEqual({ error: 'results.json: the file is not JSON' });
    expect(await importReportFile(file('{"schema":"something else"}'))).toMatchObject({ error: expect.stringContaining('not a simd-puzzles report: schema') });
    expect(await importReportFile(file('{"__proto__":{"x":1}}'))).toMatchObject({ error: expect.stringContaining("forbidden key ('__proto__')") });
  });
  it('huge: refused before it is read', async () => {
    const huge = { name: 'huge.json', size: MAX_IMPORT_BYTES + 1, text: () => Promise.reject(new Error('read a huge file')) } as unknown as File;
    expect(await importReportFile(huge)).toEqual({ error: 'huge.json is larger than 16 MB' });
  });
  it('absurd timings: each such record is left out, with its reason', async () => {
    const report = exportReport(environment, measured);
    const absurd = { ...report.records[0]!, timing: { ...report.records[0]!.timing!, median_ns: 0.001, min_ns: 0.001, mad_ns: 0 } };
    const parsed = parseReport(JSON.stringify({ ...report, records: [absurd, report.records[1]] }), 'any');
    if (!parsed.ok) throw new Error(parsed.error);
    const { records, rejected } = await screenRecords(parsed.report.records, 'link', ctx);
    expect(records).toHaveLength(1);
    expect(rejected[0]?.reason).toMatch(/a median of 0\.001 ns per call/);
  });
});

describe('CSV', () => {
  it('has the columns of simd-puzzles bench --csv, one line per record', () => {
    const lines = toCsv(measured).split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(measured.length + 2); // and a final line end
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toMatch(/^nqueens,n=8,/);
  });
  it('spells numbers in full, never with an exponent', () => {
    expect([0, -0, 5, 1234.5, 1e-7, 1.5e-9, -2.5e-8, 1e21, 1.25e22, 123456789012].map(csvNumber))
      .toEqual(['0', '0', '5', '1234.5', '0.0000001', '0.0000000015', '-0.000000025', '1000000000000000000000', '12500000000000000000000', '123456789012']);
    expect(csvNumber(Number.NaN)).toBe('');
  });
  it('quotes what needs it and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
  });
  it('writes params and answers as JSON with sorted keys', () => {
    expect(canonicalJson({ unique: 12, total: 92, list: [1, 2.5, 'x'], flag: true, none: null })).toBe('{"flag":true,"list":[1,2.5,"x"],"none":null,"total":92,"unique":12}');
  });
});
