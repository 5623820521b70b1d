// Data from elsewhere (a share link, an imported or served native report) is checked again here
// before the page shows any of it as a measurement. A record keeps nothing it merely claims:
//
//  - its kernel and ISA must exist in the catalog (the puzzle's kernel ids, the engine's ISA list,
//    and the loaded build's own kernels where the record names a build this page has);
//  - its timing must be one a measurement can produce (timingProblem, below), and its work and rate
//    the puzzle's own (workProblem, with the puzzle's WorkRules): a timing from elsewhere is a claim
//    that passed these checks, never a fact, and the page labels it so;
//  - its params go through the engine's `validate`, which returns the canonical params, the label
//    and the case_key the page uses: a key or label written in the data is never read;
//  - its answer is compared by the engine (`known`, with the puzzle's own same_answer) with the
//    published answer where the puzzle has one, else with the viewer's own reference run of that
//    case; with neither, the record is shown as "claimed", never as verified.
import { browserBuildOf, isBrowserRecordBuild } from './builds';
import type { CatalogPuzzle, IsaInfo } from './engine-types';
import { findPeer, isPeerRecord, PEER_SAMPLE_BUDGET_MS, type BrowserPeer } from './peers';
import { median, timeEstimate } from './rounds';
import type { Params, ResultRecord, Timing } from './schema';

/** How busy the CPU was with other programs while a record was measured (only where it was). */
export interface CpuShare {
  /** The cores other programs kept busy on average, over the measurement. */
  others_cores: number;
  /** The machine's cores. */
  cores: number;
}

/** A record as the page holds it: keyed by the engine, and marked when its answer is only claimed.
 * A browser peer's own record also keeps how long the program took to load, a record (native or
 * browser) how busy the CPU was while it was measured, where it was (app/ratio.ts), and a native
 * one whether it was measured on request just now (app/native-now.ts); none of that is shared
 * (but a suite link's native records keep cpu_shared, and History keeps it). Its session and
 * pairing are the schema's (ResultRecord) and travel with it. */
export type PageRecord = ResultRecord & { case_key: string; claimed?: true; startup_ns?: number; cpu_shared?: CpuShare; measured_now?: true };

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
  /** The puzzle's rules for its work and its rate (PuzzleView.work), if it has them. */
  workRules?: (puzzle: string) => WorkRules | undefined;
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

// ---- claims: timings and work ------------------------------------------------------------------
// A timing from elsewhere cannot be re-measured here, only held to what a measurement by
// cpp/core/harness.cpp (or a browser peer's timing, web/src/peers/timing.ts) can look like:
//  - samples: the harness takes at least 3 (HarnessOptions: min_samples in 3..1000); a browser
//    peer's record may be one timed call, but then that call took the peer's whole budget (1 s:
//    shorter calls are repeated);
//  - median_ns in [0.1 ns, 1 day] per call, and the whole measurement (samples × repetitions ×
//    median) at most a day: a kernel call is at least one cycle of a 10 GHz clock, and nobody's
//    page timed one kernel for days;
//  - repetitions: the harness calibrates them until one sample lasts its floor (at least 1 ms),
//    so a kernel's sample (repetitions × median) is never far shorter (a twentieth: on a busy
//    machine the calibrating batch may be preempted and run several times slower than the samples
//    after it; 0.235 ms samples were seen at load 18 on 2 cores); a peer's call is one;
//  - min_ns <= median_ns: the minimum is one of the samples;
//  - mad_ns <= median_ns: samples are durations (>= 0), so at least half of them lie within
//    `median` of the median, and the median absolute deviation cannot exceed the median: a spread
//    above ±100 % (say ±1,086,540 %) cannot come out of the harness;
//  - rounds, where a timing has them (older ones do not): one per sample (samples counts the
//    rounds), each a possible call time, and the median, minimum and MAD those of the rounds to
//    rounding; the interval (ci_lo_ns, ci_hi_ns), where given, both ends, from at least 2 rounds,
//    and the rounds' own to within 1 % of its half-width (share/rounds.ts computes it as the
//    harness does; their t quantiles differ in the fourth digit), or without rounds at least
//    reaching the fastest;
//  - ns_per_unit and units_per_second are derived from the median and the work (both 0 when the
//    work is 0), so they must agree with it to rounding (0.1 %);
//  - the rate: work units per ns on one core (every kernel and peer is one thread) at most the
//    puzzle's own bound (PuzzleView.work), and the work itself as the puzzle's rules have it for
//    the params and the answer (a perft's work is its node count).
export const MIN_CALL_NS = 0.1;
export const MAX_MEASUREMENT_NS = 86_400e9;
export const MIN_SAMPLES = 3;
/** A twentieth of the harness's shortest sample floor (1 ms): a sample may run far short of the
 * batch that calibrated it when a busy machine preempted that batch. Forged timings far below this
 * are still caught here, and impossible rates by the puzzle's own bound (workProblem). */
