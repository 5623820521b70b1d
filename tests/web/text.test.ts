import { expect, it } from 'vitest';
import { parseReport } from '../../web/src/app/native';
import { readFragment } from '../../web/src/app/fragment';
import { decodeLink, toBase64Url } from '../../web/src/share/codec';
import { hasBidiControls, neutralizeBidi, wellFormed } from '../../web/src/share/text';
import { deflateRawSync } from 'node:zlib';

it('replaces lone surrogates and keeps valid pairs', () => {
  expect(wellFormed('R U')).toBe('R U');
  expect(wellFormed('a\uD800b')).toBe('a\uFFFDb');
  expect(wellFormed('\uDC00x')).toBe('\uFFFDx');
  expect(wellFormed('end\uD83D')).toBe('end\uFFFD');
  expect(wellFormed('queen \u265B, smile \uD83D\uDE00')).toBe('queen \u265B, smile \uD83D\uDE00');
  // and the result survives the engine's JSON parser: no lone-surrogate escapes left
  expect(JSON.stringify(wellFormed('x\uD800'))).not.toMatch(/\\ud800/i);
});

// Every bidi control: embeddings and overrides, isolates, marks.
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

it('neutralises every bidi control and nothing else', () => {
  for (const c of BIDI) {
    expect(hasBidiControls(`cpu ${c}evil`)).toBe(true);
    expect(neutralizeBidi(`cpu ${c}evil`)).toBe('cpu \uFFFDevil');
  }
  const plain = 'AMD EPYC 9R14 — Zen 4, עברית, العربية, ♛ R U′';
  expect(neutralizeBidi(plain)).toBe(plain);
  expect(hasBidiControls(plain)).toBe(false);
});

const RLO = '\u202E';

it('a share link cannot carry a bidi control into any string', async () => {
  const state = {
    v: 1, puzzle: 'nqueens', params: { n: 8, [`x`]: `R${RLO}U` }, kernels: [], builds: ['simd128'],
    shared: {
      environment: { side: 'wasm', build: `wasm-simd128${RLO}`, arch: 'wasm32', cpu: `Intel ${RLO}moc.live`, features: '', compiler: `c${RLO}c`, flags: '', timer_resolution_ns: 5000, date: `today${RLO}`, user_agent: `UA${RLO}` },
      native: null,
      records: [{ puzzle: 'nqueens', case: `n=8${RLO}`, params: { n: 8 }, kernel: 'simd-lanes', isa: 'simd128', build: 'wasm-simd128', answer: { total: 92, note: `a${RLO}b` }, verified: true, verified_by: `OEIS${RLO}`, work: 1, work_unit: `nodes${RLO}` }],
    },
  };
  const link = `#s=1.${toBase64Url(deflateRawSync(Buffer.from(JSON.stringify(state))))}`;
  const decoded = await decodeLink(link);
  expect(decoded.kind).toBe('ok');
  expect(hasBidiControls(JSON.stringify(decoded))).toBe(false);
  if (decoded.kind === 'ok') expect(decoded.state.shared?.environment.cpu).toBe('Intel \uFFFDmoc.live');
});

it('an imported report cannot carry one either', () => {
  const report = {
    schema: 'simd-puzzles.report/2',
    environment: { side: 'native', build: 'native', arch: 'x86_64', cpu: `AMD ${RLO}DMA`, features: '', compiler: 'GCC', flags: '', timer_resolution_ns: 20, date: 'today' },
    records: [],
  };
  const parsed = parseReport(JSON.stringify(report));
  expect(parsed.ok).toBe(true);
  if (parsed.ok) expect(parsed.report.environment.cpu).toBe('AMD \uFFFDDMA');
});

it('nor the URL fragment the page echoes', () => {
  const f = readFragment(`#${RLO}cube`, ['cube']);
  expect(f).toEqual({ kind: 'unknown', text: '\uFFFDcube' });
  expect(readFragment(`#%E2%80%AEcube`, ['cube'])).toEqual({ kind: 'unknown', text: '\uFFFDcube' });
});
