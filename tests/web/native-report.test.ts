// Native reports (served by npm start or imported): one record the schema rejects costs that
// record, not the report. A 236-character verified_by once made the page drop every native number.
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../web/src/app/native';

const environment = { side: 'native', build: 'native', arch: 'x86_64', cpu: 'AMD EPYC', features: 'avx2', compiler: 'GCC 12.2.0', flags: '-O3', timer_resolution_ns: 20, date: '2026-11-24' };
const record = {
  puzzle: 'nqueens', case: 'n=8', params: { n: 8 }, kernel: 'bitmask-recursive', isa: 'scalar', build: 'native',
  answer: { total: 92, unique: 12 }, verified: true, verified_by: 'OEIS A000170, A002562', work: 1028, work_unit: 'nodes',
};
const report = (records: unknown[]) => JSON.stringify({ schema: 'simd-puzzles.report/2', environment, records });

describe('parseReport', () => {
  it('keeps the readable records and says which were left out and why', () => {
    const parsed = parseReport(report([record, { ...record, verified_by: 'x'.repeat(236) }, { ...record, kernel: 'simd-state', isa: 'avx2' }]));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.report.records.map((r) => r.kernel)).toEqual(['bitmask-recursive', 'simd-state']);
    expect(parsed.unreadable?.count).toBe(1);
    expect(parsed.unreadable?.reasons[0]).toMatch(/^record 1: .*verified_by/);
  });

  it('reads a clean report without a note', () => {
    const parsed = parseReport(report([record]));
    expect(parsed.ok && parsed.unreadable).toBeUndefined();
  });

  it('rejects a report with no readable record, and a broken envelope', () => {
    expect(parseReport(report([{ ...record, work: -1 }]))).toMatchObject({ ok: false, error: expect.stringContaining('not one record is readable') });
    expect(parseReport(JSON.stringify({ schema: 'simd-puzzles.report/1', environment, records: [] }))).toMatchObject({ ok: false });
    expect(parseReport(report(Array(5001).fill(record)))).toMatchObject({ ok: false });
  });
});
