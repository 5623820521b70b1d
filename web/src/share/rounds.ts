// What a result's rounds say: a time or a ratio with its 95 % interval, the doubts to say in
// words, and when auto-sampling has done enough. Pure (no DOM), shared by the page and its tests.
//
// A round is one kernel measured once and reduced to one number (cpp/core/harness.h): its
// per-call time. Rounds of the kernels of a comparison are interleaved, so a slow phase of the
// machine lands in one round of many kernels, and the spread between rounds is the noise that
// matters. Samples inside one round are never the unit: a slow phase lasting a whole round would
// show as precision (issue 22: identical runs read 1.6–1.8× apart, intervals from one run not
// holding the next).
//
// Everything is on logs (times are positive and noise multiplies): a time is the geometric mean
// of its rounds, exp(mean ± t(0.975, k−1)·sd/√k); a ratio of paired rounds (a wasm round and a
// native round back to back) the same on the pairs' log ratios; a ratio of unpaired rounds Welch's
// on the two sides' logs, df = min(k_a, k_b) − 1 (tachometer's conservative choice). Two sessions
// differ by more than their rounds show (another page load, a warmer machine), so a ratio across
// sessions adds that variance too (acrossSessions).
import type { Timing } from './schema';

/** The two-sided 95 % normal quantile: t(0.975, ∞). */
export const Z975 = 1.959963984540054;

// t(0.975, df) for df = 1..30 (to 7 decimals; checked against a numerical inversion of the t CDF).
const T975 = [
  12.7062047, 4.3026527, 3.1824463, 2.7764451, 2.5705818, 2.4469119, 2.3646243, 2.3060041, 2.2621572, 2.2281389,
  2.2009852, 2.1788128, 2.1603687, 2.1447867, 2.1314495, 2.1199053, 2.1098156, 2.100922, 2.0930241, 2.0859634,
  2.0796138, 2.0738731, 2.0686576, 2.0638986, 2.0595386, 2.0555294, 2.0518305, 2.0484071, 2.0452296, 2.0422725,
];

/**
 * t(0.975, df), the quantile a 95 % interval takes ± standard errors, for any df >= 1: the table
 * for whole df up to 30 (between two, linear in 1/df, as tables are read), beyond it the
 * Cornish-Fisher expansion around the normal quantile (Abramowitz & Stegun 26.7.5; error below
 * 1e-6 from df 30). NaN below 1.
 */
export function tQuantile975(df: number): number {
  if (!(df >= 1)) return NaN;
  if (df === Infinity) return Z975;
  if (df <= 30) {
    const lo = Math.floor(df);
    if (lo === df) return T975[lo - 1]!;
    const hi = lo + 1;
    const w = (1 / lo - 1 / df) / (1 / lo - 1 / hi);
    return T975[lo - 1]! + w * (T975[hi - 1]! - T975[lo - 1]!);
  }
  const z = Z975;
  const z2 = z * z;
  const g1 = (z2 + 1) * z / 4;
  const g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  const g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  const g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/**
 * How much one session's log mean differs from another's beyond its rounds' spread (log units),
 * for ratios across sessions (History, links, shipped reports): σ² = the variance of a session's
 * log mean over A/A sessions minus their mean SE² (`npm run bench:aa`, scripts/aa-sessions.mjs).
 * Measured 2026-11-29 on the project's VM (Intel Xeon, 2 vCPUs), 8 kernels × V8, SpiderMonkey and
 * native: 0.120 over 6 sessions, 0.079 over 8 more, 0.102 pooled (V8 0.103, SpiderMonkey 0.112,
 * native 0.089; one kernel's own σ from 0 to 0.20): the first guess of 0.10 stands. Two more
 * batches that afternoon gave 0.113 and 0.124 (0.11 pooled over all four), and 0.027 and 0.043
 * with each session's reference loop divided out: most of σ is the machine's own speed, whose
 * large steps machineSpeedDoubt catches (docs/results.md).
 */
export const SESSION_SIGMA = 0.1;

/** An estimate with its 95 % interval: a time in ns (the geometric mean of rounds) or a ratio. */
export interface Estimate {
  value: number;
  lo: number;
  hi: number;
  /** The rounds (or pairs) it comes from. */
  k: number;
  /** On the log scale: the mean, its standard error and the t distribution's degrees of freedom
   * (the interval is unbounded where there is no spread to go by: fewer than 2 rounds). */
  logMean: number;
  se: number;
  df: number;
}

function estimate(logMean: number, se: number, df: number, k: number): Estimate {
  const t = tQuantile975(df);
  const half = Number.isFinite(t) && Number.isFinite(se) ? t * se : Infinity;
  return { value: Math.exp(logMean), lo: half === Infinity ? 0 : Math.exp(logMean - half), hi: half === Infinity ? Infinity : Math.exp(logMean + half), k, logMean, se, df };
}

/** Half the interval's width in log units: the estimate is known within ×/÷ exp(this). */
export const halfWidth = (e: Estimate): number => (e.hi === Infinity || e.lo <= 0 ? Infinity : (Math.log(e.hi) - Math.log(e.lo)) / 2);

/** Mean and sample variance (n − 1; NaN for one value). */
function meanVar(xs: readonly number[]): { mean: number; variance: number } {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.length > 1 ? xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1) : NaN;
  return { mean, variance };
}

