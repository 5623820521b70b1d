// A speed ratio with its noise, in one place: every ratio the page shows (the run table, the
// pivot of cases, the puzzles' own tables, the chart's tooltips, History) and bench:compare's
// report come from ratioOf and read as ratioText says.
//
// The speed of a relative to b is b's time over a's. Its 95 % interval comes from the spread
// between rounds (share/rounds.ts), never from samples inside one round, and how depends on how
// the two sides were measured (`method`):
//  - paired: both in one session, round i of each back to back (the page alternates a wasm
//    round and a native round of the same kernel and case): the pairs' ratios;
//  - interleaved: both in one session, rounds interleaved but not paired: Welch on the rounds;
//  - across-sessions: two sessions (History's two runs; a served native report against a Run on
//    the page; a link's numbers against yours): Welch on the rounds, widened by how much two
//    sessions differ (SESSION_SIGMA), which no spread inside one session shows; and where both
//    sides are of one build, doubtful when the reference loop each session timed beside its
//    kernels says the machine itself ran at another speed (share/rounds.ts, machineSpeedDoubt);
//  - legacy: a side without rounds (older links, reports and history; a peer program's timing):
//    from its fastest sample (noise only ever adds time; the median minus its MAD where that is
//    lower) to its median plus its MAD, each side's ends against the other's, widened by the
//    session term too, and doubtful: one run's samples are no replication.
// A ratio whose interval holds 1 reads "≈ 1×": which side is faster is not known.
//
// A side measured while other programs kept the CPU busy (the native benchmark of `npm start`
// runs while the person uses the page; scripts/lib/cpu-load.mjs measures how busy) may have run
// slower than it can, and in another session than the other side all its rounds were slowed
// alike: its low end is then divided by 1 + the cores the others used (at most 3×: another
// runnable thread per core halves a thread's share). Rounds interleaved with the other side's
// shared the busy CPU with them, so their spread shows the load. Either way the ratio is marked
// doubtful, in words, as it is for what a side's rounds show (share/rounds.ts, roundDoubts).
//
// Numbers from another machine (a link, a served or shipped report) against this one's compare
// machines as much as kernels: the caller says so (RatioContext.otherMachine) and the ratio's
// text carries it, not only the time's cell.
import { buildLabel, isBrowserRecordBuild } from '../share/builds';
import { isPeerRecord } from '../share/peers';
import { acrossSessions, machineSpeedDoubt, pairedRatio, roundDoubts, roundNotes, SESSION_SIGMA, timeEstimate, unpairedRatio, Z975, type Estimate } from '../share/rounds';
import type { Timing } from '../share/schema';
import type { CpuShare, PageRecord } from '../share/verify';
import { formatRatioNumber } from './format';

export interface Interval {
  lo: number;
  hi: number;
}

export type RatioMethod = 'paired' | 'interleaved' | 'across-sessions' | 'legacy';

export interface RatioEstimate {
  /** The rounds' ratio (the geometric mean of the log ratio), or the medians' (legacy). */
  value: number;
  lo: number;
  hi: number;
  /** Why the ratio is doubtful beyond its interval (a shared CPU, rounds that disagree, a side
   * without rounds…), in words, or null. */
  doubtful: string | null;
  /** What the interval was built from (see the top of the file). */
  method: RatioMethod;
  /** The two sides were measured on different machines (or may have been): why, in words. */
  otherMachine?: string | null;
  /** Worth knowing, no doubt: outlier rounds (share/rounds.ts roundNotes), for the tooltip. */
  notes?: string;
}

export interface RatioContext {
  /** Set when one side's numbers come from another machine than the other's (a link's claim, a
   * served or shipped report): why, in words (e.g. "the sharer’s numbers, claimed by a link"). */
  otherMachine?: string | null;
}

/** Whether two sides' sources differ, given where each was measured in words (null: here, on
 * this page): the words for RatioContext.otherMachine, or null when both came from one place. */
export function otherMachine(a: string | null, b: string | null): string | null {
  if (a === b) return null;
  return [a, b].filter((x): x is string => x !== null).join('; ');
}

