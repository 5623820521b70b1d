// The plain-JavaScript kernels (web/src/js-kernels/) against published values and the wasm
// reference: OEIS N-queens counts, the perft tables in tests/data, cube identities and the
// published random pins, popcount against a naive count and the engine's generator, the official
// Cephalopod tests; then the `js` build's runner with the wasm module as its engine, as the page's
// worker uses it (catalog, verdicts, timing by the harness's rules).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { encode, solveCephalopod } from '../../web/src/puzzles/cephalopod/js-kernels';
import { JS_KERNELS } from '../../web/src/js-kernels/catalog';
import { divide, perft } from '../../web/src/puzzles/chess/js-kernels';
import { compose, identity, invert, MOVES, parseCubeInput, randomCubes, toFacelets, fromFacelets } from '../../web/src/puzzles/cube/js-kernels';
import { harnessOptions, measure, measureInterleaved, median, type HarnessOptions } from '../../web/src/js-kernels/harness';
import { countNQueens } from '../../web/src/puzzles/nqueens/js-kernels';
import { BYTE_TABLE, generate, swarWord, tableWord } from '../../web/src/puzzles/popcount/js-kernels';
import { popcount32 } from '../../web/src/js-kernels/u64';
import { JsRunner } from '../../web/src/js-kernels/runner';
import { call, loadModule, testData } from './wasm-module';

const data = (name: string) => readFileSync(fileURLToPath(new URL(`../data/${name}`, import.meta.url)), 'utf8');

/** An EPD perft table: FEN and the published count per depth. */
const epd = (name: string) =>
  data(name).split('\n').filter((l) => l && !l.startsWith('#')).map((line) => {
    const [fen, ...fields] = line.split(';').map((s) => s.trim());
    const counts = new Map(fields.filter((f) => /^D\d/.test(f)).map((f) => [Number(f.slice(1, f.indexOf(' '))), Number(f.slice(f.indexOf(' ') + 1))]));
    return { fen: fen!.split(' ').length === 4 ? `${fen} 0 1` : fen!, counts };
  });

let m: SimdPuzzlesModule;
beforeAll(async () => {
  m = await loadModule('simd');
});

describe('N-queens', () => {
  it('counts every N up to 12 as OEIS A000170 / A002562', () => {
    for (const { n, total, unique } of testData('nqueens_oeis.json').counts.filter((c: any) => c.n <= 12)) {
      const r = countNQueens(n);
      expect({ n, total: r.total, unique: r.unique }).toEqual({ n, total, unique });
    }
  });
  it('visits as many nodes as the C++ bitmask-recursive', () => {
    for (const n of [1, 5, 8, 11]) {
      const wasm = call(m, { action: 'run', puzzle: 'nqueens', params: { n }, kernels: ['bitmask-recursive'] });
      expect(countNQueens(n).nodes).toBe(wasm.results[0].work);
    }
  });
});

describe('cube', () => {
  const v = testData('cube_vectors.json');
  it('makes the published single moves, named positions and cubie vectors', () => {
    for (const [moves, facelets] of Object.entries<string>(v.single_move_facelets)) expect(toFacelets(parseCubeInput(moves).reduce(compose, identity()))).toBe(facelets);
    for (const c of [...v.cubie_vectors, ...Object.values<any>(v.named)]) {
      const x = parseCubeInput(c.moves).reduce(compose, identity());
      expect([...x]).toEqual([...c.cp, ...c.co, ...c.ep, ...c.eo]);
      if (c.facelets) expect([...fromFacelets(c.facelets)]).toEqual([...x]);
    }
  });
  it('undoes the identity sequences and inverse pairs; pins the random generator', () => {
    for (const s of v.identity_sequences) expect(toFacelets(parseCubeInput(s).reduce(compose, identity()))).toBe(v.solved);
    for (const [a, b] of v.inverse_pairs) expect(toFacelets(invert(parseCubeInput(a).reduce(compose, identity())))).toBe(toFacelets(parseCubeInput(b).reduce(compose, identity())));
    for (const { seed, facelets } of v.random_pin) expect(toFacelets(randomCubes(seed, 1)[0]!)).toBe(facelets);
  });
  it('is a group: x·x⁻¹ = 1, (x·y)⁻¹ = y⁻¹·x⁻¹, associativity, facelets round trip (properties)', () => {
    const cube = fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 30 }).map((ms) => ms.map((i) => MOVES[i]!).reduce(compose, identity()));
    fc.assert(fc.property(cube, cube, cube, (x, y, z) => {
      expect(toFacelets(compose(x, invert(x)))).toBe(v.solved);
      expect([...invert(compose(x, y))]).toEqual([...compose(invert(y), invert(x))]);
      expect([...compose(compose(x, y), z)]).toEqual([...compose(x, compose(y, z))]);
      expect([...fromFacelets(toFacelets(x))]).toEqual([...x]);
    }));
  });
});

