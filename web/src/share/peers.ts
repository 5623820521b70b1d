// Other programs the page times beside our kernels, in this browser (a puzzle view runs them:
// web/src/peers/). Their records carry the ISA label "peer" (cpp/core/cpu.h, the label native
// peers use too) and a build of their own, so a share link carries them and the receiving page
// can tell a peer's row from a kernel's. One table, read by the link checks and by the runners.

export const PEER_ISA = 'peer';

export interface BrowserPeer {
  /** The record's kernel id. */
  kernel: string;
  /** The record's build: what kind of program ran (wasm or plain JavaScript). */
  build: string;
  /** The puzzle whose cases it runs. */
  puzzle: string;
  /** Shown beside its row. */
  title: string;
  license: string;
}

export const BROWSER_PEERS: readonly BrowserPeer[] = [
  { kernel: 'stockfish.js', build: 'peer-wasm', puzzle: 'chess', title: 'Stockfish.js 19, lite single-threaded build', license: 'GPL-3.0' },
  { kernel: 'chess.js', build: 'peer-js', puzzle: 'chess', title: 'chess.js 1.4.0, plain JavaScript', license: 'BSD-2-Clause' },
];

export function browserPeer(kernel: string, build?: string): BrowserPeer | undefined {
  return BROWSER_PEERS.find((p) => p.kernel === kernel && (build === undefined || p.build === build));
}

/** A peer's record: its timed calls are repeated for about a second (web/src/peers/perft-params.ts),
 * so a slow program has a single sample, which the link checks accept for peers. */
export const isPeerRecord = (r: { isa: string }) => r.isa === PEER_ISA;
