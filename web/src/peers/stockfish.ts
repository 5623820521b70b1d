// Stockfish.js as a peer: the published engine (npm `stockfish`, GPL-3.0), run as a separate
// program in a dedicated classic Web Worker of its own, talked to in UCI text lines as a GUI
// would: "position fen <FEN>", "go perft <N>", then one "<move>: <nodes>" line per root move and
// "Nodes searched: <N>". Nothing of it is imported or bundled: the server serves the package's
// files as installed, as stockfish.serve.json declares (web/vite.config.ts), so the page works,
// and says why Stockfish.js is unavailable, when the package is not there. A static site ships it
// only on the builder's word (its GPL terms: scripts/site-files.ts).
//
// Timing: performance.now() from sending "go perft" to reading "Nodes searched", on this thread,
// repeated while the calls add up to under a second (timing.ts)
// (the worker's lines arrive as messages: microseconds against perft's milliseconds). Loading the
// wasm, the "uci"/"isready" handshake and the warm-up (perfts one ply shallower for WARMUP_MS:
// V8 first runs wasm from its baseline compiler and swaps in optimised code for hot functions in
// the background, so a cold perft of a few ms measured 30× slower than a warm one) happen before
// and are reported apart as startup.
import type { BrowserPeer } from '../share/peers';
import type { Params } from '../share/schema';
import { StoppedError } from '../worker/bridge';
import { budgetReason, perftCase } from './perft-params';
import type { PeerProgram, PeerRun } from './program';
import served from './stockfish.serve.json';
import { anotherSample } from './timing';

// The lite single-threaded build: 1.8 MB, no SharedArrayBuffer threads, one thread like ours.
export const STOCKFISH_SCRIPT = `${served.url}stockfish-19-lite-single.js`;
const STOCKFISH_WASM = `${served.url}stockfish-19-lite-single.wasm`;
// Its perft counts the last ply in bulk, like ours: tens of millions of nodes a second in wasm.
const NODE_BUDGET = 20e9;
const DIVIDE_LINE = /^([a-h][1-8][a-h][1-8][nbrq]?): (\d+)$/;
const NODES_LINE = /^Nodes searched: (\d+)$/;
export const WARMUP_MS = 200;
const WARMUP_MAX_CALLS = 200;
const HANDSHAKE_MS = 30_000;

const peer: BrowserPeer = { kernel: 'stockfish.js', build: 'peer-wasm', puzzle: 'chess', title: 'Stockfish.js 19, lite single-threaded build', license: 'GPL-3.0' };

async function present(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** A UCI conversation with one worker: lines in order, each waited for by a predicate. */
class UciWorker {
  private readonly worker: Worker;
  private lines: string[] = [];
  private waiting: { want: (line: string) => boolean; resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(script: string) {
    this.worker = new Worker(script); // classic: the engine's own script, as published
    this.worker.onmessage = (e: MessageEvent<unknown>) => {
      if (typeof e.data !== 'string') return; // the engine posts text lines only
      for (const line of e.data.split('\n')) this.take(line.trim());
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(`Stockfish.js stopped with an error: ${e.message || 'unknown error (is the wasm file served?)'}`));
    };
  }

  send(command: string) {
    this.worker.postMessage(command);
  }

  /** The next line that satisfies `want`; `seen` gets every line read while waiting. */
  async until(want: (line: string) => boolean, seen: (line: string) => void = () => {}): Promise<string> {
    for (;;) {
      const line = this.lines.shift() ?? (await this.next());
      seen(line);
      if (want(line)) return line;
    }
  }

  /** `promise`, unless the engine stays silent for `ms`: then the conversation fails with a message. */
  async within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
    const timer = setTimeout(() => this.fail(new Error(`Stockfish.js did not answer ${what} within ${ms / 1000} s`)), ms);
    try {
      return await promise;
    } finally {
      clearTimeout(timer);
    }
  }

  fail(error: Error) {
    this.failure ??= error;
    this.worker.terminate();
    this.waiting?.reject(error);
    this.waiting = null;
  }

  private next(): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { want: () => true, resolve, reject }));
  }

  private take(line: string) {
    if (!line) return;
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w.resolve(line);
    } else {
      this.lines.push(line);
    }
  }
}

class StockfishPeer implements PeerProgram {
  readonly peer = peer;
  private probe: Promise<string | null> | null = null;

  availability(): Promise<string | null> {
    this.probe ??= Promise.all([present(STOCKFISH_SCRIPT), present(STOCKFISH_WASM)]).then(([js, wasm]) =>
      js && wasm ? null : `Stockfish.js (${served.license}) is not served here. A static site ships it only when built with \`${served.optIn}\`, with its licence and where its source is; \`npm start\` serves it from node_modules, where npm install puts the package \`${served.package}\` (a separate program, never bundled)`);
    return this.probe;
  }

  skip(params: Params, work: number | null): string | null {
    const c = perftCase(params);
    return typeof c === 'string' ? c : budgetReason(work, NODE_BUDGET, 'minutes even at its speed');
  }

  async run(params: Params, onStatus: (text: string) => void, signal?: AbortSignal): Promise<PeerRun> {
    const c = perftCase(params);
    if (typeof c === 'string') throw new Error(c);
    if (signal?.aborted) throw new StoppedError();
    const started = performance.now();
    onStatus('Stockfish.js · loading and warming up (not timed)');
    const engine = new UciWorker(STOCKFISH_SCRIPT);
    const stop = () => engine.fail(new StoppedError());
    signal?.addEventListener('abort', stop);
    try {
      // A handshake answers in well under a second once loaded; silence means it never will
      // (a blocked or broken file), and the run should say so rather than wait for Stop.
      engine.send('uci');
      await engine.within(HANDSHAKE_MS, "'uci'", engine.until((l) => l === 'uciok'));
      engine.send(`position fen ${c.fen}`);
      const warmup = performance.now();
      for (let i = 0; i < WARMUP_MAX_CALLS && (i === 0 || performance.now() - warmup < WARMUP_MS); ++i) {
        engine.send(`go perft ${Math.max(1, c.depth - 1)}`);
        await engine.until((l) => NODES_LINE.test(l));
      }
      engine.send('isready');
      await engine.within(HANDSHAKE_MS, "'isready'", engine.until((l) => l === 'readyok'));
      const startupNs = (performance.now() - started) * 1e6;
      onStatus(`Stockfish.js · go perft ${c.depth}`);
      const samplesMs: number[] = [];
      let divide: { move: string; nodes: number }[] = [];
      let nodes = 0;
      do {
        divide = [];
        const t0 = performance.now();
        engine.send(`go perft ${c.depth}`);
        const last = await engine.until((l) => NODES_LINE.test(l), (l) => {
          const m = DIVIDE_LINE.exec(l);
          if (m) divide.push({ move: m[1]!, nodes: Number(m[2]) });
        });
        samplesMs.push(performance.now() - t0);
        const count = Number(NODES_LINE.exec(last)![1]);
        if (samplesMs.length > 1 && count !== nodes) throw new Error(`Stockfish.js counted ${nodes}, then ${count} nodes`);
        nodes = count;
      } while (anotherSample(samplesMs));
      divide.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0)); // as the engine sorts ours
      return { answer: c.divide ? { nodes, divide } : { nodes }, work: nodes, samplesNs: samplesMs.map((ms) => ms * 1e6), startupNs };
    } finally {
      signal?.removeEventListener('abort', stop);
      engine.fail(new StoppedError());
    }
  }
}

export const stockfishPeer: PeerProgram = new StockfishPeer();