describe('popcount', () => {
  it('SWAR and the byte table count as a naive bit loop (properties)', () => {
    const naive = (x: number) => [...Array(32).keys()].filter((b) => (x >>> b) & 1).length;
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }), (lo, hi) => {
      expect(popcount32(lo)).toBe(naive(lo));
      expect(swarWord(lo, hi)).toBe(naive(lo) + naive(hi));
      expect(tableWord(lo, hi)).toBe(naive(lo) + naive(hi));
    }));
    expect(BYTE_TABLE[255]).toBe(8);
  });
  it('generates the engine’s bytes and bit count for any size, density and seed (properties)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 64 }), fc.constantFrom('sorted', 'mixed'), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (size, k, order, seed) => {
      const params = { mode: 'array', k, order, size, offset: 0, seed };
      const drawing = call(m, { action: 'illustrate', puzzle: 'popcount', params }).illustration;
      const g = generate(size, k, order as 'sorted' | 'mixed', seed);
      expect(g.placed).toBe(drawing.bits);
      expect([...g.bytes.slice(0, 32)]).toEqual(drawing.head);
      const naive = [...g.bytes].reduce((n, b) => n + BYTE_TABLE[b]!, 0);
      expect(naive).toBe(g.placed);
    }), { numRuns: 40 });
  });
});

describe('Cephalopod', () => {
  const dir = fileURLToPath(new URL('../data/cephalopod_contest/', import.meta.url));
  it('answers the 12 official tests', () => {
    const tests = readdirSync(dir).filter((f) => f.endsWith('.in'));
    expect(tests.length).toBe(12);
    for (const f of tests) {
      const [depth, ...rows] = readFileSync(dir + f, 'utf8').trim().split('\n');
      const digits = rows.join(' ').trim().split(/\s+/).map(Number);
      const expected = Number(readFileSync(dir + f.replace('.in', '.out'), 'utf8').trim());
      expect([f, solveCephalopod(encode(digits), Number(depth)).sum]).toEqual([f, expected]);
    }
  });
  it('expands as many classes as the C++ swar-bfs-sym', () => {
    for (const params of [{ board: '060222161', depth: 20 }, { board: '000000000', depth: 12 }]) {
      const wasm = call(m, { action: 'run', puzzle: 'cephalopod', params, kernels: ['swar-bfs-sym'] });
      const js = solveCephalopod(encode(params.board.split('').map(Number)), params.depth);
      expect([js.sum, js.expanded]).toEqual([wasm.results[0].answer.sum, wasm.results[0].work]);
    }
  });
});

describe('chess', () => {
  it('counts the wiki positions and perftsuite.epd as published (up to 200k nodes each)', () => {
    let checked = 0;
    for (const { fen, counts } of [...epd('chess_wiki_perft.epd'), ...epd('perftsuite.epd')])
      for (const [depth, nodes] of counts) if (nodes <= 200_000) {
        expect([fen, depth, perft(fen, depth)]).toEqual([fen, depth, nodes]);
        checked++;
      }
    expect(checked).toBeGreaterThan(300);
  });
  it('counts the edge cases (illegal en passant, castling through check, promotions) as published', () => {
    for (const { fen, counts } of epd('chess_edge_cases.epd'))
      for (const [depth, nodes] of counts) if (nodes <= 2_000_000) expect([fen, depth, perft(fen, depth)]).toEqual([fen, depth, nodes]);
  });
  it('divides like the wasm generator', () => {
    const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    const wasm = call(m, { action: 'run', puzzle: 'chess', params: { fen, depth: 3, divide: true }, kernels: ['classical'] });
    expect(divide(fen, 3)).toEqual(wasm.results[0].answer.divide);
  });
});

