// chess.js (BSD-2-Clause) in a dedicated worker of its own: the plain-JavaScript baseline. Its
// perft makes and unmakes every move down to the leaves (no bulk counting at the last ply) and
// tests each for check. The worker times each perft alone with performance.now() (repeated while
// the calls add up to under a second: timing.ts), after an
// untimed warm-up one ply shallower (so the JIT has compiled the generator); loading the module
// and the warm-up are the page's startup figure.
import { Chess } from 'chess.js';
import { anotherSample } from './timing';

interface Request {
  fen: string;
  depth: number;
}

export type ChessJsReply =
  | { type: 'ready' }
  | { type: 'done'; nodes: number; samplesMs: number[]; warmupMs: number }
  | { type: 'error'; message: string };

const scope = self as unknown as { postMessage(m: ChessJsReply): void; onmessage: ((e: MessageEvent<Request>) => void) | null };

scope.onmessage = (e) => {
  const { fen, depth } = e.data;
  let game: Chess;
  try {
    game = new Chess(fen);
  } catch (err) {
    scope.postMessage({ type: 'error', message: `chess.js refuses the position: ${err instanceof Error ? err.message : String(err)}` });
    return;
  }
  // The same warm-up as Stockfish.js's (peers/stockfish.ts): perfts one ply shallower for 200 ms.
  const w0 = performance.now();
  for (let i = 0; i < 200 && (i === 0 || performance.now() - w0 < 200); ++i) game.perft(Math.max(1, depth - 1));
  const warmupMs = performance.now() - w0;
  const samplesMs: number[] = [];
  let nodes = 0;
  do {
    const t0 = performance.now();
    nodes = game.perft(depth);
    samplesMs.push(performance.now() - t0);
  } while (anotherSample(samplesMs));
  scope.postMessage({ type: 'done', nodes, samplesMs, warmupMs });
};
scope.postMessage({ type: 'ready' });
