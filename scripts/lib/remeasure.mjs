// Native numbers measured on a shared CPU, measured again once the machine is quiet: npm start's
// benchmark runs while the person uses the page, so some of its cases are marked "shared CPU"
// (their ratios "doubtful"). After the benchmark, scripts/native-bench.mjs --remeasure takes them
// one at a time: it waits until other programs leave the CPU alone (the same rule that marked
// them, over a few seconds), measures the case again with the CLI, and replaces its numbers and
// its load. A case still measured on a shared CPU gets one more try; the whole phase gives up
// after a time cap. It stops on Ctrl-C, and Measure natively now in the page pre-empts it
// (lib/native-run.mjs stops it: the person's own request comes first).
import { CpuLoadMeter, cpuWasShared } from './cpu-load.mjs';

export const QUIET_WINDOW_MS = 5000;
export const REMEASURE_CAP_MS = 30 * 60 * 1000;
export const TRIES_PER_CASE = 2;

/** The cases of `load` ({cores, cases: {"<puzzle>|<case label>": others}}) measured on a shared
 * CPU, the busiest first: [{ key, puzzle, label, others }]. */
export function sharedCases(load) {
  if (!load?.cores) return [];
  return Object.entries(load.cases ?? {})
    .filter(([, others]) => typeof others === 'number' && cpuWasShared(others, load.cores))
    .map(([key, others]) => ({ key, puzzle: key.slice(0, key.indexOf('|')), label: key.slice(key.indexOf('|') + 1), others }))
    .sort((a, b) => b.others - a.others);
}

/** Rounds of one timing disagree when the slowest is this much slower than the fastest (the
 * page's own doubt rule, web/src/share/rounds.ts). */
export const ROUNDS_DISAGREE = 1.3;

/** The cases of `report` with a kernel whose rounds disagree (a slow phase of the machine hit some
 * of them): [{ key, puzzle, label }], in the report's order. Measured again like shared ones. */
export function unstableCases(report) {
  const seen = new Map();
  for (const r of report?.records ?? []) {
    const rounds = r.timing?.round_ns;
    if (!Array.isArray(rounds) || rounds.length < 2) continue;
    if (Math.max(...rounds) <= ROUNDS_DISAGREE * Math.min(...rounds)) continue;
    const key = `${r.puzzle}|${r.case}`;
    if (!seen.has(key)) seen.set(key, { key, puzzle: r.puzzle, label: r.case });
  }
  return [...seen.values()];
}

/** A case's reference loop (cpp/core/harness.h, point 5) this much slower than the report's
 * typical one says the machine itself ran slower while it was measured (the page's
 * MACHINE_SPEED_STEP, web/src/share/rounds.ts; harness.h kMachineSpeedStep). */
export const MACHINE_SPEED_STEP = 1.1;

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** The cases of `report` measured while the machine ran slower than it typically did in that run
 * (their reference loop's median over every round's): [{ key, puzzle, label, step }], slowest
 * first. Even with rounds that agree (a whole case inside one slow phase), their numbers are the
 * machine's as much as the kernels': measured again like shared ones. */
export function slowMachineCases(report) {
  const byCase = new Map();
  for (const r of report?.records ?? []) {
    const rounds = r.timing?.reference_ns;
    const key = `${r.puzzle}|${r.case}`;
    if (!Array.isArray(rounds) || !rounds.length || byCase.has(key)) continue;
    byCase.set(key, { key, puzzle: r.puzzle, label: r.case, rounds: rounds.filter((x) => x > 0) });
  }
  const all = [...byCase.values()].flatMap((c) => c.rounds);
  if (!all.length) return [];
  const typical = median(all);
  return [...byCase.values()]
    .filter((c) => c.rounds.length)
    .map(({ rounds, ...c }) => ({ ...c, step: median(rounds) / typical }))
    .filter((c) => c.step > MACHINE_SPEED_STEP)
    .sort((a, b) => b.step - a.step);
}

/** Waits until a window of QUIET_WINDOW_MS has other programs below the shared-CPU rule; false
 * once `deadline` (ms since the epoch) passes first, or when `stopped()` says so. */
export async function waitForQuietCpu(deadline, stopped = () => false, onWindow = () => {}) {
  const meter = new CpuLoadMeter(process.pid, { tree: true });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    if (stopped()) return false;
    const others = meter.window();
    if (others === null) return false; // no /proc: nothing to wait for
    onWindow(others, meter.cores);
    if (!cpuWasShared(others, meter.cores)) return true;
    if (Date.now() > deadline) return false;
  }
}
