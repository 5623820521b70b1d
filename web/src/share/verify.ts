// Data from elsewhere (a share link, an imported or served native report) is checked again here
// before the page shows any of it as a measurement. A record keeps nothing it merely claims:
//
//  - its kernel and ISA must exist in the catalog (the puzzle's kernel ids, the engine's ISA list,
//    and the loaded build's own kernels where the record names a build this page has);
//  - its timing must lie inside physical and schema bounds (timingProblem, below);
//  - its params go through the engine's `validate`, which returns the canonical params, the label
//    and the case_key the page uses: a key or label written in the data is never read;
//  - its answer is compared by the engine (`known`, with the puzzle's own same_answer) with the
//    published answer where the puzzle has one, else with the viewer's own reference run of that
//    case; with neither, the record is shown as "claimed", never as verified.
import { isWasmRecordBuild, wasmBuildOf } from './builds';
import type { CatalogPuzzle, IsaInfo } from './engine-types';
import { findPeer, isPeerRecord, type BrowserPeer } from './peers';
import type { Params, ResultRecord, Timing } from './schema';

/** A record as the page holds it: keyed by the engine, and marked when its answer is only claimed.
 * A browser peer's own record also keeps how long the program took to load (never shared). */
export type PageRecord = ResultRecord & { case_key: string; claimed?: true; startup_ns?: number };

/** One engine request in, its response out (a worker on the page; the module itself in tests). */
export type EngineCall = (request: unknown) => Promise<unknown>;

export interface VerifyContext {
  puzzles: readonly CatalogPuzzle[];
  isas: readonly IsaInfo[];
  /** Kernel keys ("id/isa") per build name ("wasm-simd128"), for the builds this page loaded. */
  kernelsByBuild: ReadonlyMap<string, ReadonlySet<string>>;
  /** The browser peers the page's puzzle views run (PuzzleView.peers): the only peers a link may name. */
  peers: readonly BrowserPeer[];
  call: EngineCall;
  /** The viewer's own reference-kernel answer for a case, if the viewer has run it. */
  reference?: (puzzle: string, caseKey: string) => Record<string, unknown> | undefined;
}

export type Origin = 'link' | 'report';

export interface Rejected {
  record: ResultRecord;
  reason: string;
}

export interface Verified {
  records: PageRecord[];
  rejected: Rejected[];
}

// ---- timing bounds ------------------------------------------------------------------------------
// What a measurement by cpp/core/harness.cpp can look like. Outside these it is not a measurement:
//  - samples: the harness takes at least 3 (HarnessOptions: min_samples in 3..1000); a browser
//    peer's record may be one timed call (a slow program's perft: share/peers.ts), so 1;
//  - median_ns in [0.1 ns, 1 day]: a kernel call is at least one cycle of a 10 GHz clock, and no
//    bench waits a day for one call (the slowest default case, N-queens N = 16, is seconds);
//  - min_ns <= median_ns: the minimum is one of the samples;
//  - mad_ns <= median_ns: samples are durations (>= 0), so at least half of them lie within
//    `median` of the median, and the median absolute deviation cannot exceed the median: a spread
//    above ±100 % (say ±1,086,540 %) cannot come out of the harness;
//  - ns_per_unit and units_per_second are derived from the median and the work (both 0 when the
//    work is 0), so they must agree with it to rounding (0.1 %).
export const MIN_CALL_NS = 0.1;
export const MAX_CALL_NS = 86_400e9;
export const MIN_SAMPLES = 3;

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(Math.abs(a), Math.abs(b));

/** Why a timing cannot be a measurement, or null if it can. */
export function timingProblem(t: Timing, work: number, minSamples = MIN_SAMPLES): string | null {
  if (t.samples < minSamples) return `${t.samples} samples (the harness takes at least ${minSamples})`;
  if (!(t.median_ns >= MIN_CALL_NS && t.median_ns <= MAX_CALL_NS)) return `a median of ${t.median_ns} ns per call (possible: ${MIN_CALL_NS} ns to one day)`;
  if (t.min_ns > t.median_ns) return 'a minimum above the median';
  if (t.mad_ns > t.median_ns) return `a spread of ±${((100 * t.mad_ns) / t.median_ns).toFixed(0)}% (the median absolute deviation of durations is at most the median)`;
  if (work === 0) {
    if (t.ns_per_unit !== 0 || t.units_per_second !== 0) return 'a rate without any work';
  } else if (!close(t.ns_per_unit * work, t.median_ns) || !close(t.units_per_second * t.median_ns, work * 1e9)) {
    return 'a rate that does not follow from its median and work';
  }
  return null;
}

// ---- the checks -----------------------------------------------------------------------------------