export const MIN_SAMPLE_NS = 0.05e6;

/** What a puzzle says about its own work, for claims from elsewhere (PuzzleView.work). */
export interface WorkRules {
  /** The most work units one core can do per ns, by work unit: far above anything measured, so
   * that only an impossible claim fails. */
  maxUnitsPerNs: Readonly<Record<string, number>>;
  /** Why a record's work cannot go with its params and answer, or null. */
  workProblem?(record: ResultRecord): string | null;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(Math.abs(a), Math.abs(b));

const duration = (ns: number) => (ns >= 86_400e9 ? `${(ns / 86_400e9).toPrecision(3)} days` : ns >= 1e9 ? `${(ns / 1e9).toPrecision(3)} s` : ns >= 1e6 ? `${(ns / 1e6).toPrecision(3)} ms` : `${Number(ns.toPrecision(3))} ns`);

/** Why a timing cannot be a measurement (of a browser peer's, when `peer`), or null if it can. */
export function timingProblem(t: Timing, work: number, peer = false): string | null {
  const minSamples = peer ? 1 : MIN_SAMPLES;
  if (t.samples < minSamples) return `${t.samples} samples (the harness takes at least ${minSamples})`;
  if (!(t.median_ns >= MIN_CALL_NS && t.median_ns <= MAX_MEASUREMENT_NS)) return `a median of ${t.median_ns} ns per call (possible: ${MIN_CALL_NS} ns to one day)`;
  const total = t.samples * t.reps_per_sample * t.median_ns;
  if (total > MAX_MEASUREMENT_NS) return `a measurement of ${duration(total)} in all (${t.samples} samples of ${t.reps_per_sample} calls of ${duration(t.median_ns)}; possible: up to one day)`;
  if (peer && t.reps_per_sample !== 1) return `${t.reps_per_sample} calls per sample (a peer's calls are timed one by one)`;
  if (peer && t.samples === 1 && t.median_ns < PEER_SAMPLE_BUDGET_MS * 1e6)
    return `one timed call of ${duration(t.median_ns)} (a peer's calls are repeated until they add up to ${PEER_SAMPLE_BUDGET_MS / 1000} s, so a single one took that long)`;
  if (!peer && t.reps_per_sample * t.median_ns < MIN_SAMPLE_NS)
    return `samples of ${duration(t.reps_per_sample * t.median_ns)} (${t.reps_per_sample} calls of ${duration(t.median_ns)}; the harness makes each sample last at least 1 ms)`;
  if (t.min_ns > t.median_ns) return 'a minimum above the median';
  if (t.mad_ns > t.median_ns) return `a spread of ±${((100 * t.mad_ns) / t.median_ns).toFixed(0)}% (the median absolute deviation of durations is at most the median)`;
  const rounds = roundsProblem(t);
  if (rounds) return rounds;
  if (work === 0) {
    if (t.ns_per_unit !== 0 || t.units_per_second !== 0) return 'a rate without any work';
  } else if (!close(t.ns_per_unit * work, t.median_ns) || !close(t.units_per_second * t.median_ns, work * 1e9)) {
    return 'a rate that does not follow from its median and work';
  }
  return null;
}

/** Why a timing's rounds, or its interval, cannot be what the harness writes from them, or null. */
function roundsProblem(t: Timing): string | null {
  const r = t.round_ns;
  if (r) {
    if (r.length !== t.samples) return `${r.length} rounds for ${t.samples} samples (samples counts the rounds)`;
    const odd = r.find((x) => !(x >= MIN_CALL_NS && x <= MAX_MEASUREMENT_NS));
    if (odd !== undefined) return `a round of ${duration(odd)} per call (possible: ${MIN_CALL_NS} ns to one day)`;
    const mid = median(r);
    const mad = median(r.map((x) => Math.abs(x - mid)));
    if (!close(mid, t.median_ns) || !close(Math.min(...r), t.min_ns) || Math.abs(mad - t.mad_ns) > 1e-3 * mid)
      return 'a median, minimum or spread that does not follow from its rounds';
  }
  // The reference loop's rounds (cpp/core/harness.h, point 5) are calls as real as the kernel's.
  const oddReference = t.reference_ns?.find((x) => !(x >= MIN_CALL_NS && x <= MAX_MEASUREMENT_NS));
  if (oddReference !== undefined) return `a reference-loop round of ${duration(oddReference)} per call (possible: ${MIN_CALL_NS} ns to one day)`;
  const { ci_lo_ns: lo, ci_hi_ns: hi } = t;
  if (lo === undefined && hi === undefined) return null;
  if (lo === undefined || hi === undefined) return 'one end of an interval without the other';
  if (t.samples < 2) return 'an interval from a single round';
  if (!(lo > 0 && lo <= hi)) return 'an interval whose ends are out of order';
  if (r) {
    const e = timeEstimate(r);
    const half = Math.log(e.hi / e.value);
    const near = (x: number, y: number) => Math.abs(Math.log(x / y)) <= 0.01 * half + 1e-6;
    if (!near(lo, e.lo) || !near(hi, e.hi)) return 'an interval that does not follow from its rounds';
  } else if (hi < t.min_ns) {
    return 'an interval below its fastest round';
  }
  return null;
}

/** Why a record's work, or its rate, cannot be its puzzle's (`rules`: the puzzle's own), or null. */
export function workProblem(r: ResultRecord, rules: WorkRules | undefined): string | null {
  if (!rules) return null;
  const bound = rules.maxUnitsPerNs[r.work_unit];
  if (bound === undefined) return `work counted in '${r.work_unit}', which this puzzle does not count (it counts: ${Object.keys(rules.maxUnitsPerNs).join(', ')})`;
  const own = rules.workProblem?.(r);
  if (own) return own;
  const rate = r.timing && r.timing.median_ns > 0 ? r.work / r.timing.median_ns : 0;
  const count = (x: number) => x.toLocaleString('en-US', { maximumSignificantDigits: 3 });
  if (rate > bound) return `${count(rate)} ${r.work_unit} per ns on one core (no core does more than ${count(bound)} for this puzzle)`;
  return null;
}

// ---- the checks -----------------------------------------------------------------------------------

function kernelProblem(r: ResultRecord, origin: Origin, puzzle: CatalogPuzzle, ctx: VerifyContext): string | null {
  // A browser peer is no kernel of ours: it must be one the page knows, under its own build.
  if (origin === 'link' && isPeerRecord(r)) {
    const peer = findPeer(ctx.peers, r.kernel, r.build);
    return peer && peer.puzzle === puzzle.id ? null : `'${r.kernel}' (${r.build}) is not a browser peer of ${puzzle.title}`;
  }
  if (origin === 'link' && !browserBuildOf(r.build)) return `build '${r.build}' is not a browser build`;
  if (origin === 'report' && isBrowserRecordBuild(r.build)) return `build '${r.build}' is not a native build`;
  const loaded = ctx.kernelsByBuild.get(r.build);
  // A kernel id is one of the puzzle's, or one of the loaded build's own (a JavaScript kernel
  // with no C++ namesake).
  const ids = new Set([...puzzle.kernel_order, ...puzzle.kernels.map((k) => k.id), ...[...(loaded ?? [])].map((key) => key.split('/')[0]!)]);
  if (!ids.has(r.kernel)) return `${puzzle.title} has no kernel '${r.kernel}'`;
  if (!ctx.isas.some((i) => i.name === r.isa)) return `'${r.isa}' is not an instruction set the engine knows`;
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
  const { records: screened, rejected } = await screenRecords(records, origin, ctx);
  return { records: await checkAnswers(screened, ctx), rejected };
}

/** A record's verdict until its answer has been re-checked. */
export const AWAITING_CHECK = 'claimed; its answer is not re-checked yet';

/**
 * The quick part of verifyRecords: kernels, timings and work against the catalog and the
 * puzzles' rules, params keyed by the engine's `validate` (nothing is prepared). The records
 * kept are claimed until checkAnswers judges them, which prepares every case (slow for big ones).
 */
export async function screenRecords(records: readonly ResultRecord[], origin: Origin, ctx: VerifyContext): Promise<Verified> {
  const rejected: Rejected[] = [];
  const kept: ResultRecord[] = [];
  for (const r of records) {
    const puzzle = ctx.puzzles.find((p) => p.id === r.puzzle);
    const problem = !puzzle
      ? `no puzzle '${r.puzzle}' on this page`
      : kernelProblem(r, origin, puzzle, ctx) ??
        (r.timing ? timingProblem(r.timing, r.work, isPeerRecord(r) && origin === 'link') : null) ??
        workProblem(r, ctx.workRules?.(puzzle.id));
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
      keyed.push({ ...r, params: v.params, case: v.case, case_key: v.case_key, verified: null, verified_by: AWAITING_CHECK, claimed: true });
    });
  }
  return { records: keyed, rejected };
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
