// Browser peers in share links (share/peers.ts): a Stockfish.js or chess.js record survives the
// link schema and the re-check (even with one timed call, isa "peer", its own build), its node count is
// checked by the engine like a kernel's, and anything that only looks like a peer is left out.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { LinkStateSchema, type ResultRecord } from '../../web/src/share/schema';
import { verifyRecords, type VerifyContext } from '../../web/src/share/verify';
import { loadModule } from './wasm-module';
import { PAGE_PEERS as PEERS, verifyContextOf } from './verify-context';


let m: SimdPuzzlesModule;
let ctx: VerifyContext;
beforeAll(async () => {
  m = await loadModule('simd');
  ctx = verifyContextOf(m, { page: true });
});

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function peerRecord(patch: Partial<ResultRecord> = {}): ResultRecord {
  const ns = 1.2e9; // one timed call: the peer's calls add up to its one-second budget
  const nodes = 97862;
  return {
    puzzle: 'chess', case: 'kiwipete d3', params: { mode: 'perft', fen: KIWIPETE, depth: 3, divide: false },
    kernel: 'stockfish.js', isa: 'peer', build: 'peer-wasm', answer: { nodes }, verified: true, verified_by: 'x',
    work: nodes, work_unit: 'nodes',
    timing: { samples: 1, reps_per_sample: 1, median_ns: ns, min_ns: ns, mad_ns: 0, ns_per_unit: ns / nodes, units_per_second: (nodes * 1e9) / ns },
    ...patch,
  };
}

describe('browser peers in a link', () => {
  it('pass the link schema, divide lists included', () => {
    const divide = [{ move: 'e2e4', nodes: 600 }, { move: 'd2d4', nodes: 560 }];
    const state = { v: 1, puzzle: 'chess', params: {}, kernels: ['stockfish.js/peer', 'chess.js/peer', 'hq/scalar'], builds: ['simd128'],
      shared: { environment: { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'x', features: '', compiler: '', flags: '', timer_resolution_ns: 5000, date: '' }, native: null,
        records: [peerRecord(), peerRecord({ kernel: 'chess.js', build: 'peer-js' }), peerRecord({ answer: { nodes: 1160, divide } })] } };
    expect(LinkStateSchema.safeParse(state).success).toBe(true);
    const hostile = { ...state, shared: { ...state.shared, records: [peerRecord({ answer: { nodes: 1, divide: [{ move: 'e2e4', nodes: 1, a: 1, b: 2, c: 3, d: 4 }] } })] } };
    expect(LinkStateSchema.safeParse(hostile).success).toBe(false); // a row of more than 4 fields
  });

  it('are re-checked: the published count gives ✓ or ✗, one timed call is enough for a peer', async () => {
    const { records, rejected } = await verifyRecords([peerRecord(), peerRecord({ kernel: 'chess.js', build: 'peer-js', answer: { nodes: 97863 }, work: 97863,
      timing: { ...peerRecord().timing!, ns_per_unit: 1.2e9 / 97863, units_per_second: (97863 * 1e9) / 1.2e9 } })], 'link', ctx);
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.kernel, r.verified])).toEqual([['stockfish.js', true], ['chess.js', false]]);
    expect(records[0]!.case_key).toContain(KIWIPETE);
  });

  it.each<[string, Partial<ResultRecord>, RegExp]>([
    ['an unknown peer', { kernel: 'komodo.js' }, /not a browser peer of Chess/],
    ['a peer under another build', { build: 'wasm-simd128' }, /not a browser peer/],
    ['a peer of another puzzle', { puzzle: 'nqueens', params: { n: 8 } }, /not a browser peer of N-queens|not a browser peer/],
    ['a kernel of ours claiming one sample', { kernel: 'hq', isa: 'scalar', build: 'wasm-simd128' }, /1 samples/],
  ])('leave out %s', async (_name, patch, reason) => {
    const { records, rejected } = await verifyRecords([peerRecord(patch)], 'link', ctx);
    expect(records).toEqual([]);
    expect(rejected[0]!.reason).toMatch(reason);
  });

  it('are never taken from a native report', async () => {
    const { rejected } = await verifyRecords([peerRecord()], 'report', ctx);
    expect(rejected.length).toBe(1);
  });

  it('name one build each', () => {
    expect(PEERS.map((p) => p.kernel).sort()).toEqual(['chess.js', 'stockfish.js']);
    expect(new Set(PEERS.map((p) => p.build)).size).toBe(PEERS.length);
  });
});