function kernelProblem(r: ResultRecord, origin: Origin, puzzle: CatalogPuzzle, ctx: VerifyContext): string | null {
  // A browser peer is no kernel of ours: it must be one the page knows, under its own build.
  if (origin === 'link' && isPeerRecord(r)) {
    const peer = findPeer(ctx.peers, r.kernel, r.build);
    return peer && peer.puzzle === puzzle.id ? null : `'${r.kernel}' (${r.build}) is not a browser peer of ${puzzle.title}`;
  }
  if (origin === 'link' && !wasmBuildOf(r.build)) return `build '${r.build}' is not a browser build`;
  if (origin === 'report' && isWasmRecordBuild(r.build)) return `build '${r.build}' is not a native build`;
  const ids = new Set([...puzzle.kernel_order, ...puzzle.kernels.map((k) => k.id)]);
  if (!ids.has(r.kernel)) return `${puzzle.title} has no kernel '${r.kernel}'`;
  if (!ctx.isas.some((i) => i.name === r.isa)) return `'${r.isa}' is not an instruction set the engine knows`;
  const loaded = ctx.kernelsByBuild.get(r.build);
  if (loaded && !loaded.has(`${r.kernel}/${r.isa}`)) return `the ${r.build} build has no kernel ${r.kernel}/${r.isa}`;
  return null;
}

interface ValidateEntry {
  ok: boolean;
  error?: string;
  params?: Params;
  case?: string;
  case_key?: string;
}

export interface KnownEntry extends ValidateEntry {
  known?: { answer: Record<string, unknown>; source: string } | null;
  compared_with?: 'known' | 'reference' | null;
  verdicts?: (boolean | null)[];
}

export async function engineList<T>(ctx: VerifyContext, request: unknown): Promise<T[]> {
  const r = (await ctx.call(request)) as { ok: boolean; error?: string; cases?: T[] };
  if (!r.ok || !Array.isArray(r.cases)) throw new Error(`the engine could not check the data: ${r.error ?? 'no answer'}`);
  return r.cases;
}

/** Checks records from a link or a report. The engine's answers replace every claim. */
export async function verifyRecords(records: readonly ResultRecord[], origin: Origin, ctx: VerifyContext): Promise<Verified> {
  const rejected: Rejected[] = [];
  const kept: ResultRecord[] = [];
  for (const r of records) {
    const puzzle = ctx.puzzles.find((p) => p.id === r.puzzle);
    const problem = !puzzle
      ? `no puzzle '${r.puzzle}' on this page`
      : kernelProblem(r, origin, puzzle, ctx) ?? (r.timing ? timingProblem(r.timing, r.work, isPeerRecord(r) && origin === 'link' ? 1 : MIN_SAMPLES) : null);
    if (problem) rejected.push({ record: r, reason: problem });
    else kept.push(r);
  }

  // Params, per puzzle, in one batch each: canonical params, label and key from the engine.
  const keyed: PageRecord[] = [];
  for (const puzzle of new Set(kept.map((r) => r.puzzle))) {
    const mine = kept.filter((r) => r.puzzle === puzzle);
    const checked = await engineList<ValidateEntry>(ctx, {
      action: 'validate',
      puzzle,
      cases: mine.map((r) => r.params),
      inputs: mine.map((r) => r.input ?? null),
    });
    mine.forEach((r, i) => {
      const v = checked[i];
      if (!v?.ok || !v.params || v.case === undefined || v.case_key === undefined) {
        rejected.push({ record: r, reason: v?.error ?? 'the engine did not check its params' });
        return;
      }
      keyed.push({ ...r, params: v.params, case: v.case, case_key: v.case_key });
    });
  }
  return { records: await checkAnswers(keyed, ctx), rejected };
}

/** The verdict fields of a record whose answer the engine's `known` judged (entry `k`, answer `j`):
 * against the published answer, else against `reference`'s run (described by `against`). */
export function answerVerdict(k: KnownEntry | undefined, j: number, reference: string, against = `your own ${reference} run`): Pick<PageRecord, 'verified' | 'verified_by' | 'claimed'> {
  const verdict = k?.ok ? k.verdicts?.[j] ?? null : null;
  if (verdict === null) return { verified: null, claimed: true, verified_by: `claimed, not re-checked here: no published answer, and you have not run ${reference} on this case` };
  const what = k!.compared_with === 'known' ? `the published answer (${k!.known!.source})` : against;
  return { verified: verdict, verified_by: (verdict ? `re-checked here against ${what}` : `differs from ${what}`).slice(0, 120) };
}

/**
 * Verdicts on the answers of records from elsewhere: against the published answer, else against
 * the viewer's reference run of the case, else "claimed". Run again after the viewer's own runs.
 */
export async function checkAnswers(records: readonly PageRecord[], ctx: VerifyContext): Promise<PageRecord[]> {
  const out = records.map((r) => ({ ...r }));
  for (const puzzle of new Set(out.map((r) => r.puzzle))) {
    const reference = ctx.puzzles.find((p) => p.id === puzzle)?.reference_kernel ?? 'the reference';
    const groups = new Map<string, PageRecord[]>();
    for (const r of out) if (r.puzzle === puzzle) groups.set(r.case_key, [...(groups.get(r.case_key) ?? []), r]);
    const cases = [...groups.values()];
    const known = await engineList<KnownEntry>(ctx, {
      action: 'known',
      puzzle,
      cases: cases.map((group) => {
        const ref = ctx.reference?.(puzzle, group[0]!.case_key);
        return { params: group[0]!.params, input: group[0]!.input ?? null, answers: group.map((r) => r.answer), ...(ref ? { reference: ref } : {}) };
      }),
    });
    cases.forEach((group, i) => group.forEach((r, j) => {
      delete r.claimed;
      Object.assign(r, answerVerdict(known[i], j, reference));
    }));
  }
  return out;
}