/** A time from its rounds (ns per call): their geometric mean, with the t interval on logs. */
export function timeEstimate(roundNs: readonly number[]): Estimate {
  const { mean, variance } = meanVar(roundNs.map(Math.log));
  return estimate(mean, Math.sqrt(variance / roundNs.length), roundNs.length - 1, roundNs.length);
}

/**
 * The speed of `a` relative to `b` from paired rounds (round i of each taken back to back): b's
 * time over a's, as app/ratio.ts defines it, from d_i = ln(b_i / a_i). Pairing cancels what both
 * rounds of a pair shared (a slow phase, a warmer CPU). Throws on rounds of different counts.
 */
export function pairedRatio(a: readonly number[], b: readonly number[]): Estimate {
  if (a.length !== b.length) throw new Error(`paired rounds of different counts (${a.length} and ${b.length})`);
  const { mean, variance } = meanVar(a.map((x, i) => Math.log(b[i]! / x)));
  return estimate(mean, Math.sqrt(variance / a.length), a.length - 1, a.length);
}

/** The speed of `a` relative to `b` from unpaired rounds (interleaved in one session): Welch on
 * the logs, SE² = s_a²/k_a + s_b²/k_b, df = min(k_a, k_b) − 1. */
export function unpairedRatio(a: readonly number[], b: readonly number[]): Estimate {
  const la = meanVar(a.map(Math.log));
  const lb = meanVar(b.map(Math.log));
  return estimate(lb.mean - la.mean, Math.sqrt(la.variance / a.length + lb.variance / b.length), Math.min(a.length, b.length) - 1, Math.min(a.length, b.length));
}

/**
 * A ratio of two sessions' rounds, widened by how much sessions differ: SE² += 2σ_s² (each side's
 * session adds σ_s²). σ_s is taken as known, so the degrees of freedom grow with its share of the
 * variance (Welch–Satterthwaite with the rounds' part at its own df): with little spread between
 * rounds the interval tends to ±1.96·√2·σ_s, not to t(df) times that.
 */
export function acrossSessions(e: Estimate, sigma = SESSION_SIGMA): Estimate {
  const rounds = e.se * e.se;
  const total = rounds + 2 * sigma * sigma;
  const df = rounds > 0 ? e.df * (total / rounds) ** 2 : Infinity;
  return e.df >= 1 && Number.isFinite(e.se) ? estimate(e.logMean, Math.sqrt(total), df, e.k) : e;
}

