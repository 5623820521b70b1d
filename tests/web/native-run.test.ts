// Who may ask the server for a native run, and how params become the CLI's arguments
// (scripts/lib/native-run.mjs). The e2e layer asks it for real (tests/e2e/native-now.test.ts).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { refusal, runArguments } from '../../scripts/lib/native-run.mjs';
import { markSharedCpu, readNativeRunStatus } from '../../web/src/app/native';

const page = { method: 'POST', host: '127.0.0.1:4173', origin: 'http://127.0.0.1:4173', secFetchSite: 'same-origin', contentType: 'application/json', remote: '127.0.0.1', port: 4173, changes: true };

describe('who may ask for a native run', () => {
  it('lets the page itself, on a loopback name and the server’s port', () => {
    expect(refusal(page)).toBeNull();
    expect(refusal({ ...page, host: 'localhost:4173', origin: 'http://localhost:4173' })).toBeNull();
    expect(refusal({ ...page, remote: '::ffff:127.0.0.1' })).toBeNull();
    expect(refusal({ ...page, method: 'GET', changes: false, origin: undefined, contentType: undefined, secFetchSite: undefined })).toBeNull();
  });

  it('refuses another website open in the same browser', () => {
    expect(refusal({ ...page, origin: 'https://evil.example' })).toMatch(/another site/);
    expect(refusal({ ...page, secFetchSite: 'cross-site', origin: undefined, method: 'GET', changes: false })).toMatch(/another site/);
    expect(refusal({ ...page, origin: 'null' })).toMatch(/another site/);
  });

  it('refuses a DNS-rebinding name, another port, and a request from another machine', () => {
    expect(refusal({ ...page, host: 'evil.example:4173', origin: 'http://evil.example:4173' })).toMatch(/Host header/);
    expect(refusal({ ...page, host: '127.0.0.1:9999', origin: 'http://127.0.0.1:9999' })).toMatch(/Host header/);
    expect(refusal({ ...page, host: undefined })).toMatch(/Host header/);
    expect(refusal({ ...page, remote: '192.168.1.20' })).toMatch(/only this machine/);
  });

  it('wants an Origin and a JSON body to start or stop a run (no plain cross-site form)', () => {
    expect(refusal({ ...page, origin: undefined })).toMatch(/Origin/);
    expect(refusal({ ...page, contentType: 'text/plain' })).toMatch(/JSON/);
    expect(refusal({ ...page, method: 'DELETE', contentType: undefined })).toBeNull();
  });
});

describe('the CLI’s arguments', () => {
  it('passes each param as --key=value, a true flag as --key, and asks for JSON and timing', () => {
    expect(runArguments('chess', { fen: '-- kernel all', depth: 4, divide: false, measure: 'throughput' }).args).toEqual(
      ['run', 'chess', '--fen=-- kernel all', '--depth=4', '--measure=throughput', '--time', '--json', '--progress-json']);
    expect(runArguments('x', { flag: true }).args).toContain('--flag');
  });

  it('refuses what is not a puzzle id, a parameter name or a scalar', () => {
    expect(runArguments('../bin', {}).error).toMatch(/puzzle/);
    expect(runArguments('nqueens', { '--kernel': 1 }).error).toMatch(/parameter name/);
    expect(runArguments('nqueens', { n: { x: 1 } }).error).toMatch(/number, text or flag/);
    expect(runArguments('nqueens', [1]).error).toMatch(/object/);
  });
});

describe('the page’s reading of the server’s answer', () => {
  const environment = { side: 'native', build: 'native', arch: 'x86_64', cpu: 'AMD EPYC', features: '', compiler: 'GCC', flags: '', timer_resolution_ns: 20, date: 'now' };
  const record = {
    puzzle: 'nqueens', case: 'n=9', case_key: '{"n":9}', params: { n: 9 }, kernel: 'bitmask-recursive', isa: 'scalar', build: 'native', answer: { total: 352, unique: 46 },
    verified: true, verified_by: 'OEIS', work: 1, work_unit: 'nodes', timing: { samples: 11, reps_per_sample: 1000, median_ns: 20000, min_ns: 19000, mad_ns: 100, ns_per_unit: 20000, units_per_second: 5e4 },
  };

  it('turns a finished run into a report, its records marked with the run’s CPU load where it was shared', () => {
    const done = readNativeRunStatus({ state: 'done', id: 3, seconds: 4, result: { report: { schema: 'simd-puzzles.report/2', environment, records: [record] }, cpu_load: { cores: 2, others_cores: 1.2 }, failed: [] } });
    expect(done?.state).toBe('done');
    if (done?.state !== 'done') return;
    expect(done.source.origin).toBe('same-machine');
    expect(markSharedCpu(done.source.report.records, done.source.cpuLoad)[0]).toMatchObject({ cpu_shared: { others_cores: 1.2, cores: 2 } });
  });

  it('reads a report it cannot parse, or an unknown state, as a failure or nothing, never as numbers', () => {
    expect(readNativeRunStatus({ state: 'done', id: 1, result: { report: { schema: 'x' } } })).toMatchObject({ state: 'failed' });
    expect(readNativeRunStatus({ state: 'running', id: 1, fraction: 7 })).toEqual({ state: 'running', id: 1, fraction: 0, kernel: undefined });
    expect(readNativeRunStatus({ state: '<img>' })).toBeNull();
    expect(readNativeRunStatus('done')).toBeNull();
  });
});
