// The public address `npm start -- --base-url URL` gives links (scripts/site-address.mjs), and the
// words the page uses for where its native numbers and its timer resolution come from.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the start script, no types
import { parseBaseUrl } from '../../scripts/site-address.mjs';
import { isolationText } from '../../web/src/app/isolation';
import { nativeOriginLabel, type NativeSource } from '../../web/src/app/native';

const parse = parseBaseUrl as (text: string) => string | Error;

describe('--base-url', () => {
  it('takes an http(s) address and makes it a folder', () => {
    expect(parse('https://example.org/simd-puzzles')).toBe('https://example.org/simd-puzzles/');
    expect(parse('https://example.org/simd-puzzles/')).toBe('https://example.org/simd-puzzles/');
    expect(parse('http://example.org')).toBe('http://example.org/');
  });

  it('refuses what a link cannot be appended to, saying why', () => {
    expect(String(parse('example.org'))).toContain('is not a URL');
    expect(String(parse('javascript:alert(1)'))).toContain('is not an http(s) address');
    expect(String(parse('file:///tmp/'))).toContain('is not an http(s) address');
    expect(String(parse('https://example.org/?a=1'))).toContain('query or fragment');
    expect(String(parse('https://example.org/#s=1.x'))).toContain('query or fragment');
  });
});

describe('labels', () => {
  const source = (origin: NativeSource['origin']): NativeSource => ({
    origin,
    report: { schema: 'simd-puzzles.report/2', records: [], environment: { side: 'native', build: 'native', arch: 'x86-64', cpu: 'Builder CPU 9000', features: '', compiler: '', flags: '', timer_resolution_ns: 1, date: '' } },
  });

  it('names the builder’s CPU on shipped numbers only', () => {
    expect(nativeOriginLabel(source('shipped'))).toBe('shipped, measured on Builder CPU 9000');
    for (const origin of ['same-machine', 'served', 'imported'] as const) expect(nativeOriginLabel(source(origin))).toBeNull();
  });

  it('says which isolation is in effect and the timer step the engine measured (never one written in)', () => {
    expect(isolationText({ kind: 'server-headers' }, 5_000)).toMatch(/server.*5 µs/);
    expect(isolationText({ kind: 'service-worker' }, 20_000)).toMatch(/service worker.*20 µs/);
    expect(isolationText({ kind: 'none', reason: 'no headers' }, 100_000)).toMatch(/^no: no headers;.*100 µs/);
  });
});