const MAX_SHARED_SLOWDOWN = 3;
const slowdownOf = (shared: CpuShare | undefined) => (shared ? Math.min(MAX_SHARED_SLOWDOWN, 1 + shared.others_cores) : 1);

/** A timing's rounds when it has them (positive, finite), else null (an older timing). */
function roundsOf(t: Timing): readonly number[] | null {
  const r = t.round_ns;
  return r?.length && r.every((x) => Number.isFinite(x) && x > 0) ? r : null;
}

/** Where a timing's typical call lies, in ns: its rounds' 95 % interval, or, for a timing without
 * two rounds, its fastest sample to its median + MAD (see the top of the file); `shared`: the CPU
 * was busy, the low end reaches down by the share the others took. */
export function timingInterval(t: Timing, shared?: CpuShare): Interval {
  const rounds = roundsOf(t);
  const slowdown = slowdownOf(shared);
  if (rounds && rounds.length >= 2) {
    const e = timeEstimate(rounds);
    return { lo: e.lo / slowdown, hi: e.hi };
  }
  const fastest = t.min_ns > 0 ? Math.min(t.min_ns, t.median_ns - t.mad_ns) : t.median_ns - t.mad_ns;
  return { lo: Math.max(0, fastest) / slowdown, hi: t.median_ns + t.mad_ns };
}

const sideName = (r: PageRecord) => (isPeerRecord(r) ? r.kernel : isBrowserRecordBuild(r.build) ? buildLabel(r.build) : 'native');

/** What a side without rounds lacks, in words. */
const withoutRounds = (r: PageRecord) =>
  isPeerRecord(r) ? `${r.kernel} (a peer program) timed without rounds: its interval is one run's calls` : "an older record: its interval is one run's samples";

// A 95 % interval widened, on each side of `value` in log units, by the session term as
// acrossSessions adds it (two sessions: √2·σ_s) to an interval that is not from rounds.
function widenedBySessions(value: number, lo: number, hi: number): Interval {
  if (!(value > 0 && Number.isFinite(value))) return { lo, hi };
  const session = Z975 * Math.SQRT2 * SESSION_SIGMA;
  const widen = (half: number) => Math.sqrt(half * half + session * session);
  return {
    lo: lo > 0 ? value * Math.exp(-widen(Math.max(0, Math.log(value / lo)))) : 0,
    hi: Number.isFinite(hi) ? value * Math.exp(widen(Math.max(0, Math.log(hi / value)))) : Infinity,
  };
}

/** The speed of `a` relative to `b` (b's time over a's) with its interval, how it was made and
 * its doubts; null without both timings. */
export function ratioOf(a: PageRecord, b: PageRecord, context: RatioContext = {}): RatioEstimate | null {
  if (!a.timing || !b.timing || a.timing.median_ns <= 0) return null;
  const ra = roundsOf(a.timing);
  const rb = roundsOf(b.timing);
  const sameSession = !!a.session && a.session === b.session;
  const doubts: string[] = [];
  let value: number;
  let interval: Interval;
  let method: RatioMethod;
  let slowedAlike = true; // a busy side's rounds were not interleaved with the other side's
  if (ra && rb) {
    let e: Estimate;
    if (sameSession && a.paired && b.paired && ra.length === rb.length) {
      method = 'paired';
      e = pairedRatio(ra, rb);
    } else {
      method = sameSession ? 'interleaved' : 'across-sessions';
      e = unpairedRatio(ra, rb);
      if (!sameSession) {
        e = acrossSessions(e);
        const machine = a.build === b.build ? machineSpeedDoubt(a.timing, b.timing) : null;
        if (machine) doubts.push(machine);
      }
    }
    slowedAlike = !sameSession;
    value = e.value;
    interval = { lo: e.lo, hi: e.hi };
  } else {
    method = 'legacy';
    const ta = timingInterval(a.timing);
    const tb = timingInterval(b.timing);
    value = b.timing.median_ns / a.timing.median_ns;
    interval = widenedBySessions(value, ta.hi > 0 ? tb.lo / ta.hi : 0, ta.lo > 0 ? tb.hi / ta.lo : Infinity);
    doubts.push(...new Set([a, b].filter((r) => !roundsOf(r.timing!)).map(withoutRounds)));
  }
  if (slowedAlike) interval = { lo: interval.lo / slowdownOf(b.cpu_shared), hi: interval.hi * slowdownOf(a.cpu_shared) };
  for (const r of [a, b]) {
    if (r.cpu_shared) doubts.push(`${sideName(r)} measured while other programs used ${r.cpu_shared.others_cores.toFixed(1)} of ${r.cpu_shared.cores} cores`);
  }
  for (const r of [a, b]) doubts.push(...roundDoubts(r.timing!).map((d) => `${sideName(r)}: ${d}`));
  const notes = [a, b].flatMap((r) => roundNotes(r.timing!).map((n) => `${sideName(r)}: ${n}`));
  return { value, ...interval, doubtful: doubts.length ? doubts.join('; ') : null, method, otherMachine: context.otherMachine ?? null, ...(notes.length ? { notes: notes.join('; ') } : {}) };
}

