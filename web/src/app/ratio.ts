// A speed ratio with its noise, in one place: every ratio the page shows (the run table, the
// pivot of cases, the puzzles' own tables, the chart's tooltips) and bench:compare's report come
// from ratioOf and read as ratioText says.
//
// A timing is not one number. Where its typical call lies is taken as an interval: from its
// fastest sample (noise only ever adds time, so the fastest is the least disturbed; the median
// minus its MAD where that is lower) to its median plus its MAD. The speed of a relative to b is
// b's time over a's, so its interval runs from b's low end over a's high end to b's high end over
// a's low end. A ratio whose interval holds 1 reads "≈ 1×": which side is faster is not known.
//
// A side measured while other programs kept the CPU busy (the native benchmark of `npm start`
// runs while the person uses the page; scripts/lib/cpu-load.mjs measures how busy) may have run
// slower than it can by more than its spread shows: its samples were all slowed alike. Its low
// end is then divided by 1 + the cores the others used (at most 3×: another runnable thread per
// core halves a thread's share), and the ratio is marked doubtful, in words.
import { buildLabel, isBrowserRecordBuild } from '../share/builds';
import type { Timing } from '../share/schema';
import type { CpuShare, PageRecord } from '../share/verify';
import { formatRatioNumber } from './format';

export interface Interval {
  lo: number;
  hi: number;
}

export interface RatioEstimate {
  /** The medians' ratio. */
  value: number;
  lo: number;
  hi: number;
  /** Why the ratio is doubtful beyond its interval (a side measured on a shared CPU), or null. */
  doubtful: string | null;
}

const MAX_SHARED_SLOWDOWN = 3;

/** Where a timing's typical call lies, in ns (see the top of the file); `shared`: the CPU was busy. */
export function timingInterval(t: Timing, shared?: CpuShare): Interval {
  const fastest = t.min_ns > 0 ? Math.min(t.min_ns, t.median_ns - t.mad_ns) : t.median_ns - t.mad_ns;
  const slowdown = shared ? Math.min(MAX_SHARED_SLOWDOWN, 1 + shared.others_cores) : 1;
  return { lo: Math.max(0, fastest) / slowdown, hi: t.median_ns + t.mad_ns };
}

/** The speed of `a` relative to `b` (b's time over a's) with its interval; null without both timings. */
export function ratioOf(a: PageRecord, b: PageRecord): RatioEstimate | null {
  if (!a.timing || !b.timing || a.timing.median_ns <= 0) return null;
  const ta = timingInterval(a.timing, a.cpu_shared);
  const tb = timingInterval(b.timing, b.cpu_shared);
  const busy = [a, b].filter((r) => r.cpu_shared).map((r) => `${isBrowserRecordBuild(r.build) ? buildLabel(r.build) : 'native'} measured while other programs used ${r.cpu_shared!.others_cores.toFixed(1)} of ${r.cpu_shared!.cores} cores`);
  return {
    value: b.timing.median_ns / a.timing.median_ns,
    lo: ta.hi > 0 ? tb.lo / ta.hi : 0,
    hi: ta.lo > 0 ? tb.hi / ta.lo : Infinity,
    doubtful: busy.length ? busy.join('; ') : null,
  };
}

/** Whether the interval leaves the order open: either side may be the faster. */
export const undecided = (r: RatioEstimate) => r.lo <= 1 && r.hi >= 1;

/** A ratio's two parts as shown: "1.80×" (or "≈ 1×" when the interval holds 1) and its range
 * "(1.62–2.01)"; a table may break the line between them. */
export function ratioParts(r: RatioEstimate): { value: string; range: string } {
  const range = `(${formatRatioNumber(r.lo)}–${Number.isFinite(r.hi) ? formatRatioNumber(r.hi) : '∞'})`;
  return { value: `${undecided(r) ? '≈ 1' : formatRatioNumber(r.value)}×`, range };
}

/** A ratio as every table shows it: "1.80× (1.62–2.01)", "≈ 1× (0.91–1.12)" when the interval
 * holds 1, ", doubtful" after it when a side was measured on a shared CPU; "–" without one. */
export function ratioText(r: RatioEstimate | null): string {
  if (!r || !Number.isFinite(r.value)) return '–';
  const { value, range } = ratioParts(r);
  return `${value} ${range}${r.doubtful ? ', doubtful' : ''}`;
}

/** A sentence for a tooltip: what the ratio compares and how sure it is. */
export function ratioTitle(r: RatioEstimate, what: string): string {
  const hi = Number.isFinite(r.hi) ? formatRatioNumber(r.hi) : '∞';
  return `${what}: ${formatRatioNumber(r.value)} from the medians, ${formatRatioNumber(r.lo)} to ${hi} within both sides' noise (fastest sample to median + MAD)${undecided(r) ? ': either side may be the faster' : ''}${r.doubtful ? `. Doubtful: ${r.doubtful}` : ''}`;
}
