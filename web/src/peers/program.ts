// What a peer program is to the page: another program timed on a case in this browser, beside our
// kernels (chess: Stockfish.js, chess.js). A puzzle view lists its peers (PuzzleView.peers); the
// run controller runs them after our kernels, each in a dedicated worker of its own.
import type { BrowserPeer } from '../share/peers';
import type { Params, ResultRecord } from '../share/schema';

/** One run of a peer program on a case. */
export interface PeerRun {
  /** The answer in the puzzle's own shape (chess: {nodes, divide?}), checked like a kernel's. */
  answer: ResultRecord['answer'];
  work: number;
  /** performance.now() around each timed call of the work alone, in ns (one or more calls:
   * peers/timing.ts). */
  samplesNs: number[];
  /** Loading the program and warming it up, in ns: shown, never part of the timing. */
  startupNs: number;
}

export interface PeerProgram {
  peer: BrowserPeer;
  /** Why the program cannot run in this page at all (its files are missing), or null. */
  availability(): Promise<string | null>;
  /** Why it does not run this case (a mode it has no counterpart for, over its budget), or null.
   * `work`: the work our kernels agree on for the case, when they ran first. */
  skip(params: Params, work: number | null): string | null;
  /** Runs the case in a worker started for it. Aborting `signal` terminates that worker: the run
   * then rejects with StoppedError (worker/bridge.ts). */
  run(params: Params, onStatus: (text: string) => void, signal?: AbortSignal): Promise<PeerRun>;
}
