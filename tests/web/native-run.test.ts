// Who may ask the server for a native run, and how params become the CLI's arguments
// (scripts/lib/native-run.mjs). The e2e layer asks it for real (tests/e2e/native-now.test.ts).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { refusal, runArguments } from '../../scripts/lib/native-run.mjs';

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
