// Browser timings get a shared-CPU mark too (issue 27 finding 4): the page diffs the server's
// /proc/stat counters around a build's timing (app/browser-load.ts).
import { describe, expect, it } from 'vitest';
import { browserShare, type LoadReading } from '../../web/src/app/browser-load';
import { portableRecord } from '../../web/src/share/export';
import { RecordSchema } from '../../web/src/share/schema';

const at = (total: number, idle: number, benchmark = false): LoadReading => ({ total, idle, steal: 0, cores: 2, benchmark });

describe('a browser timing on a shared CPU', () => {
  it('is quiet when only the worker kept a core busy', () => {
    // 1,000 ticks over 2 cores: 500 idle, i.e. one core busy: the worker's own.
    expect(browserShare(at(0, 0), at(1000, 500))).toBeNull();
  });

  it('is shared when others kept the other core busy too, and says how much', () => {
    expect(browserShare(at(0, 0), at(1000, 50))).toEqual({ others_cores: 0.9, cores: 2 });
  });

  it('is shared while npm start’s native benchmark measures, whatever the counters say', () => {
    expect(browserShare(at(0, 0, true), at(1000, 500))).toEqual({ others_cores: 1, cores: 2 });
  });

  it('has no reading without the server (a static host) or without ticks', () => {
    expect(browserShare(null, at(1000, 500))).toBeNull();
    expect(browserShare(at(5, 5), at(5, 5))).toBeNull();
  });

  it('stays on this page: a link or a file carries no mark of this machine’s load', () => {
    const record = { puzzle: 'nqueens', case: 'n=8', case_key: '{"n":8}', params: { n: 8 }, kernel: 'a', isa: 'scalar', build: 'wasm-simd128', answer: { solutions: 92 }, verified: true, verified_by: 'OEIS', work: 1, work_unit: 'nodes', cpu_shared: { others_cores: 1, cores: 2 }, measured_now: true as const };
    const portable = portableRecord(record);
    expect('cpu_shared' in portable || 'measured_now' in portable).toBe(false);
    expect(RecordSchema.safeParse(portable).success).toBe(true);
  });
});
