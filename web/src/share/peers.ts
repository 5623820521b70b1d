// Other programs the page times beside our kernels, in this browser (a puzzle view lists them:
// PuzzleView.peers, web/src/peers/). Their records carry the ISA label "peer" (cpp/core/cpu.h, the
// label native peers use too) and a build naming the kind of program (share/builds.ts), so a
// share link carries them and the receiving page can tell a peer's row from a kernel's.

export const PEER_ISA = 'peer';

/** A browser peer as records and links name it. */
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

/** A peer's record: its timed calls are repeated for about a second (web/src/peers/timing.ts),
 * so a slow program has a single sample, which the link checks accept for peers. */
export const isPeerRecord = (r: { isa: string }) => r.isa === PEER_ISA;

// How a peer is timed (web/src/peers/timing.ts): calls are repeated while they add up to under
// PEER_SAMPLE_BUDGET_MS, at most PEER_MAX_SAMPLES of them. The link checks hold a peer's record
// to the same rule: a single timed call took at least the whole budget.
export const PEER_MAX_SAMPLES = 11;
export const PEER_SAMPLE_BUDGET_MS = 1000;

/** The peer in `peers` that a record names, by kernel and build. */
export function findPeer(peers: readonly BrowserPeer[], kernel: string, build: string): BrowserPeer | undefined {
  return peers.find((p) => p.kernel === kernel && p.build === build);
}
