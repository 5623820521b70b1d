// A peer program's answer is judged by the engine (`known`, the puzzle's own same_answer): against
// the published answer where there is one, else against the answer our kernels agree on, else
// against the viewer's reference run; never by reading a puzzle's fields in generic code.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { agreedRun, judgePeer, peerVerdict } from '../../web/src/app/trust';
import type { Catalog } from '../../web/src/share/engine-types';
import type { KnownEntry, PageRecord, VerifyContext } from '../../web/src/share/verify';
import { call, loadModule } from './wasm-module';

let m: SimdPuzzlesModule;
let ctx: VerifyContext;
beforeAll(async () => {
  m = await loadModule('simd');
  const catalog = call<Catalog>(m, { action: 'catalog' });
  ctx = { puzzles: catalog.puzzles, isas: catalog.isas, kernelsByBuild: new Map(), peers: [], call: async (request) => call(m, request) };
});

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
// A position no table publishes counts for.
const UNPUBLISHED = '4k3/8/8/3q4/8/8/3Q4/4K3 w - - 0 1';

function ours(fen: string, depth: number, kernels: string[]): PageRecord[] {
  const run = call(m, { action: 'run', puzzle: 'chess', params: { mode: 'perft', fen, depth }, kernels });
  return run.results as PageRecord[];
}

function peer(of: PageRecord, nodes: number): PageRecord {
  return { ...of, kernel: 'stockfish.js', isa: 'peer', build: 'peer-wasm', answer: { nodes }, work: nodes, verified: null, verified_by: '' };
}

describe('judging a peer', () => {
  it('compares with the published count where there is one', async () => {
    const [hq] = ours(KIWIPETE, 1, ['hq']);
    expect(hq!.answer.nodes).toBe(48);
    const right = await judgePeer(peer(hq!, 48), [hq!], ctx);
    expect([right.verified, right.verified_by]).toEqual([true, expect.stringMatching(/^re-checked here against the published answer/)]);
    const wrong = await judgePeer(peer(hq!, 49), [hq!], ctx);
    expect([wrong.verified, wrong.verified_by]).toEqual([false, expect.stringMatching(/^differs from the published answer/)]);
  });

  it('compares with what our kernels agree on where nothing is published', async () => {
    const runs = ours(UNPUBLISHED, 2, ['hq', 'ray-walk']);
    expect(runs).toHaveLength(2);
    const nodes = runs[0]!.answer.nodes as number;
    const agree = await judgePeer(peer(runs[0]!, nodes), runs, ctx);
    expect(agree.verified).toBe(true);
    expect(agree.verified_by).toBe(`agrees with the 2 runs of our kernels here (nodes=${nodes})`);
    const differ = await judgePeer(peer(runs[0]!, nodes + 1), runs, ctx);
    expect(differ.verified).toBe(false);
    expect(differ.verified_by).toBe(`differs from our kernels: they answer nodes=${nodes}`);
  });

  it('leaves the answer claimed with nothing to compare it with', async () => {
    const [hq] = ours(UNPUBLISHED, 1, ['hq']);
    const judged = await judgePeer(peer(hq!, 7), [], ctx);
    expect([judged.verified, judged.claimed]).toEqual([null, true]);
  });

  it('takes no agreed answer from runs that did different work', () => {
    const [a] = ours(UNPUBLISHED, 1, ['hq']);
    expect(agreedRun([a!, a!])).toBe(a);
    expect(agreedRun([a!, { ...a!, work: a!.work + 1 }])).toBeNull();
    expect(agreedRun([])).toBeNull();
  });

  it('words the verdict by what the engine compared with', () => {
    const entry = (patch: Partial<KnownEntry>): KnownEntry => ({ ok: true, known: null, compared_with: 'reference', verdicts: [true], ...patch });
    const [a] = ours(UNPUBLISHED, 1, ['hq']);
    expect(peerVerdict(entry({}), null, 0, 'ray-walk').verified_by).toBe('re-checked here against your own ray-walk run');
    expect(peerVerdict(entry({ compared_with: 'known', known: { answer: {}, source: 'wiki' } }), a!, 3, 'ray-walk').verified_by).toBe('re-checked here against the published answer (wiki)');
    expect(peerVerdict(entry({ verdicts: [null], compared_with: null }), a!, 3, 'ray-walk')).toMatchObject({ verified: null, claimed: true });
    expect(peerVerdict(undefined, a!, 3, 'ray-walk').claimed).toBe(true);
  });
});