// ---- doubts: said in words on the row and on the ratio (measurement.md 8.5) ------------------------
// All thresholds are first guesses, to be set from the A/A sessions.

/** Rounds further apart than this (slowest over fastest) disagree. */
export const DISAGREE_RATIO = 1.3;
/** Halves of the rounds whose geometric means differ by more than this drifted. */
export const DRIFT_RATIO = 1.05;
/** From this many rounds a drift can be told from noise. */
export const DRIFT_MIN_ROUNDS = 6;
/** A round further than this from the median, in modified z (0.6745·|x − median|/MAD), is an outlier. */
export const OUTLIER_Z = 3.5;
/** Fewer rounds than this are too few to judge the spread by. */
export const MIN_ROUNDS = 3;

/** The median (0 of nothing): the harnesses', the checks' and the doubts' one definition. */
export function median(xs: readonly number[]): number {
  if (!xs.length) return 0;
  const v = [...xs].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[n >> 1]! : (v[n / 2 - 1]! + v[n / 2]!) / 2;
}

const geoMean = (xs: readonly number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
const times = (x: number) => `${x.toFixed(2)}×`;

/** The rounds disagree: the slowest took more than DISAGREE_RATIO times the fastest. */
export function roundsDisagree(rounds: readonly number[]): string | null {
  if (rounds.length < 2) return null;
  const spread = Math.max(...rounds) / Math.min(...rounds);
  return spread > DISAGREE_RATIO ? `rounds disagree: the slowest took ${times(spread)} the fastest` : null;
}

/** The machine drifted: the later half of the rounds ran slower or faster than the earlier half
 * (geometric means more than DRIFT_RATIO apart; an odd round in the middle counts in neither). */
export function drift(rounds: readonly number[]): string | null {
  if (rounds.length < DRIFT_MIN_ROUNDS) return null;
  const half = Math.floor(rounds.length / 2);
  const change = geoMean(rounds.slice(rounds.length - half)) / geoMean(rounds.slice(0, half));
  if (change <= DRIFT_RATIO && 1 / change <= DRIFT_RATIO) return null;
  const pct = Math.round(100 * Math.abs(change - 1));
  return `drift: the later rounds ran ${pct} % ${change > 1 ? 'slower' : 'faster'} than the earlier ones`;
}

/** Rounds far from the others (modified z above OUTLIER_Z): flagged, kept. Rounds that agree
 * to 0.1 % have no spread to measure by, so the MAD is taken as at least that. */
export function outlierRounds(rounds: readonly number[]): string | null {
  if (rounds.length < MIN_ROUNDS) return null;
  const m = median(rounds);
  const mad = Math.max(median(rounds.map((x) => Math.abs(x - m))), 1e-3 * m);
  const out = rounds.map((x, i) => ({ x, i })).filter(({ x }) => (0.6745 * Math.abs(x - m)) / mad > OUTLIER_Z);
  if (!out.length) return null;
  const which = out.slice(0, 3).map(({ x, i }) => `round ${i + 1} of ${rounds.length}, ${times(x / m)} the median`).join('; ');
  return `${out.length === 1 ? 'an outlier round' : `${out.length} outlier rounds`} (${which}${out.length > 3 ? '; …' : ''})`;
}

/** The warm-up ended at its time cap, not because its batches agreed (within 3 %). */
export const warmupUnsettled = (t: Pick<Timing, 'settled'>): string | null =>
  t.settled === false ? 'the warm-up did not settle (it stopped at its time cap)' : null;

/** Too few rounds to judge the spread by. */
export function tooFewRounds(k: number): string | null {
  if (k >= MIN_ROUNDS) return null;
  return k === 1 ? 'one round only: no spread between rounds to go by' : `only ${k} rounds`;
}

/** Every doubt about one timing's rounds, in words (none: []); a timing without rounds has none
 * of these to tell (app/ratio.ts says what it lacks). A lone outlier round is not a doubt: the t
 * interval already widens for it, and on a VM one round in six often runs slow (hyperfine and
 * criterion flag outliers without calling the result doubtful): roundNotes says it. */
export function roundDoubts(t: Pick<Timing, 'round_ns' | 'settled'>): string[] {
  const r = t.round_ns;
  if (!r?.length) return [];
  return [tooFewRounds(r.length), roundsDisagree(r), drift(r), warmupUnsettled(t)].filter((d): d is string => d !== null);
}

/** Two sessions' reference loops (cpp/core/harness.h, point 5) further apart than this, and
 * surely apart (their interval excludes 1), say the machine itself ran at another speed. Below it
 * SESSION_SIGMA's widening covers the difference. The CLI's tables use the same step
 * (harness.h, kMachineSpeedStep). */
export const MACHINE_SPEED_STEP = 1.1;

/** Whether a ratio of two sessions' reference loops (either way round) is such a step. */
export const machineSpeedStepped = (e: Estimate): boolean =>
  Math.max(e.value, 1 / e.value) > MACHINE_SPEED_STEP && !(e.lo <= 1 && e.hi >= 1);

/**
 * Whether the machine (or the browser) itself ran at another speed in two sessions, from the
 * rounds of the reference loop each timed beside its kernels: the doubt in words, or null (no
 * step, or a side without reference rounds: an older record, a peer program). On a VM the same
 * code measured 1.6× apart in two sessions seconds apart, every kernel and the reference alike
 * (tests/web/aa-calibration.test.ts): rounds inside one session cannot show that. Only for two
 * timings of one build: another build's reference is other code.
 */
export function machineSpeedDoubt(a: Pick<Timing, 'reference_ns'>, b: Pick<Timing, 'reference_ns'>): string | null {
  const ra = a.reference_ns;
  const rb = b.reference_ns;
  if (!ra || !rb || ra.length < 2 || rb.length < 2) return null;
  const e = unpairedRatio(ra, rb);
  if (!machineSpeedStepped(e)) return null;
  return `the machine itself ran at another speed: a fixed reference loop timed in each session took ${times(Math.max(e.value, 1 / e.value))} as long in one as in the other`;
}

/** What is worth knowing about one timing's rounds but no doubt: its outlier rounds. */
export function roundNotes(t: Pick<Timing, 'round_ns'>): string[] {
  const r = t.round_ns;
  const out = r?.length ? outlierRounds(r) : null;
  return out ? [out] : [];
}

// ---- the stopping rule (measurement.md 8.4) -------------------------------------------------------

export interface StoppingRule {
  /** Passes (rounds of each unit) before any verdict. */
  minPasses: number;
  /** At most this many. */
  maxPasses: number;
  /** Done when every interval's half-width is at most this (log units). */
  halfWidth: number;
}

export const STOPPING_RULE: StoppingRule = { minPasses: 6, maxPasses: 30, halfWidth: Math.log(1.05) };

/**
 * Whether auto-sampling has done enough, from the estimates of a comparison so far (each time or
 * ratio of the units measured): 'more' passes, or stop: 'precise' (every interval within
 * ×/÷ 1.05) or 'cap' (the pass cap, the interval then shown as imprecise). Only precision stops
 * it, never an interval that has just left 1: stopping on that would make identical kernels
 * "differ" far more often than 5 % (measurement.md 8.4). Looking every pass or every 2 is the
 * caller's choice; the estimates are of one session's rounds (across sessions no interval gets
 * this narrow: acrossSessions).
 */
export function enough(estimates: readonly Estimate[], rule: StoppingRule = STOPPING_RULE): 'more' | 'precise' | 'cap' {
  const passes = estimates.length ? Math.min(...estimates.map((e) => e.k)) : 0;
  if (passes < rule.minPasses) return 'more';
  if (estimates.every((e) => halfWidth(e) <= rule.halfWidth)) return 'precise';
  return passes >= rule.maxPasses ? 'cap' : 'more';
}