/** Whether the interval leaves the order open: either side may be the faster. */
export const undecided = (r: RatioEstimate) => r.lo <= 1 && r.hi >= 1;

/** A ratio's two parts as shown: "1.80×" (or "≈ 1×" when the interval holds 1) and its range
 * "(1.62–2.01)"; a table may break the line between them. */
export function ratioParts(r: RatioEstimate): { value: string; range: string } {
  const range = `(${formatRatioNumber(r.lo)}–${Number.isFinite(r.hi) ? formatRatioNumber(r.hi) : '∞'})`;
  return { value: `${undecided(r) ? '≈ 1' : formatRatioNumber(r.value)}×`, range };
}

/** The words after a ratio's range, as the tables show them: ", another machine" when the sides
 * come from different machines, ", doubtful" when there is a doubt beyond the interval. */
export const ratioMarks = (r: RatioEstimate): { otherMachine: string; doubtful: string } => ({
  otherMachine: r.otherMachine ? ', another machine' : '',
  doubtful: r.doubtful ? ', doubtful' : '',
});

/** A ratio as every table shows it: "1.80× (1.62–2.01)", "≈ 1× (0.91–1.12)" when the interval
 * holds 1, then ", another machine" and ", doubtful" where they apply; "–" without one. */
export function ratioText(r: RatioEstimate | null): string {
  if (!r || !Number.isFinite(r.value)) return '–';
  const { value, range } = ratioParts(r);
  const marks = ratioMarks(r);
  return `${value} ${range}${marks.otherMachine}${marks.doubtful}`;
}

const METHOD_WORDS: Record<RatioMethod, string> = {
  paired: 'from rounds paired back to back in one session (95 % interval of the pairs’ ratios)',
  interleaved: 'from rounds interleaved in one session (95 % interval, Welch on the rounds)',
  'across-sessions': `from the rounds of two sessions (95 % interval, widened by how much two sessions differ: ±${Math.round(100 * SESSION_SIGMA)} % each)`,
  legacy: `from the medians; range from each side’s fastest sample to its median + MAD, widened by how much two sessions differ (±${Math.round(100 * SESSION_SIGMA)} % each)`,
};

/** A sentence for a tooltip: what the ratio compares, how it was made and how sure it is. */
export function ratioTitle(r: RatioEstimate, what: string): string {
  const hi = Number.isFinite(r.hi) ? formatRatioNumber(r.hi) : '∞';
  return `${what}: ${formatRatioNumber(r.value)} ${METHOD_WORDS[r.method]}, ${formatRatioNumber(r.lo)} to ${hi}${undecided(r) ? ': either side may be the faster' : ''}${r.otherMachine ? `. Another machine: ${r.otherMachine}` : ''}${r.doubtful ? `. Doubtful: ${r.doubtful}` : ''}${r.notes ? `. Noted: ${r.notes}` : ''}`;
}
