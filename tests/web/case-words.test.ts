// A case in words (web/src/app/case-words.ts): every puzzle view says its cases as a person
// would, every benchmark case of the real catalog reads without "name=value" strings, params from
// outside never throw, and notices of one puzzle stay on its tab (state/store.ts, withNotice).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { caseTitle, caseWords, genericWords } from '../../web/src/app/case-words';
import { initialState, screenKey, withNotice, type PageState } from '../../web/src/app/state/store';
import { views } from '../../web/src/puzzles';
import type { CatalogPuzzle } from '../../web/src/share/engine-types';
import { call, loadModule } from './wasm-module';

const words = (puzzle: string, params: Record<string, string | number | boolean>) => caseWords(views, { puzzle, params });

describe('a case in words', () => {
  it('says what each puzzle does to what', () => {
    expect(caseTitle(views, 'Rubik’s cube', { puzzle: 'cube', params: { op: 'apply', moves: "R U R' U'", with: '', seed: 1 } })).toBe("Rubik’s cube: apply R U R' U'");
    expect(words('cube', { op: 'compose-throughput', moves: '', with: '', seed: 1 })).toBe('compose throughput, 256 random cubes (seed 1)');
    expect(words('cube', { op: 'compose', moves: 'R', with: 'U', seed: 1 })).toBe('compose R with U');
    expect(words('nqueens', { n: 12 })).toBe('N = 12');
    expect(words('popcount', { mode: 'array', k: 32, order: 'sorted', size: 16384, offset: 0, seed: 1 })).toBe('arrays of 16 KiB, 32 of 64 bits set (sorted)');
    // The Suite's cases: passes over the same cubes or bytes in one call.
    expect(words('cube', { op: 'compose-throughput', moves: '', with: '', seed: 1, repeat: 4000 })).toBe('compose throughput, 256 random cubes (seed 1), 4,000 passes a call');
    expect(words('popcount', { mode: 'array', k: 32, order: 'sorted', size: 16384, offset: 0, seed: 1, repeat: 8192 })).toBe('arrays of 16 KiB, 32 of 64 bits set (sorted), counted 8,192 times a call');
    expect(words('popcount', { mode: 'word', k: 5, order: 'mixed', size: 16384, offset: 0, seed: 1 })).toBe('single words, 5 of 64 bits set (mixed), a pool of 16 KiB');
    expect(caseWords(views, { puzzle: 'popcount', params: { mode: 'array', offset: 3 } }, 'bits.bin')).toBe('count the bits of bits.bin, offset 3 B');
    expect(words('chess', { mode: 'perft', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 4, divide: false })).toBe('perft 4 from the start position');
    expect(words('chess', { mode: 'attacks', piece: 'queen', measure: 'throughput' })).toBe('queen attacks, throughput');
    expect(words('cephalopod', { board: '604202400', depth: 36 })).toBe('board 604/202/400 at depth 36');
  });

  it('falls back to name-value pairs for a puzzle without words, and never throws on odd params', () => {
    expect(words('unknown', { op: 'x', moves: '', seed: 1 })).toBe('op x, seed 1');
    expect(genericWords({})).toBe('no parameters');
    // Types a link might carry: the words still come out.
    expect(() => words('cube', { op: 5, moves: true } as never)).not.toThrow();
    expect(() => words('popcount', { mode: 'array', size: 'big' } as never)).not.toThrow();
  });
});

describe('every benchmark case of the real catalog', () => {
  let puzzles: CatalogPuzzle[];
  beforeAll(async () => {
    const m: SimdPuzzlesModule = await loadModule('simd');
    puzzles = call(m, { action: 'catalog' }).puzzles;
  });

  it('reads as words: no "name=value" and no empty value', () => {
    for (const p of puzzles) {
      expect(views.get(p.id)?.describeCase, `${p.id} has words of its own`).toBeDefined();
      for (const c of p.bench_cases) {
        const text = caseWords(views, { puzzle: p.id, params: c.params });
        expect(text, `${p.id} ${c.name}`).not.toMatch(/\w=|=\s*(,|$)|undefined|null/);
        expect(text.length, c.name).toBeGreaterThan(2);
      }
    }
  });
});

describe('a notice of one screen', () => {
  const base = (patch: Partial<PageState>): PageState => ({ ...initialState(), puzzleId: 'popcount', ...patch });

  it('belongs to the run’s puzzle (or the Suite’s Run all), a file’s to its puzzle; the rest to every screen', () => {
    const during = base({ run: { puzzle: 'popcount', what: 'x', startedAt: 0 } });
    expect(withNotice(during, 'skipped', { text: 'Skipped swar-shift/scalar…', kind: 'info' }).notices.get('skipped')!.where).toBe('popcount');
    expect(withNotice(base({ run: { puzzle: 'suite', what: 'x', startedAt: 0 } }), 'run', { text: 'x', kind: 'error' }).notices.get('run')!.where).toBe('suite');
    expect(withNotice(base({}), 'file', { text: 'x', kind: 'error' }).notices.get('file')!.where).toBe('popcount');
    expect(withNotice(base({}), 'suite-link', { text: 'x', kind: 'info' }).notices.get('suite-link')!.where).toBe('suite');
    expect(withNotice(base({}), 'address', { text: 'x', kind: 'error' }).notices.get('address')!.where).toBeUndefined();
    // The screen a notice is matched against: the open tab, or the Suite or History screen.
    expect(screenKey(base({ puzzleId: 'chess' }))).toBe('chess');
    expect(screenKey(base({ screen: 'suite' }))).toBe('suite');
  });
});
