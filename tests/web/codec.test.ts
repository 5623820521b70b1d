// Share links: they round-trip, and hostile ones are rejected with a message. Hostile payloads
// are built with Node's zlib, independently of the codec under test.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, encodeLinkWithin, MAX_FRAGMENT_CHARS, toBase64Url } from '../../web/src/share/codec';
import type { LinkState, ResultRecord } from '../../web/src/share/schema';

const record: ResultRecord = {
  puzzle: 'nqueens',
  case: 'n=8',
  params: { n: 8 },
  kernel: 'simd-lanes',
  isa: 'simd128',
  build: 'wasm-simd128',
  answer: { total: 92, unique: 12 },
  verified: true,
  verified_by: 'OEIS A000170, A002562',
  work: 1028,
  work_unit: 'nodes',
  timing: { samples: 11, reps_per_sample: 2048, median_ns: 5123.4, min_ns: 5001, mad_ns: 12.5, ns_per_unit: 4.98, units_per_second: 2.0e8 },
};
const environment = {
  side: 'wasm' as const,
  build: 'wasm-simd128',
  arch: 'wasm32',
  cpu: 'unknown',
  features: 'simd128',
  compiler: 'Emscripten 3.1.6 (clang 14.0.6)',
  flags: '-msimd128 -O3 -DNDEBUG',
  timer_resolution_ns: 5000,
  date: '2026-11-22T08:00:00Z',
  user_agent: 'Mozilla/5.0 <b>bold</b>',
  cores: 8,
  cross_origin_isolated: true,
  simd128_supported: true,
};
const state: LinkState = {
  v: 1,
  puzzle: 'nqueens',
  params: { n: 8 },
  kernels: ['simd-lanes/simd128', 'bitmask-recursive/scalar'],
  builds: ['simd128', 'baseline'],
  shared: { environment, native: null, records: [record, { ...record, kernel: 'bitmask-recursive', isa: 'scalar' }] },
};

/** A link whose payload is `json` (any value), deflated and base64url-encoded independently. */
function linkOf(json: unknown, version = 1): string {
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  return `#s=${version}.${toBase64Url(deflateRawSync(Buffer.from(text)))}`;
}

