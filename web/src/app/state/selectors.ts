// What the page derives from its state: the puzzle on screen, the case the engine accepted, the
// kernels to offer and to run, the records of a case. Pure functions of the state (and of the
// puzzle views' peer programs, passed in), shared by controllers, views and tests.
import { BUILDS, recordBuild, type Build } from '../../share/builds';
import type { CatalogKernel, CatalogPuzzle } from '../../share/engine-types';
import { PEER_ISA } from '../../share/peers';
import type { PageRecord, VerifyContext } from '../../share/verify';
import type { PeerProgram } from '../../peers/program';
import type { CaseCheck } from '../engine';
import type { PuzzleView } from '../puzzle-view';
import { listOf, ofCase } from './records';
import { freshPuzzle, type PageState, type PuzzleState } from './store';

export type AcceptedCase = Extract<CaseCheck, { ok: true }>;

export function catalogPuzzles(s: PageState): readonly CatalogPuzzle[] {
  return s.catalogs.get('simd128') ?? s.catalogs.get('baseline') ?? [];
}

export function puzzleOf(s: PageState, id = s.puzzleId): CatalogPuzzle {
  const all = catalogPuzzles(s);
  return all.find((p) => p.id === id) ?? all[0]!;
}

// One fresh state per catalog puzzle, so a puzzle nobody touched reads the same object every time.
const fresh = new WeakMap<CatalogPuzzle, PuzzleState>();

export function puzzleStateOf(s: PageState, id = s.puzzleId): PuzzleState {
  const held = s.puzzles.get(id);
  if (held) return held;
  const puzzle = puzzleOf(s, id);
  let state = fresh.get(puzzle);
  if (!state) fresh.set(puzzle, (state = freshPuzzle(puzzle)));
  return state;
}

/** The case on screen, when the engine has accepted its params. */
export function caseOnScreen(p: PuzzleState): AcceptedCase | null {
  return p.check?.ok ? p.check : null;
}

export interface KernelChoice {
  kernel: CatalogKernel;
  builds: Build[]; // wasm builds that contain it (none for a peer program)
  /** A peer program the page cannot load, and why: shown, and its box disabled. */
  unavailable?: string;
}

/** The kernels of every loaded build, merged, then the puzzle's peer programs. */
export function kernelChoices(s: PageState, id: string, peers: readonly PeerProgram[]): KernelChoice[] {
  const byKey = new Map<string, KernelChoice>();
  for (const build of BUILDS) {
    const p = s.catalogs.get(build)?.find((x) => x.id === id);
    for (const k of p?.kernels ?? []) {
      const c = byKey.get(k.key) ?? { kernel: k, builds: [] };
      c.builds.push(build);
      byKey.set(k.key, c);
    }
  }
  const others = peers.map((p): KernelChoice => ({
    kernel: { id: p.peer.kernel, isa: PEER_ISA, key: peerKey(p), group: 'peer', needs: '', available: true, summary: `${p.peer.title} (${p.peer.license}), run in a worker of its own` },
    builds: [],
    unavailable: s.peerUnavailable.get(p.peer.kernel) ?? undefined,
  }));
  return [...byKey.values(), ...others];
}

export const peerKey = (p: PeerProgram) => `${p.peer.kernel}/${PEER_ISA}`;

export function selectedKernels(s: PageState, id: string, peers: readonly PeerProgram[]): Set<string> {
  return new Set(puzzleStateOf(s, id).kernels ?? kernelChoices(s, id, peers).map((c) => c.kernel.key));
}

/** A run's plan: each picked build that is loaded, with the picked kernels that build has. */
export function runPlan(s: PageState, id: string, selected: ReadonlySet<string>): { build: Build; kernels: string[] }[] {
  return BUILDS.filter((b) => s.builds.has(b) && s.catalogs.has(b))
    .map((build) => {
      const keys = new Set(s.catalogs.get(build)!.find((p) => p.id === id)?.kernels.map((k) => k.key) ?? []);
      return { build, kernels: [...selected].filter((k) => keys.has(k)) };
    })
    .filter((p) => p.kernels.length);
}

/** The native records of a puzzle: the served or imported report's, except for the cases measured
 * natively just now, whose new records take their place. */
export function nativeRecords(s: PageState, id: string): PageRecord[] {
  const now = s.nativeNow.records.filter((r) => r.puzzle === id);
  const remeasured = new Set(now.map((r) => r.case_key));
  return [...(s.native?.records ?? []).filter((r) => r.puzzle === id && !remeasured.has(r.case_key)), ...now];
}

/** Other cases a puzzle holds results for (all of them when the table shows several). */
export function caseChips(p: PuzzleState, onScreen: string | null): { key: string; record: PageRecord; yours: number; shared: number }[] {
  const byKey = new Map<string, { key: string; record: PageRecord; yours: number; shared: number }>();
  for (const [list, field] of [[listOf(p.mine), 'yours'], [listOf(p.shared), 'shared']] as const)
    for (const r of list) {
      const e = byKey.get(r.case_key) ?? { key: r.case_key, record: r, yours: 0, shared: 0 };
      e[field] += 1;
      byKey.set(r.case_key, e);
    }
  return [...byKey.values()].filter((e) => e.key !== onScreen || p.view.kind === 'cases');
}

/** What checking data from elsewhere needs from the page: the catalog, the loaded kernels, the
 * puzzle views' peers and work rules, and the viewer's own reference runs. `call` is the engine
 * that does the work. */
export function verifyContextOf(s: PageState, call: VerifyContext['call'], views: ReadonlyMap<string, PuzzleView>): VerifyContext {
  const kernelsByBuild = new Map<string, Set<string>>();
  for (const [build, puzzles] of s.catalogs) kernelsByBuild.set(recordBuild(build), new Set(puzzles.flatMap((p) => p.kernels.map((k) => k.key))));
  return {
    puzzles: catalogPuzzles(s),
    isas: s.isas,
    kernelsByBuild,
    peers: [...views.values()].flatMap((v) => v.peers ?? []).map((p) => p.peer),
    workRules: (puzzle) => views.get(puzzle)?.work,
    call,
    // The viewer's own reference run of a case settles a sharer's answer where nothing is published.
    reference: (puzzle, key) => {
      const ref = puzzleOf(s, puzzle).reference_kernel;
      return ofCase(puzzleStateOf(s, puzzle).mine, key).find((r) => r.kernel === ref)?.answer;
    },
  };
}