describe('the harness', () => {
  it('warms up until stable, calibrates batches of 10 ms and takes 6 rounds (a fake clock: 1 µs per call)', () => {
    let now = 0;
    let calls = 0;
    // The first 50 000 calls (0.15 s) are 3x slower (not yet optimised): they fall in the warm-up,
    // whose floor is 30 batches (0.3 s).
    const t = measure((reps) => {
      for (let i = 0; i < reps; ++i) now += ++calls <= 50_000 ? 3e-6 : 1e-6;
    }, 5, undefined, undefined, () => now);
    expect(t.samples).toBe(6);
    expect(t.settled).toBe(true);
    expect(t.round_ns).toHaveLength(6);
    expect(t.reps_per_sample * t.median_ns).toBeGreaterThanOrEqual(10e6);
    expect(t.median_ns).toBeCloseTo(1000, 3);
    expect(t.ns_per_unit).toBeCloseTo(200, 3);
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('interleaves kernels in shuffled passes and takes the interval from between rounds', () => {
    let now = 0;
    const order: number[] = [];
    const [a, b] = measureInterleaved([
      { op: (reps) => (now += reps * 1e-6), work: 1 },
      { op: (reps) => (now += reps * 2e-6), work: 1 },
    ], { ...harnessOptions({ rounds: 10, batch_ms: 1, seed: 3 }) as HarnessOptions }, (i, p) => p.phase === 'sample' && order.push(i), () => now);
    expect(a!.samples).toBe(10);
    expect(b!.median_ns).toBeCloseTo(2000, 3);
    expect(order).toHaveLength(20);
    for (let pass = 0; pass < 10; ++pass) expect(new Set(order.slice(2 * pass, 2 * pass + 2)).size).toBe(2);
    expect(order.filter((i, k) => k % 2 === 0 && i === 0).length).toBeGreaterThan(0);
    expect(order.filter((i, k) => k % 2 === 0 && i === 1).length).toBeGreaterThan(0);
    expect(a!.ci_lo_ns).toBeCloseTo(1000, 3);
    expect(harnessOptions({ rounds: 2 })).toBe('rounds must be an integer in 3..1000');
    expect(harnessOptions({ warp: 1 })).toBe("unknown harness option 'warp'");
  });
});

describe('the js build (runner.ts with the wasm engine)', () => {
  const runner = () => new JsRunner((request, progress) => call(m, request, progress), () => ({ ...call(m, { action: 'environment' }).environment, build: 'js' }));

  it('lists the JavaScript kernels in place of the C++ ones, every puzzle has one', () => {
    const catalog = runner().handle({ action: 'catalog' }) as any;
    for (const p of catalog.puzzles) {
      expect(p.kernels.length, p.id).toBeGreaterThan(0);
      expect(p.kernels.map((k: any) => k.key)).toEqual(JS_KERNELS.filter((k) => k.puzzle === p.id).map((k) => `${k.id}/scalar`));
    }
  });

  // Small cases of the puzzles named here; any other puzzle with JavaScript kernels runs its default
  // case (empty params: the engine's defaults), so a new one is run with no edit here.
  const named: [puzzle: string, params: Record<string, unknown>, verifiedBy: string][] = [
    ['nqueens', { n: 8 }, 'OEIS'],
    ['cube', { op: 'compose-throughput', moves: '', with: '', seed: 1 }, 'reference scalar/scalar'],
    ['cube', { op: 'order', moves: "R U2 D' B D'", with: '', seed: 1 }, 'reference scalar/scalar'],
    // repeat: passes over the same pool or bytes in one call, as the Suite's cases do.
    ['cube', { op: 'invert-latency', moves: '', with: '', seed: 3, repeat: 3 }, 'reference scalar/scalar'],
    ['popcount', { mode: 'array', k: 9, order: 'mixed', size: 777, offset: 0, seed: 1, repeat: 5 }, 'generator'],
    ['popcount', { mode: 'word', k: 17, order: 'mixed', size: 1000, offset: 3, seed: 7 }, 'generator'],
    ['popcount', { mode: 'array', k: 40, order: 'sorted', size: 4099, offset: 0, seed: 2 }, 'generator'],
    ['cephalopod', { board: '060222161', depth: 20 }, 'reference'],
    ['chess', { mode: 'perft', fen: 'kiwipete', depth: 2, divide: false }, 'wiki'],
  ];
  const others = [...new Set(JS_KERNELS.map((k) => k.puzzle))].filter((id) => !named.some(([p]) => p === id)).map((id): (typeof named)[number] => [id, {}, '']);
  it.each([...named, ...others])('runs %s %j: every record verified (%s), timed by the harness rules', (puzzle, params, by) => {
    const events: any[] = [];
    const r = runner().handle({ action: 'run', puzzle, params, time: true, harness: { min_samples: 3, min_sample_ms: 1 } }, (e) => events.push(e)) as any;
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.failed).toEqual([]);
    expect(r.results.length).toBeGreaterThan(0);
    for (const rec of r.results) {
      expect(rec.build).toBe('js');
      expect(rec.verified, rec.verified_by).toBe(true);
      expect(rec.verified_by.toLowerCase()).toContain(by.toLowerCase());
      expect(rec.timing.samples).toBe(3);
      // The reference loop took a round in each pass (harness.ts, referenceLoop), the same for every record.
      expect(rec.timing.reference_ns).toHaveLength(3);
      expect(rec.timing.reference_ns).toEqual(r.results[0].timing.reference_ns);
      expect(rec.case_key).toBe(call(m, { action: 'validate', puzzle, params }).case_key);
    }
    expect(events.some((e) => e.phase === 'sample')).toBe(true);
    // Progress names the kernels only: the reference loop is no kernel of the run.
    expect(events.every((e) => typeof e.kernel === 'string' && e.kernel_index <= e.kernel_count)).toBe(true);
  });

  it('judges a wrong answer wrong: the engine compares, not the runner', () => {
    const r = runner();
    const v = call(m, { action: 'validate', puzzle: 'cephalopod', params: { board: '060222161', depth: 20 } });
    const known = call(m, { action: 'known', puzzle: 'cephalopod', cases: [{ params: v.params, answers: [{ sum: 1 }], reference: { sum: 322444322 } }] });
    expect(known.cases[0].verdicts).toEqual([false]);
    expect((r.handle({ action: 'run', puzzle: 'cephalopod', params: v.params }) as any).results[0].verified).toBe(true);
  });

  it('skips kernels that do not apply, with the reason; refuses unknown kernels and bad params as the engine does', () => {
    const r = runner();
    const lookups = r.handle({ action: 'run', puzzle: 'chess', params: { mode: 'attacks', piece: 'queen', measure: 'latency' } }) as any;
    expect(lookups.ok).toBe(true);
    expect(lookups.results).toEqual([]);
    expect(lookups.skipped[0].reason).toContain('perft');
    expect((r.handle({ action: 'run', puzzle: 'nqueens', params: { n: 8 }, kernels: ['simd-lanes'] }) as any).ok).toBe(false);
    const bad = r.handle({ action: 'run', puzzle: 'nqueens', params: { n: 99 } }) as any;
    expect(bad).toMatchObject({ ok: false, field: 'n' });
  });

  it('runs benchmark cases by name, as a report of js records', () => {
    const r = runner().handle({ action: 'bench', puzzles: ['nqueens'], cases: ['n=8'], harness: { min_samples: 3, min_sample_ms: 1 } }) as any;
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.report.environment.build).toBe('js');
    expect(r.report.records.map((x: any) => [x.kernel, x.case, x.verified])).toEqual([['bitmask-recursive', 'n=8', true]]);
  });
});