describe('share link codec', () => {
  it('round-trips the state, results and environment', async () => {
    const fragment = await encodeLink(state);
    expect(fragment.startsWith('s=1.')).toBe(true);
    expect(fragment.length).toBeLessThan(4000); // compression keeps links short
    const decoded = await decodeLink(`#${fragment}`);
    expect(decoded).toEqual({ kind: 'ok', state });
  });

  it('round-trips a link without shared results', async () => {
    const bare: LinkState = { v: 1, puzzle: 'nqueens', params: { n: 12 }, kernels: [], builds: ['simd128'] };
    expect(await decodeLink(await encodeLink(bare))).toEqual({ kind: 'ok', state: bare });
  });

  it('ignores plain navigation fragments', async () => {
    expect(await decodeLink('#nqueens')).toEqual({ kind: 'none' });
    expect(await decodeLink('')).toEqual({ kind: 'none' });
  });

  it('keeps markup in text fields as plain text', async () => {
    // Free-text fields (a user agent) may hold anything; they are rendered with textContent.
    const decoded = await decodeLink(await encodeLink(state));
    expect(decoded.kind === 'ok' && decoded.state.shared?.environment.user_agent).toBe('Mozilla/5.0 <b>bold</b>');
  });

  const good = JSON.parse(JSON.stringify(state));
  const withRecord = (patch: Record<string, unknown>) => ({ ...good, shared: { ...good.shared, records: [{ ...good.shared.records[0], ...patch }] } });
  const hostile: [string, () => string, RegExp][] = [
    ['script tag as the puzzle id', () => linkOf({ ...good, puzzle: '<script>alert(1)</script>' }), /puzzle: not a valid id/],
    ['markup in a kernel name', () => linkOf({ ...good, kernels: ['<img src=x onerror=alert(1)>/simd128'] }), /kernels\.0/],
    ['javascript: URL as a kernel', () => linkOf({ ...good, kernels: ['javascript:alert(1)'] }), /kernels\.0/],
    ['__proto__ key in params', () => linkOf(`{"v":1,"puzzle":"nqueens","params":{"__proto__":{"polluted":1}},"kernels":[],"builds":["simd128"]}`), /forbidden key \('__proto__'\)/],
    ['__proto__ key at the top level', () => linkOf(`{"v":1,"puzzle":"nqueens","params":{},"kernels":[],"builds":["simd128"],"__proto__":{"x":1}}`), /forbidden key/],
    ['constructor key in an answer', () => linkOf(withRecord({ answer: { constructor: 1 } })), /forbidden key \('constructor'\)/],
    ['unknown top-level key', () => linkOf({ ...good, eval: 'alert(1)' }), /not valid/],
    ['huge number overflowing to Infinity', () => linkOf(JSON.stringify(withRecord({})).replace('"work":1028', '"work":1e999')), /work/],
    ['absurd sample count', () => linkOf(withRecord({ timing: { ...record.timing, samples: 1e9 } })), /samples/],
    ['negative work', () => linkOf(withRecord({ work: -1 })), /work/],
    ['verified as a string', () => linkOf(withRecord({ verified: 'true' })), /verified/],
    ['an ISA label with markup', () => linkOf(withRecord({ isa: '<b>avx</b>' })), /isa/],
    ['unknown build choice', () => linkOf({ ...good, builds: ['evil'] }), /builds/],
    ['nested objects in an answer', () => linkOf(withRecord({ answer: { total: { deep: { deeper: 1 } } } })), /answer/],
    ['a 10,000-character CPU name', () => linkOf({ ...good, shared: { ...good.shared, environment: { ...environment, cpu: 'x'.repeat(10_000) } } }), /cpu/],
    ['more records than a link may carry', () => linkOf({ ...good, shared: { ...good.shared, records: Array(65).fill(record) } }), /records/],
    ['a JSON array instead of an object', () => linkOf([1, 2, 3]), /not valid/],
    ['valid compression of text that is not JSON', () => linkOf('this is not json {'), /not JSON text/],
    ['invalid UTF-8 inside the compressed data', () => `#s=1.${toBase64Url(deflateRawSync(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))}`, /not JSON text/],
    ['truncated payload', () => { const l = linkOf(good); return l.slice(0, Math.floor(l.length * 0.6)); }, /truncated or garbled/],
    ['garbled characters', () => '#s=1.abc$%^&*()', /characters a link of ours never has/],
    ['impossible base64 length', () => '#s=1.abcde', /bad base64/],
    ['random bytes instead of deflate data', () => `#s=1.${toBase64Url(Buffer.from('definitely not deflate data at all!!'))}`, /garbled/],
    ['a decompression bomb', () => linkOf(' '.repeat(20_000_000)), /too large/],
    ['a link longer than the cap', () => `#s=1.${'A'.repeat(MAX_FRAGMENT_CHARS)}`, /too long/],
    ['a link from a future version', () => linkOf(good, 2), /newer simd-puzzles \(link version 2\)/],
    ['version zero', () => linkOf(good, 0), /unknown link version 0/],
    ['no version separator', () => '#s=garbage', /not in the simd-puzzles format/],
    ['empty payload', () => '#s=1.', /characters a link of ours never has/],
  ];

  it.each(hostile)('rejects %s with a message', async (_name, make, message) => {
    const before = Object.keys(Object.prototype).length;
    const result = await decodeLink(make());
    expect(result.kind).toBe('error');
    if (result.kind === 'error') {
      expect(result.message).toMatch(/^Could not open the shared link: /);
      expect(result.message).toMatch(message);
    }
    // Nothing leaked into the prototype chain while parsing.
    expect(Object.keys(Object.prototype).length).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('has at least 20 hostile cases', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(20);
  });
});

// Params from a link are checked by the engine's validate (tests/web/verify.test.ts), not here.

describe('share links that would be too long', () => {
  // Records whose answers are random text, so compression cannot hide their size.
  const randomText = (n: number) => Array.from({ length: n }, () => String.fromCharCode(48 + Math.floor(Math.random() * 75))).join('');
  const noisy = (caseIndex: number, k: number): ResultRecord => ({
    ...record,
    case: `n=${caseIndex}`,
    case_key: `{"n":${caseIndex}}`,
    kernel: `k${k}`,
    answer: Object.fromEntries(['a', 'b', 'c', 'd'].map((key) => [key, randomText(240)])),
  });
  const stateWith = (records: ResultRecord[]): LinkState => ({ ...state, shared: { environment, native: null, records } });

  it('leave out the least recent cases, whole, until the link fits, and still decode', async () => {
    const records = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((c) => [0, 1, 2, 3, 4, 5].map((k) => noisy(c, k)));
    expect((await encodeLink(stateWith(records))).length).toBeGreaterThan(MAX_FRAGMENT_CHARS);
    const { fragment, kept, leftOut } = await encodeLinkWithin(records, stateWith);
    expect(fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS);
    expect(kept.length).toBeGreaterThan(0);
    expect(leftOut).toBe(records.length - kept.length);
    expect(kept).toEqual(records.slice(0, kept.length)); // a prefix: the most recent cases stay
    expect(kept.length % 6).toBe(0); // whole cases only
    const decoded = await decodeLink(`#${fragment}`);
    expect(decoded.kind).toBe('ok');
    if (decoded.kind === 'ok') expect(decoded.state.shared?.records).toEqual(kept);
  });

  it('keep everything when it fits', async () => {
    const { kept, leftOut } = await encodeLinkWithin([record], stateWith);
    expect(kept).toEqual([record]);
    expect(leftOut).toBe(0);
  });
});
