// chess.js as a peer: the plain-JavaScript baseline, its perft in a dedicated worker
// (chessjs.worker.ts), started per run and terminated when the run is aborted.
import type { BrowserPeer } from '../share/peers';
import type { Params } from '../share/schema';
import { StoppedError } from '../worker/bridge';
import type { ChessJsReply } from './chessjs.worker';
import { budgetReason, perftCase } from './perft-params';
import type { PeerProgram, PeerRun } from './program';

// chess.js makes every leaf at a few hundred thousand nodes a second: past this, minutes.
const NODE_BUDGET = 30e6;

const peer: BrowserPeer = { kernel: 'chess.js', build: 'peer-js', puzzle: 'chess', title: 'chess.js 1.4.0, plain JavaScript', license: 'BSD-2-Clause' };

export const chessJsPeer: PeerProgram = {
  peer,

  availability: () => Promise.resolve(null), // bundled into its worker: present whenever the page is

  skip(params: Params, work: number | null): string | null {
    const c = perftCase(params);
    return typeof c === 'string' ? c : budgetReason(work, NODE_BUDGET, 'it makes every leaf, a few hundred thousand a second');
  },

  run(params: Params, onStatus: (text: string) => void, signal?: AbortSignal): Promise<PeerRun> {
    const c = perftCase(params);
    if (typeof c === 'string') return Promise.reject(new Error(c));
    if (signal?.aborted) return Promise.reject(new StoppedError());
    onStatus('chess.js · loading (not timed)');
    const started = performance.now();
    const worker = new Worker(new URL('./chessjs.worker.ts', import.meta.url), { type: 'module' });
    let startupNs = 0;
    return new Promise<PeerRun>((resolve, reject) => {
      const stop = () => {
        finish();
        reject(new StoppedError());
      };
      const finish = () => {
        worker.terminate();
        signal?.removeEventListener('abort', stop);
      };
      signal?.addEventListener('abort', stop);
      worker.onerror = (e) => {
        e.preventDefault();
        finish();
        reject(new Error(`chess.js stopped with an error: ${e.message || 'unknown error'}`));
      };
      worker.onmessage = (e: MessageEvent<ChessJsReply>) => {
        const m = e.data;
        if (m.type === 'ready') {
          startupNs = (performance.now() - started) * 1e6;
          onStatus(`chess.js · warm-up perft ${Math.max(1, c.depth - 1)} (not timed), then perft ${c.depth}`);
          worker.postMessage({ fen: c.fen, depth: c.depth });
          return;
        }
        finish();
        if (m.type === 'error') reject(new Error(m.message));
        else resolve({ answer: { nodes: m.nodes }, work: m.nodes, samplesNs: m.samplesMs.map((ms) => ms * 1e6), startupNs: startupNs + m.warmupMs * 1e6 });
      };
    });
  },
};
