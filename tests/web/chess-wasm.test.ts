// The three wasm builds (SIMD128, relaxed, baseline) count perft on the chessprogramming wiki's positions with every kernel they
// contain (published counts, shallower than natively), agree on divide, time attack lookups, and
// return bad FENs as error values naming the field while the module keeps working.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { call, loadModule, type Flavour } from './wasm-module';

/** The wiki table (tests/data/chess_wiki_perft.epd): FEN and the published count per depth. */
const wiki = readFileSync(fileURLToPath(new URL('../data/chess_wiki_perft.epd', import.meta.url)), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [fen, ...fields] = line.split(';').map((s) => s.trim());
    const counts = new Map(fields.map((f) => [Number(f.slice(1, f.indexOf(' '))), Number(f.slice(f.indexOf(' ') + 1))]));
    return { fen: fen!, counts };
  });

describe.each<[Flavour, string[]]>([
  ['simd', ['ray-walk/scalar', 'hq/scalar', 'hq-simd/simd128', 'classical/scalar', 'fancy-magic/scalar', 'kogge-stone/scalar']],
  ['relaxed', ['ray-walk/scalar', 'hq/scalar', 'hq-simd/simd128', 'classical/scalar', 'fancy-magic/scalar', 'kogge-stone/scalar']],
  ['baseline', ['ray-walk/scalar', 'hq/scalar', 'classical/scalar', 'fancy-magic/scalar', 'kogge-stone/scalar']],
])('chess in the %s build', (flavour, expectedKernels) => {
  let m: SimdPuzzlesModule;
  beforeAll(async () => {
    m = await loadModule(flavour);
  });

  it('lists exactly the kernels this build has, all available (no native peers, no PEXT)', () => {
    const p = call(m, { action: 'catalog' }).puzzles.find((x: any) => x.id === 'chess');
    expect(p.kernels.map((k: any) => k.key)).toEqual(expectedKernels);
    expect(p.kernels.every((k: any) => k.available)).toBe(true);
  });

  it('counts the wiki positions to depth 3 with every kernel, each verified', () => {
    expect(wiki.length).toBeGreaterThanOrEqual(6);
    for (const { fen, counts } of wiki) {
      const r = call(m, { action: 'run', puzzle: 'chess', params: { fen, depth: 3 } });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      expect(r.failed).toEqual([]);
      expect(r.results.map((x: any) => `${x.kernel}/${x.isa}`)).toEqual(expectedKernels);
      for (const rec of r.results) {
        expect(rec.answer.nodes, `${rec.kernel}/${rec.isa} ${fen}`).toBe(counts.get(3));
        expect(rec.verified, `${rec.kernel}/${rec.isa} ${fen}`).toBe(true);
      }
    }
  }, 300_000);

  it('counts Kiwipete to depth 4 with the fast kernels', () => {
    const r = call(m, { action: 'run', puzzle: 'chess', params: { fen: 'kiwipete', depth: 4 }, kernels: flavour !== 'baseline' ? ['hq', 'hq-simd', 'fancy-magic'] : ['hq', 'fancy-magic'] });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.results.length).toBe(flavour !== 'baseline' ? 3 : 2);
    for (const rec of r.results) expect(rec.answer.nodes).toBe(4085603);
  }, 300_000);

  it('divides: per-move counts that sum to the total, the same for every kernel', () => {
    const r = call(m, { action: 'run', puzzle: 'chess', params: { fen: 'startpos', depth: 3, divide: true } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const first = r.results[0].answer;
    expect(first.divide).toHaveLength(20);
    expect(first.divide.find((d: any) => d.move === 'e2e4').nodes).toBe(600);
    expect(first.divide.reduce((s: number, d: any) => s + d.nodes, 0)).toBe(8902);
    for (const rec of r.results) expect(rec.answer).toEqual(first);
  });

  it('looks up attacks with every kernel, one checksum', () => {
    const r = call(m, { action: 'run', puzzle: 'chess', params: { mode: 'attacks', piece: 'queen', measure: 'latency' } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(new Set(r.results.map((x: any) => x.answer.checksum)).size).toBe(1);
  });

  it('validates each mode with the work unit its records carry (the page’s rate column reads it)', () => {
    for (const [params, unit] of [[{ mode: 'attacks', piece: 'rook', measure: 'throughput' }, 'lookups'], [{ mode: 'perft', depth: 2 }, 'nodes']] as const) {
      const v = call(m, { action: 'validate', puzzle: 'chess', params });
      expect(v.work_unit, JSON.stringify(v)).toBe(unit);
      const r = call(m, { action: 'run', puzzle: 'chess', params, kernels: ['hq'] });
      expect(r.results.map((x: any) => x.work_unit)).toEqual([unit]);
    }
  });

  it('returns bad FENs and depths as error values naming the field, never aborting', () => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ fen: '8/8 w' }, 'a FEN has 6 fields', 'fen'],
      [{ fen: 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' }, "the board needs 8 ranks separated by '/', got 7", 'fen'],
      [{ fen: '8/8/8/8/8/8/8/4K3 w - - 0 1' }, 'black has no king', 'fen'],
      [{ fen: '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1' }, 'black is in check', 'fen'],
      [{ fen: 'x'.repeat(5000) }, '', 'fen'],
      [{ fen: 'startpos', depth: 10 }, 'depth must be in 0..9, got 10', 'depth'],
    ];
    for (const [params, message, field] of bad) {
      const r = call(m, { action: 'run', puzzle: 'chess', params });
      expect(r.ok, JSON.stringify(params)).toBe(false);
      expect(r.error).toContain(message);
      expect(r.field).toBe(field);
    }
    const ok = call(m, { action: 'run', puzzle: 'chess', params: { fen: 'position3', depth: 2 }, kernels: ['hq'] });
    expect(ok.results[0].answer.nodes).toBe(191);
  });

  it('illustrates the board and every slider with its Hyperbola Quintessence steps', () => {
    const r = call(m, { action: 'illustrate', puzzle: 'chess', params: { fen: 'kiwipete', depth: 1 } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const ill = r.illustration;
    expect(ill.board).toHaveLength(64);
    expect(ill.board.filter((s: string) => s).length).toBe(32);
    const rook = ill.sliders.find((s: any) => s.square === 'a1');
    expect(rook.piece).toBe('R');
  });
});
