// How far the native benchmark got, weighted by how long each case is expected to take: cases
// differ by four orders of magnitude (a popcount word case takes 0.1 s, Cephalopod's deep boards
// with the reference kernel a minute), so counting cases said "8 %" for a quarter of an hour.
//
// Expected seconds per case come from this machine's last benchmark of the same profile
// (build/native-bench.costs.json, written as cases finish), else from the other profile's, else
// from the prior shipped with the scripts (native-bench-prior.json: one quick run on the project's
// VM); a case none of them knows weighs its puzzle's median (new cases), else the median of every
// case measured (a puzzle added since the prior: nobody edits the prior for it, and after its first
// run this machine's costs know it). Only the weights come from there: the fraction is always of
// this run's plan.
//
// Pure (no I/O): scripts/native-bench.mjs feeds it; tests/web/bench-progress.test.ts checks it.

const median = (xs) => {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** A case's key in the costs: "<puzzle>|<bench case name>". */
export const caseKey = (puzzle, name) => `${puzzle}|${name}`;

/**
 * Expected seconds for each case of `plan` ([{ puzzle, cases: [name, ...] }]) under `profile`,
 * from `costs` ({ quick?: {key: s}, full?: {key: s} }: this machine) and `prior` (same shape).
 * Returns { seconds: Map<key, s>, source: 'this machine' | 'prior' | 'none' }, source naming
 * where at least half of the plan's weights came from ('none': no source knows half).
 */
export function expectedSeconds(plan, profile, costs, prior) {
  const other = profile === 'quick' ? 'full' : 'quick';
  const tables = [costs?.[profile], costs?.[other], prior?.[profile], prior?.[other]];
  const fromMachine = (i) => i <= 1;
  const seconds = new Map();
  let machine = 0;
  let known = 0;
  const unknown = [];
  for (const { puzzle, cases } of plan) {
    for (const name of cases) {
      const key = caseKey(puzzle, name);
      // The first table that knows the case. The other profile's seconds serve as they are:
      // only their proportions matter here, and those change less than the totals.
      const i = tables.findIndex((t) => typeof t?.[key] === 'number' && t[key] >= 0);
      if (i < 0) {
        unknown.push({ puzzle, key });
        continue;
      }
      seconds.set(key, tables[i][key]);
      ++known;
      if (fromMachine(i)) ++machine;
    }
  }
  const all = [...seconds.values()];
  for (const { puzzle, key } of unknown) {
    const same = [...seconds].filter(([k]) => k.startsWith(`${puzzle}|`)).map(([, s]) => s);
    seconds.set(key, median(same) ?? median(all) ?? 1);
  }
  // What weighs most of the plan; where nothing knows half of it, the fraction is mostly a count.
  const cases = known + unknown.length;
  const source = machine * 2 >= cases ? 'this machine' : known * 2 >= cases ? 'prior' : 'none';
  return { seconds, source };
}

/** The puzzles of `plan`, the quickest (by expected seconds) first: the page gets most puzzles'
 * native numbers in the first minutes, and the long ones come last instead of holding the rest. */
export function quickestFirst(plan, seconds) {
  const total = (p) => p.cases.reduce((sum, name) => sum + (seconds.get(caseKey(p.puzzle, name)) ?? 0), 0);
  return plan.map((p, i) => ({ p, i, t: total(p) })).sort((a, b) => a.t - b.t || a.i - b.i).map((x) => x.p);
}

export class BenchProgress {
  /** `seconds`: expected seconds by case key (expectedSeconds), for every case of the plan. */
  constructor(seconds, now = Date.now()) {
    this.expected = seconds;
    this.total = [...seconds.values()].reduce((a, b) => a + b, 0) || 1;
    this.doneExpected = 0;
    this.doneActual = 0;
    this.done = new Set();
    this.current = null; // { key, since }
    /** Seconds each case has taken in this run so far, by key (the next run's weights). A bench
     * visits each case once per pass (its rounds spread over the run), so a case's time adds up
     * over its visits. */
    this.actual = new Map();
    this.started = now;
  }

  /** A visit's first event: the visit before it (if any) has ended. `final`: the case's last
   * visit (its last pass), after which it counts as done. */
  startCase(key, now = Date.now(), final = true) {
    if (this.current?.key === key) return null;
    const ended = this.endCase(now);
    this.current = { key, since: now, final };
    return ended;
  }

  /** The visit in progress has ended; returns { key, seconds } (its case's time so far), or null. */
  endCase(now = Date.now()) {
    if (!this.current) return null;
    const { key, since, final } = this.current;
    this.current = null;
    const seconds = (this.actual.get(key) ?? 0) + (now - since) / 1000;
    this.actual.set(key, seconds);
    if (final) this.finish(key, seconds);
    return { key, seconds };
  }

  /** Counts `keys` as done (a puzzle's process ended: its cases' passes are over, and cases it
   * skipped or failed to prepare are done too). */
  finishAll(keys) {
    for (const key of keys) this.finish(key, this.actual.get(key) ?? 0);
  }

  finish(key, actualSeconds) {
    if (this.done.has(key)) return;
    this.done.add(key);
    this.doneExpected += this.expected.get(key) ?? 0;
    this.doneActual += actualSeconds;
  }

  /** 0..1 of the expected time: finished cases whole, the others by their time so far, each never
   * past 95 % of its expectation (a case slower than expected holds still rather than run ahead). */
  fraction(now = Date.now()) {
    if (this.done.size >= this.expected.size) return 1;
    let part = 0;
    for (const [key, expected] of this.expected) {
      if (this.done.has(key)) continue;
      const running = this.current?.key === key ? (now - this.current.since) / 1000 : 0;
      part += Math.min(0.95 * expected, (this.actual.get(key) ?? 0) + running);
    }
    return Math.min(1, (this.doneExpected + part) / this.total);
  }

  /** Seconds left, at this run's pace so far (the machine may be busier or slower than the one the
   * weights came from); null until a few seconds' worth of cases has finished. */
  secondsLeft(now = Date.now()) {
    if (this.doneExpected < 0.02 * this.total || this.doneActual < 5) return null;
    const pace = this.doneActual / this.doneExpected;
    return Math.max(0, (1 - this.fraction(now)) * this.total * pace);
  }
}
